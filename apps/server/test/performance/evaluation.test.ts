import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvaluationScore } from '../../src/modules/performance/performance.module.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { Flow } from '../workflow/wf-helpers.js';

const YEAR = '2033';

describe.each(dbKinds)('[PERFORMANCE]: a finished evaluation writes its score once on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let procDefId: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    const def = await t.app.ctx.db.selectFrom('wfDefinition').select('id').where('processKey', '=', 'performance').where('latest', '=', 1).executeTakeFirstOrThrow();
    procDefId = def.id;
    const users = await t.app.ctx.db.selectFrom('sysUser').select(['id', 'username']).execute();
    ids = Object.fromEntries(users.map((u) => [u.username, u.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Applies a performance evaluation and scores the parallel nodes; answers the last task's id. */
  async function toLastStep(applicant: string, quarter: number, selfScore: number, scores: [number, number]) {
    const add = await f.call(applicant, 'POST', '/actBusiness/add', { tableName: 'fm_performance', procDefId, yearPart: YEAR, quarter, selfScore, summary: '本季度完成销售目标' });
    expect(add.body.success, add.body.message).toBe(true);
    const businessId = add.body.result.id as string;
    const tableId = add.body.result.tableId as string;
    const apply = await f.call(applicant, 'POST', '/actBusiness/apply', { id: businessId, procDefId });
    expect(apply.body.success, apply.body.message).toBe(true);
    const procInstId = apply.body.result.procInstId as string;
    const db = t.app.ctx.db;
    let i = 0;
    for (const node of ['leaderScore', 'hrScore']) {
      const task = await f.taskId(procInstId, node);
      const cand = await db.selectFrom('wfTaskCandidate').select('username').where('taskId', '=', task).where('open', '=', 1).orderBy('username').executeTakeFirstOrThrow();
      const noComment = await f.call(cand.username, 'POST', '/actTask/jxpass', { id: task, comment: '', score: scores[i] });
      expect(noComment.body.message).toBe('请输入审批意见');
      const r = await f.call(cand.username, 'POST', '/actTask/jxpass', { id: task, comment: `${node}评分`, score: scores[i++] });
      expect(r.body.success, r.body.message).toBe(true);
    }
    return { tableId, procInstId, last: await f.taskId(procInstId, 'gmConfirm') };
  }

  it('the last step shows the pseudo-assignee 完成绩效考评; 20 concurrent finishing attempts write the score once', async () => {
    const { tableId, procInstId, last } = await toLastStep('zhulin', 3, 90, [88, 87]);
    const next = await f.call('zhangwei', 'POST', '/activiti_process/getPerfNextNodeWander', { procDefId, currActId: 'gmConfirm', procInstId });
    expect(next.body.result.type).toBe(2);
    expect(next.body.result.users[0].realname).toBe('完成绩效考评');

    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, n) => f.call('zhangwei', 'POST', '/actTask/jxpass', { id: last, comment: `确认${n}`, score: 86.5 })),
    );
    expect(tries.filter((r) => r.body.success)).toHaveLength(1);

    const db = t.app.ctx.db;
    const entries = await db.selectFrom('pfScoreEntry').selectAll().where('evaluationId', '=', tableId).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: ids.zhulin, yearPart: YEAR, quarter: 3, score: 86.5 });

    const admin = await f.token('admin');
    const part = (await t.call(admin, 'GET', `/userYearPart/queryById?userId=${ids.zhulin}&yearPart=${YEAR}`)).body.result;
    expect(part).toMatchObject({ thirdQuarter: 86.5, thirdQuarterId: tableId, firstQuarter: null, departName: '销售部', orgName: '华远商贸有限公司' });
    const perf = (await t.call(admin, 'GET', `/userYearPerf/queryById?userId=${ids.zhulin}&yearPart=${YEAR}`)).body.result;
    // the third-quarter option also writes the months after July
    expect(perf).toMatchObject({ julyBranch: null, augustBranch: 86.5, septemBranch: 86.5, octoberBranch: 86.5, novemberBranch: 86.5, decemBranch: 86.5, avgCount: 86.5 });
  });

  it('a first-quarter evaluation fills only its quarter, keeping the others', async () => {
    const { tableId, last } = await toLastStep('zhulin', 1, 80, [79, 78]);
    const r = await f.call('zhangwei', 'POST', '/actTask/jxpass', { id: last, comment: '确认', score: 79 });
    expect(r.body.success, r.body.message).toBe(true);
    const admin = await f.token('admin');
    const part = (await t.call(admin, 'GET', `/userYearPart/queryById?userId=${ids.zhulin}&yearPart=${YEAR}`)).body.result;
    expect(part).toMatchObject({ firstQuarter: 79, firstQuarterId: tableId, thirdQuarter: 86.5 });
    const perf = (await t.call(admin, 'GET', `/userYearPerf/queryById?userId=${ids.zhulin}&yearPart=${YEAR}`)).body.result;
    expect(perf.janBranch).toBeNull();
    expect(perf.avgCount).toBe(86.5);
  });

  it('a rejected evaluation writes nothing', async () => {
    const { tableId, last } = await toLastStep('dongjian', 2, 70, [60, 65]);
    const r = await f.call('zhangwei', 'POST', '/actTask/back', { id: last, comment: '请重新评估' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(await t.app.ctx.db.selectFrom('pfScoreEntry').select('id').where('evaluationId', '=', tableId).execute()).toHaveLength(0);
  });

  it('20 concurrent calls of the finish hook, each in its own transaction, write once; other evaluations of the same person still land', async () => {
    const db = t.app.ctx.db;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction().execute((trx) => recordEvaluationScore(trx, { id: 'eval-direct-q3', applicant: 'hubin', yearPart: '2034', quarter: 3, score: 77 })),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    // a month and another quarter of the same person at the same moment: one row per sheet, both written
    const both = await Promise.all([
      db.transaction().execute((trx) => recordEvaluationScore(trx, { id: 'eval-direct-m5', applicant: 'hubin', yearPart: '2034', month: 5, score: 90 })),
      db.transaction().execute((trx) => recordEvaluationScore(trx, { id: 'eval-direct-q2', applicant: 'hubin', yearPart: '2034', quarter: 2, score: 91 })),
    ]);
    expect(both).toEqual([true, true]);
    const perf = await db.selectFrom('userYearPerf').selectAll().where('userId', '=', ids.hubin).where('yearPart', '=', '2034').execute();
    expect(perf).toHaveLength(1);
    // May (marBranch) 90 and August–December 77: (90 + 5 × 77) / 6 = 79.1666…
    expect(perf[0]).toMatchObject({ marBranch: 90, augustBranch: 77, decemBranch: 77, avgCount: 79.17 });
    const part = await db.selectFrom('userYearPart').selectAll().where('userId', '=', ids.hubin).where('yearPart', '=', '2034').execute();
    expect(part).toHaveLength(1);
    expect(part[0]).toMatchObject({ secondQuarter: 91, secondQuarterId: 'eval-direct-q2', thirdQuarter: 77, thirdQuarterId: 'eval-direct-q3' });
    expect(await db.selectFrom('pfScoreEntry').select('id').where('userId', '=', ids.hubin).execute()).toHaveLength(3);
  });
});

describe.each(dbKinds)('[PERFORMANCE]: 季度KPI考评 through the workflow on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('validates in Chinese, ends at 完成季度KPI考评 and writes the quarter with its link', async () => {
    const db = t.app.ctx.db;
    const def = await db.selectFrom('wfDefinition').select('id').where('processKey', '=', 'kpiPart').where('latest', '=', 1).executeTakeFirstOrThrow();
    const bad = await f.call('zhulin', 'POST', '/actBusiness/add', { tableName: 'fm_kpi_part', procDefId: def.id, yearPart: 2036, quarter: '2', selfScore: 90 });
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toContain('请输入KPI目标');

    const add = await f.call('zhulin', 'POST', '/actBusiness/add', { tableName: 'fm_kpi_part', procDefId: def.id, yearPart: 2036, quarter: '2', kpiGoal: '销售额300万', kpiResult: '完成320万', selfScore: 92 });
    expect(add.body.success, add.body.message).toBe(true);
    const tableId = add.body.result.tableId as string;
    const apply = await f.call('zhulin', 'POST', '/actBusiness/apply', { id: add.body.result.id, procDefId: def.id });
    expect(apply.body.success, apply.body.message).toBe(true);
    const procInstId = apply.body.result.procInstId as string;

    const lead = await f.taskId(procInstId, 'leaderScore');
    const leader = await db.selectFrom('wfTaskCandidate').select('username').where('taskId', '=', lead).where('open', '=', 1).orderBy('username').executeTakeFirstOrThrow();
    expect((await f.call(leader.username, 'POST', '/actTask/jxpass', { id: lead, comment: '', score: 90 })).body.message).toBe('请输入审批意见');
    expect((await f.call(leader.username, 'POST', '/actTask/jxpass', { id: lead, comment: '目标达成', score: 90 })).body.success).toBe(true);

    const next = await f.call('lina', 'POST', '/activiti_process/getPartNextNodeWander', { procDefId: def.id, currActId: 'hrScore', procInstId });
    expect(next.body.result).toMatchObject({ type: 2 });
    expect(next.body.result.users[0].realname).toBe('完成季度KPI考评');

    const hr = await f.taskId(procInstId, 'hrScore');
    const r = await f.call('lina', 'POST', '/actTask/jxpass', { id: hr, comment: '考勤良好', score: 91.5 });
    expect(r.body.success, r.body.message).toBe(true);

    const user = await db.selectFrom('sysUser').select('id').where('username', '=', 'zhulin').executeTakeFirstOrThrow();
    const part = await db.selectFrom('userYearPart').selectAll().where('userId', '=', user.id).where('yearPart', '=', '2036').executeTakeFirstOrThrow();
    expect(part).toMatchObject({ secondQuarter: 91.5, secondQuarterId: tableId, firstQuarter: null });
    const form = await f.call('zhulin', 'GET', `/forms/kpi/queryById?id=${tableId}`);
    expect(form.body.result).toMatchObject({ finalScore: 91.5 });
  });
});
