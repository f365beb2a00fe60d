import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workflowFaults } from '../../src/modules/workflow/engine.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, bpmn, deploy, Flow } from '../workflow/wf-helpers.js';

const TWO_STEP = bpmn(
  't_batch_log',
  [['start', 'start'], ['a', 'user'], ['b', 'user'], ['end', 'end']],
  [['f1', 'start', 'a'], ['f2', 'a', 'b'], ['f3', 'b', 'end']],
);

/**
 * Finding 11: a batch approval or rejection that dies part-way must leave a `sys_log` row for every item
 * it committed (and none for the items it did not), because each item logs inside its own transaction.
 */
describe.each(dbKinds)('[SECURITY] workflow batch items log inside their own transaction on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let procDefId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    procDefId = await deploy(t, await f.token('admin'), TWO_STEP, {
      a: { rules: [{ type: 1, relateId: 'machao' }] },
      b: { rules: [{ type: 1, relateId: 'liuyang' }] },
    });
  });
  afterEach(() => {
    workflowFaults.afterBatchItem = undefined;
  });
  afterAll(async () => {
    workflowFaults.afterBatchItem = undefined;
    await t?.close();
  });

  const logRows = async (pattern: string) =>
    (await t.app.ctx.db.selectFrom('sysLog').select(['logContent', 'userid', 'requestUrl']).where('logContent', 'like', pattern).execute())
      .map((r) => `${r.userid}|${r.requestUrl}|${r.logContent}`)
      .sort();
  const openNodes = async (inst: string) =>
    (await t.app.ctx.db.selectFrom('wfTask').select('nodeId').where('instId', '=', inst).where('status', '=', 0).execute()).map((r) => r.nodeId);

  it('batch approve killed after the second item: two committed items, two log rows', async () => {
    const started = [];
    for (let i = 0; i < 4; i++) started.push(await f.start('dongjian', 100, procDefId));
    const ids = [];
    for (const s of started) ids.push(await f.taskId(s.procInstId, 'a'));
    // The first item is refused (already handled elsewhere): it commits nothing and must log nothing.
    const batch = ['no-such-task', ...ids];
    workflowFaults.afterBatchItem = (i) => {
      if (i === 2) throw new Error('simulated crash');
    };
    const crashed = await f.call('machao', 'POST', `/actTask/passAll/${batch.join(',')}`);
    expect(crashed.status).toBe(500);

    const committed = [];
    for (const [i, s] of started.entries()) if ((await openNodes(s.procInstId))[0] === 'b') committed.push(ids[i]);
    expect(committed).toEqual([ids[0], ids[1]]);
    expect(await logRows('批量审批通过 任务 %')).toEqual(committed.map((id) => `machao|/actTask/passAll|批量审批通过 任务 ${id}`).sort());
    // The request itself failed: its own row (if any) does not claim success, so the item rows are the record.
    const request = await t.app.ctx.db.selectFrom('sysLog').select('outcome').where('logContent', '=', '批量审批通过').execute();
    for (const r of request) expect(r.outcome).not.toBe('success');
    await assertConsistent(t);
  });

  it('batch reject killed after the first item: one committed item, one log row', async () => {
    const started = [];
    for (let i = 0; i < 3; i++) started.push(await f.start('dongjian', 100, procDefId));
    const insts = started.map((s) => s.procInstId);
    workflowFaults.afterBatchItem = (i) => {
      if (i === 0) throw new Error('simulated crash');
    };
    const crashed = await f.call('machao', 'POST', '/actTask/backAll', { procInstIds: insts.join(','), comment: '材料不全' });
    expect(crashed.status).toBe(500);

    const ended = [];
    for (const inst of insts) if ((await openNodes(inst)).length === 0) ended.push(inst);
    expect(ended).toEqual([insts[0]]);
    expect(await logRows('批量驳回 流程实例 %')).toEqual([`machao|/actTask/backAll|批量驳回 流程实例 ${insts[0]}`]);
    await assertConsistent(t);
  });

  it('a batch that finishes logs every committed item once, and the request once', async () => {
    const started = [];
    for (let i = 0; i < 2; i++) started.push(await f.start('dongjian', 100, procDefId));
    const ids = [];
    for (const s of started) ids.push(await f.taskId(s.procInstId, 'a'));
    const before = (await logRows('批量审批通过 任务 %')).length;
    const res = await f.call('machao', 'POST', '/actTask/passAll', { ids: ids.join(',') });
    expect(res.body.result.map((x: { success: boolean }) => x.success)).toEqual([true, true]);
    const rows = await logRows('批量审批通过 任务 %');
    expect(rows.length - before).toBe(2);
    for (const id of ids) expect(rows).toContain(`machao|/actTask/passAll|批量审批通过 任务 ${id}`);
  });
});
