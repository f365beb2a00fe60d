import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WF_TEXT, workflowFaults } from '../../src/modules/workflow/engine.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, bpmn, deploy, Flow, sameDatabaseApp } from './wf-helpers.js';

const TWO_STEP = bpmn(
  't_race',
  [['start', 'start'], ['a', 'user'], ['b', 'user'], ['end', 'end']],
  [['f1', 'start', 'a'], ['f2', 'a', 'b'], ['f3', 'b', 'end']],
);

describe.each(dbKinds)('[WORKFLOW] concurrency and crash consistency on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let procDefId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    procDefId = await deploy(t, await f.token('admin'), TWO_STEP, {
      a: { rules: [{ type: 1, relateId: 'machao,sunli' }] },
      b: { rules: [{ type: 1, relateId: 'liuyang' }] },
    });
  });
  afterAll(async () => {
    workflowFaults.afterBatchItem = undefined;
    await t?.close();
  });

  it('two approvers passing the same task at once: exactly one succeeds, no duplicate task', async () => {
    const { procInstId } = await f.start('zhulin', 100, procDefId);
    const id = await f.taskId(procInstId, 'a');
    const results = await Promise.all([
      f.call('machao', 'POST', '/actTask/pass', { id, comment: '马超同意' }),
      f.call('sunli', 'POST', '/actTask/pass', { id, comment: '孙丽同意' }),
    ]);
    const wins = results.filter((r) => r.body.success);
    expect(wins).toHaveLength(1);
    expect(results.find((r) => !r.body.success)!.body.message).toBe(WF_TEXT.TASK_DONE);
    expect(await f.open(procInstId)).toEqual(['b:liuyang']);
    const passes = await t.app.ctx.db.selectFrom('wfAction').select('id').where('instId', '=', procInstId).where('action', '=', 'pass').execute();
    expect(passes).toHaveLength(1);
    await assertConsistent(t);
  });

  it('two app instances on the same database racing on one task: one wins, the other gets the clear message', async () => {
    const other = await sameDatabaseApp(t);
    try {
      for (let round = 0; round < 3; round++) {
        const { procInstId } = await f.start('zhulin', 100, procDefId);
        const id = await f.taskId(procInstId, 'a');
        const viaOther = (token: string, comment: string) =>
          other.app.inject({ method: 'POST', url: '/jeecg-boot/actTask/pass', headers: { 'x-access-token': token }, payload: { id, comment } });
        const [m, s1, s2] = await Promise.all([
          f.call('machao', 'POST', '/actTask/pass', { id, comment: 'A' }),
          viaOther(await f.token('sunli'), 'B').then((r) => r.json()),
          viaOther(await f.token('machao'), 'C').then((r) => r.json()),
        ]);
        const bodies = [m.body, s1, s2];
        expect(bodies.filter((b) => b.success)).toHaveLength(1);
        for (const b of bodies.filter((x) => !x.success)) expect(b.message).toBe(WF_TEXT.TASK_DONE);
        expect(await f.open(procInstId)).toEqual(['b:liuyang']);
      }
      await assertConsistent(t);
    } finally {
      await other.close();
    }
  });

  it('a process killed mid-batch leaves every instance consistent on restart', async () => {
    const started = [];
    for (let i = 0; i < 4; i++) started.push(await f.start('dongjian', 100, procDefId));
    const ids = [];
    for (const s of started) ids.push(await f.taskId(s.procInstId, 'a'));
    workflowFaults.afterBatchItem = (i) => {
      if (i === 1) throw new Error('simulated crash');
    };
    const crashed = await f.call('machao', 'POST', `/actTask/passAll/${ids.join(',')}`);
    workflowFaults.afterBatchItem = undefined;
    expect(crashed.status).toBe(500);

    const restarted = await sameDatabaseApp(t);
    try {
      await assertConsistent({ app: restarted.app });
      const db = restarted.app.ctx.db;
      const openNodes = async (inst: string) =>
        (await db.selectFrom('wfTask').select('nodeId').where('instId', '=', inst).where('status', '=', 0).execute()).map((r) => r.nodeId);
      expect(await openNodes(started[0].procInstId)).toEqual(['b']);
      expect(await openNodes(started[1].procInstId)).toEqual(['b']);
      expect(await openNodes(started[2].procInstId)).toEqual(['a']);
      expect(await openNodes(started[3].procInstId)).toEqual(['a']);
      // Running the batch again on the restarted instance finishes the rest and reports the done ones.
      const again = await restarted.app.inject({
        method: 'POST',
        url: `/jeecg-boot/actTask/passAll/${ids.join(',')}`,
        headers: { 'x-access-token': await f.token('machao') },
      });
      expect(again.json().result.map((x: { success: boolean }) => x.success)).toEqual([false, false, true, true]);
      await assertConsistent({ app: restarted.app });
    } finally {
      await restarted.close();
    }
  });
});
