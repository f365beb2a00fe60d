import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBpmn } from '../../src/modules/workflow/bpmn.js';
import { evaluateCondition, evaluateValue, isExpression } from '../../src/modules/workflow/expression.js';
import { workflowOf } from '../../src/modules/workflow/workflow.module.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, corpus, deploy, Flow } from './wf-helpers.js';

const DAY = 24 * 60 * 60_000;

/**
 * Activiti semantics the engine follows for BPMN written by other tools (test/workflow/bpmn/):
 * the start event's initiator variable (activiti:/flowable:/camunda:initiator) and the Flowable modeler's
 * `$INITIATOR`; JUEL composite expressions (`reviewer_${loopCounter}`) in assignments, due dates and
 * conditions; multi-instance over a BPMN 2.0 data input (loopDataInputRef / inputDataItem).
 */
describe('composite expressions (JUEL)', () => {
  it('a composite is literal text with each embedded ${…} / #{…} as text; null is empty', () => {
    const vars = { loopCounter: 1, given: 'chao', none: null, n: 3 };
    expect(evaluateValue('kermit_${loopCounter}', vars)).toBe('kermit_1');
    expect(evaluateValue('ma#{given}', vars)).toBe('machao');
    expect(evaluateValue('P${n}D', vars)).toBe('P3D');
    expect(evaluateValue('${given}-${none}-${n + 1}', vars)).toBe('chao--4');
    expect(evaluateValue("a${given == 'chao' ? '}' : 'x'}b", vars)).toBe('a}b');
    expect(evaluateValue('${n + 1}', vars)).toBe(4);
    expect(evaluateValue('\\${given} ${n}', vars)).toBe('${given} 3');
    expect(isExpression('kermit_${loopCounter}')).toBe(true);
    expect(isExpression('machao')).toBe(false);
  });

  it('a composite condition is text, and text is not a boolean (Activiti: condition expression returns non-Boolean)', () => {
    expect(() => evaluateCondition('${a} ${b}', { a: true, b: true })).toThrow('条件的结果「true true」不是布尔值');
    expect(() => evaluateCondition('${a}${b}', { a: 'tr', b: 'ue' })).toThrow('不是布尔值');
    expect(evaluateCondition('${a && b}', { a: true, b: true })).toBe(true);
  });

  it('deploy reads composites everywhere Activiti takes an expression, and still refuses a broken one', async () => {
    const m = await parseBpmn(corpus('composite'));
    expect(m.nodes.get('handle')!.assignment!.assignee).toBe('ma${given}');
    expect(m.nodes.get('handle')!.due!.spec).toEqual({ duration: 'P${days}D', date: null });
    expect(m.nodes.get('leaders')!.assignment).toEqual({ assignee: null, candidateUsers: ["li#{'na'}"], candidateGroups: ['${level}_leader'] });
    await expect(parseBpmn(corpus('composite').replace('ma${given}', 'ma${given +}'))).rejects.toThrow('用户任务「经办」(handle)的处理人的表达式「ma${given +}」无法解析');
    await expect(parseBpmn(corpus('composite').replace('ma${given}', 'ma${given'))).rejects.toThrow('无法解析');
    await expect(parseBpmn(corpus('composite-condition'))).resolves.toBeTruthy();
  });

  it('deploy reads a multi-instance data input as collection and element variable', async () => {
    const m = await parseBpmn(corpus('data-input-multi'));
    expect(m.nodes.get('miTasks')!.multi).toMatchObject({ sequential: true, collection: 'reviewerList', elementVariable: 'reviewer' });
    expect(m.nodes.get('countersign')!.multi).toMatchObject({ sequential: false, collection: 'approverList', elementVariable: 'approver' });
  });

  it('deploy reads the initiator variable of flowable:, camunda: and activiti: start events', async () => {
    expect((await parseBpmn(corpus('modeler-initiator'))).initiatorVar).toBe('employeeName');
    expect((await parseBpmn(corpus('camunda-initiator'))).initiatorVar).toBe('starter');
    const activiti = corpus('modeler-initiator').replace('xmlns:flowable="http://flowable.org/bpmn"', 'xmlns:activiti="http://activiti.org/bpmn"').replaceAll('flowable:', 'activiti:');
    expect((await parseBpmn(activiti)).initiatorVar).toBe('employeeName');
  });
});

describe.each(dbKinds)('[WORKFLOW] Activiti expressions and initiator on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let admin: string;
  const clock = Date.UTC(2026, 10, 2, 1, 0, 0);
  const defs: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    await workflowOf(t.app.ctx).timers.stop();
    workflowOf(t.app.ctx).engine.clock = () => clock;
    f = new Flow(t);
    admin = await f.token('admin');
    for (const username of ['reviewer_0', 'reviewer_1']) {
      const r = await t.call(admin, 'POST', '/sys/user/add', { username, realname: `复核人${username.slice(-1)}`, password: '123456' });
      expect(r.body.success, r.body.message).toBe(true);
    }
    defs.modeler = await deploy(t, admin, corpus('modeler-initiator'), {});
    defs.camunda = await deploy(t, admin, corpus('camunda-initiator'), {});
    defs.composite = await deploy(t, admin, corpus('composite'), {});
    defs.condition = await deploy(t, admin, corpus('composite-condition'), {});
    defs.dataInput = await deploy(t, admin, corpus('data-input-multi'), {});
  });
  afterAll(async () => {
    if (t) await assertConsistent(t);
    await t?.close();
  });

  it('Flowable modeler export: $INITIATOR and ${employeeName} are the user who started, never the administrator', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.modeler);
    expect(await f.open(procInstId)).toEqual(['sid-3C1D2A55-DEPT:machao']);
    await f.signOk('machao', procInstId, 'sid-3C1D2A55-DEPT');
    expect(await f.open(procInstId)).toEqual(['sid-7F0B9E12-CONFIRM:zhulin']);
    // an assignment that names the initiator explicitly keeps them: the applicant completes their own step
    await f.signOk('zhulin', procInstId, 'sid-7F0B9E12-CONFIRM');
    expect(await f.open(procInstId)).toEqual(['sid-0A4E6C3B-ARCHIVE:zhulin']);
    await f.signOk('zhulin', procInstId, 'sid-0A4E6C3B-ARCHIVE');
    expect(await f.state(id)).toEqual([2, 2]);
    const started = await f.start('chenjing', 100, defs.modeler);
    await f.signOk('machao', started.procInstId, 'sid-3C1D2A55-DEPT');
    expect(await f.open(started.procInstId)).toEqual(['sid-7F0B9E12-CONFIRM:chenjing']);
    const history = await t.app.ctx.db.selectFrom('wfAction').select('action').where('instId', 'in', [procInstId, started.procInstId]).execute();
    expect(history.map((h) => h.action)).not.toContain('fallback');
  });

  it('the next-node preview of a draft shows $INITIATOR and ${employeeName} as the applicant', async () => {
    const tableId = await f.draft('zhulin', 100, defs.modeler);
    for (const [from, to] of [
      ['sid-3C1D2A55-DEPT', 'sid-7F0B9E12-CONFIRM'],
      ['sid-7F0B9E12-CONFIRM', 'sid-0A4E6C3B-ARCHIVE'],
    ]) {
      const next = await f.call('zhulin', 'GET', `/activiti_process/getNextNode?procDefId=${defs.modeler}&currActId=${from}&tableId=${tableId}`);
      expect(next.body.success, next.body.message).toBe(true);
      expect(next.body.result.id).toBe(to);
      expect(next.body.result.users.map((x: { username: string }) => x.username)).toEqual(['zhulin']);
    }
  });

  it('camunda:initiator: ${starter} among the candidates and #{starter} as assignee are the applicant', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.camunda);
    expect(await f.open(procInstId)).toEqual(['Task_review:liuyang|zhulin']);
    await f.signOk('liuyang', procInstId, 'Task_review');
    expect(await f.open(procInstId)).toEqual(['Task_supplement:zhulin']);
    await f.signOk('zhulin', procInstId, 'Task_supplement');
    expect(await f.state(id)).toEqual([2, 2]);
  });

  it('a $NAME placeholder other than $INITIATOR is refused at deploy, naming the task', async () => {
    const r = await t.call(admin, 'POST', '/activiti_process/deploy', { xml: corpus('refused/modeler-placeholder'), businessTable: 'fm_expense' });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('用户任务「直属主管审批」(sid-MANAGER)的处理人「$MANAGER」无法解析');
  });

  it('a literal assignee who is nobody of the directory deploys with a warning and stops the command that reaches it', async () => {
    const r = await t.call(admin, 'POST', '/activiti_process/deploy', { xml: corpus('unknown-assignee'), businessTable: 'fm_expense' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.result.warnings).toEqual([
      '用户任务「我的任务」(theTask)的处理人「kermit」还不是系统中的用户：流程到达该任务前请先创建该账号，否则流程将停在此处并提示',
    ]);
    const procDefId = r.body.result.id as string;
    const id = await f.draft('zhulin', 100, procDefId);
    const apply = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId });
    expect(apply.body.success).toBe(false);
    expect(apply.body.message).toContain('的处理人「kermit」是「kermit」，不是系统中的用户，流程无法继续');
    // nothing was handed to anyone else
    const tasks = await t.app.ctx.db.selectFrom('wfInstance').select('id').where('procDefId', '=', procDefId).execute();
    expect(tasks).toHaveLength(0);
  });

  it('composite assignee, due date, countersign assignee (reviewer_${loopCounter}), task name and candidate groups', async () => {
    const start = clock;
    const { id, procInstId } = await f.startWith('zhulin', 100, defs.composite, { given: 'chao', days: 3, level: 'dept' });
    expect(await f.open(procInstId)).toEqual(['handle:machao']);
    const due = await t.app.ctx.db.selectFrom('wfJob').select(['type', 'dueTime']).where('instId', '=', procInstId).execute();
    expect(due).toEqual([{ type: 'due', dueTime: start + 3 * DAY }]);
    await f.signOk('machao', procInstId, 'handle');
    const openName = async () => (await t.app.ctx.db.selectFrom('wfTask').select('name').where('instId', '=', procInstId).where('status', '=', 0).executeTakeFirstOrThrow()).name;
    expect(await f.open(procInstId)).toEqual(['reviewers:reviewer_0']);
    expect(await openName()).toBe('复核（第1/2轮）');
    await f.signOk('reviewer_0', procInstId, 'reviewers');
    expect(await f.open(procInstId)).toEqual(['reviewers:reviewer_1']);
    expect(await openName()).toBe('复核（第2/2轮）');
    await f.signOk('reviewer_1', procInstId, 'reviewers');
    // ${level}_leader is the role dept_leader; li#{'na'} is lina
    const [leaders] = await f.open(procInstId);
    expect(leaders.split(':')[0]).toBe('leaders');
    const people = leaders.split(':')[1].split('|');
    expect(people).toEqual(expect.arrayContaining(['lina', 'machao', 'liuyang', 'zhangwei']));
    expect(people).not.toContain('zhulin');
    await f.signOk('lina', procInstId, 'leaders');
    expect(await f.state(id)).toEqual([2, 2]);
  });

  it('an assignee that names nobody stops with a message naming the task and never goes to the administrator', async () => {
    const instances = () => t.app.ctx.db.selectFrom('wfInstance').select('id').where('procDefId', '=', defs.composite).execute();
    const before = (await instances()).length;
    const id = await f.draft('zhulin', 100, defs.composite);
    const r = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: defs.composite, variables: { given: 'nobody', days: 1, level: 'dept' } });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('用户任务「经办」(handle)的处理人「ma${given}」是「manobody」，不是系统中的用户');
    expect(await f.state(id)).toEqual([0, 0]);
    expect(await instances()).toHaveLength(before);
  });

  it('a composite condition is text: the gateway stops with a visible error (as Activiti), nothing is started', async () => {
    const id = await f.draft('zhulin', 100, defs.condition);
    const r = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: defs.condition, variables: { urgent: true, vip: true } });
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('不是布尔值');
    expect(await f.state(id)).toEqual([0, 0]);
  });

  it('multi-instance over loopDataInputRef / inputDataItem: sequential, then parallel with a completion condition', async () => {
    const { id, procInstId } = await f.startWith('zhulin', 100, defs.dataInput, { reviewerList: 'machao,liuyang', approverList: 'lina,wangfang,zhangwei' });
    expect(await f.open(procInstId)).toEqual(['miTasks:machao']);
    await f.signOk('machao', procInstId, 'miTasks');
    expect(await f.open(procInstId)).toEqual(['miTasks:liuyang']);
    await f.signOk('liuyang', procInstId, 'miTasks');
    expect(await f.open(procInstId)).toEqual(['countersign:lina', 'countersign:wangfang', 'countersign:zhangwei']);
    await f.signOk('wangfang', procInstId, 'countersign');
    await f.signOk('zhangwei', procInstId, 'countersign');
    expect(await f.open(procInstId)).toEqual([]);
    expect(await f.state(id)).toEqual([2, 2]);
  });
});
