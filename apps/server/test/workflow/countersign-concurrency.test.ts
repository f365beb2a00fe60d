import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, corpus, deploy, Flow, sameDatabaseApp } from './wf-helpers.js';

/**
 * 50 countersign tasks of one instance approved at once through two app instances on the same database:
 * every approval succeeds (they queue on the instance row), the counters are exact and the node hands on
 * exactly once.
 */
describe.each(dbKinds)('[WORKFLOW] countersign under concurrency on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let procDefId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    procDefId = await deploy(t, await f.token('admin'), corpus('countersign-cardinality'), {});
  });
  afterAll(async () => {
    await t?.close();
  });

  it('50 concurrent approvals: exact counters, one transition', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, procDefId);
    const db = t.app.ctx.db;
    const tasks = await db.selectFrom('wfTask').select('id').where('instId', '=', procInstId).where('nodeId', '=', 'many').where('status', '=', 0).execute();
    expect(tasks).toHaveLength(50);
    const other = await sameDatabaseApp(t);
    try {
      const token = await f.token('machao');
      const results = await Promise.all(
        tasks.map((task, i) =>
          i % 2 === 0
            ? f.call('machao', 'POST', '/actTask/pass', { id: task.id, comment: `同意${i}` }).then((r) => r.body)
            : other.app
                .inject({ method: 'POST', url: '/jeecg-boot/actTask/pass', headers: { 'x-access-token': token }, payload: { id: task.id, comment: `同意${i}` } })
                .then((r) => r.json()),
        ),
      );
      const failed = results.filter((r) => !r.success).map((r) => r.message);
      expect(failed).toEqual([]);
    } finally {
      await other.close();
    }
    const passes = await db.selectFrom('wfAction').select('id').where('instId', '=', procInstId).where('action', '=', 'pass').execute();
    expect(passes).toHaveLength(50);
    const done = await db.selectFrom('wfTask').select('id').where('instId', '=', procInstId).where('nodeId', '=', 'many').where('outcome', '=', 'pass').execute();
    expect(done).toHaveLength(50);
    // one transition: exactly one task after the countersign, and the countersign state is gone
    expect(await f.open(procInstId)).toEqual(['after:liuyang']);
    const after = await db.selectFrom('wfTask').select('id').where('instId', '=', procInstId).where('nodeId', '=', 'after').execute();
    expect(after).toHaveLength(1);
    const mi = await db.selectFrom('wfVariable').select('id').where('instId', '=', procInstId).where('name', '=', 'mi:many').execute();
    expect(mi).toHaveLength(0);
    await assertConsistent(t);
    await f.signOk('liuyang', procInstId, 'after');
    expect(await f.state(id)).toEqual([2, 2]);
  });

  it('the counters are exact after each of a batch of concurrent approvals that leaves the node open', async () => {
    const { procInstId } = await f.start('zhulin', 100, procDefId);
    const db = t.app.ctx.db;
    const tasks = await db.selectFrom('wfTask').select('id').where('instId', '=', procInstId).where('status', '=', 0).execute();
    const results = await Promise.all(tasks.slice(0, 20).map((task) => f.call('machao', 'POST', '/actTask/pass', { id: task.id, comment: '同意' })));
    expect(results.filter((r) => !r.body.success)).toEqual([]);
    const state = await db.selectFrom('wfVariable').select('value').where('instId', '=', procInstId).where('name', '=', 'mi:many').executeTakeFirstOrThrow();
    expect(JSON.parse(state.value!)).toMatchObject({ total: 50, completed: 20, approved: 20, rejected: 0 });
    expect(await f.open(procInstId)).toHaveLength(30);
    await assertConsistent(t);
  });
});
