import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, Flow } from './wf-helpers.js';

describe.each(dbKinds)('[WORKFLOW] expense journey on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('employee files → A passes choosing B → B returns to A → A passes again → B passes → passed, history complete', async () => {
    const badge = async (user: string) => (await f.call(user, 'GET', '/actTask/todoList?pageIndex=0&pageSize=200')).body.result.total as number;
    const aBefore = await badge('machao');

    // The employee saves and submits an expense; the first node asks nobody to choose.
    const defs = await f.call('zhulin', 'GET', '/activiti_process/startable?tableName=fm_expense');
    const procDefId = defs.body.result[0].id as string;
    const first = await f.call('zhulin', 'POST', '/activiti_process/getNextNode', { procDefId });
    expect(first.body.result).toMatchObject({ type: 1, title: '部门负责人审批', chooseMark: 0 });
    const add = await f.call('zhulin', 'POST', '/actBusiness/add', {
      tableName: 'fm_expense',
      procDefId,
      reason: '深圳客户拜访',
      items: [{ name: '高铁', amount: 480 }, { name: '住宿', amount: 650 }],
    });
    const apply = await f.call('zhulin', 'POST', '/actBusiness/apply', { id: add.body.result.id, procDefId, assignees: 'machao' });
    expect(apply.body.success, apply.body.message).toBe(true);
    const procInstId = apply.body.result.procInstId as string;

    // A's badge shows it; A opens the task and the next-node users.
    expect(await badge('machao')).toBe(aBefore + 1);
    const todo = await f.call('machao', 'POST', '/actTask/todoList', { pageIndex: 1, pageSize: 10 });
    const task = todo.body.result.records.find((r: { procInstId: string }) => r.procInstId === procInstId);
    expect(task).toMatchObject({ name: '部门负责人审批', applyer: '朱琳', routeName: 'forms/ExpenseForm', tableName: 'fm_expense' });
    const next = await f.call('machao', 'POST', '/activiti_process/getNextNode', { procDefId: task.procDefId, currActId: task.key, procInstId, claimOrgCodeValue: 'A01' });
    expect(next.body.result).toMatchObject({ type: 1, title: '财务审核', chooseMark: 1 });
    expect(next.body.result.users.map((u: { username: string }) => u.username)).toContain('liuyang');

    // A passes choosing B; B (and the others in the instance) get a to-do refresh push.
    const pushes: { ids: string[]; cmd: string }[] = [];
    const hub = t.app.ctx.realtime;
    const original = hub.sendToUsers.bind(hub);
    hub.sendToUsers = (ids, msg) => {
      pushes.push({ ids, cmd: msg.cmd });
      original(ids, msg);
    };
    const liuyangId = (await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'liuyang').executeTakeFirstOrThrow()).id;
    const p1 = await f.call('machao', 'POST', '/actTask/pass', { id: task.id, type: 0, comment: '情况属实，同意', assignees: 'liuyang', procInstId, procDefId: task.procDefId, currActId: task.key, sendMessage: true });
    expect(p1.body.success, p1.body.message).toBe(true);
    await vi.waitFor(() => expect(pushes.some((p) => p.cmd === 'todo' && p.ids.includes(liuyangId))).toBe(true));
    hub.sendToUsers = original;
    expect(await badge('machao')).toBe(aBefore);

    // B returns it to A's node (back list offers it, the original approver is re-designated).
    const bTask = (await f.call('liuyang', 'POST', '/actTask/todoList', { pageSize: 50 })).body.result.records.find((r: { procInstId: string }) => r.procInstId === procInstId);
    const backList = await f.call('liuyang', 'GET', `/actTask/getBackList/${procInstId}`);
    expect(backList.body.result).toEqual([{ key: 'deptApprove', name: '部门负责人审批' }]);
    const ret = await f.call('liuyang', 'POST', '/actTask/backToTask', { id: bTask.id, backTaskKey: 'deptApprove', procInstId, comment: '请补充住宿发票' });
    expect(ret.body.success, ret.body.message).toBe(true);
    expect(await badge('machao')).toBe(aBefore + 1);

    // A passes again, B passes.
    await f.passOk('machao', procInstId, 'deptApprove', { comment: '已补充发票', assignees: 'liuyang' });
    await f.passOk('liuyang', procInstId, 'financeApprove', { comment: '核对无误' });

    // The employee sees it passed.
    const mine = await f.call('zhulin', 'POST', '/actBusiness/listData', { pageNo: 1, pageSize: 10 });
    expect(mine.body.result.records.find((r: { id: string }) => r.id === add.body.result.id)).toMatchObject({ status: 2, result: 2, result_dictText: '通过' });

    // History: every step with comments, and the diagram.
    const h = await f.call('zhulin', 'GET', `/actTask/historicFlow/${procInstId}`);
    expect(h.body.result.list.map((x: { type: string; realname: string; comment: string | null }) => [x.type, x.realname, x.comment])).toEqual([
      ['apply', '朱琳', '朱琳的费用报销'],
      ['pass', '马超', '情况属实，同意'],
      ['return', '刘洋', '请补充住宿发票'],
      ['pass', '马超', '已补充发票'],
      ['pass', '刘洋', '核对无误'],
      ['end', '系统', '审批通过'],
    ]);
    expect(h.body.result.doneNodes.sort()).toEqual(['amountGateway', 'deptApprove', 'end', 'financeApprove', 'start']);
    expect(h.body.result.doneFlows).toEqual(expect.arrayContaining(['flow1', 'flow2', 'flow3', 'flowSmall']));
    expect(h.body.result.xml).toContain('bpmndi:BPMNDiagram');
    expect(h.body.result.signs.map((s: { key: string; value: string }) => [s.key, s.value])).toEqual([
      ['deptApprove', '已补充发票'],
      ['financeApprove', '核对无误'],
    ]);
    await assertConsistent(t);
  });
});
