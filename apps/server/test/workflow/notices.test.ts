import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeServices } from '../../src/modules/announcement/register.js';
import { RecordingChannel } from '../../src/modules/message/channels.js';
import type { WorkflowEvent } from '../../src/modules/workflow/events.js';
import { composeNotices, workflowNotices } from '../../src/modules/workflow/notices.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { Flow } from './wf-helpers.js';

interface SysMsg {
  id: string;
  titile: string;
  msgContent?: string;
  openType: string | null;
  openPage: string | null;
  sender: string | null;
}

describe.each(dbKinds)('[WORKFLOW] notices of approval steps on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Waits until every notice accepted so far has been sent. */
  const settle = async () => {
    await workflowNotices(t.app.ctx)!.idle();
  };

  /** The user's system messages (in-app notices) whose title contains `text`, newest first. */
  const messagesOf = async (username: string, text: string): Promise<SysMsg[]> => {
    const r = await f.call(username, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=100&msgCategory=2');
    expect(r.body.success, r.body.message).toBe(true);
    return (r.body.result.records as SysMsg[]).filter((m) => m.titile.includes(text));
  };

  const todoOf = async (username: string, procInstId: string) => {
    const r = await f.call(username, 'POST', '/actTask/todoList', { pageIndex: 1, pageSize: 100 });
    return (r.body.result.records as { id: string; procInstId: string; procDefId: string; key: string }[]).find((x) => x.procInstId === procInstId);
  };

  it('the next approver and the applicant are told at every step and at the end, with links to the item', async () => {
    const title = `通知测试-${kind}-${Date.now().toString(36)}`;
    const defs = await f.call('dongjian', 'GET', '/activiti_process/startable?tableName=fm_expense');
    const procDefId = defs.body.result[0].id as string;
    const add = await f.call('dongjian', 'POST', '/actBusiness/add', {
      tableName: 'fm_expense',
      procDefId,
      title,
      reason: '客户拜访交通费',
      items: [{ name: '高铁', amount: 300 }],
    });
    expect(add.body.success, add.body.message).toBe(true);
    const apply = await f.call('dongjian', 'POST', '/actBusiness/apply', { id: add.body.result.id, procDefId });
    expect(apply.body.success, apply.body.message).toBe(true);
    const procInstId = apply.body.result.procInstId as string;
    await settle();

    // The department head is told a task waits, linking to the to-do list filtered to the item.
    const toA = await messagesOf('machao', `待审批：${title}`);
    expect(toA).toHaveLength(1);
    expect(toA[0]).toMatchObject({ openType: 'url', openPage: `/activiti/todoManage?name=${encodeURIComponent(title)}` });

    // A passes to finance with a comment; the applicant learns the comment and the next step.
    const taskA = (await todoOf('machao', procInstId))!;
    const pass = await f.call('machao', 'POST', '/actTask/pass', { id: taskA.id, type: 0, comment: '同意，请财务审核', assignees: 'liuyang', sendMessage: true });
    expect(pass.body.success, pass.body.message).toBe(true);
    await settle();
    const step = await messagesOf('dongjian', `审批进度：${title}`);
    expect(step).toHaveLength(1);
    expect(step[0].openPage).toBe(`/activiti/myApplications?title=${encodeURIComponent(title)}`);
    expect(step[0].sender).toBe('machao');
    expect(step[0].msgContent).toContain('马超已通过「部门负责人审批」，审批意见：同意，请财务审核');
    expect(step[0].msgContent).toContain('下一步：「财务审核」（刘洋）');
    expect(await messagesOf('liuyang', `待审批：${title}`)).toHaveLength(1);
    const pending = await f.call('dongjian', 'GET', `/actBusiness/getForm?id=${add.body.result.id}`);
    expect(pending.body.result.actStatus).toBe('审批中：财务审核（刘洋）');
    const mine = await f.call('dongjian', 'POST', '/actBusiness/listData', { title, pageNo: 1, pageSize: 10 });
    expect(mine.body.result.records[0].statusText).toBe('审批中：财务审核（刘洋）');

    // Finance passes (under 5000: the end) and the applicant is told the process ended.
    const taskB = (await todoOf('liuyang', procInstId))!;
    const last = await f.call('liuyang', 'POST', '/actTask/pass', { id: taskB.id, type: 0, comment: '票据齐全' });
    expect(last.body.success, last.body.message).toBe(true);
    await settle();
    const end = await messagesOf('dongjian', `审批通过：${title}`);
    expect(end).toHaveLength(1);
    expect(end[0].msgContent).toContain('审批流程已结束，结果：已通过');
    // the form's status names the state in words, never node ids
    const form = await f.call('dongjian', 'GET', `/actBusiness/getForm?id=${add.body.result.id}`);
    expect(form.body.result.actStatus).toBe('审批通过');
  });

  it('a rejection tells the applicant the reason; ticked channels also carry it when configured', async () => {
    const email = new RecordingChannel('email', '邮件');
    officeServices(t.app.ctx).messages.setChannel(email);
    const title = `驳回通知-${kind}-${Date.now().toString(36)}`;
    const defs = await f.call('dongjian', 'GET', '/activiti_process/startable?tableName=fm_expense');
    const procDefId = defs.body.result[0].id as string;
    const add = await f.call('dongjian', 'POST', '/actBusiness/add', { tableName: 'fm_expense', procDefId, title, reason: '办公用品', items: [{ name: '纸张', amount: 80 }] });
    const apply = await f.call('dongjian', 'POST', '/actBusiness/apply', { id: add.body.result.id, procDefId });
    const procInstId = apply.body.result.procInstId as string;
    await settle();
    const taskA = (await todoOf('machao', procInstId))!;
    const back = await f.call('machao', 'POST', '/actTask/back', { id: taskA.id, comment: '发票抬头不对', sendEmail: true });
    expect(back.body.success, back.body.message).toBe(true);
    await settle();
    const rejected = await messagesOf('dongjian', `审批驳回：${title}`);
    expect(rejected).toHaveLength(1);
    expect(rejected[0].msgContent).toContain('理由：发票抬头不对');
    // my applications say why, in words
    const mine = await f.call('dongjian', 'POST', '/actBusiness/listData', { title, pageNo: 1, pageSize: 10 });
    expect(mine.body.result.records[0].statusText).toBe('驳回：发票抬头不对');
    const mailed = email.sent.filter((m) => m.title === `审批驳回：${title}`);
    expect(mailed).toHaveLength(1);
    expect(mailed[0].receivers).toEqual(['dongjian']);
  });

  it('transfer (转办), CC (抄送) and urge (催办) tell the person concerned, linking to the item', async () => {
    const title = `转办抄送催办-${kind}-${Date.now().toString(36)}`;
    const defs = await f.call('dongjian', 'GET', '/activiti_process/startable?tableName=fm_expense');
    const procDefId = defs.body.result[0].id as string;
    const add = await f.call('dongjian', 'POST', '/actBusiness/add', { tableName: 'fm_expense', procDefId, title, reason: '会议茶歇', items: [{ name: '茶歇', amount: 260 }] });
    const apply = await f.call('dongjian', 'POST', '/actBusiness/apply', { id: add.body.result.id, procDefId });
    expect(apply.body.success, apply.body.message).toBe(true);
    const procInstId = apply.body.result.procInstId as string;
    await settle();

    // the applicant copies a colleague: the copied user is told, linking to the CC inbox filtered to the item
    const cc = await f.call('dongjian', 'POST', '/actTask/cc', { procInstId, userIds: 'liuyang', comment: '请知悉' });
    expect(cc.body.success, cc.body.message).toBe(true);
    await settle();
    const copied = await messagesOf('liuyang', `抄送：${title}`);
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatchObject({ openType: 'url', openPage: `/activiti/ccInbox?title=${encodeURIComponent(title)}`, sender: 'dongjian' });
    expect(copied[0].msgContent).toContain('董建将董建提交的「费用报销」抄送给您');
    expect(copied[0].msgContent).toContain('留言：请知悉');
    expect(await messagesOf('dongjian', `抄送：${title}`)).toHaveLength(0);

    // the applicant urges: the open task's approver is told
    const urge = await f.call('dongjian', 'POST', '/actBusiness/urge', { procInstId, comment: '明天出差，请尽快' });
    expect(urge.body.success, urge.body.message).toBe(true);
    await settle();
    const urged = await messagesOf('machao', `催办：${title}`);
    expect(urged).toHaveLength(1);
    expect(urged[0]).toMatchObject({ openPage: `/activiti/todoManage?name=${encodeURIComponent(title)}`, sender: 'dongjian' });
    expect(urged[0].msgContent).toContain('正在「部门负责人审批」等待您审批');
    expect(urged[0].msgContent).toContain('留言：明天出差，请尽快');

    // the approver transfers the task: the new assignee is told, linking to the to-do list
    const task = (await todoOf('machao', procInstId))!;
    const tr = await f.call('machao', 'POST', '/actTask/transfer', { id: task.id, userId: 'chenjing', comment: '我在休假' });
    expect(tr.body.success, tr.body.message).toBe(true);
    await settle();
    const transferred = await messagesOf('chenjing', `转办待办：${title}`);
    expect(transferred).toHaveLength(1);
    expect(transferred[0]).toMatchObject({ openPage: `/activiti/todoManage?name=${encodeURIComponent(title)}`, sender: 'machao' });
    expect(transferred[0].msgContent).toContain('马超将「部门负责人审批」转交给您审批');
    expect(await messagesOf('machao', `转办待办：${title}`)).toHaveLength(0);
  });
});

describe('[WORKFLOW] notice composition', () => {
  const ref = { procInstId: 'p1', procDefId: 'expense:1:1', businessId: 'b1', title: '差旅报销 320.50元', starter: 'dongjian', tableName: 'fm_expense' };
  const names = { processName: '费用报销', realname: (u: string) => ({ dongjian: '董建', machao: '马超', liuyang: '刘洋', chenjing: '陈静' })[u] ?? u };

  it('a return to a node tells the applicant and asks the node again with the reason', () => {
    const events: WorkflowEvent[] = [
      { ...ref, type: 'rejected', taskId: 't2', nodeId: 'financeApprove', nodeName: '财务审核', actor: { username: 'liuyang', realname: '刘洋' }, comment: '请补充行程', backTaskKey: 'deptApprove' },
      { ...ref, type: 'taskCreated', taskId: 't3', nodeId: 'deptApprove', nodeName: '部门负责人审批', candidates: ['machao'], priority: 1 },
    ];
    const out = composeNotices(events, names);
    expect(out.map((n) => [n.receivers.join(','), n.title])).toEqual([
      ['machao', '待审批：差旅报销 320.50元'],
      ['dongjian', '审批退回：差旅报销 320.50元'],
    ]);
    expect(out[0].text).toContain('退回理由：请补充行程');
    expect(out[0].priority).toBe('M');
    expect(out[1].text).toContain('退回至「部门负责人审批」');
  });

  it('a rejection without a reason says so; delegation tells the delegatee; an automatic end tells the applicant', () => {
    const rejected = composeNotices(
      [
        { ...ref, type: 'rejected', taskId: 't1', nodeId: 'deptApprove', nodeName: '部门负责人审批', actor: { username: 'machao', realname: '马超' }, comment: null, backTaskKey: null },
        { ...ref, type: 'finished', outcome: 'rejected', endNodeId: null, reason: null },
      ],
      names,
    );
    expect(rejected).toHaveLength(1);
    expect(rejected[0].text).toContain('理由：未填写');
    const delegated = composeNotices([{ ...ref, type: 'delegated', taskId: 't1', nodeId: 'deptApprove', nodeName: '部门负责人审批', actor: { username: 'machao', realname: '马超' }, to: 'chenjing', comment: null }], names);
    expect(delegated.map((n) => [n.receivers, n.title])).toEqual([[['chenjing'], '委托待办：差旅报销 320.50元']]);
    const transferred = composeNotices([{ ...ref, type: 'transferred', taskId: 't1', nodeId: 'deptApprove', nodeName: '部门负责人审批', actor: { username: 'machao', realname: '马超' }, to: 'chenjing', comment: null }], names);
    expect(transferred.map((n) => [n.receivers, n.title, n.priority])).toEqual([[['chenjing'], '转办待办：差旅报销 320.50元', 'M']]);
    // a node's automatic copy has no actor; the actor never copies themself
    const cc = composeNotices([{ ...ref, type: 'cc', actor: null, users: ['liuyang', 'chenjing'], nodeId: 'financeApprove', comment: null }], names);
    expect(cc.map((n) => [n.receivers, n.title, n.sender])).toEqual([[['liuyang', 'chenjing'], '抄送：差旅报销 320.50元', null]]);
    expect(cc[0].text).toContain('审批流程将董建提交的「费用报销」抄送给您');
    const urged = composeNotices([{ ...ref, type: 'urged', taskId: 't1', nodeId: 'deptApprove', nodeName: '部门负责人审批', actor: { username: 'dongjian', realname: '董建' }, users: ['machao'], comment: null }], names);
    expect(urged.map((n) => [n.receivers, n.title, n.priority])).toEqual([[['machao'], '催办：差旅报销 320.50元', 'H']]);
    const auto = composeNotices([{ ...ref, type: 'finished', outcome: 'passed', endNodeId: 'end', reason: null }], names);
    expect(auto.map((n) => n.title)).toEqual(['审批通过：差旅报销 320.50元']);
  });
});
