import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, corpus, deploy, Flow } from './wf-helpers.js';

/**
 * Embedded sub-processes and call activities (test/workflow/bpmn/subprocess, call-parent, call-child):
 * driven to every end, open tasks and their actors asserted after every step, on each database.
 */
describe.each(dbKinds)('[WORKFLOW] sub-processes and call activities on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let admin: string;
  const defs: Record<string, string> = {};
  const db = () => t.app.ctx.db;
  const child = async (procInstId: string) => db().selectFrom('wfInstance').selectAll().where('parentId', '=', procInstId).orderBy('startTime', 'desc').executeTakeFirstOrThrow();
  const vars = async (procInstId: string) => {
    const row = await db().selectFrom('wfVariable').select('value').where('instId', '=', procInstId).where('name', '=', 'vars').executeTakeFirst();
    return row?.value ? (JSON.parse(row.value) as Record<string, unknown>) : {};
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    admin = await f.token('admin');
    defs.sub = await deploy(t, admin, corpus('subprocess'), {});
    defs.child = await deploy(t, admin, corpus('call-child'), {});
    defs.parent = await deploy(t, admin, corpus('call-parent'), {});
  });
  afterAll(async () => {
    if (t) await assertConsistent(t);
    await t?.close();
  });

  it('embedded sub-process: a fork inside, two inner ends; the sub-process completes when both branches ended', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.sub);
    expect(await f.open(procInstId)).toEqual(['dept:machao']);
    await f.signOk('machao', procInstId, 'dept');
    expect(await f.open(procInstId)).toEqual(['legal:liuyang', 'tech:lina']);
    await f.signOk('lina', procInstId, 'tech');
    // the technical branch reached its end; the legal one is still inside
    expect(await f.open(procInstId)).toEqual(['legal:liuyang']);
    expect(await f.state(id)).toEqual([1, 1]);
    await f.signOk('liuyang', procInstId, 'legal');
    expect(await f.open(procInstId)).toEqual(['confirm:zhangwei']);
    await f.signOk('zhangwei', procInstId, 'confirm');
    expect(await f.open(procInstId)).toEqual([]);
    expect(await f.state(id)).toEqual([2, 2]);
    const h = (await f.call('zhulin', 'GET', `/actTask/historicFlow/${procInstId}`)).body.result;
    expect(h.doneNodes).toEqual(expect.arrayContaining(['review', 'subStart', 'fork', 'legal', 'tech', 'subEndLegal', 'subEndTech', 'confirm', 'end']));
    expect(h.doneNodes).not.toContain('cfo');
  });

  it('embedded sub-process: the gateway inside reads the form; the inner branch that ends last releases the sub-process', async () => {
    const { id, procInstId } = await f.start('zhulin', 6800, defs.sub);
    await f.signOk('machao', procInstId, 'dept');
    expect(await f.open(procInstId)).toEqual(['legal:liuyang', 'tech:lina']);
    await f.signOk('liuyang', procInstId, 'legal');
    expect(await f.open(procInstId)).toEqual(['tech:lina']);
    await f.signOk('lina', procInstId, 'tech');
    expect(await f.open(procInstId)).toEqual(['cfo:wangfang']);
    await f.signOk('wangfang', procInstId, 'cfo');
    expect(await f.open(procInstId)).toEqual(['confirm:zhangwei']);
    await f.signOk('zhangwei', procInstId, 'confirm');
    expect(await f.state(id)).toEqual([2, 2]);
  });

  it('embedded sub-process: a rejection inside rejects the application', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.sub);
    await f.signOk('machao', procInstId, 'dept');
    const r = await f.call('liuyang', 'POST', '/actTask/back', { id: await f.taskOf(procInstId, 'legal', 'liuyang'), comment: '合同条款不合规' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(await f.open(procInstId)).toEqual([]);
    expect(await f.state(id)).toEqual([2, 3]);
  });

  it('call activity: the parent waits for a child of the called key, in/out variables, the child end resumes the parent', async () => {
    const { id, procInstId } = await f.startWith('zhulin', 6000, defs.parent, { reviewerName: 'wangfang' });
    expect(await f.open(procInstId)).toEqual(['dept:machao']);
    await f.signOk('machao', procInstId, 'dept');
    // the parent waits at the call activity; the child has the task
    expect(await f.open(procInstId)).toEqual([]);
    expect(await f.tokens(procInstId)).toEqual(['call@special']);
    const c = await child(procInstId);
    expect(c).toMatchObject({ procDefId: defs.child, state: 'running', rootId: procInstId, parentNodeId: 'special', businessId: id });
    expect(await f.open(c.id)).toEqual(['check:wangfang']);
    expect(await vars(c.id)).toEqual({ reviewer: 'wangfang', doubled: 12000 });
    expect(await f.state(id)).toEqual([1, 1]);
    // the child's task is in the approver's to-do list under the application's title
    const todo = (await f.call('wangfang', 'POST', '/actTask/todoList', { pageIndex: 1, pageSize: 50 })).body.result.records;
    expect(todo.find((x: { procInstId: string }) => x.procInstId === c.id)).toMatchObject({ key: 'check', tableId: expect.any(String), title: expect.stringContaining('费用报销') });
    // decision field of the child: required when its form is submitted
    const missing = await f.sign('wangfang', c.id, 'check', { formProperties: {} });
    expect(missing.body.success).toBe(false);
    expect(missing.body.message).toBe('请填写「审核结论」');
    await f.signOk('wangfang', c.id, 'check', { variables: { verdict: 'yes' } });
    // doubled 12000 > 10000: the child goes on to its extra review
    expect(await f.open(c.id)).toEqual(['extra:zhangwei']);
    expect(await f.open(procInstId)).toEqual([]);
    await f.signOk('zhangwei', c.id, 'extra');
    expect(await f.open(c.id)).toEqual([]);
    expect((await db().selectFrom('wfInstance').select('state').where('id', '=', c.id).executeTakeFirstOrThrow()).state).toBe('passed');
    expect(await f.open(procInstId)).toEqual(['archive:lina']);
    expect(await vars(procInstId)).toMatchObject({ reviewerName: 'wangfang', childVerdict: 'yes' });
    expect(await f.state(id)).toEqual([1, 1]);
    await f.signOk('lina', procInstId, 'archive');
    expect(await f.state(id)).toEqual([2, 2]);
    // both histories: the parent lists its child and the call; the child its own steps
    const h = (await f.call('zhulin', 'GET', `/actTask/historicFlow/${procInstId}`)).body.result;
    expect(h.list.map((x: { type: string }) => x.type)).toEqual(['apply', 'pass', 'call', 'callEnd', 'pass', 'end']);
    expect(h.subProcesses).toEqual([expect.objectContaining({ procInstId: c.id, processName: '专项评审', callNode: 'special', state: 'passed' })]);
    expect(h.doneNodes).toEqual(expect.arrayContaining(['special', 'archive', 'end']));
    const hc = (await f.call('zhulin', 'GET', `/actTask/historicFlow/${c.id}`)).body.result;
    expect(hc.parentId).toBe(procInstId);
    expect(hc.list.map((x: { type: string }) => x.type)).toEqual(['start', 'pass', 'pass', 'end']);
  });

  it('call activity: a child that ends without further review, its "no" verdict leads the parent to the rejected end', async () => {
    const { id, procInstId } = await f.startWith('zhulin', 1000, defs.parent, { reviewerName: 'liuyang' });
    await f.signOk('machao', procInstId, 'dept');
    const c = await child(procInstId);
    expect(await f.open(c.id)).toEqual(['check:liuyang']);
    await f.signOk('liuyang', c.id, 'check', { variables: { verdict: 'no' } });
    expect(await f.open(c.id)).toEqual([]);
    expect(await f.open(procInstId)).toEqual([]);
    expect(await f.state(id)).toEqual([2, 3]);
  });

  it('call activity: a rejection inside the child rejects the application; the parent ends too', async () => {
    const { id, procInstId } = await f.startWith('zhulin', 1000, defs.parent, { reviewerName: 'liuyang' });
    await f.signOk('machao', procInstId, 'dept');
    const c = await child(procInstId);
    const r = await f.call('liuyang', 'POST', '/actTask/back', { id: await f.taskOf(c.id, 'check', 'liuyang'), comment: '资料不全' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(await f.open(c.id)).toEqual([]);
    expect(await f.state(id)).toEqual([2, 3]);
    const states = await db().selectFrom('wfInstance').select(['id', 'state']).where('id', 'in', [procInstId, c.id]).execute();
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({ [procInstId]: 'rejected', [c.id]: 'rejected' });
  });

  it('call activity: terminating the application ends the running child with it', async () => {
    const { id, procInstId } = await f.startWith('zhulin', 1000, defs.parent, { reviewerName: 'liuyang' });
    await f.signOk('machao', procInstId, 'dept');
    const c = await child(procInstId);
    // the applicant's urge reaches the approver of the called process
    const urge = await f.call('zhulin', 'POST', '/actBusiness/urge', { procInstId, comment: '请尽快' });
    expect(urge.body.success, urge.body.message).toBe(true);
    expect(urge.body.result.users).toEqual(['liuyang']);
    const r = await f.call('admin', 'POST', '/activiti_process/terminate', { procInstId, reason: '业务取消' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(await f.open(c.id)).toEqual([]);
    expect(await f.state(id)).toEqual([3, 0]);
    expect((await db().selectFrom('wfInstance').select('state').where('id', '=', c.id).executeTakeFirstOrThrow()).state).toBe('canceled');
  });

  it('call activity: a called process that was never deployed is refused at deploy', async () => {
    const r = await t.call(admin, 'POST', '/activiti_process/deploy', { xml: corpus('refused/call-activity'), businessTable: 'fm_expense' });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toBe('调用活动「调用子流程」(sub)调用的流程「r_never_deployed」尚未部署，请先部署被调用的流程');
  });
});
