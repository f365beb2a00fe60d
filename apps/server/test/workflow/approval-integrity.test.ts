import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, bpmn, deploy, Flow, u } from './wf-helpers.js';

/** Department head → (amount > 5000: general manager) → finance; the route is decided by the form's amount. */
const ROUTED = bpmn(
  't_integrity_route',
  [['start', 'start'], ['dept', 'user', '部门负责人审批'], ['gw', 'xor'], ['gm', 'user', '总经理审批'], ['fin', 'user', '财务审批'], ['end', 'end']],
  [
    ['f1', 'start', 'dept'],
    ['f2', 'dept', 'gw'],
    ['fBig', 'gw', 'gm', '${amount > 5000}'],
    ['fSmall', 'gw', 'fin'],
    ['f3', 'gm', 'fin'],
    ['f4', 'fin', 'end'],
  ],
  { gw: 'fSmall' },
);

/** The same route, with a decision field on the department head's task and a start form output. */
const DECLARED = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="t">
  <process id="t_integrity_declared" name="t_integrity_declared" isExecutable="true">
    <startEvent id="start"><extensionElements><activiti:formProperty id="urgency" name="紧急程度" type="long"/></extensionElements></startEvent>
    <userTask id="dept" name="部门负责人审批">
      <extensionElements>
        <activiti:formProperty id="deptOk" name="是否同意" type="boolean" required="true"/>
        <activiti:formProperty id="note" name="备注" type="string"/>
      </extensionElements>
    </userTask>
    <exclusiveGateway id="gw" default="fFin"/>
    <userTask id="gm" name="总经理审批"/>
    <userTask id="fin" name="财务审批"/>
    <endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="dept"/>
    <sequenceFlow id="f2" sourceRef="dept" targetRef="gw"/>
    <sequenceFlow id="fGm" sourceRef="gw" targetRef="gm"><conditionExpression xsi:type="tFormalExpression">\${amount &gt; 5000 || urgency &gt; 5}</conditionExpression></sequenceFlow>
    <sequenceFlow id="fFin" sourceRef="gw" targetRef="fin"/>
    <sequenceFlow id="f3" sourceRef="gm" targetRef="fin"/>
    <sequenceFlow id="f4" sourceRef="fin" targetRef="end"/>
  </process>
</definitions>`;

const LINEAR = bpmn(
  't_integrity_people',
  [['start', 'start'], ['a', 'user', '部门审批'], ['b', 'user', '财务审批'], ['end', 'end']],
  [['f1', 'start', 'a'], ['f2', 'a', 'b'], ['f3', 'b', 'end']],
);

describe.each(dbKinds)('[WORKFLOW] approval integrity on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let admin: string;
  let routed: string;
  let declared: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    admin = await f.token('admin');
    routed = await deploy(t, admin, ROUTED, { dept: u('machao'), gm: u('chenjing'), fin: u('liuyang') });
    declared = await deploy(t, admin, DECLARED, { dept: u('machao'), gm: u('chenjing'), fin: u('liuyang') });
  });
  afterAll(async () => {
    if (t) await assertConsistent(t);
    await t?.close();
  });

  const storedVars = async (procInstId: string) => {
    const row = await t.app.ctx.db.selectFrom('wfVariable').select('value').where('instId', '=', procInstId).where('name', '=', 'vars').executeTakeFirst();
    return row?.value ? (JSON.parse(row.value) as Record<string, unknown>) : {};
  };

  // ---------------------------------------------------------------- A. the applicant decides the route

  it('apply: a variable named like a form field is refused; the gateway reads the stored amount', async () => {
    const id = await f.draft('zhulin', 99999, routed);
    const r = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: routed, variables: { amount: 1 } });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toBe('变量「amount」与表单字段同名，不能在提交时修改，流程按表单保存的数据流转');
    expect(await f.state(id)).toEqual([0, 0]);
    const ok = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: routed });
    expect(ok.body.success, ok.body.message).toBe(true);
    const procInstId = ok.body.result.procInstId as string;
    await f.signOk('machao', procInstId, 'dept');
    expect(await f.open(procInstId)).toEqual(['gm:chenjing']);
  });

  it('pass, batch pass: an approver cannot override the form either; undeclared variables are dropped', async () => {
    const { procInstId } = await f.start('zhulin', 99999, routed);
    const r = await f.sign('machao', procInstId, 'dept', { variables: { amount: 1 } });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toBe('变量「amount」与表单字段同名，不能在提交时修改，流程按表单保存的数据流转');
    const batch = await f.call('machao', 'POST', '/actTask/passAll', { ids: await f.taskId(procInstId, 'dept'), variables: { amount: 1 } });
    expect(batch.body.result[0]).toMatchObject({ success: false, message: '变量「amount」与表单字段同名，不能在提交时修改，流程按表单保存的数据流转' });
    const reserved = await f.sign('machao', procInstId, 'dept', { variables: { initiator: 'machao' } });
    expect(reserved.body.message).toBe('变量名「initiator」不允许使用');
    expect(await f.open(procInstId)).toEqual(['dept:machao']);
    await f.signOk('machao', procInstId, 'dept', { variables: { total: 1, fastTrack: true } });
    expect(await f.open(procInstId)).toEqual(['gm:chenjing']);
    expect(await storedVars(procInstId)).toEqual({});
  });

  it('only a node’s declared outputs reach the engine, checked against their declared type', async () => {
    // the start form declares `urgency` (a number); anything else the applicant sends is dropped
    const id = await f.draft('zhulin', 100, declared);
    const wrongType = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: declared, variables: { urgency: 'high' } });
    expect(wrongType.body.message).toBe('「紧急程度」必须是数字');
    const ok = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: declared, variables: { urgency: '2', skipFinance: 'yes' } });
    expect(ok.body.success, ok.body.message).toBe(true);
    const procInstId = ok.body.result.procInstId as string;
    expect(await storedVars(procInstId)).toEqual({ urgency: 2 });

    // the task declares deptOk (boolean) and note (text); skipFinance is no output of it
    const bad = await f.sign('machao', procInstId, 'dept', { variables: { deptOk: 'perhaps' } });
    expect(bad.body.message).toBe('「是否同意」的取值不正确');
    await f.signOk('machao', procInstId, 'dept', { variables: { deptOk: 'true', note: '同意', skipFinance: 'yes' } });
    expect(await storedVars(procInstId)).toEqual({ urgency: 2, deptOk: 'true', note: '同意' });
    expect(await f.open(procInstId)).toEqual(['fin:liuyang']);
  });

  // ---------------------------------------------------------------- B. self-approval

  it('the applicant is dropped from a node’s people; a node left empty follows its empty-node policy', async () => {
    const people = await deploy(t, admin, LINEAR.replace('t_integrity_people', 't_integrity_people1'), { a: u('zhulin,machao'), b: u('liuyang') });
    const { procInstId } = await f.start('zhulin', 100, people);
    expect(await f.open(procInstId)).toEqual(['a:machao']);

    const onlySelf = await deploy(t, admin, LINEAR.replace('t_integrity_people', 't_integrity_people2'), { a: { ...u('zhulin'), emptyPolicy: 'skip' }, b: u('liuyang') });
    const s = await f.start('zhulin', 100, onlySelf);
    expect(await f.open(s.procInstId)).toEqual(['b:liuyang']);
    // the applicant choosing themselves as the first approver is not honoured either
    const chosen = await f.start('zhulin', 100, people, 'zhulin');
    expect(await f.open(chosen.procInstId)).toEqual(['a:machao']);
    // the next-node preview does not offer the applicant
    const next = await f.call('zhulin', 'GET', `/activiti_process/getNextNode?procDefId=${people}&currActId=start`);
    expect(next.body.result.users.map((x: { username: string }) => x.username)).toEqual(['machao']);
  });

  it('HR: an applicant who is also the node’s approver does not approve her own request', async () => {
    const people = await deploy(t, admin, LINEAR.replace('t_integrity_people', 't_integrity_people3'), { a: u('machao'), b: u('liuyang') });
    const { procInstId } = await f.start('machao', 100, people);
    // machao is the rule's only person: the node falls back to the administrators (the default policy)
    expect(await f.open(procInstId)).toEqual(['a:admin']);
  });

  it('delegation, 转办, 加签 and reassignment to the applicant are refused; the applicant cannot complete a task', async () => {
    const def = await deploy(t, admin, LINEAR.replace('t_integrity_people', 't_integrity_people4'), { a: u('machao'), b: u('liuyang') });
    const { procInstId } = await f.start('zhulin', 100, def);
    const taskId = await f.taskId(procInstId, 'a');
    const d = await f.call('machao', 'POST', '/actTask/delegate', { id: taskId, userId: 'zhulin' });
    expect(d.body.message).toBe('不能委托给申请人本人');
    const viaPass = await f.call('machao', 'POST', '/actTask/pass', { id: taskId, type: 2, userId: 'zhulin' });
    expect(viaPass.body.message).toBe('不能委托给申请人本人');
    const tr = await f.call('machao', 'POST', '/actTask/transfer', { id: taskId, userId: 'zhulin' });
    expect(tr.body.message).toBe('不能转办给申请人本人');
    const as = await f.call('machao', 'POST', '/actTask/addSign', { id: taskId, userIds: ['lina', 'zhulin'], position: 'parallel' });
    expect(as.body.message).toBe('不能加签申请人本人');
    const re = await f.call('admin', 'POST', '/activiti_process/reassign', { id: taskId, userIds: ['zhulin'] });
    expect(re.body.message).toBe('不能分配给申请人本人');
    expect(await f.open(procInstId)).toEqual(['a:machao']);

    // a candidate row naming the applicant (written before this rule, or by hand): completion is still refused
    await t.app.ctx.db.insertInto('wfTaskCandidate').values({ id: `self-${kind}`, taskId, instId: procInstId, username: 'zhulin', open: 1 }).execute();
    const self = await f.call('zhulin', 'POST', '/actTask/pass', { id: taskId, type: 0, comment: '同意' });
    expect(self.body.success).toBe(false);
    expect(self.body.message).toBe('不能审批自己的申请');
    const batch = await f.call('admin', 'POST', '/actTask/passAll', { ids: taskId });
    expect(batch.body.result[0].success).toBe(false);
    await t.app.ctx.db.deleteFrom('wfTaskCandidate').where('id', '=', `self-${kind}`).execute();
    await f.passOk('machao', procInstId, 'a');
    expect(await f.open(procInstId)).toEqual(['b:liuyang']);
  });

  it('a node that opts out (allowInitiator) or names the initiator keeps the applicant', async () => {
    const optOut = await deploy(t, admin, LINEAR.replace('t_integrity_people', 't_integrity_people5'), { a: { ...u('zhulin'), allowInitiator: 1 } as never, b: u('liuyang') });
    const nodes = await f.call('admin', 'GET', `/activiti_process/getProcessNode/${optOut}`);
    expect(nodes.body.result.find((n: { id: string }) => n.id === 'a')).toMatchObject({ allowInitiator: 1 });
    const a = await f.start('zhulin', 100, optOut);
    expect(await f.open(a.procInstId)).toEqual(['a:zhulin']);
    await f.passOk('zhulin', a.procInstId, 'a');
    expect(await f.open(a.procInstId)).toEqual(['b:liuyang']);

    const initiatorRule = await deploy(t, admin, LINEAR.replace('t_integrity_people', 't_integrity_people6'), { a: { rules: [{ type: 3 }] }, b: u('liuyang') });
    const b = await f.start('zhulin', 100, initiatorRule);
    expect(await f.open(b.procInstId)).toEqual(['a:zhulin']);
    await f.passOk('zhulin', b.procInstId, 'a');
    expect(await f.open(b.procInstId)).toEqual(['b:liuyang']);
  });

  // ---------------------------------------------------------------- C. the delegate picker

  it('the picker of delegation/转办/加签 (activeOnly) leaves frozen accounts out', async () => {
    const pick = async (extra: string) =>
      ((await f.call('admin', 'GET', `/sys/user/queryUserComponentData?pageSize=200${extra}`)).body.result.records as { username: string }[]).map((x) => x.username);
    await t.app.ctx.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'zhangwei').execute();
    try {
      expect(await pick('')).toContain('zhangwei');
      const active = await pick('&activeOnly=1');
      expect(active).not.toContain('zhangwei');
      expect(active).toContain('machao');
    } finally {
      await t.app.ctx.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'zhangwei').execute();
    }
  });
});
