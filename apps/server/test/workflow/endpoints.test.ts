import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_BPMN } from '../../src/seed/workflow.seed.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { Flow } from './wf-helpers.js';

type M = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every workflow and form endpoint: [method, url, permission-less user (403) or null when any login may call]. */
const ENDPOINTS: [M, string, string | null][] = [
  ['POST', '/actTask/todoList', null],
  ['GET', '/actTask/todoList', null],
  ['POST', '/actTask/doneList', null],
  ['POST', '/actTask/pass', null],
  ['POST', '/actTask/jxpass', null],
  ['POST', '/actTask/back', null],
  ['POST', '/actTask/backToTask', null],
  ['POST', '/actTask/delegate', null],
  ['POST', '/actTask/passAll/x', 'zhulin'],
  ['POST', '/actTask/backAll/x', 'zhulin'],
  ['POST', '/actTask/passAll', 'zhulin'],
  ['POST', '/actTask/backAll', 'zhulin'],
  ['GET', '/actTask/getBackList/x', null],
  ['GET', '/actTask/historicFlow/x', null],
  ['POST', '/activiti_process/getNextNode', null],
  ['POST', '/activiti_process/getNextNodeWander', null],
  ['POST', '/activiti_process/getPerfNextNodeWander', null],
  ['POST', '/activiti_process/getPartNextNodeWander', null],
  ['GET', '/activiti_process/getNode/x', null],
  ['POST', '/activiti_process/getBackNodeUser', null],
  ['POST', '/activiti/chooseMark/add', null],
  ['POST', '/actBusiness/add', null],
  ['PUT', '/actBusiness/editForm', null],
  ['GET', '/actBusiness/getForm', null],
  ['DELETE', '/actBusiness/delByIds', null],
  ['POST', '/actBusiness/apply', null],
  ['POST', '/actBusiness/cancel', null],
  ['POST', '/actBusiness/listData', null],
  ['GET', '/activiti_process/startable', null],
  ['GET', '/activiti_process/formTypes', null],
  ['GET', '/activiti_process/listData', 'machao'],
  ['GET', '/activiti_process/queryById/x', 'machao'],
  ['GET', '/activiti_process/versions/x', 'machao'],
  ['POST', '/activiti_process/deploy', 'machao'],
  ['PUT', '/activiti_process/updateInfo', 'machao'],
  ['PUT', '/activiti_process/updateStatus', 'machao'],
  ['DELETE', '/activiti_process/delByIds?ids=x', 'machao'],
  ['GET', '/activiti_process/getProcessNode/x', 'machao'],
  ['POST', '/activiti_process/editNodeUser', 'machao'],
  ['GET', '/forms/expense/list', null],
  ['GET', '/forms/expense/queryById?id=x', null],
  ['GET', '/forms/performance/list', null],
  ['GET', '/forms/performance/queryById?id=x', null],
];

/** Bad input per endpoint: [method, url, body, user] → HTTP 400. */
const BAD: [M, string, unknown, string][] = [
  ['POST', '/actTask/todoList', { pageSize: 'abc' }, 'machao'],
  ['POST', '/actTask/pass', { comment: 'x' }, 'machao'],
  ['POST', '/actTask/jxpass', { id: 'x', score: 'abc' }, 'machao'],
  ['POST', '/actTask/back', {}, 'machao'],
  ['POST', '/actTask/backToTask', { id: 'x' }, 'machao'],
  ['POST', '/actTask/delegate', {}, 'machao'],
  ['POST', '/actTask/passAll', {}, 'machao'],
  ['POST', '/activiti/chooseMark/add', { priority: 9 }, 'machao'],
  ['POST', '/actBusiness/add', { reason: 'x' }, 'zhulin'],
  ['POST', '/actBusiness/add', { tableName: 'fm_expense', reason: '差旅', items: [] }, 'zhulin'],
  ['POST', '/actBusiness/apply', {}, 'zhulin'],
  ['POST', '/actBusiness/listData', { status: 9 }, 'zhulin'],
  ['POST', '/activiti_process/deploy', {}, 'admin'],
  ['PUT', '/activiti_process/updateStatus', { id: 'x', status: 3 }, 'admin'],
  ['POST', '/activiti_process/editNodeUser', { procDefId: 'x', nodeId: 'y', rules: [{ type: 9 }] }, 'admin'],
  ['GET', '/forms/expense/list?pageSize=0', undefined, 'admin'],
];

describe.each(dbKinds)('[WORKFLOW] endpoints on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let expenseDef: string;
  let perfDef: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    const defs = await t.app.ctx.db.selectFrom('wfDefinition').select(['id', 'processKey']).where('latest', '=', 1).execute();
    expenseDef = defs.find((d) => d.processKey === 'expense')!.id;
    perfDef = defs.find((d) => d.processKey === 'performance')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(ENDPOINTS)('%s %s answers 401 without a token and 403 (510) without the permission', async (method, url, noPermUser) => {
    const anon = await t.call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(anon.status).toBe(401);
    if (noPermUser) {
      const r = await f.call(noPermUser, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(r.status).toBe(403);
      expect(r.body.code).toBe(510);
    }
  });

  it.each(BAD)('%s %s answers 400 on bad input and changes nothing', async (method, url, body, user) => {
    const before = await t.app.ctx.db.selectFrom('wfBusiness').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const r = await f.call(user, method, url, body);
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    const after = await t.app.ctx.db.selectFrom('wfBusiness').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('todoList: the seeded tasks of a department head, paged, with the to-do fields of docs/workflow.md; the badge call', async () => {
    const r = await f.call('machao', 'POST', '/actTask/todoList', { name: '', pageIndex: 1, pageSize: 10 });
    expect(r.body.success).toBe(true);
    expect(r.body.result.total).toBeGreaterThanOrEqual(2);
    const task = r.body.result.records[0];
    for (const k of ['id', 'procInstId', 'procDefId', 'key', 'name', 'processName', 'applyer', 'priority', 'isSuspended', 'createTime', 'tableId', 'routeName', 'tableName', 'assignees']) {
      expect(task).toHaveProperty(k);
    }
    const badge = await f.call('machao', 'GET', '/actTask/todoList?pageIndex=0&pageSize=200');
    expect(badge.body.result.total).toBe(r.body.result.total);
    const search = await f.call('machao', 'POST', '/actTask/todoList', { name: '绩效' });
    expect(search.body.result.records.every((x: { processName: string }) => x.processName === '绩效考评')).toBe(true);
    const none = await f.call('yuyang', 'POST', '/actTask/todoList', {});
    expect(none.body.result).toMatchObject({ records: [], total: 0 });
  });

  it('getNextNode: first node, gateway by form data, end pseudo-assignee, parallel, company filter', async () => {
    const first = await f.call('zhulin', 'POST', '/activiti_process/getNextNode', { procDefId: expenseDef });
    expect(first.body.result).toMatchObject({ type: 1, title: '部门负责人审批', z_type: 'fm_expense' });
    expect(first.body.result.users.map((u: { username: string }) => u.username)).toEqual(['machao']);
    expect(first.body.result.users[0]).toEqual({ id: expect.any(String), username: 'machao', realname: '马超', mainOrgCode: 'A03A02' });

    const finance = await f.call('zhulin', 'POST', '/activiti_process/getNextNode', { procDefId: expenseDef, currActId: 'deptApprove' });
    expect(finance.body.result.chooseMark).toBe(1);
    expect(finance.body.result.users.map((u: { username: string }) => u.username).sort()).toEqual(['chenjing', 'liuyang']);
    const filtered = await f.call('zhulin', 'POST', '/activiti_process/getNextNode', { procDefId: expenseDef, currActId: 'deptApprove', claimOrgCodeValue: 'A03' });
    expect(filtered.body.result.users).toEqual([]);
    const group = await f.call('zhulin', 'POST', '/activiti_process/getNextNode', { procDefId: expenseDef, currActId: 'deptApprove', claimOrgCodeValue: 'A01' });
    expect(group.body.result.users).toHaveLength(2);

    const big = await f.start('zhulin', 8000, expenseDef);
    const gw = await f.call('machao', 'POST', '/activiti_process/getNextNode', { procInstId: big.procInstId, currActId: 'financeApprove' });
    expect(gw.body.result).toMatchObject({ type: 3, title: '总经理审批' });
    expect(gw.body.result.users.map((u: { username: string }) => u.username)).toEqual(['zhangwei']);
    const small = await f.start('zhulin', 80, expenseDef);
    const end = await f.call('machao', 'POST', '/activiti_process/getNextNode', { procInstId: small.procInstId, currActId: 'financeApprove' });
    expect(end.body.result.type).toBe(3);
    expect(end.body.result.users[0].realname).toBe('完成费用报销');
    const last = await f.call('machao', 'POST', '/activiti_process/getNextNodeWander', { procDefId: expenseDef, currActId: 'gmApprove' });
    expect(last.body.result).toMatchObject({ type: 2, users: [{ realname: '完成费用报销' }] });
    const perfEnd = await f.call('zhangwei', 'POST', '/activiti_process/getPerfNextNodeWander', { procDefId: perfDef, currActId: 'gmConfirm' });
    expect(perfEnd.body.result.users[0].realname).toBe('完成绩效考评');
    const par = await f.call('zhulin', 'GET', `/activiti_process/getPartNextNodeWander?procDefId=${encodeURIComponent(perfDef)}`);
    expect(par.body.result.type).toBe(4);
    expect(par.body.result.branches.map((b: { id: string }) => b.id).sort()).toEqual(['hrScore', 'leaderScore']);

    const node = await f.call('zhulin', 'GET', `/activiti_process/getNode/financeApprove?procDefId=${encodeURIComponent(expenseDef)}`);
    expect(node.body.result.users).toHaveLength(2);
  });

  it('applications: draft, edit, my list with status and result, get form, delete draft, submit, withdraw', async () => {
    const add = await f.call('xiaoran', 'POST', '/actBusiness/add', { tableName: 'fm_expense', reason: '市内交通', items: [{ name: '地铁', amount: '12.50' }] });
    expect(add.body.success, add.body.message).toBe(true);
    const id = add.body.result.id as string;
    const edit = await f.call('xiaoran', 'PUT', '/actBusiness/editForm', { id, reason: '市内交通费', items: [{ name: '地铁', amount: 20 }, { name: '公交', amount: 4 }] });
    expect(edit.body.success, edit.body.message).toBe(true);
    const form = await f.call('xiaoran', 'GET', `/actBusiness/getForm?id=${id}`);
    expect(form.body.result).toMatchObject({ amount: 24, reason: '市内交通费', status: 0, result: 0, tableName: 'fm_expense' });
    expect((await f.call('zhulin', 'GET', `/actBusiness/getForm?id=${id}`)).body.success).toBe(false);
    const list = await f.call('xiaoran', 'POST', '/actBusiness/listData', { pageNo: 1, pageSize: 10 });
    expect(list.body.result.records[0]).toMatchObject({ id, status: 0, result: 0, status_dictText: '草稿', result_dictText: '未提交', processName: '费用报销' });
    const apply = await f.call('xiaoran', 'POST', '/actBusiness/apply', { id });
    expect(apply.body.success, apply.body.message).toBe(true);
    const twice = await f.call('xiaoran', 'POST', '/actBusiness/apply', { id });
    expect(twice.body.message).toBe('该申请已在审批中，请勿重复提交');
    const running = await f.call('xiaoran', 'POST', '/actBusiness/listData', { status: 1 });
    expect(running.body.result.records[0]).toMatchObject({ id, status: 1, result: 1, currTaskName: '部门负责人审批', canWithdraw: true });
    const del = await f.call('xiaoran', 'DELETE', `/actBusiness/delByIds?ids=${id}`);
    expect(del.body.message).toBe('只能删除草稿状态的申请');
    const cancel = await f.call('xiaoran', 'POST', '/actBusiness/cancel', { id });
    expect(cancel.body.success, cancel.body.message).toBe(true);
    const done = await f.call('xiaoran', 'POST', '/actBusiness/listData', {});
    expect(done.body.result.records[0]).toMatchObject({ status: 3, result: 0 });
    const d2 = await f.call('xiaoran', 'POST', '/actBusiness/add', { tableName: 'fm_expense', reason: '删', items: [{ name: 'x', amount: 1 }] });
    expect((await f.call('xiaoran', 'DELETE', `/actBusiness/delByIds?ids=${d2.body.result.id}`)).body.success).toBe(true);
    const startable = await f.call('xiaoran', 'GET', '/activiti_process/startable');
    expect(startable.body.result.map((d: { processKey: string }) => d.processKey)).toEqual(expect.arrayContaining(['expense', 'performance']));
  });

  it('chooseMark, back-node users, history of a seeded returned application', async () => {
    const inst = await t.app.ctx.db
      .selectFrom('wfAction')
      .select('instId')
      .where('action', '=', 'return')
      .executeTakeFirstOrThrow();
    const hist = await f.call('machao', 'GET', `/actTask/historicFlow/${inst.instId}`);
    expect(hist.body.result.list.map((x: { type: string }) => x.type)).toEqual(['apply', 'pass', 'return']);
    expect(hist.body.result.list[2].typeText).toBe('退回至「部门负责人审批」');
    expect(hist.body.result.currentNodes).toEqual(['deptApprove']);
    const users = await f.call('machao', 'POST', '/activiti_process/getBackNodeUser', { nodeId: 'deptApprove', procInstId: inst.instId });
    expect(users.body.result.map((u: { username: string }) => u.username)).toEqual(['machao']);
    const mark = await f.call('machao', 'POST', '/activiti/chooseMark/add', { chooseMarkName: '加急', procInstId: inst.instId, priority: 2, status: '1' });
    expect(mark.body.success, mark.body.message).toBe(true);
  });

  it('process definition admin: list, deploy a new version, set form type, nodes and rules, suspend, versions, delete', async () => {
    const list = await f.call('admin', 'GET', '/activiti_process/listData?zx=true&pageNo=1&pageSize=100');
    expect(list.body.result.records.map((d: { processKey: string }) => d.processKey)).toEqual(expect.arrayContaining(['expense', 'performance']));
    const bad = await f.call('admin', 'POST', '/activiti_process/deploy', { xml: '<definitions' });
    expect(bad.body).toMatchObject({ success: false, code: 500 });
    const v2 = await f.call('admin', 'POST', '/activiti_process/deploy', { xml: EXPENSE_BPMN, name: '费用报销（新版）' });
    expect(v2.body.success, v2.body.message).toBe(true);
    expect(v2.body.result).toMatchObject({ processKey: 'expense', version: 2, latest: 1, status: 1, businessTable: 'fm_expense', routeName: 'forms/ExpenseForm' });
    const nodes = await f.call('admin', 'GET', `/activiti_process/getProcessNode/${encodeURIComponent(v2.body.result.id)}`);
    const fin = nodes.body.result.find((n: { id: string }) => n.id === 'financeApprove');
    expect(fin).toMatchObject({ type: 1, rules: [{ type: 2, relateId: 'A01A03' }], chooseMark: 1 });
    expect(nodes.body.result.map((n: { type: number }) => n.type)).toEqual(expect.arrayContaining([0, 1, 2, 3]));
    const edit = await f.call('admin', 'POST', '/activiti_process/editNodeUser', { procDefId: v2.body.result.id, nodeId: 'financeApprove', rules: [{ type: 0, relateId: 'hr' }], emptyPolicy: 'error' });
    expect(edit.body.success, edit.body.message).toBe(true);
    const info = await f.call('admin', 'PUT', '/activiti_process/updateInfo', { id: v2.body.result.id, roles: 'staff', categoryId: '财务' });
    expect(info.body.result).toMatchObject({ roles: 'staff', categoryId: '财务' });
    const hr = await f.call('lina', 'GET', '/activiti_process/startable?tableName=fm_expense');
    expect(hr.body.result).toEqual([]);
    const versions = await f.call('admin', 'GET', '/activiti_process/versions/expense');
    expect(versions.body.result.map((d: { version: number }) => d.version)).toEqual([2, 1]);
    const susp = await f.call('admin', 'PUT', '/activiti_process/updateStatus', { id: v2.body.result.id, status: 0 });
    expect(susp.body.message).toBe('挂起成功');
    const used = await f.call('admin', 'DELETE', `/activiti_process/delByIds?ids=${encodeURIComponent(expenseDef)}`);
    expect(used.body.message).toBe('该流程已有申请使用，不能删除');
    const gone = await f.call('admin', 'DELETE', `/activiti_process/delByIds?ids=${encodeURIComponent(v2.body.result.id)}`);
    expect(gone.body.success).toBe(true);
    const latest = await t.app.ctx.db.selectFrom('wfDefinition').select('latest').where('id', '=', expenseDef).executeTakeFirstOrThrow();
    expect(latest.latest).toBe(1);
  });

  it('form lists: company scope for approvers, own rows for staff', async () => {
    const all = await f.call('admin', 'GET', '/forms/expense/list?pageNo=1&pageSize=100');
    expect(all.body.result.total).toBeGreaterThan(5);
    const leader = await f.call('machao', 'GET', '/forms/expense/list?pageSize=100');
    expect(leader.body.result.records.every((r: { sysOrgCode: string }) => r.sysOrgCode.startsWith('A03'))).toBe(true);
    const staff = await f.call('dongjian', 'GET', '/forms/expense/list?pageSize=100');
    expect(staff.body.result.records.length).toBeGreaterThan(0);
    expect(staff.body.result.records.every((r: { applicant: string }) => r.applicant === 'dongjian')).toBe(true);
    const perf = await f.call('lina', 'GET', '/forms/performance/list?result=2');
    expect(perf.body.result.records[0]).toMatchObject({ finalScore: 89, result_dictText: '通过' });
    const other = all.body.result.records.find((r: { applicant: string }) => r.applicant !== 'dongjian');
    expect((await f.call('dongjian', 'GET', `/forms/expense/queryById?id=${other.id}`)).body.success).toBe(false);
  });
});
