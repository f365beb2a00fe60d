import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseBpmn } from '../../src/modules/workflow/bpmn.js';
import type { FormType } from '../../src/modules/workflow/form-registry.js';
import { workflowOf } from '../../src/modules/workflow/workflow.module.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, bpmn, deploy, Flow, u } from './wf-helpers.js';

/** A public BPMN file of test/workflow/bpmn/public/ (origins in its README.md), unchanged. */
const pub = (name: string) => readFileSync(new URL(`./bpmn/public/${name}.bpmn20.xml`, import.meta.url), 'utf8');

/** A user task with no outgoing flow: leaving it ends that path (BPMN 2.0 implicit end). */
const IMPLICIT = bpmn(
  't_implicit_end',
  [
    ['start', 'start'],
    ['split', 'and'],
    ['a', 'user', '甲审批'],
    ['b', 'user', '乙审批'],
    ['end', 'end'],
  ],
  [
    ['f1', 'start', 'split'],
    ['f2', 'split', 'a'],
    ['f3', 'split', 'b'],
    ['f4', 'b', 'end'],
  ],
);

const DATES_FORM = 'fm_test_due_dates';

/** A form type whose fields are the date variables the due-date process reads (rows kept in memory). */
function datesForm(): FormType {
  const rows = new Map<string, Record<string, unknown>>();
  const status = new Map<string, string>();
  let n = 0;
  return {
    tableName: DATES_FORM,
    routeName: 'TestDueDates',
    label: '期限',
    endLabel: '流程结束',
    passPath: 'pass',
    commentRequired: false,
    fullScreen: false,
    schema: z.object({ dateVariable: z.string().optional(), localDateVariable: z.string().optional(), instantVariable: z.string().optional() }),
    async create(_db, applicant, data) {
      const id = `dates-${++n}`;
      rows.set(id, { ...data });
      return { id, title: `${applicant.realname}的期限申请` };
    },
    async update(_db, id, data) {
      rows.set(id, { ...data });
      return { title: '期限申请' };
    },
    async load(_db, id) {
      return rows.get(id);
    },
    async remove(_db, id) {
      rows.delete(id);
    },
    async setActStatus(_db, id, text) {
      status.set(id, text);
    },
  };
}

/** An embedded sub-process whose only task has no outgoing flow: the sub-process completes when it is passed. */
const IMPLICIT_SUB = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="t">
  <process id="t_implicit_sub" name="t_implicit_sub" isExecutable="true">
    <startEvent id="start"/>
    <subProcess id="sub" name="子流程">
      <startEvent id="subStart"/>
      <userTask id="inner" name="子流程审批"/>
      <endEvent id="subEnd"/>
      <sequenceFlow id="s1" sourceRef="subStart" targetRef="inner"/>
    </subProcess>
    <userTask id="after" name="复核"/>
    <endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="sub"/>
    <sequenceFlow id="f2" sourceRef="sub" targetRef="after"/>
    <sequenceFlow id="f3" sourceRef="after" targetRef="end"/>
  </process>
</definitions>`;

describe('public files Activiti runs: deploy', () => {
  it('reads a formProperty id that is no identifier as its variable name (with a warning)', async () => {
    const m = await parseBpmn(pub('flowable-expense-kickstart'));
    expect(m.nodes.get('task_2')!.decisionFields).toMatchObject([{ name: 'Do you agree?', label: 'Do you agree?', required: true, type: 'text' }]);
    expect(m.initiatorVar).toBe('initiator');
    expect(m.warnings.join('\n')).toContain('「Do you agree?」的 id 不是标识符');
  });

  it('a join, a user task or a plain task may have no outgoing flow; exclusive gateways and the start may not', async () => {
    const m = await parseBpmn(pub('flowable-due-date-extension'));
    expect(m.nodes.get('parallelJoin')!.outgoing).toEqual([]);
    expect(m.warnings.join('\n')).toContain('结束节点「结束」(theEnd)没有进入连线');
    await expect(parseBpmn(IMPLICIT)).resolves.toBeTruthy();
    const xor = bpmn('t_xor_dead', [['start', 'start'], ['x', 'xor'], ['end', 'end']], [['f1', 'start', 'x']]);
    await expect(parseBpmn(xor)).rejects.toThrow('节点「x」(x)没有出口连线：排他/包容网关必须至少有一条出口连线');
    const noStartOut = bpmn('t_start_dead', [['start', 'start'], ['end', 'end']], []);
    await expect(parseBpmn(noStartOut)).rejects.toThrow('开始节点没有出口连线');
  });

  it('still refuses a formProperty id with a control character', async () => {
    await expect(parseBpmn(pub('flowable-expense-kickstart').replaceAll('id="Do you agree?"', 'id="Do you&#10;agree?"'))).rejects.toThrow('的 id 过长或含控制字符');
  });
});

describe.each(dbKinds)('[WORKFLOW] public files Activiti runs, end to end, on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let admin: string;
  const clock = Date.UTC(2026, 10, 2, 1, 0, 0);
  const defs: Record<string, string> = {};
  const storedVars = async (procInstId: string) => {
    const row = await t.app.ctx.db.selectFrom('wfVariable').select('value').where('instId', '=', procInstId).where('name', '=', 'vars').executeTakeFirst();
    return row?.value ? (JSON.parse(row.value) as Record<string, unknown>) : {};
  };
  const endLog = async (procInstId: string) => {
    const row = await t.app.ctx.db.selectFrom('wfAction').selectAll().where('instId', '=', procInstId).where('action', '=', 'end').executeTakeFirstOrThrow();
    return { nodeId: row.nodeId, detail: JSON.parse(row.detail ?? '{}') as { ends: string[]; outcome: string } };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await workflowOf(t.app.ctx).timers.stop();
    workflowOf(t.app.ctx).engine.clock = () => clock;
    f = new Flow(t);
    admin = await f.token('admin');
    defs.expense = await deploy(t, admin, pub('flowable-expense-kickstart'), {});
    // the process has no start form: its date variables are the fields of the application's form
    workflowOf(t.app.ctx).registry.register(datesForm());
    defs.due = await deploy(t, admin, pub('flowable-due-date-extension'), { dateTask: u('machao'), localDateTask: u('liuyang'), instantTask: u('lina') }, DATES_FORM);
    defs.vacation = await deploy(t, admin, pub('activiti-vacation-request'), {});
    defs.implicit = await deploy(t, admin, IMPLICIT, { a: u('machao'), b: u('liuyang') });
    defs.implicitSub = await deploy(t, admin, IMPLICIT_SUB, { inner: u('machao'), after: u('liuyang') });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('Flowable kickstart expense: the initiator fills in the refund, the unknown group falls back to the administrator, who answers “Do you agree?”', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.expense);
    // humanPerformer ${initiator}: the applicant's own task (the initiator variable of ns3:initiator)
    expect(await f.open(procInstId)).toEqual(['task_1:zhulin']);
    const missing = await f.pass('zhulin', procInstId, 'task_1', { formProperties: { Motivation: '出差' } });
    expect(missing.body.message).toBe('请填写「Amount」');
    await f.passOk('zhulin', procInstId, 'task_1', { formProperties: { Amount: '320', Motivation: '出差' } });
    // potentialOwner `management`: no such role here, so the node's "no approver" policy hands it to the administrator
    expect(await f.open(procInstId)).toEqual(['task_2:admin']);
    const fallback = await t.app.ctx.db.selectFrom('wfAction').select('action').where('instId', '=', procInstId).where('nodeId', '=', 'task_2').execute();
    expect(fallback.map((a) => a.action)).toContain('fallback');

    const required = await f.pass('admin', procInstId, 'task_2', { formProperties: {} });
    expect(required.body.message).toBe('请填写「Do you agree?」');
    // through variables, only the declared odd name is taken; another one is refused, a reserved one too
    const other = await f.pass('admin', procInstId, 'task_2', { variables: { 'Do you disagree?': 'no' } });
    expect(other.body.message).toBe('变量名「Do you disagree?」不允许使用');
    const reserved = await f.pass('admin', procInstId, 'task_2', { variables: { initiator: 'admin' } });
    expect(reserved.body.message).toBe('变量名「initiator」不允许使用');
    await f.passOk('admin', procInstId, 'task_2', { formProperties: { 'Do you agree?': 'yes' } });
    expect(await storedVars(procInstId)).toEqual({ Amount: 320, Motivation: '出差', 'Do you agree?': 'yes' });
    expect(await f.state(id)).toEqual([2, 2]);
    expect((await endLog(procInstId)).detail).toEqual({ ends: ['theEnd'], outcome: 'passed' });
    await assertConsistent(t);
  });

  it('Flowable due dates: an absent date variable stops the apply; given, the three tasks get their due dates and the join without a way out ends the process', async () => {
    const draft = async (data: Record<string, unknown>) => {
      const r = await f.call('zhulin', 'POST', '/actBusiness/add', { tableName: DATES_FORM, procDefId: defs.due, ...data });
      expect(r.body.success, r.body.message).toBe(true);
      return r.body.result.id as string;
    };
    const draftId = await draft({ dateVariable: '2026-12-01 09:00:00', localDateVariable: '2026-12-02 00:00:00' });
    const fail = await f.call('zhulin', 'POST', '/actBusiness/apply', { id: draftId, procDefId: defs.due });
    expect(fail.body.success).toBe(false);
    expect(fail.body.message).toBe('用户任务「my java.time.Instant task」的办理期限 ${instantVariable} 使用了未定义的变量「instantVariable」，请在申请或审批时提供该变量');
    expect(await f.state(draftId)).toEqual([0, 0]);
    expect(await t.app.ctx.db.selectFrom('wfTask').select('id').where('procDefId', '=', defs.due).execute()).toEqual([]);

    const id = await draft({ dateVariable: '2026-12-01 09:00:00', localDateVariable: '2026-12-02 00:00:00', instantVariable: '2026-12-03 18:30:00' });
    const applied = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: defs.due });
    expect(applied.body.success, applied.body.message).toBe(true);
    const procInstId = applied.body.result.procInstId as string;
    expect(await f.open(procInstId)).toEqual(['dateTask:machao', 'instantTask:lina', 'localDateTask:liuyang']);
    const jobs = await t.app.ctx.db.selectFrom('wfJob').select(['nodeId', 'type']).where('instId', '=', procInstId).execute();
    expect(jobs.filter((j) => j.type === 'due').map((j) => j.nodeId).sort()).toEqual(['dateTask', 'instantTask', 'localDateTask']);

    await f.passOk('machao', procInstId, 'dateTask');
    await f.passOk('lina', procInstId, 'instantTask');
    expect(await f.tokens(procInstId)).toEqual(['active@localDateTask', 'join@parallelJoin', 'join@parallelJoin']);
    await f.passOk('liuyang', procInstId, 'localDateTask');
    expect(await f.tokens(procInstId)).toEqual([]);
    expect(await f.state(id)).toEqual([2, 2]);
    const end = await endLog(procInstId);
    expect(end.nodeId).toBe('parallelJoin');
    expect(end.detail).toEqual({ ends: ['parallelJoin'], outcome: 'passed' });
    await assertConsistent(t);
  });

  it('Activiti vacation request: the start form in dd-MM-yyyy hh:mm, a rejection sends it back to the employee, who resends it; approved it ends', async () => {
    const draftId = await f.draft('zhulin', 100, defs.vacation);
    const apply = await f.call('zhulin', 'POST', '/actBusiness/apply', {
      id: draftId,
      procDefId: defs.vacation,
      formProperties: { numberOfDays: '3', startDate: '01-12-2026 09:30', vacationMotivation: '休息' },
    });
    expect(apply.body.success, apply.body.message).toBe(true);
    const procInstId = apply.body.result.procInstId as string;
    expect(await storedVars(procInstId)).toMatchObject({ numberOfDays: 3, startDate: '2026-12-01 09:30:00', vacationMotivation: '休息' });
    expect(await f.open(procInstId)).toEqual(['handleRequest:admin']);

    await f.passOk('admin', procInstId, 'handleRequest', { formProperties: { vacationApproved: 'false', managerMotivation: '月底太忙' } });
    // humanPerformer ${employeeName}: the start event's initiator variable, so the applicant's own task
    expect(await f.open(procInstId)).toEqual(['adjustVacationRequestTask:zhulin']);
    await f.passOk('zhulin', procInstId, 'adjustVacationRequestTask', {
      formProperties: { numberOfDays: '2', startDate: '02-12-2026 09:30', vacationMotivation: '休息', resendRequest: 'true' },
    });
    expect(await f.open(procInstId)).toEqual(['handleRequest:admin']);
    await f.passOk('admin', procInstId, 'handleRequest', { formProperties: { vacationApproved: 'true' } });
    expect(await f.state(draftId)).toEqual([2, 2]);
    expect((await endLog(procInstId)).detail).toEqual({ ends: ['theEnd1'], outcome: 'passed' });
    expect(await storedVars(procInstId)).toMatchObject({ numberOfDays: 2, vacationApproved: 'true', resendRequest: 'true' });
    await assertConsistent(t);
  });

  it('a user task with no outgoing flow ends its path; the instance ends when the other path ends too', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.implicit);
    expect(await f.open(procInstId)).toEqual(['a:machao', 'b:liuyang']);
    // the approve dialog's preview of the task without a way out: the end of the process, not an error
    const preview = await f.call('machao', 'GET', `/activiti_process/getNextNode?procInstId=${procInstId}&currActId=a`);
    expect(preview.body.success, preview.body.message).toBe(true);
    expect(preview.body.result).toMatchObject({ id: 'a', type: 2, users: [expect.objectContaining({ username: '' })] });
    await f.passOk('machao', procInstId, 'a');
    // path a ended at its task; b still runs
    expect(await f.open(procInstId)).toEqual(['b:liuyang']);
    expect(await f.state(id)).toEqual([1, 1]);
    await assertConsistent(t);
    await f.passOk('liuyang', procInstId, 'b');
    expect(await f.state(id)).toEqual([2, 2]);
    expect((await endLog(procInstId)).detail).toEqual({ ends: ['a', 'end'], outcome: 'passed' });

    // the other order: the task without a way out is the last one
    const second = await f.start('zhulin', 100, defs.implicit);
    await f.passOk('liuyang', second.procInstId, 'b');
    expect(await f.open(second.procInstId)).toEqual(['a:machao']);
    await f.passOk('machao', second.procInstId, 'a');
    expect(await f.state(second.id)).toEqual([2, 2]);
    const end = await endLog(second.procInstId);
    expect(end.nodeId).toBe('a');
    expect(end.detail).toEqual({ ends: ['end', 'a'], outcome: 'passed' });
    await assertConsistent(t);
  });

  it('inside an embedded sub-process, a task with no outgoing flow completes the sub-process, which goes on', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, defs.implicitSub);
    expect(await f.open(procInstId)).toEqual(['inner:machao']);
    await f.passOk('machao', procInstId, 'inner');
    expect(await f.open(procInstId)).toEqual(['after:liuyang']);
    expect(await f.state(id)).toEqual([1, 1]);
    await f.passOk('liuyang', procInstId, 'after');
    expect(await f.state(id)).toEqual([2, 2]);
    expect((await endLog(procInstId)).detail).toEqual({ ends: ['inner', 'end'], outcome: 'passed' });
    await assertConsistent(t);
  });
});
