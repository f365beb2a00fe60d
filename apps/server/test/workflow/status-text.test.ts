import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingStatusText } from '../../src/modules/workflow/status-text.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, bpmn, corpus, deploy, Flow, u } from './wf-helpers.js';

/** Two branches without a join: passing `a` opens `c` while `b` stays open; `b` ends its branch. */
const BRANCHES = bpmn(
  't_status_branches',
  [['start', 'start'], ['fork', 'and'], ['a', 'user', '部门审批'], ['b', 'user', '财务审批'], ['c', 'user', '总经理审批'], ['endA', 'end'], ['endB', 'end']],
  [['f1', 'start', 'fork'], ['f2', 'fork', 'a'], ['f3', 'fork', 'b'], ['f4', 'a', 'c'], ['f5', 'c', 'endA'], ['f6', 'b', 'endB']],
);
const LINEAR = bpmn(
  't_status_linear',
  [['start', 'start'], ['a', 'user', '部门审批'], ['b', 'user', '财务审批'], ['end', 'end']],
  [['f1', 'start', 'a'], ['f2', 'a', 'b'], ['f3', 'b', 'end']],
);

/**
 * After every pass the form's approval status is the text read from the open tasks afterwards
 * (node names, approvers' real names, `等N人` beyond three) — parallel branches, several candidates,
 * chosen approvers and countersigns alike.
 */
describe.each(dbKinds)('[WORKFLOW] the form status text after a pass on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  const defs: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    const admin = await f.token('admin');
    defs.branches = await deploy(t, admin, BRANCHES, { a: u('machao'), b: u('liuyang,lina'), c: u('zhangwei,wangfang,lina,liuyang') });
    defs.linear = await deploy(t, admin, LINEAR, { a: u('machao'), b: u('liuyang') });
    defs.countersign = await deploy(t, admin, corpus('countersign-cardinality'), {});
  });
  afterAll(async () => {
    if (t) await assertConsistent(t);
    await t?.close();
  });

  const actStatus = async (businessId: string) => {
    const row = await t.app.ctx.db
      .selectFrom('wfBusiness')
      .innerJoin('fmExpense', 'fmExpense.id', 'wfBusiness.tableId')
      .select('fmExpense.actStatus')
      .where('wfBusiness.id', '=', businessId)
      .executeTakeFirstOrThrow();
    return row.actStatus;
  };
  const expectRead = async (businessId: string, procInstId: string) => {
    const status = await actStatus(businessId);
    expect(status).toBe(await pendingStatusText(t.app.ctx.db, procInstId));
    return status;
  };

  it('parallel branches: the open branch and the next task with more than three candidates', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.branches);
    expect(await expectRead(id, procInstId)).toBe('审批中：部门审批（马超）、财务审批（刘洋、李娜）');
    expect((await f.sign('machao', procInstId, 'a')).body.success).toBe(true);
    expect(await expectRead(id, procInstId)).toBe('审批中：财务审批（刘洋、李娜）、总经理审批（张伟、王芳、李娜等4人）');
    expect((await f.sign('lina', procInstId, 'b')).body.success).toBe(true);
    expect(await expectRead(id, procInstId)).toBe('审批中：总经理审批（张伟、王芳、李娜等4人）');
    expect((await f.sign('wangfang', procInstId, 'c')).body.success).toBe(true);
    expect(await actStatus(id)).toBe('审批通过');
  });

  it('a pass choosing the next approvers', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.linear);
    expect((await f.sign('machao', procInstId, 'a', { assignees: 'wangfang,zhangwei' })).body.success).toBe(true);
    expect(await expectRead(id, procInstId)).toBe('审批中：财务审批（王芳、张伟）');
  });

  it('countersign: each signature leaves the others open', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.countersign);
    const before = await expectRead(id, procInstId);
    const db = t.app.ctx.db;
    const open = await db.selectFrom('wfTask').select('id').where('instId', '=', procInstId).where('status', '=', 0).execute();
    expect(open.length).toBeGreaterThan(1);
    const r = await f.call('machao', 'POST', '/actTask/pass', { id: open[0].id, comment: '同意' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(await expectRead(id, procInstId)).toBe(before);
  });
});
