import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvaluationScore } from '../../src/modules/performance/performance.module.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const QUESTIONNAIRE = {
  title: '同事互评',
  questions: [{ type: 'scale5', title: '团队合作', weight: 1 }],
};

describe.each(dbKinds)('[PERFORMANCE] company scope of surveys, score provenance and export parameters on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = async (u: string) => (tokens[u] ??= await t.login(u));

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an HR of A03 sends a survey only about and to people of A03; A01 reaches every company', async () => {
    const hr = await as('qianhui');
    const q = await t.call(hr, 'POST', '/performance/questionnaire/add', QUESTIONNAIRE);
    expect(q.body.success, q.body.message).toBe(true);
    const qid = q.body.result.id as string;
    const surveysOf = async (target: string) =>
      (await t.app.ctx.db.selectFrom('pfSurvey').select('id').where('targetUsername', '=', target).where('questionnaireId', '=', qid).execute()).length;

    // a rater of another company: refused like an unknown person, nothing is sent
    const cross = await t.call(hr, 'POST', '/performance/survey/send', { questionnaireId: qid, targetUserId: 'zhulin', raters: [{ username: 'hubin' }, { username: 'chenjing' }] });
    expect(cross.body.success).toBe(false);
    expect(cross.body.message).toBe('评价人不存在：chenjing');
    expect(await surveysOf('zhulin')).toBe(0);
    const tasks = (await t.call(await as('chenjing'), 'GET', '/performance/survey/myList?pageSize=100')).body.result.records as unknown[];
    expect(tasks).toHaveLength(0);
    // the person evaluated in another company: refused
    const target = await t.call(hr, 'POST', '/performance/survey/send', { questionnaireId: qid, targetUserId: 'yangfan', raters: [{ username: 'hubin' }] });
    expect(target.body.message).toBe('未找到被评价人');

    const own = await t.call(hr, 'POST', '/performance/survey/send', { questionnaireId: qid, targetUserId: 'zhulin', raters: [{ username: 'hubin' }, { username: 'machao', relation: 'manager' }] });
    expect(own.body.success, own.body.message).toBe(true);
    expect(await surveysOf('zhulin')).toBe(1);

    // group HR (A01) may ask raters of any company
    const lina = await as('lina');
    const gq = await t.call(lina, 'POST', '/performance/questionnaire/add', QUESTIONNAIRE);
    const group = await t.call(lina, 'POST', '/performance/survey/send', { questionnaireId: gq.body.result.id, targetUserId: 'zhulin', raters: [{ username: 'chenjing' }, { username: 'hubin' }] });
    expect(group.body.success, group.body.message).toBe(true);
  });

  it('a quarter score typed by hand never carries the evaluation mark: the …Id fields of the client are ignored', async () => {
    const admin = await as('admin');
    const zhulin = await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'zhulin').executeTakeFirstOrThrow();
    const add = await t.call(admin, 'POST', '/userYearPart/add', { userId: zhulin.id, yearPart: '2036', firstQuarter: 81, firstQuarterId: 'forged-1', secondQuarterId: 'forged-2' });
    expect(add.body.success, add.body.message).toBe(true);
    const q = `/userYearPart/queryById?userId=${zhulin.id}&yearPart=2036`;
    let row = (await t.call(admin, 'GET', q)).body.result;
    expect(row).toMatchObject({ firstQuarter: 81, firstQuarterId: null, secondQuarterId: null });

    const edit = await t.call(admin, 'PUT', '/userYearPart/edit', { id: row.id, thirdQuarter: 70, thirdQuarterId: 'forged-3', fourthQuarterId: 'forged-4' });
    expect(edit.body.success, edit.body.message).toBe(true);
    row = (await t.call(admin, 'GET', q)).body.result;
    expect(row).toMatchObject({ thirdQuarter: 70, thirdQuarterId: null, fourthQuarterId: null });
  });

  it('a hand edit of a quarter from an evaluation clears that quarter\'s mark; unchanged quarters keep theirs', async () => {
    const admin = await as('admin');
    const db = t.app.ctx.db;
    await db.transaction().execute((trx) => recordEvaluationScore(trx, { id: 'eval-prov-q1', applicant: 'hubin', yearPart: '2037', quarter: 1, score: 88 }));
    await db.transaction().execute((trx) => recordEvaluationScore(trx, { id: 'eval-prov-q2', applicant: 'hubin', yearPart: '2037', quarter: 2, score: 90 }));
    const hubin = await db.selectFrom('sysUser').select('id').where('username', '=', 'hubin').executeTakeFirstOrThrow();
    const q = `/userYearPart/queryById?userId=${hubin.id}&yearPart=2037`;
    let row = (await t.call(admin, 'GET', q)).body.result;
    expect(row).toMatchObject({ firstQuarter: 88, firstQuarterId: 'eval-prov-q1', secondQuarter: 90, secondQuarterId: 'eval-prov-q2' });
    // the page sends every quarter: the second is changed by hand, the first is sent unchanged
    const edit = await t.call(admin, 'PUT', '/userYearPart/edit', { id: row.id, firstQuarter: 88, secondQuarter: 60, thirdQuarter: null, fourthQuarter: null, secondQuarterId: 'eval-prov-q2' });
    expect(edit.body.success, edit.body.message).toBe(true);
    expect(edit.body.result).toMatchObject({ firstQuarterId: 'eval-prov-q1', secondQuarter: 60, secondQuarterId: null });
    row = (await t.call(admin, 'GET', q)).body.result;
    expect(row).toMatchObject({ firstQuarter: 88, firstQuarterId: 'eval-prov-q1', secondQuarter: 60, secondQuarterId: null });
  });

  it('exports refuse a year or other parameter that is not valid with a clear envelope before any file is sent', async () => {
    const admin = await as('admin');
    for (const url of [
      '/forms/kpi/exportXls?yearPart=abc',
      '/forms/kpi/exportXls?quarter=x%27',
      '/forms/kpi/list?yearPart=abc',
      '/userYearPart/exportXls?yearPart=abc',
      '/userYearPerf/exportXls?yearPart=20x6',
      '/rankingUserAvg/exportXls?yearPart=abc',
      '/rankingUserAvg/exportXls?quarter=9',
    ]) {
      const r = await t.call(admin, 'GET', url);
      expect(r.status, url).toBe(400);
      expect(r.headers['content-type'], url).toContain('application/json');
      expect(r.body.success, url).toBe(false);
      expect(r.body.message, url).toMatch(/考核年度|季度/);
    }
    const okYear = await t.app.inject({ method: 'GET', url: '/jeecg-boot/forms/kpi/exportXls?yearPart=2026', headers: { 'x-access-token': admin } });
    expect(okYear.statusCode).toBe(200);
    expect(okYear.headers['content-type']).toContain('spreadsheetml');
  });
});
