import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvaluationScore } from '../../src/modules/performance/performance.module.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { withAuditDown, type Change } from './trail.js';


const QUESTIONNAIRE = {
  title: '审计问卷',
  description: '说明一',
  questions: [
    { type: 'single', title: '工作态度', weight: 2, options: [{ label: '优秀', score: 100 }, { label: '一般', score: 60 }] },
    { type: 'scale5', title: '团队合作', weight: 3 },
  ],
};

/** The performance module's audit trail (docs/audit.md): sheets, evaluation scores, questionnaires, surveys and KPI rounds. */
describe.each(dbKinds)('[AUDIT] performance change log on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let hr: string; // lina, A01 HR: the performance lists, not the administrator's search
  let staff: string; // zhulin: none of the performance lists
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, hr, staff] = await Promise.all(['admin', 'lina', 'zhulin'].map((u) => t.login(u)));
    const users = await t.app.ctx.db.selectFrom('sysUser').select(['id', 'username']).execute();
    ids = Object.fromEntries(users.map((u) => [u.username, u.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.ctx.db;
  async function changesOf(type: string, id: string, token = hr): Promise<Change[]> {
    const r = await t.call(token, 'GET', `/sys/changeLog/record?recordType=${type}&recordId=${id}&pageSize=200`);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    return r.body.result.records;
  }
  const refused = async (type: string, id: string) => (await t.call(staff, 'GET', `/sys/changeLog/record?recordType=${type}&recordId=${id}`)).status;

  it('年度绩效: add and edit record the months and the average, for the yearly list; rollback when the audit insert fails', async () => {
    const add = await t.call(hr, 'POST', '/userYearPerf/add', { userId: ids.yangfan, yearPart: '2041', janBranch: 80 });
    expect(add.body.success, add.body.message).toBe(true);
    const id = add.body.result.id as string;
    expect((await t.call(hr, 'PUT', '/userYearPerf/edit', { id, janBranch: 90, februaryBranch: 70 })).body.success).toBe(true);
    const rows = await changesOf('user_year_perf', id);
    const edits = Object.fromEntries(rows.filter((x) => x.action === 'edit').map((x) => [x.field, x]));
    expect(edits.janBranch).toMatchObject({ oldValue: '80', newValue: '90', fieldLabel: '一月', recordName: '杨帆 2041', userId: 'lina' });
    expect(edits.februaryBranch).toMatchObject({ oldValue: null, newValue: '70', fieldLabel: '二月' });
    expect(edits.avgCount).toBeUndefined(); // (90 + 70) / 2 is the 80 it was
    expect(rows.find((x) => x.action === 'add' && x.field === 'janBranch')).toMatchObject({ newValue: '80' });
    expect(await refused('user_year_perf', id)).toBe(403);
    await withAuditDown(db(), async () => {
      expect((await t.call(hr, 'PUT', '/userYearPerf/edit', { id, janBranch: 10 })).body.success).toBe(false);
    });
    expect((await db().selectFrom('userYearPerf').select('janBranch').where('id', '=', id).executeTakeFirstOrThrow()).janBranch).toBe(90);
  });

  it('季度绩效: edit records the quarter, department and post; rollback when the audit insert fails', async () => {
    const add = await t.call(hr, 'POST', '/userYearPart/add', { userId: ids.yangfan, yearPart: '2041', firstQuarter: 85 });
    expect(add.body.success, add.body.message).toBe(true);
    const id = add.body.result.id as string;
    expect((await t.call(hr, 'PUT', '/userYearPart/edit', { id, firstQuarter: 88, postName: '审计职务' })).body.success).toBe(true);
    const edits = (await changesOf('user_year_part', id)).filter((x) => x.action === 'edit');
    expect(edits.find((x) => x.field === 'firstQuarter')).toMatchObject({ oldValue: '85', newValue: '88', fieldLabel: '第一季度' });
    expect(edits.find((x) => x.field === 'postName')).toMatchObject({ newValue: '审计职务', fieldLabel: '职务' });
    expect(await refused('user_year_part', id)).toBe(403);
    await withAuditDown(db(), async () => {
      expect((await t.call(hr, 'PUT', '/userYearPart/edit', { id, firstQuarter: 1 })).body.success).toBe(false);
    });
    expect((await db().selectFrom('userYearPart').select('firstQuarter').where('id', '=', id).executeTakeFirstOrThrow()).firstQuarter).toBe(88);
  });

  it('an evaluation’s score lands in the sheets with its trail (by the system); without the trail it lands nowhere', async () => {
    await expect(
      (async () => {
        await withAuditDown(db(), async () => {
          await db().transaction().execute((trx) => recordEvaluationScore(trx, { id: 'eval-audit-q2', applicant: 'hubin', yearPart: '2042', quarter: 2, score: 77 }));
        });
      })(),
    ).rejects.toThrow();
    expect(await db().selectFrom('userYearPart').select('id').where('userId', '=', ids.hubin).where('yearPart', '=', '2042').executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('pfScoreEntry').select('id').where('evaluationId', '=', 'eval-audit-q2').executeTakeFirst()).toBeUndefined();

    expect(await db().transaction().execute((trx) => recordEvaluationScore(trx, { id: 'eval-audit-q2', applicant: 'hubin', yearPart: '2042', quarter: 2, score: 77 }))).toBe(true);
    expect(await db().transaction().execute((trx) => recordEvaluationScore(trx, { id: 'eval-audit-m3', applicant: 'hubin', yearPart: '2042', month: 3, score: 60 }))).toBe(true);
    const part = await db().selectFrom('userYearPart').select('id').where('userId', '=', ids.hubin).where('yearPart', '=', '2042').executeTakeFirstOrThrow();
    const p = await changesOf('user_year_part', part.id, admin);
    expect(p.find((x) => x.action === 'edit' && x.field === 'secondQuarter')).toMatchObject({ oldValue: null, newValue: '77', userId: 'system' });
    expect(p.find((x) => x.action === 'edit' && x.field === 'secondQuarterId')).toMatchObject({ newValue: 'eval-audit-q2', fieldLabel: '第二季度考评单' });
    expect(p.some((x) => x.action === 'add')).toBe(true);
    const perf = await db().selectFrom('userYearPerf').select('id').where('userId', '=', ids.hubin).where('yearPart', '=', '2042').executeTakeFirstOrThrow();
    const y = await changesOf('user_year_perf', perf.id, admin);
    expect(y.find((x) => x.action === 'edit' && x.field === 'marchBranch')).toMatchObject({ oldValue: null, newValue: '60', fieldLabel: '三月' });
    expect(y.find((x) => x.action === 'edit' && x.field === 'avgCount')).toMatchObject({ oldValue: null, newValue: '60' });
  });

  it('问卷设计: add, edit (questions kept by id, added, dropped), delete recorded; rollback when the audit insert fails', async () => {
    const add = await t.call(hr, 'POST', '/performance/questionnaire/add', QUESTIONNAIRE);
    expect(add.body.success, add.body.message).toBe(true);
    const qid = add.body.result.id as string;
    const detail = (await t.call(hr, 'GET', `/performance/questionnaire/queryById?id=${qid}`)).body.result;
    const [attitude, teamwork] = detail.questions as { id: string; title: string }[];
    // 工作态度 renamed (kept by its id), 团队合作 dropped, 建议 added
    const edit = { id: qid, title: '审计问卷二', description: '说明二', questions: [{ ...QUESTIONNAIRE.questions[0], id: attitude.id, title: '工作态度（修订）' }, { type: 'text', title: '建议', required: false }] };
    expect((await t.call(hr, 'PUT', '/performance/questionnaire/edit', edit)).body.success).toBe(true);
    const q = await changesOf('pf_questionnaire', qid);
    expect(q.find((x) => x.action === 'edit' && x.field === 'title')).toMatchObject({ oldValue: '审计问卷', newValue: '审计问卷二', fieldLabel: '问卷名称' });
    const qs = q.find((x) => x.action === 'edit' && x.field === 'questions')!;
    expect(qs.oldValue).toContain('团队合作');
    expect(qs.newValue).toContain('工作态度（修订）');
    expect(qs.newValue).not.toContain('团队合作');
    expect((await changesOf('pf_question', attitude.id)).find((x) => x.action === 'edit')).toMatchObject({ field: 'title', oldValue: '工作态度', newValue: '工作态度（修订）', fieldLabel: '题目' });
    expect((await changesOf('pf_question', teamwork.id)).filter((x) => x.action === 'delete').map((x) => x.field)).toContain('title');
    const now = (await t.call(hr, 'GET', `/performance/questionnaire/queryById?id=${qid}`)).body.result.questions as { id: string; title: string }[];
    expect(now[0].id).toBe(attitude.id);
    expect((await changesOf('pf_question', now[1].id)).find((x) => x.field === 'title')).toMatchObject({ action: 'add', newValue: '建议' });
    expect(await refused('pf_questionnaire', qid)).toBe(403);
    expect(await refused('pf_question', attitude.id)).toBe(403);

    await withAuditDown(db(), async () => {
      expect((await t.call(hr, 'PUT', '/performance/questionnaire/edit', { ...edit, title: '不应保存' })).body.success).toBe(false);
      expect((await t.call(hr, 'DELETE', `/performance/questionnaire/delete?id=${qid}`)).body.success).toBe(false);
    });
    const kept = await db().selectFrom('pfQuestionnaire').select(['title', 'delFlag']).where('id', '=', qid).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ title: '审计问卷二', delFlag: 0 });
    expect((await db().selectFrom('pfQuestion').select('id').where('questionnaireId', '=', qid).execute()).map((x) => x.id).sort()).toEqual(now.map((x) => x.id).sort());
    expect((await t.call(hr, 'DELETE', `/performance/questionnaire/delete?id=${qid}`)).body.success).toBe(true);
    expect((await changesOf('pf_questionnaire', qid)).find((x) => x.action === 'delete')).toMatchObject({ field: 'delFlag', oldValue: '0', newValue: '1' });
  });

  it('问卷评价: a survey sent is recorded without naming its raters; not sent when the audit insert fails', async () => {
    const qid = (await t.call(hr, 'POST', '/performance/questionnaire/add', QUESTIONNAIRE)).body.result.id as string;
    const send = { questionnaireId: qid, targetUserId: 'yangfan', yearPart: 2041, raters: [{ username: 'admin', relation: 'manager' }, { username: 'chenjing', relation: 'peer' }] };
    await withAuditDown(db(), async () => {
      expect((await t.call(hr, 'POST', '/performance/survey/send', send)).body.success).toBe(false);
    });
    expect(await db().selectFrom('pfSurvey').select('id').where('questionnaireId', '=', qid).executeTakeFirst()).toBeUndefined();
    const r = await t.call(hr, 'POST', '/performance/survey/send', send);
    expect(r.body.success, r.body.message).toBe(true);
    const rows = await changesOf('pf_survey', r.body.result.id);
    expect(rows.find((x) => x.field === 'raters')).toMatchObject({ action: 'add', newValue: '2人' });
    expect(rows.find((x) => x.field === 'targetRealname')).toMatchObject({ newValue: '杨帆', fieldLabel: '被评价人' });
    expect(JSON.stringify(rows)).not.toContain('chenjing');
    expect(await refused('pf_survey', r.body.result.id)).toBe(403);
  });

  it('KPI考评: a round and its counts are recorded; a round is not started when the audit insert fails', async () => {
    const start = { yearPart: '2043', quarter: 1, orgCode: 'A01A02', kpiGoal: '审计目标' };
    await withAuditDown(db(), async () => {
      expect((await t.call(hr, 'POST', '/performance/kpiRound/start', start)).body.success).toBe(false);
    });
    expect(await db().selectFrom('pfKpiRound').select('id').where('kpiGoal', '=', '审计目标').executeTakeFirst()).toBeUndefined();
    const r = await t.call(hr, 'POST', '/performance/kpiRound/start', start);
    expect(r.body.success, r.body.message).toBe(true);
    const rows = await changesOf('pf_kpi_round', r.body.result.id);
    expect(rows.find((x) => x.action === 'add' && x.field === 'kpiGoal')).toMatchObject({ newValue: '审计目标', fieldLabel: 'KPI目标' });
    expect(rows.find((x) => x.action === 'edit' && x.field === 'createdCount')).toMatchObject({ oldValue: '0', newValue: String(r.body.result.createdCount) });
    expect(await refused('pf_kpi_round', r.body.result.id)).toBe(403);
  });
});
