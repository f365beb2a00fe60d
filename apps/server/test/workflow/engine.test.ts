import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WF_TEXT } from '../../src/modules/workflow/engine.js';
import { REJECT_REASON_REQUIRED } from '../../src/modules/workflow/workflow.routes.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, bpmn, deploy, Flow, u } from './wf-helpers.js';

const LINEAR = bpmn(
  't_linear',
  [['start', 'start'], ['a', 'user', '部门审批'], ['b', 'user', '财务审批'], ['end', 'end']],
  [['f1', 'start', 'a'], ['f2', 'a', 'b'], ['f3', 'b', 'end']],
);
const EXCLUSIVE = bpmn(
  't_excl',
  [['start', 'start'], ['a', 'user'], ['gw', 'xor'], ['big', 'user'], ['small', 'user'], ['end', 'end']],
  [['f1', 'start', 'a'], ['f2', 'a', 'gw'], ['fBig', 'gw', 'big', '${amount > 5000 && reason != ""}'], ['fSmall', 'gw', 'small'], ['f3', 'big', 'end'], ['f4', 'small', 'end']],
  { gw: 'fSmall' },
);
const PARALLEL = bpmn(
  't_par',
  [['start', 'start'], ['a', 'user'], ['fork', 'and'], ['p1', 'user'], ['p1b', 'user'], ['p2', 'user'], ['join', 'and'], ['c', 'user'], ['end', 'end']],
  [['f1', 'start', 'a'], ['f2', 'a', 'fork'], ['f3', 'fork', 'p1'], ['f4', 'p1', 'p1b'], ['f5', 'p1b', 'join'], ['f6', 'fork', 'p2'], ['f7', 'p2', 'join'], ['f8', 'join', 'c'], ['f9', 'c', 'end']],
);
const EMPTY = (key: string) =>
  bpmn(key, [['start', 'start'], ['a', 'user', '无人节点'], ['b', 'user'], ['end', 'end']], [['f1', 'start', 'a'], ['f2', 'a', 'b'], ['f3', 'b', 'end']]);
const REPEAT = bpmn(
  't_repeat',
  [['start', 'start'], ['a', 'user'], ['b', 'user'], ['c', 'user'], ['end', 'end']],
  [['f1', 'start', 'a'], ['f2', 'a', 'b'], ['f3', 'b', 'c'], ['f4', 'c', 'end']],
);

describe.each(dbKinds)('[WORKFLOW] engine transitions on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let admin: string;
  const defs: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    admin = await f.token('admin');
    defs.linear = await deploy(t, admin, LINEAR, { a: u('machao'), b: u('liuyang') });
    defs.excl = await deploy(t, admin, EXCLUSIVE, { a: u('machao'), big: u('zhangwei'), small: u('liuyang') });
    defs.par = await deploy(t, admin, PARALLEL, { a: u('machao'), p1: u('liuyang'), p1b: u('lina'), p2: u('wangfang'), c: u('zhangwei') });
    for (const p of ['skip', 'cancel', 'error', 'admin']) {
      defs[`empty_${p}`] = await deploy(t, admin, EMPTY(`t_empty_${p}`), { a: { rules: [{ type: 1, relateId: 'nobody' }], emptyPolicy: p }, b: u('liuyang') });
    }
    defs.repeat = await deploy(t, admin, REPEAT, { a: u('machao'), b: { rules: [{ type: 1, relateId: 'machao' }], repeatPolicy: 'auto' }, c: u('liuyang') });
  });
  afterAll(async () => {
    if (t) await assertConsistent(t);
    await t?.close();
  });

  /** Each row: a scenario with its steps; every step checks the business status/result. */
  const scenarios: [string, () => Promise<void>][] = [
    [
      'apply → pass → pass: 0/0 → 1/1 → 1/1 → 2/2',
      async () => {
        const id = await f.draft('zhulin', 100, defs.linear);
        expect(await f.state(id)).toEqual([0, 0]);
        const r = await f.call('zhulin', 'POST', '/actBusiness/apply', { id, procDefId: defs.linear });
        const inst = r.body.result.procInstId as string;
        expect(await f.state(id)).toEqual([1, 1]);
        expect(await f.open(inst)).toEqual(['a:machao']);
        const todo = await f.call('machao', 'POST', '/actTask/todoList', { pageIndex: 1, pageSize: 50 });
        const task = todo.body.result.records.find((x: { procInstId: string }) => x.procInstId === inst);
        expect(task).toMatchObject({ key: 'a', name: '部门审批', processName: 't_linear', applyer: '朱琳', isSuspended: false, tableName: 'fm_expense', priority: 0 });
        expect(task.assignees.map((a: { username: string }) => a.username)).toEqual(['machao']);
        await f.passOk('machao', inst, 'a');
        expect(await f.state(id)).toEqual([1, 1]);
        expect(await f.open(inst)).toEqual(['b:liuyang']);
        await f.passOk('liuyang', inst, 'b');
        expect(await f.state(id)).toEqual([2, 2]);
        expect(await f.open(inst)).toEqual([]);
        expect(await f.tokens(inst)).toEqual([]);
      },
    ],
    [
      'pass with chosen next approvers: only the chosen users are candidates',
      async () => {
        const { procInstId } = await f.start('zhulin', 100, defs.linear);
        await f.passOk('machao', procInstId, 'a', { assignees: 'chenjing' });
        expect(await f.open(procInstId)).toEqual(['b:chenjing']);
        const bad = await f.pass('chenjing', procInstId, 'b', { assignees: 'no_such_user' });
        expect(bad.body.message).toBe(WF_TEXT.UNKNOWN_USER);
      },
    ],
    [
      'exclusive gateway on form data: amount > 5000 → big, else default → small',
      async () => {
        const big = await f.start('zhulin', 6800, defs.excl);
        await f.passOk('machao', big.procInstId, 'a');
        expect(await f.open(big.procInstId)).toEqual(['big:zhangwei']);
        const small = await f.start('zhulin', 100, defs.excl);
        await f.passOk('machao', small.procInstId, 'a');
        expect(await f.open(small.procInstId)).toEqual(['small:liuyang']);
        await f.passOk('liuyang', small.procInstId, 'small');
        expect(await f.state(small.id)).toEqual([2, 2]);
        expect(await f.state(big.id)).toEqual([1, 1]);
      },
    ],
    [
      'parallel split and join: the join waits for every branch',
      async () => {
        const { id, procInstId } = await f.start('zhulin', 100, defs.par);
        await f.passOk('machao', procInstId, 'a');
        expect(await f.open(procInstId)).toEqual(['p1:liuyang', 'p2:wangfang']);
        await f.passOk('wangfang', procInstId, 'p2');
        expect(await f.open(procInstId)).toEqual(['p1:liuyang']);
        expect(await f.tokens(procInstId)).toEqual(['active@p1', 'join@join']);
        await f.passOk('liuyang', procInstId, 'p1');
        expect(await f.open(procInstId)).toEqual(['p1b:lina']);
        await f.passOk('lina', procInstId, 'p1b');
        expect(await f.open(procInstId)).toEqual(['c:zhangwei']);
        expect(await f.tokens(procInstId)).toEqual(['active@c']);
        expect(await f.state(id)).toEqual([1, 1]);
        await f.passOk('zhangwei', procInstId, 'c');
        expect(await f.state(id)).toEqual([2, 2]);
      },
    ],
    [
      'reject to the initiator → 2/3; submitting again starts a new instance → 1/1',
      async () => {
        const { id, procInstId } = await f.start('zhulin', 100, defs.linear);
        const r = await f.call('machao', 'POST', '/actTask/back', { id: await f.taskId(procInstId, 'a'), comment: '不同意' });
        expect(r.body.success, r.body.message).toBe(true);
        expect(await f.state(id)).toEqual([2, 3]);
        expect(await f.open(procInstId)).toEqual([]);
        const again = await f.call('zhulin', 'POST', '/actBusiness/apply', { id });
        expect(again.body.success, again.body.message).toBe(true);
        expect(again.body.result.procInstId).not.toBe(procInstId);
        expect(await f.state(id)).toEqual([1, 1]);
      },
    ],
    [
      'return to a node inside a parallel branch: the sibling branch is not redone, the join completes',
      async () => {
        const { id, procInstId } = await f.start('zhulin', 100, defs.par);
        await f.passOk('machao', procInstId, 'a');
        await f.passOk('wangfang', procInstId, 'p2');
        await f.passOk('liuyang', procInstId, 'p1');
        const list = await f.call('lina', 'GET', `/actTask/getBackList/${procInstId}`);
        expect(list.body.result.map((x: { key: string }) => x.key)).toEqual(['a', 'p1']);
        const r = await f.call('lina', 'POST', '/actTask/backToTask', { id: await f.taskId(procInstId, 'p1b'), backTaskKey: 'p1', comment: '请重新评估' });
        expect(r.body.success, r.body.message).toBe(true);
        expect(await f.state(id)).toEqual([1, 1]);
        expect(await f.open(procInstId)).toEqual(['p1:liuyang']);
        expect(await f.tokens(procInstId)).toEqual(['active@p1', 'join@join']);
        await f.passOk('liuyang', procInstId, 'p1');
        await f.passOk('lina', procInstId, 'p1b');
        expect(await f.open(procInstId)).toEqual(['c:zhangwei']);
      },
    ],
    [
      'return from after the join to a node inside a branch: the other branch counts as arrived',
      async () => {
        const { procInstId } = await f.start('zhulin', 100, defs.par);
        await f.passOk('machao', procInstId, 'a');
        await f.passOk('wangfang', procInstId, 'p2');
        await f.passOk('liuyang', procInstId, 'p1');
        await f.passOk('lina', procInstId, 'p1b');
        const r = await f.call('zhangwei', 'POST', '/actTask/backToTask', { id: await f.taskId(procInstId, 'c'), backTaskKey: 'p1b', comment: '请补充' });
        expect(r.body.success, r.body.message).toBe(true);
        expect(await f.open(procInstId)).toEqual(['p1b:lina']);
        expect(await f.tokens(procInstId)).toEqual(['active@p1b', 'join@join']);
        await f.passOk('lina', procInstId, 'p1b');
        expect(await f.open(procInstId)).toEqual(['c:zhangwei']);
      },
    ],
    [
      'return to a node outside the parallel part cancels both branches; signatures of later nodes are cleared',
      async () => {
        const { id, procInstId } = await f.start('zhulin', 100, defs.par);
        await f.passOk('machao', procInstId, 'a');
        await f.passOk('wangfang', procInstId, 'p2');
        const signs = async () =>
          (await t.app.ctx.db.selectFrom('wfNodeSign').select('nodeId').where('instId', '=', procInstId).execute()).map((s) => s.nodeId).sort();
        expect(await signs()).toEqual(['a', 'p2']);
        const r = await f.call('liuyang', 'POST', '/actTask/backToTask', { id: await f.taskId(procInstId, 'p1'), backTaskKey: 'a', comment: '退回重审' });
        expect(r.body.success, r.body.message).toBe(true);
        expect(await f.open(procInstId)).toEqual(['a:machao']);
        expect(await f.tokens(procInstId)).toEqual(['active@a']);
        expect(await signs()).toEqual([]);
        expect(await f.state(id)).toEqual([1, 1]);
        await f.passOk('machao', procInstId, 'a');
        expect(await f.open(procInstId)).toEqual(['p1:liuyang', 'p2:wangfang']);
        const bad = await f.call('machao', 'POST', '/actTask/backToTask', { id: await f.taskId(procInstId, 'p1'), backTaskKey: 'c', comment: '退回' });
        expect(bad.body.message).toBe(WF_TEXT.NOT_CANDIDATE);
        const bad2 = await f.call('liuyang', 'POST', '/actTask/backToTask', { id: await f.taskId(procInstId, 'p1'), backTaskKey: 'p2', comment: '退回' });
        expect(bad2.body.message).toBe(WF_TEXT.BAD_BACK_NODE);
      },
    ],
    [
      'delegate then pass: the delegatee acts, the delegator no longer can',
      async () => {
        const { id, procInstId } = await f.start('zhulin', 100, defs.linear);
        const taskId = await f.taskId(procInstId, 'a');
        const empty = await f.call('machao', 'POST', '/actTask/delegate', { id: taskId, userId: '' });
        expect(empty.body.message).toBe(WF_TEXT.NEED_DELEGATE);
        const r = await f.call('machao', 'POST', '/actTask/delegate', { id: taskId, userId: 'sunli', comment: '请代批' });
        expect(r.body.success, r.body.message).toBe(true);
        expect(await f.state(id)).toEqual([1, 1]);
        expect(await f.open(procInstId)).toEqual(['a:sunli']);
        const todo = await f.call('sunli', 'GET', '/actTask/todoList?pageIndex=1&pageSize=50');
        const task = todo.body.result.records.find((x: { id: string }) => x.id === taskId);
        expect(task.owner).toBe('马超');
        const mine = await f.call('machao', 'POST', '/actTask/todoList', {});
        expect(mine.body.result.records.some((x: { id: string }) => x.id === taskId)).toBe(false);
        expect((await f.pass('machao', procInstId, 'a')).body.message).toBe(WF_TEXT.NOT_CANDIDATE);
        await f.passOk('sunli', procInstId, 'a');
        expect(await f.open(procInstId)).toEqual(['b:liuyang']);
        const hist = await f.call('zhulin', 'GET', `/actTask/historicFlow/${procInstId}`);
        expect(hist.body.result.list.map((x: { type: string }) => x.type)).toEqual(['apply', 'delegate', 'pass']);
      },
    ],
    [
      'withdraw while no approver acted → 3/0; not after an approval',
      async () => {
        const one = await f.start('zhulin', 100, defs.linear);
        const other = await f.call('dongjian', 'POST', '/actBusiness/cancel', { id: one.id });
        expect(other.body.message).toBe(WF_TEXT.NOT_YOURS);
        const r = await f.call('zhulin', 'POST', '/actBusiness/cancel', { id: one.id, reason: '填错了' });
        expect(r.body.success, r.body.message).toBe(true);
        expect(await f.state(one.id)).toEqual([3, 0]);
        expect(await f.open(one.procInstId)).toEqual([]);
        const two = await f.start('zhulin', 100, defs.linear);
        await f.passOk('machao', two.procInstId, 'a');
        const late = await f.call('zhulin', 'POST', '/actBusiness/cancel', { id: two.id });
        expect(late.body.message).toBe(WF_TEXT.CANNOT_WITHDRAW);
        expect(await f.state(two.id)).toEqual([1, 1]);
      },
    ],
    [
      'batch pass: one transaction per task, a result per item, node users assigned',
      async () => {
        const a = await f.start('zhulin', 100, defs.linear);
        const b = await f.start('dongjian', 100, defs.linear);
        const ids = [await f.taskId(a.procInstId, 'a'), await f.taskId(b.procInstId, 'a'), 'missing-task'];
        const r = await f.call('machao', 'POST', `/actTask/passAll/${ids.join(',')}`);
        expect(r.body.success).toBe(true);
        expect(r.body.result).toEqual([
          { id: ids[0], success: true, message: '操作成功' },
          { id: ids[1], success: true, message: '操作成功' },
          { id: 'missing-task', success: false, message: WF_TEXT.TASK_NOT_FOUND },
        ]);
        expect(await f.open(a.procInstId)).toEqual(['b:liuyang']);
        expect(await f.state(b.id)).toEqual([1, 1]);
        const again = await f.call('machao', 'POST', '/actTask/passAll', { ids: ids[0] });
        expect(again.body.result[0]).toMatchObject({ success: false, message: WF_TEXT.TASK_DONE });
      },
    ],
    [
      'batch reject: each instance back to the initiator → 2/3, a result per item',
      async () => {
        const a = await f.start('zhulin', 100, defs.linear);
        const b = await f.start('dongjian', 100, defs.linear);
        const c = await f.start('zhulin', 100, defs.linear);
        await f.passOk('machao', c.procInstId, 'a');
        const r = await f.call('machao', 'POST', `/actTask/backAll/${[a.procInstId, b.procInstId, c.procInstId].join(',')}`, { comment: '预算不足' });
        expect(r.body.result.map((x: { success: boolean }) => x.success)).toEqual([true, true, false]);
        expect(r.body.result[2].message).toBe(WF_TEXT.NO_TODO_IN_INSTANCE);
        expect(await f.state(a.id)).toEqual([2, 3]);
        expect(await f.state(b.id)).toEqual([2, 3]);
        expect(await f.state(c.id)).toEqual([1, 1]);
      },
    ],
    [
      'a rejection without a reason is refused on every path (back, return, pass type 1, batch) and changes nothing',
      async () => {
        const { id, procInstId } = await f.start('zhulin', 100, defs.linear);
        const task = await f.taskId(procInstId, 'a');
        const refusals = [
          await f.call('machao', 'POST', '/actTask/back', { id: task }),
          await f.call('machao', 'POST', '/actTask/back', { id: task, comment: '   ' }),
          await f.call('machao', 'POST', '/actTask/pass', { id: task, type: 1, backTaskKey: '-1', comment: '' }),
          await f.call('machao', 'POST', '/actTask/backToTask', { id: task, backTaskKey: 'a' }),
          await f.call('machao', 'POST', `/actTask/backAll/${procInstId}`),
          await f.call('machao', 'POST', '/actTask/backAll', { procInstIds: procInstId, comment: ' ' }),
        ];
        for (const r of refusals) expect(r.body).toMatchObject({ success: false, message: REJECT_REASON_REQUIRED });
        expect(await f.state(id)).toEqual([1, 1]);
        expect(await f.open(procInstId)).toEqual(['a:machao']);
        // with a reason the same call goes through, and the history keeps it
        const ok = await f.call('machao', 'POST', `/actTask/backAll/${procInstId}?comment=${encodeURIComponent('金额有误')}`);
        expect(ok.body.result[0]).toMatchObject({ success: true });
        expect(await f.state(id)).toEqual([2, 3]);
        const h = await f.call('zhulin', 'GET', `/actTask/historicFlow/${procInstId}`);
        expect(h.body.result.list.find((x: { type: string }) => x.type === 'back').comment).toBe('金额有误');
      },
    ],
    [
      'suspended definition: tasks show isSuspended, actions are refused, new applications too',
      async () => {
        const def = await deploy(t, admin, bpmn('t_susp', [['start', 'start'], ['a', 'user'], ['end', 'end']], [['f1', 'start', 'a'], ['f2', 'a', 'end']]), { a: u('machao') });
        const { id, procInstId } = await f.start('zhulin', 100, def);
        const s = await f.call('admin', 'PUT', '/activiti_process/updateStatus', { id: def, status: 0 });
        expect(s.body.success, s.body.message).toBe(true);
        const todo = await f.call('machao', 'POST', '/actTask/todoList', { pageSize: 100 });
        expect(todo.body.result.records.find((x: { procInstId: string }) => x.procInstId === procInstId).isSuspended).toBe(true);
        expect((await f.pass('machao', procInstId, 'a')).body.message).toBe(WF_TEXT.SUSPENDED);
        const back = await f.call('machao', 'POST', '/actTask/back', { id: await f.taskId(procInstId, 'a'), comment: '不同意' });
        expect(back.body.message).toBe(WF_TEXT.SUSPENDED);
        const draft = await f.draft('zhulin', 100, def);
        expect((await f.call('zhulin', 'POST', '/actBusiness/apply', { id: draft })).body.message).toBe(WF_TEXT.SUSPENDED_START);
        expect(await f.state(draft)).toEqual([0, 0]);
        await f.call('admin', 'PUT', '/activiti_process/updateStatus', { id: def, status: 1 });
        await f.passOk('machao', procInstId, 'a');
        expect(await f.state(id)).toEqual([2, 2]);
      },
    ],
    [
      'no approver found: skip moves on, cancel ends 3/0, error refuses and changes nothing, admin falls back',
      async () => {
        const skip = await f.start('zhulin', 100, defs.empty_skip);
        expect(await f.open(skip.procInstId)).toEqual(['b:liuyang']);
        expect(await f.state(skip.id)).toEqual([1, 1]);
        const cancel = await f.start('zhulin', 100, defs.empty_cancel);
        expect(await f.open(cancel.procInstId)).toEqual([]);
        expect(await f.state(cancel.id)).toEqual([3, 0]);
        const draft = await f.draft('zhulin', 100, defs.empty_error);
        const err = await f.call('zhulin', 'POST', '/actBusiness/apply', { id: draft });
        expect(err.body.success).toBe(false);
        expect(err.body.message).toContain('未找到审批人');
        expect(await f.state(draft)).toEqual([0, 0]);
        const fallback = await f.start('zhulin', 100, defs.empty_admin);
        expect(await f.open(fallback.procInstId)).toEqual(['a:admin']);
      },
    ],
    [
      'approver already approved: the repeated node passes automatically',
      async () => {
        const { procInstId } = await f.start('zhulin', 100, defs.repeat);
        await f.passOk('machao', procInstId, 'a');
        expect(await f.open(procInstId)).toEqual(['c:liuyang']);
        const hist = await f.call('zhulin', 'GET', `/actTask/historicFlow/${procInstId}`);
        expect(hist.body.result.list.map((x: { type: string }) => x.type)).toEqual(['apply', 'pass', 'auto']);
      },
    ],
    [
      'end: history lists every step and highlights done nodes; done list is the actual executor’s',
      async () => {
        const { procInstId } = await f.start('zhulin', 100, defs.linear);
        await f.passOk('machao', procInstId, 'a', { comment: '部门同意' });
        await f.passOk('liuyang', procInstId, 'b', { comment: '财务同意' });
        const h = await f.call('zhulin', 'GET', `/actTask/historicFlow/${procInstId}`);
        expect(h.body.result.state).toBe('passed');
        expect(h.body.result.list.map((x: { type: string; comment: string }) => [x.type, x.comment])).toEqual([
          ['apply', '朱琳的费用报销'],
          ['pass', '部门同意'],
          ['pass', '财务同意'],
          ['end', '审批通过'],
        ]);
        expect(h.body.result.doneNodes.sort()).toEqual(['a', 'b', 'end', 'start']);
        expect(h.body.result.currentNodes).toEqual([]);
        expect(h.body.result.xml).toContain('<process id="t_linear"');
        const done = await f.call('liuyang', 'POST', '/actTask/doneList', { pageNo: 1, pageSize: 100 });
        expect(done.body.result.records.some((x: { procInstId: string; deleteReason: string }) => x.procInstId === procInstId && x.deleteReason === '审批通过')).toBe(true);
        const stranger = await f.call('yangfan', 'GET', `/actTask/historicFlow/${procInstId}`);
        expect(stranger.body.success).toBe(false);
      },
    ],
    [
      'performance form: jxpass requires a comment, the score is written on completion',
      async () => {
        const add = await f.call('zhulin', 'POST', '/actBusiness/add', { tableName: 'fm_performance', yearPart: '2026', quarter: 4, selfScore: 80, summary: '总结' });
        expect(add.body.success, add.body.message).toBe(true);
        const ap = await f.call('zhulin', 'POST', '/actBusiness/apply', { id: add.body.result.id });
        const inst = ap.body.result.procInstId as string;
        // the HR score node goes to every member of the hr role (the seed decides who they are)
        const hr = await t.app.ctx.db
          .selectFrom('sysUserRole')
          .innerJoin('sysRole', 'sysRole.id', 'sysUserRole.roleId')
          .innerJoin('sysUser', 'sysUser.id', 'sysUserRole.userId')
          .select('sysUser.username')
          .where('sysRole.roleCode', '=', 'hr')
          .where('sysUser.status', '=', 1)
          .where('sysUser.delFlag', '=', 0)
          .execute();
        expect(hr.map((x) => x.username)).toEqual(expect.arrayContaining(['lina', 'wangfang']));
        expect(await f.open(inst)).toEqual([`hrScore:${hr.map((x) => x.username).sort().join('|')}`, 'leaderScore:machao']);
        const noComment = await f.call('machao', 'POST', '/actTask/jxpass', { id: await f.taskId(inst, 'leaderScore'), comment: ' ' });
        expect(noComment.body.message).toBe(WF_TEXT.COMMENT_REQUIRED);
        const r1 = await f.call('machao', 'POST', '/actTask/jxpass', { id: await f.taskId(inst, 'leaderScore'), comment: '良好', score: 85 });
        expect(r1.body.success, r1.body.message).toBe(true);
        await f.call('lina', 'POST', '/actTask/jxpass', { id: await f.taskId(inst, 'hrScore'), comment: '好', score: '86' });
        const gm = await f.call('zhangwei', 'POST', '/actTask/jxpass', { id: await f.taskId(inst, 'gmConfirm'), comment: '确认', score: 87 });
        expect(gm.body.success, gm.body.message).toBe(true);
        const row = await t.app.ctx.db.selectFrom('fmPerformance').selectAll().where('id', '=', add.body.result.tableId).executeTakeFirstOrThrow();
        expect(row.finalScore).toBe(87);
        expect(row.actStatus).toBe('审批通过');
        expect(await f.state(add.body.result.id)).toEqual([2, 2]);
      },
    ],
  ];

  it.each(scenarios)('%s', async (_name, run) => {
    await run();
  });
});
