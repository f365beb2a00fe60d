import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowEvent } from '../../src/modules/workflow/events.js';
import { workflowOf } from '../../src/modules/workflow/workflow.module.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, bpmn, deploy, Flow, u } from './wf-helpers.js';

const LINEAR = bpmn(
  't_events',
  [['start', 'start'], ['a', 'user', '部门审批'], ['b', 'user', '财务审批'], ['end', 'end']],
  [['f1', 'start', 'a'], ['f2', 'a', 'b'], ['f3', 'b', 'end']],
);

describe.each(dbKinds)('[WORKFLOW] engine events on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let def: string;
  const seen: WorkflowEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    def = await deploy(t, await f.token('admin'), LINEAR, { a: u('machao'), b: u('liuyang') });
    const events = workflowOf(t.app.ctx).engine.events;
    events.on('*', (e) => {
      seen.push(e);
    });
    // a failing listener never fails the command nor stops the others
    events.on('passed', () => {
      throw new Error('listener failure');
    });
  });
  afterAll(async () => {
    if (t) await assertConsistent(t);
    await t?.close();
  });

  const of = (procInstId: string) => seen.filter((e) => e.procInstId === procInstId);

  it('submitted, task created with candidates, passed, finished passed — in order, after commit', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, def);
    expect(of(procInstId).map((e) => e.type)).toEqual(['submitted', 'taskCreated']);
    expect(of(procInstId)[1]).toMatchObject({ nodeId: 'a', nodeName: '部门审批', candidates: ['machao'], businessId: id, starter: 'zhulin', tableName: 'fm_expense' });
    await f.passOk('machao', procInstId, 'a');
    await f.passOk('liuyang', procInstId, 'b');
    expect(of(procInstId).map((e) => e.type)).toEqual(['submitted', 'taskCreated', 'passed', 'taskCreated', 'passed', 'finished']);
    expect(of(procInstId)[2]).toMatchObject({ type: 'passed', nodeId: 'a', actor: { username: 'machao' }, comment: '同意' });
    expect(of(procInstId)[5]).toMatchObject({ type: 'finished', outcome: 'passed', endNodeId: 'end' });
  });

  it('rejected with its comment, then finished rejected', async () => {
    const { procInstId } = await f.start('zhulin', 100, def);
    const id = await f.taskId(procInstId, 'a');
    const r = await f.call('machao', 'POST', '/actTask/back', { id, comment: '金额不符' });
    expect(r.body.success, r.body.message).toBe(true);
    const tail = of(procInstId).slice(2);
    expect(tail.map((e) => e.type)).toEqual(['rejected', 'finished']);
    expect(tail[0]).toMatchObject({ comment: '金额不符', backTaskKey: null, actor: { username: 'machao' } });
    expect(tail[1]).toMatchObject({ outcome: 'rejected' });
  });

  it('delegated names the delegatee; withdrawn then finished canceled', async () => {
    const a = await f.start('zhulin', 100, def);
    const id = await f.taskId(a.procInstId, 'a');
    const r = await f.call('machao', 'POST', '/actTask/delegate', { id, userId: 'chenjing', comment: '请代批' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(of(a.procInstId).at(-1)).toMatchObject({ type: 'delegated', to: 'chenjing', actor: { username: 'machao' }, comment: '请代批' });

    const b = await f.start('zhulin', 100, def);
    const c = await f.call('zhulin', 'POST', '/actBusiness/cancel', { id: b.id });
    expect(c.body.success, c.body.message).toBe(true);
    expect(of(b.procInstId).slice(2).map((e) => e.type)).toEqual(['withdrawn', 'finished']);
    expect(of(b.procInstId).at(-1)).toMatchObject({ outcome: 'canceled' });
  });

  it('a refused command delivers nothing', async () => {
    const { procInstId } = await f.start('zhulin', 100, def);
    const before = of(procInstId).length;
    const r = await f.pass('liuyang', procInstId, 'a');
    expect(r.body.success).toBe(false);
    expect(of(procInstId)).toHaveLength(before);
  });
});
