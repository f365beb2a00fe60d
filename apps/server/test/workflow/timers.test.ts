import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTimerDate } from '../../src/modules/workflow/bpmn.js';
import { WorkflowTimers } from '../../src/modules/workflow/timers.js';
import { workflowOf } from '../../src/modules/workflow/workflow.module.js';
import type { WorkflowEvent } from '../../src/modules/workflow/events.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, corpus, deploy, Flow, sameDatabaseApp } from './wf-helpers.js';

const MIN = 60_000;

/**
 * Timers and jobs (test/workflow/bpmn/timer-*.bpmn20.xml, due-dates.bpmn20.xml): boundary timers
 * (interrupting and not, duration and date), due dates that remind, pass or reject. Time is the engine's
 * clock, moved by the test; the background poller is stopped so each test fires the jobs itself.
 */
describe.each(dbKinds)('[WORKFLOW] timers and jobs on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let clock = Date.now();
  const defs: Record<string, string> = {};
  const wf = () => workflowOf(t.app.ctx);
  const fire = () => wf().timers.runDue();
  const jobs = async (procInstId: string) =>
    (await t.app.ctx.db.selectFrom('wfJob').select(['type', 'nodeId', 'elementId']).where('instId', '=', procInstId).execute()).map((j) => `${j.type}:${j.elementId ?? j.nodeId}`).sort();
  const actions = async (procInstId: string) =>
    (await t.app.ctx.db.selectFrom('wfAction').select('action').where('instId', '=', procInstId).orderBy('createTime').orderBy('id').execute()).map((a) => a.action);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await wf().timers.stop();
    wf().engine.clock = () => clock;
    f = new Flow(t);
    const admin = await f.token('admin');
    defs.interrupting = await deploy(t, admin, corpus('timer-interrupting'), {});
    defs.nonInterrupting = await deploy(t, admin, corpus('timer-noninterrupting'), {});
    defs.date = await deploy(t, admin, corpus('timer-date'), {});
    defs.due = await deploy(t, admin, corpus('due-dates'), {});
    defs.catch = await deploy(t, admin, corpus('timer-catch'), {});
  });
  afterAll(async () => {
    if (t) await assertConsistent(t);
    await t?.close();
  });

  it('interrupting boundary timer: nothing before the hour, then the task closes and the process escalates, once', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.interrupting);
    expect(await f.open(procInstId)).toEqual(['review:liuyang|machao']);
    expect(await jobs(procInstId)).toEqual(['timer:late']);
    clock += 59 * MIN;
    expect(await fire()).toBe(0);
    expect(await f.open(procInstId)).toEqual(['review:liuyang|machao']);
    clock += 2 * MIN;
    expect(await fire()).toBe(1);
    expect(await f.open(procInstId)).toEqual(['escalate:zhangwei']);
    expect(await jobs(procInstId)).toEqual([]);
    expect(await fire()).toBe(0);
    const old = await t.app.ctx.db.selectFrom('wfTask').select(['status', 'outcome']).where('instId', '=', procInstId).where('nodeId', '=', 'review').executeTakeFirstOrThrow();
    expect(old).toEqual({ status: 2, outcome: 'timeout' });
    const closed = await t.app.ctx.db.selectFrom('wfTask').select('id').where('instId', '=', procInstId).where('nodeId', '=', 'review').executeTakeFirstOrThrow();
    const late = await f.call('machao', 'POST', '/actTask/pass', { id: closed.id, comment: '同意' });
    expect(late.body.success).toBe(false);
    await f.signOk('zhangwei', procInstId, 'escalate');
    expect(await f.state(id)).toEqual([2, 2]);
    const h = (await f.call('zhulin', 'GET', `/actTask/historicFlow/${procInstId}`)).body.result;
    expect(h.list.map((x: { type: string }) => x.type)).toEqual(['apply', 'timer', 'pass', 'end']);
    expect(h.doneNodes).toEqual(expect.arrayContaining(['late', 'escalate', 'end']));
  });

  it('a task passed in time cancels its timer', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.interrupting);
    await f.signOk('liuyang', procInstId, 'review');
    expect(await f.state(id)).toEqual([2, 2]);
    expect(await jobs(procInstId)).toEqual([]);
    clock += 2 * 60 * MIN;
    expect(await fire()).toBe(0);
  });

  it('non-interrupting timer (duration from a variable): the task stays, a follow-up path opens; the instance ends when both are done', async () => {
    const { id, procInstId } = await f.startWith('zhulin', 100, defs.nonInterrupting, { waitFor: 'PT30M' });
    expect(await f.open(procInstId)).toEqual(['review:machao']);
    clock += 29 * MIN;
    expect(await fire()).toBe(0);
    clock += 2 * MIN;
    expect(await fire()).toBe(1);
    expect(await f.open(procInstId)).toEqual(['review:machao', 'watch:lina']);
    expect(await fire()).toBe(0);
    await f.signOk('lina', procInstId, 'watch');
    expect(await f.open(procInstId)).toEqual(['review:machao']);
    expect(await f.state(id)).toEqual([1, 1]);
    await f.signOk('machao', procInstId, 'review');
    expect(await f.open(procInstId)).toEqual(['finance:liuyang']);
    await f.signOk('liuyang', procInstId, 'finance');
    expect(await f.state(id)).toEqual([2, 2]);
  });

  it('a timer over an undefined variable refuses the application, naming the variable', async () => {
    const id = await f.draft('zhulin', 100, defs.nonInterrupting);
    const r = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: defs.nonInterrupting });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('边界事件「半小时提醒」的定时');
    expect(r.body.message).toContain('waitFor');
    expect(await f.state(id)).toEqual([0, 0]);
  });

  it('timeDate on a countersign: the signers left are cut off at the date and the rejected end is reached', async () => {
    clock = parseTimerDate('2026-11-30T09:00:00+08:00')!;
    const { id, procInstId } = await f.startWith('zhulin', 100, defs.date, { signers: 'machao,liuyang' });
    expect(await f.open(procInstId)).toEqual(['sign:liuyang', 'sign:machao']);
    await f.signOk('machao', procInstId, 'sign');
    expect(await f.open(procInstId)).toEqual(['sign:liuyang']);
    clock = parseTimerDate('2026-12-01T08:59:59+08:00')!;
    expect(await fire()).toBe(0);
    clock = parseTimerDate('2026-12-01T09:00:00+08:00')!;
    expect(await fire()).toBe(1);
    expect(await f.open(procInstId)).toEqual([]);
    expect(await f.state(id)).toEqual([2, 3]);
    const mi = await t.app.ctx.db.selectFrom('wfVariable').select('id').where('instId', '=', procInstId).where('name', '=', 'mi:sign').execute();
    expect(mi).toEqual([]);
  });

  it('due dates: remind (催办 notice to the approver), then auto-pass, then auto-reject', async () => {
    const urged: WorkflowEvent[] = [];
    const off = wf().engine.events.on('urged', (e) => void urged.push(e));
    try {
      const { id, procInstId } = await f.start('zhulin', 100, defs.due);
      expect(await f.open(procInstId)).toEqual(['remind:machao']);
      expect(await jobs(procInstId)).toEqual(['due:remind']);
      clock += 23 * 60 * MIN;
      expect(await fire()).toBe(0);
      clock += 2 * 60 * MIN;
      expect(await fire()).toBe(1);
      // a reminder leaves the task where it is
      expect(await f.open(procInstId)).toEqual(['remind:machao']);
      await new Promise((r) => setTimeout(r, 20));
      expect(urged.map((e) => (e.type === 'urged' ? [e.nodeId, e.users, e.actor.realname] : null))).toEqual([['remind', ['machao'], '系统']]);
      expect(await jobs(procInstId)).toEqual([]);
      await f.signOk('machao', procInstId, 'remind');
      expect(await f.open(procInstId)).toEqual(['autopass:liuyang']);
      clock += 47 * 60 * MIN;
      expect(await fire()).toBe(0);
      clock += 2 * 60 * MIN;
      expect(await fire()).toBe(1);
      expect(await f.open(procInstId)).toEqual(['autoreject:zhangwei']);
      clock += 2 * 60 * MIN + 1000;
      expect(await fire()).toBe(1);
      expect(await f.open(procInstId)).toEqual([]);
      expect(await f.state(id)).toEqual([2, 3]);
      expect(await actions(procInstId)).toEqual(['apply', 'remind', 'pass', 'timeout', 'timeout']);
    } finally {
      off();
    }
  });

  it('a job that fails is kept with its error and retried later, not lost', async () => {
    const { procInstId } = await f.start('zhulin', 100, defs.interrupting);
    // the escalation target has nobody and the policy says error: the timer cannot run yet
    const admin = await f.token('admin');
    const pd = defs.interrupting;
    await t.call(admin, 'POST', '/activiti_process/editNodeUser', { procDefId: pd, nodeId: 'escalate', rules: [{ type: 0, relateId: 'no_such_role' }], emptyPolicy: 'error' });
    clock += 61 * MIN;
    expect(await fire()).toBe(0);
    const job = await t.app.ctx.db.selectFrom('wfJob').selectAll().where('instId', '=', procInstId).executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
    expect(job.lastError).toContain('未找到审批人');
    expect(job.lockedBy).toBeNull();
    expect(await f.open(procInstId)).toEqual(['review:liuyang|machao']);
    await t.call(admin, 'POST', '/activiti_process/editNodeUser', { procDefId: pd, nodeId: 'escalate', rules: [{ type: 1, relateId: 'zhangwei' }] });
    clock += 2 * MIN;
    expect(await fire()).toBe(1);
    expect(await f.open(procInstId)).toEqual(['escalate:zhangwei']);
    await f.signOk('zhangwei', procInstId, 'escalate');
  });

  it('intermediate timer event: one branch waits a day while the other is approved; the join waits for both', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.catch);
    expect(await f.open(procInstId)).toEqual(['hr:lina']);
    expect(await f.tokens(procInstId)).toEqual(['active@hr', 'wait@cooling']);
    await f.signOk('lina', procInstId, 'hr');
    expect(await f.open(procInstId)).toEqual([]);
    expect(await f.tokens(procInstId)).toEqual(['join@join', 'wait@cooling']);
    expect(await f.state(id)).toEqual([1, 1]);
    clock += 23 * 60 * MIN;
    expect(await fire()).toBe(0);
    clock += 2 * 60 * MIN;
    expect(await fire()).toBe(1);
    expect(await f.open(procInstId)).toEqual(['confirm:zhulin']);
    await f.signOk('zhulin', procInstId, 'confirm');
    expect(await f.open(procInstId)).toEqual(['final:zhangwei']);
    await f.signOk('zhangwei', procInstId, 'final');
    expect(await f.state(id)).toEqual([2, 2]);
    const h = (await f.call('zhulin', 'GET', `/actTask/historicFlow/${procInstId}`)).body.result;
    expect(h.doneNodes).toEqual(expect.arrayContaining(['cooling', 'confirm', 'join', 'final', 'end']));
  });

  it('intermediate timer event: withdrawing the application removes the waiting timer', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.catch);
    const r = await f.call('zhulin', 'POST', '/actBusiness/cancel', { id });
    expect(r.body.success, r.body.message).toBe(true);
    expect(await jobs(procInstId)).toEqual([]);
    expect(await f.tokens(procInstId)).toEqual([]);
    clock += 2 * 24 * 60 * MIN;
    expect(await fire()).toBe(0);
  });

  it('the background poller of a process fires due timers by itself', async () => {
    const { procInstId } = await f.start('zhulin', 100, defs.interrupting);
    clock += 61 * MIN;
    const poller = new WorkflowTimers(t.app.ctx.db, wf().engine, t.app.log, { pollMs: 20, instance: 'poller-test' });
    poller.start();
    try {
      await expect.poll(() => f.open(procInstId), { timeout: 5000 }).toEqual(['escalate:zhangwei']);
    } finally {
      await poller.stop();
    }
    await f.signOk('zhangwei', procInstId, 'escalate');
  });

  it('two polls of one process at once: every timer fires exactly once', async () => {
    const started = [];
    for (let i = 0; i < 6; i++) started.push(await f.start('zhulin', 100 + i, defs.interrupting));
    clock += 61 * MIN;
    const [a, b] = await Promise.all([wf().timers.runDue(), wf().timers.runDue()]);
    expect(a + b).toBe(6);
    for (const s of started) expect(await f.open(s.procInstId)).toEqual(['escalate:zhangwei']);
  });

  // SQLite is one process's database; several server processes share PostgreSQL
  it.runIf(kind === 'postgres')('two app instances on one PostgreSQL database poll together: every timer fires exactly once', async () => {
    const other = await sameDatabaseApp(t);
    const w2 = workflowOf(other.app.ctx);
    await w2.timers.stop();
    w2.engine.clock = () => clock;
    try {
      const started = [];
      for (let i = 0; i < 12; i++) started.push(await f.start('zhulin', 100 + i, defs.interrupting));
      clock += 61 * MIN;
      const [a, b] = await Promise.all([wf().timers.runDue(), w2.timers.runDue()]);
      expect(a + b).toBe(12);
      const [c, d] = await Promise.all([wf().timers.runDue(), w2.timers.runDue()]);
      expect(c + d).toBe(0);
      for (const s of started) {
        expect(await f.open(s.procInstId)).toEqual(['escalate:zhangwei']);
        expect((await actions(s.procInstId)).filter((x) => x === 'timer')).toHaveLength(1);
        const tasks = await t.app.ctx.db.selectFrom('wfTask').select('id').where('instId', '=', s.procInstId).where('nodeId', '=', 'escalate').execute();
        expect(tasks).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
    await assertConsistent(t);
  });
});
