import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, corpus, deploy, Flow } from './wf-helpers.js';

/**
 * The BPMN corpus (test/workflow/bpmn/): each file deployed and driven to its end(s), open tasks and
 * their actors asserted after every step; the refused files must be refused naming the element.
 */
const users = (relateId: string) => ({ rules: [{ type: 1, relateId }] });

describe.each(dbKinds)('[WORKFLOW] BPMN corpus on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let admin: string;
  const defs: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    admin = await f.token('admin');
    defs.parallel = await deploy(t, admin, corpus('countersign-parallel'), { sign: users('machao,liuyang,lina') });
    defs.ratio = await deploy(t, admin, corpus('countersign-parallel').replace('c_cs_parallel', 'c_cs_ratio'), {
      sign: { ...users('machao,liuyang,lina,wangfang,chenjing'), passRatio: 60 },
    });
    defs.collection = await deploy(t, admin, corpus('countersign-collection'), {});
    defs.sequential = await deploy(t, admin, corpus('countersign-sequential'), {});
    defs.inclusive = await deploy(t, admin, corpus('inclusive'), {});
    defs.vacation = await deploy(t, admin, corpus('vacation'), {});
    defs.assignment = await deploy(t, admin, corpus('assignment'), {});
    defs.idless = await deploy(t, admin, corpus('idless-fork-join'), {});
    defs.terminate = await deploy(t, admin, corpus('terminate'), {});
    defs.undefined = await deploy(t, admin, corpus('undefined-variable'), {});
  });
  afterAll(async () => {
    if (t) await assertConsistent(t);
    await t?.close();
  });

  const history = async (procInstId: string) => (await f.call('zhulin', 'GET', `/actTask/historicFlow/${procInstId}`)).body.result;

  it('3-person parallel countersign needs all three, then hands on once', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.parallel);
    expect(await f.open(procInstId)).toEqual(['sign:lina', 'sign:liuyang', 'sign:machao']);
    const other = await f.call('liuyang', 'POST', '/actTask/pass', { id: await f.taskOf(procInstId, 'sign', 'machao'), comment: '同意' });
    expect(other.body.success).toBe(false);
    await f.signOk('machao', procInstId, 'sign');
    expect(await f.open(procInstId)).toEqual(['sign:lina', 'sign:liuyang']);
    await f.signOk('lina', procInstId, 'sign');
    expect(await f.open(procInstId)).toEqual(['sign:liuyang']);
    expect(await f.state(id)).toEqual([1, 1]);
    await f.signOk('liuyang', procInstId, 'sign');
    expect(await f.open(procInstId)).toEqual(['confirm:zhangwei']);
    await f.signOk('zhangwei', procInstId, 'confirm');
    expect(await f.open(procInstId)).toEqual([]);
    expect(await f.state(id)).toEqual([2, 2]);
  });

  it('one-veto countersign: the first veto rejects the application and closes the other signers', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.parallel);
    await f.signOk('machao', procInstId, 'sign');
    const r = await f.call('lina', 'POST', '/actTask/back', { id: await f.taskOf(procInstId, 'sign', 'lina'), comment: '不同意' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(await f.open(procInstId)).toEqual([]);
    expect(await f.state(id)).toEqual([2, 3]);
  });

  it('60 % pass ratio (node setting): ends after the third of five; a veto only rejects once 60 % is out of reach', async () => {
    const a = await f.start('zhulin', 100, defs.ratio);
    expect(await f.open(a.procInstId)).toEqual(['sign:chenjing', 'sign:lina', 'sign:liuyang', 'sign:machao', 'sign:wangfang']);
    await f.signOk('machao', a.procInstId, 'sign');
    await f.signOk('lina', a.procInstId, 'sign');
    expect(await f.open(a.procInstId)).toHaveLength(3);
    await f.signOk('wangfang', a.procInstId, 'sign');
    expect(await f.open(a.procInstId)).toEqual(['confirm:zhangwei']);

    const b = await f.start('zhulin', 100, defs.ratio);
    const veto = async (u: string) => f.call(u, 'POST', '/actTask/back', { id: await f.taskOf(b.procInstId, 'sign', u), comment: '不同意' });
    expect((await veto('machao')).body.success).toBe(true);
    expect(await f.open(b.procInstId)).toHaveLength(4);
    expect(await f.state(b.id)).toEqual([1, 1]);
    expect((await veto('lina')).body.success).toBe(true);
    expect(await f.open(b.procInstId)).toHaveLength(3);
    expect((await veto('liuyang')).body.success).toBe(true);
    expect(await f.open(b.procInstId)).toEqual([]);
    expect(await f.state(b.id)).toEqual([2, 3]);
  });

  it('completion condition over nrOf* variables: a collection of five ends after the third', async () => {
    const { id, procInstId } = await f.startWith('zhulin', 100, defs.collection, { signers: ['machao', 'liuyang', 'lina', 'wangfang', 'chenjing'] });
    expect(await f.open(procInstId)).toEqual(['vote:chenjing', 'vote:lina', 'vote:liuyang', 'vote:machao', 'vote:wangfang']);
    await f.signOk('chenjing', procInstId, 'vote');
    await f.signOk('machao', procInstId, 'vote');
    expect(await f.open(procInstId)).toEqual(['vote:lina', 'vote:liuyang', 'vote:wangfang']);
    await f.signOk('lina', procInstId, 'vote');
    expect(await f.open(procInstId)).toEqual([]);
    expect(await f.state(id)).toEqual([2, 2]);
    const tasks = await t.app.ctx.db.selectFrom('wfTask').select(['outcome']).where('instId', '=', procInstId).execute();
    expect(tasks.filter((x) => x.outcome === 'pass')).toHaveLength(3);
    expect(tasks.filter((x) => x.outcome === 'skipped')).toHaveLength(2);
  });

  it('a collection variable that is missing is an error the applicant sees; nothing starts', async () => {
    const id = await f.draft('zhulin', 100, defs.collection);
    const r = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: defs.collection });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('signers');
    expect(await f.state(id)).toEqual([0, 0]);
  });

  it('sequential countersign hands over in order; the gateway after it reads the form', async () => {
    const { id, procInstId } = await f.startWith('zhulin', 6800, defs.sequential, { signers: 'liuyang,machao,lina' });
    expect(await f.open(procInstId)).toEqual(['chain:liuyang']);
    await f.signOk('liuyang', procInstId, 'chain');
    expect(await f.open(procInstId)).toEqual(['chain:machao']);
    await f.signOk('machao', procInstId, 'chain');
    expect(await f.open(procInstId)).toEqual(['chain:lina']);
    await f.signOk('lina', procInstId, 'chain');
    expect(await f.open(procInstId)).toEqual(['extra:zhangwei']);
    await f.signOk('zhangwei', procInstId, 'extra');
    expect(await f.state(id)).toEqual([2, 2]);
  });

  it('inclusive gateway: every true branch is taken, the join waits only for the branches taken', async () => {
    // 2000: only finance (the direct flow is false) → join waits for finance alone
    const a = await f.start('zhulin', 2000, defs.inclusive);
    await f.signOk('machao', a.procInstId, 'a');
    expect(await f.open(a.procInstId)).toEqual(['fin:liuyang']);
    await f.signOk('liuyang', a.procInstId, 'fin');
    expect(await f.open(a.procInstId)).toEqual(['archive:lina']);
    await f.signOk('lina', a.procInstId, 'archive');
    expect(await f.state(a.id)).toEqual([2, 2]);

    // 6000: finance, general manager and the direct flow; the direct arrival waits for both tasks
    const b = await f.start('zhulin', 6000, defs.inclusive);
    await f.signOk('machao', b.procInstId, 'a');
    expect(await f.open(b.procInstId)).toEqual(['fin:liuyang', 'gm:zhangwei']);
    expect(await f.tokens(b.procInstId)).toEqual(['active@fin', 'active@gm', 'join@join']);
    await f.signOk('zhangwei', b.procInstId, 'gm');
    expect(await f.open(b.procInstId)).toEqual(['fin:liuyang']);
    await f.signOk('liuyang', b.procInstId, 'fin');
    expect(await f.open(b.procInstId)).toEqual(['archive:lina']);
    await f.signOk('lina', b.procInstId, 'archive');
    expect(await f.state(b.id)).toEqual([2, 2]);

    // 500: only the direct flow → straight through the join, no duplicate task
    const c = await f.start('zhulin', 500, defs.inclusive);
    await f.signOk('machao', c.procInstId, 'a');
    expect(await f.open(c.procInstId)).toEqual(['archive:lina']);
  });

  it('vacation request: decision fields become variables, the initiator variable assigns, ends carry their outcome', async () => {
    const a = await f.start('zhulin', 100, defs.vacation);
    expect(await f.open(a.procInstId)).toEqual(['handle:lina|wangfang']);
    const fields = await f.call('lina', 'GET', `/actTask/decisionFields/${await f.taskOf(a.procInstId, 'handle', 'lina')}`);
    expect(fields.body.result).toEqual([
      expect.objectContaining({ name: 'vacationApproved', label: '是否同意', type: 'radio', formType: 'enum', options: [{ value: 'true', label: '同意' }, { value: 'false', label: '不同意' }], required: true, value: null }),
    ]);
    const notMine = await f.call('machao', 'GET', `/actTask/decisionFields/${await f.taskOf(a.procInstId, 'handle', 'lina')}`);
    expect(notMine.body.success).toBe(false);
    // the approval dialog submits the task's form: the required property is enforced
    const missing = await f.sign('lina', a.procInstId, 'handle', { formProperties: {} });
    expect(missing.body.success).toBe(false);
    expect(missing.body.message).toBe('请填写「是否同意」');
    const wrong = await f.sign('lina', a.procInstId, 'handle', { variables: { vacationApproved: 'maybe' } });
    expect(wrong.body.message).toBe('「是否同意」的取值不正确');
    await f.signOk('lina', a.procInstId, 'handle', { variables: { vacationApproved: 'false' } });
    expect(await f.open(a.procInstId)).toEqual(['adjust:zhulin']);
    await f.signOk('zhulin', a.procInstId, 'adjust', { variables: { resendRequest: 'true' } });
    expect(await f.open(a.procInstId)).toEqual(['handle:lina|wangfang']);
    await f.signOk('wangfang', a.procInstId, 'handle', { variables: { vacationApproved: 'true' } });
    expect(await f.open(a.procInstId)).toEqual([]);
    expect(await f.state(a.id)).toEqual([2, 2]);
    const h = await history(a.procInstId);
    expect(h.doneNodes).toContain('approvedEnd');
    expect(h.doneNodes).not.toContain('droppedEnd');
    const passes = h.list.filter((x: { type: string }) => x.type === 'pass');
    expect(passes[0].detail.variables).toEqual({ vacationApproved: 'false' });

    // dropped: the end marked rejected gives 2/3
    const b = await f.start('zhulin', 100, defs.vacation);
    await f.signOk('lina', b.procInstId, 'handle', { variables: { vacationApproved: 'false' } });
    await f.signOk('zhulin', b.procInstId, 'adjust', { variables: { resendRequest: 'false' } });
    expect(await f.open(b.procInstId)).toEqual([]);
    expect(await f.state(b.id)).toEqual([2, 3]);
    const hb = await history(b.procInstId);
    expect(hb.doneNodes).toContain('droppedEnd');
    expect(hb.doneNodes).not.toContain('approvedEnd');
    expect(hb.list.at(-1)).toMatchObject({ type: 'end', key: 'droppedEnd' });
  });

  it('BPMN assignment: ${initiator}, candidateUsers with an expression, potentialOwner, humanPerformer expression, candidateGroups as role codes', async () => {
    const { id, procInstId } = await f.startWith('zhulin', 6800, defs.assignment, { boss: 'chenjing' });
    expect(await f.open(procInstId)).toEqual(['self:zhulin']);
    await f.signOk('zhulin', procInstId, 'self');
    expect(await f.open(procInstId)).toEqual(['users:chenjing|machao']);
    await f.signOk('chenjing', procInstId, 'users');
    expect(await f.open(procInstId)).toEqual(['owner:liuyang']);
    await f.signOk('liuyang', procInstId, 'owner');
    expect(await f.open(procInstId)).toEqual(['performer:zhangwei']);
    await f.signOk('zhangwei', procInstId, 'performer');
    const [groupTask] = await f.open(procInstId);
    expect(groupTask.split(':')[0]).toBe('group');
    expect(groupTask.split(':')[1].split('|')).toEqual(expect.arrayContaining(['lina', 'wangfang']));
    await f.signOk('lina', procInstId, 'group');
    expect(await f.state(id)).toEqual([2, 2]);
  });

  it('node rules win over the BPMN assignment', async () => {
    const procDefId = await deploy(t, admin, corpus('assignment').replace('c_assignment', 'c_assignment_rules'), { self: users('machao') });
    const { procInstId } = await f.startWith('zhulin', 100, procDefId, { boss: 'chenjing' });
    expect(await f.open(procInstId)).toEqual(['self:machao']);
  });

  it('fork and join with id-less flows: stable generated ids, the join completes', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.idless);
    expect(await f.open(procInstId)).toEqual(['receivePayment:liuyang', 'shipOrder:machao']);
    await f.signOk('machao', procInstId, 'shipOrder');
    expect(await f.tokens(procInstId)).toEqual(['active@receivePayment', 'join@join']);
    await f.signOk('liuyang', procInstId, 'receivePayment');
    expect(await f.open(procInstId)).toEqual(['archiveOrder:lina']);
    await f.signOk('lina', procInstId, 'archiveOrder');
    expect(await f.state(id)).toEqual([2, 2]);
    const h = await history(procInstId);
    expect(h.doneFlows).toEqual(expect.arrayContaining(['flow_fork_receivePayment', 'flow_receivePayment_join', 'flow_join_archiveOrder']));
  });

  it('a terminate end ends the whole instance; a manual task passes through', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.terminate);
    expect(await f.open(procInstId)).toEqual(['quick:machao', 'slow:liuyang']);
    await f.signOk('machao', procInstId, 'quick');
    expect(await f.open(procInstId)).toEqual([]);
    expect(await f.state(id)).toEqual([2, 2]);
    const h = await history(procInstId);
    expect(h.doneNodes).toContain('stopAll');
    expect(h.doneNodes).not.toContain('end');
  });

  it('a condition over an undefined variable is a visible error that changes nothing; given, it runs', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.undefined);
    const r = await f.sign('machao', procInstId, 'a');
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('未定义的变量「approved」');
    expect(r.body.message).toContain('不同意');
    expect(await f.open(procInstId)).toEqual(['a:machao']);
    await f.signOk('machao', procInstId, 'a', { variables: { approved: false } });
    expect(await f.open(procInstId)).toEqual(['redo:zhulin']);
    await f.signOk('zhulin', procInstId, 'redo');
    await f.signOk('machao', procInstId, 'a', { variables: { approved: true } });
    expect(await f.state(id)).toEqual([2, 2]);
  });

  it('variables on apply are refused when their names are reserved', async () => {
    const id = await f.draft('zhulin', 100, defs.parallel);
    const r = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: defs.parallel, variables: { initiator: 'machao' } });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toBe('变量名「initiator」不允许使用');
    // a name that is no identifier is taken only as a formProperty id the start event declares
    const odd = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: defs.parallel, variables: { 'a-b': 1 } });
    expect(odd.body).toMatchObject({ success: false, message: '变量名「a-b」不允许使用' });
    const bad = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: defs.parallel, variables: { 'a\u0007b': 1 } });
    expect(bad.status).toBe(400);
    expect(await f.state(id)).toEqual([0, 0]);
  });

  it.each([
    ['service-task', '服务任务「发送邮件」(mail)'],
    ['script-task', '脚本任务「计算金额」(calc)'],
    ['call-activity', '调用活动「调用子流程」(sub)'],
    ['boundary-timer', '边界事件「超时」(late)'],
    ['task-listener', '用户任务「带监听器」(t)配置了监听器'],
    ['message-catch', '中间捕获事件「等待回执」(wait)'],
    ['method-call', '连线「调用方法」(f2)的条件表达式'],
    ['event-gateway', '事件网关「事件选择」(egw)'],
    ['error-end', '结束事件「出错结束」(boom)的错误结束事件'],
  ])('refuses %s at deploy, naming the element', async (file, text) => {
    const xml = corpus(`refused/${file}`);
    const r = await t.call(admin, 'POST', '/activiti_process/deploy', { xml, businessTable: 'fm_expense' });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain(text);
    const key = /process id="([^"]+)"/.exec(xml)![1];
    const rows = await t.app.ctx.db.selectFrom('wfDefinition').select('id').where('processKey', '=', key).execute();
    expect(rows).toHaveLength(0);
  });

  it('the definition list finds a key with underscores (escaped LIKE on both databases)', async () => {
    const r = await t.call(admin, 'GET', '/activiti_process/listData?lckey=c_cs_par&zx=true');
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.result.records.map((x: { processKey: string }) => x.processKey)).toEqual(['c_cs_parallel']);
    const none = await t.call(admin, 'GET', '/activiti_process/listData?lckey=c%25cs&zx=true');
    expect(none.body.result.records).toEqual([]);
  });

  it('deploy warns about a user task nobody is assigned to', async () => {
    const xml = corpus('countersign-parallel').replace('c_cs_parallel', 'c_cs_warn');
    const r = await t.call(admin, 'POST', '/activiti_process/deploy', { xml, businessTable: 'fm_expense' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.result.warnings).toEqual([expect.stringContaining('用户任务「部门会签」(sign)未指定审批人')]);
  });
});
