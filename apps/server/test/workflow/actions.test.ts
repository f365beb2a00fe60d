import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowEvent } from '../../src/modules/workflow/events.js';
import { workflowOf } from '../../src/modules/workflow/workflow.module.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { assertConsistent, bpmn, deploy, Flow, u } from './wf-helpers.js';

const LINEAR = bpmn(
  't_actions',
  [['start', 'start'], ['a', 'user', '部门审批'], ['b', 'user', '财务审批'], ['end', 'end']],
  [['f1', 'start', 'a'], ['f2', 'a', 'b'], ['f3', 'b', 'end']],
);

describe.each(dbKinds)('[WORKFLOW] transfer, add-sign, CC, urge, terminate, reassign on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let def: string;
  const seen: WorkflowEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    def = await deploy(t, await f.token('admin'), LINEAR, { a: u('machao'), b: u('liuyang') });
    workflowOf(t.app.ctx).engine.events.on('*', (e) => {
      seen.push(e);
    });
  });
  afterAll(async () => {
    if (t) await assertConsistent(t);
    await t?.close();
  });

  const historyTypes = async (procInstId: string) =>
    ((await f.call('zhulin', 'GET', `/actTask/historicFlow/${procInstId}`)).body.result.list as { type: string; typeText: string }[]).map((x) => x.typeText);

  it('转办: the task goes to the new user, who acts in their own name; the applicant can no longer withdraw', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, def);
    const taskId = await f.taskId(procInstId, 'a');
    const self = await f.call('machao', 'POST', '/actTask/transfer', { id: taskId, userId: 'machao' });
    expect(self.body.message).toBe('不能选择自己');
    const stranger = await f.call('lina', 'POST', '/actTask/transfer', { id: taskId, userId: 'chenjing' });
    expect(stranger.body.success).toBe(false);
    const r = await f.call('machao', 'POST', '/actTask/transfer', { id: taskId, userId: 'chenjing', comment: '请陈静处理' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(await f.open(procInstId)).toEqual(['a:chenjing']);
    expect(seen.at(-1)).toMatchObject({ type: 'transferred', to: 'chenjing', actor: { username: 'machao' } });
    expect((await f.pass('machao', procInstId, 'a')).body.success).toBe(false);
    const w = await f.call('zhulin', 'POST', '/actBusiness/cancel', { id });
    expect(w.body.success).toBe(false);
    await f.passOk('chenjing', procInstId, 'a');
    expect(await f.open(procInstId)).toEqual(['b:liuyang']);
    const done = await t.app.ctx.db.selectFrom('wfTask').select('executor').where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(done.executor).toBe('chenjing');
    expect(await historyTypes(procInstId)).toContain('转办给 陈静');
  });

  it('加签 parallel: the node leaves only when the caller and the added signers all passed', async () => {
    const { procInstId } = await f.start('zhulin', 100, def);
    const r = await f.call('machao', 'POST', '/actTask/addSign', { id: await f.taskId(procInstId, 'a'), userIds: ['lina', 'wangfang'], position: 'parallel' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(await f.open(procInstId)).toEqual(['a:lina', 'a:machao', 'a:wangfang']);
    await f.signOk('lina', procInstId, 'a');
    await f.signOk('machao', procInstId, 'a');
    expect(await f.open(procInstId)).toEqual(['a:wangfang']);
    await f.signOk('wangfang', procInstId, 'a');
    expect(await f.open(procInstId)).toEqual(['b:liuyang']);
  });

  it('加签 before: the added signer goes first, then the task returns to the caller; after: the added one signs after', async () => {
    const a = await f.start('zhulin', 100, def);
    const r = await f.call('machao', 'POST', '/actTask/addSign', { id: await f.taskId(a.procInstId, 'a'), userIds: 'lina', position: 'before', comment: '请李娜先看' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(await f.open(a.procInstId)).toEqual(['a:lina']);
    await f.signOk('lina', a.procInstId, 'a');
    expect(await f.open(a.procInstId)).toEqual(['a:machao']);
    await f.signOk('machao', a.procInstId, 'a');
    expect(await f.open(a.procInstId)).toEqual(['b:liuyang']);
    expect(await historyTypes(a.procInstId)).toContain('加签 李娜');

    const b = await f.start('zhulin', 100, def);
    await f.call('machao', 'POST', '/actTask/addSign', { id: await f.taskId(b.procInstId, 'a'), userIds: ['lina'], position: 'after' });
    expect(await f.open(b.procInstId)).toEqual(['a:machao']);
    await f.signOk('machao', b.procInstId, 'a');
    expect(await f.open(b.procInstId)).toEqual(['a:lina']);
    await f.signOk('lina', b.procInstId, 'a');
    expect(await f.open(b.procInstId)).toEqual(['b:liuyang']);
  });

  it('抄送: participants copy users, who see it in their CC inbox with read state and may open the history', async () => {
    const { procInstId } = await f.start('zhulin', 100, def);
    const denied = await f.call('chenjing', 'POST', '/actTask/cc', { procInstId, userIds: ['lina'] });
    expect(denied.body.message).toBe('您不能抄送该流程');
    const r = await f.call('zhulin', 'POST', '/actTask/cc', { procInstId, userIds: 'lina,wangfang', comment: '请知悉' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.message).toBe('已抄送2人');
    const again = await f.call('machao', 'POST', '/actTask/cc', { procInstId, userIds: ['lina'] });
    expect(again.body.message).toBe('所选人员均已抄送过');
    expect(seen.filter((e) => e.type === 'cc' && e.procInstId === procInstId).map((e) => (e as { users: string[] }).users)).toEqual([['lina', 'wangfang'], []]);

    const inbox = await f.call('lina', 'GET', '/actTask/ccList?pageNo=1&pageSize=10');
    expect(inbox.body.success, inbox.body.message).toBe(true);
    const row = inbox.body.result.records.find((x: { procInstId: string }) => x.procInstId === procInstId);
    expect(row).toMatchObject({ fromRealname: '朱琳', comment: '请知悉', readFlag: 0, processName: 't_actions', applyer: '朱琳' });
    expect(inbox.body.result.unread).toBeGreaterThan(0);
    const h = await f.call('lina', 'GET', `/actTask/historicFlow/${procInstId}`);
    expect(h.body.success, h.body.message).toBe(true);
    const outsider = await f.call('chenjing', 'GET', `/actTask/historicFlow/${procInstId}`);
    expect(outsider.body.success).toBe(false);

    const mark = await f.call('lina', 'POST', '/actTask/ccRead', { ids: [row.id] });
    expect(mark.body.result.count).toBe(1);
    const unread = await f.call('lina', 'POST', '/actTask/ccList', { readFlag: 0 });
    expect(unread.body.result.records.find((x: { procInstId: string }) => x.procInstId === procInstId)).toBeUndefined();
    // someone else's row cannot be marked
    const other = await f.call('wangfang', 'POST', '/actTask/ccRead', { ids: [row.id] });
    expect(other.body.result.count).toBe(0);
  });

  it('催办: the applicant urges the current approvers, at most once per 10 minutes', async () => {
    const { id, procInstId } = await f.start('zhulin', 100, def);
    const notMine = await f.call('machao', 'POST', '/actBusiness/urge', { procInstId });
    expect(notMine.body.success).toBe(false);
    const r = await f.call('zhulin', 'POST', '/actBusiness/urge', { id, comment: '麻烦尽快' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.result.users).toEqual(['machao']);
    expect(seen.at(-1)).toMatchObject({ type: 'urged', users: ['machao'], comment: '麻烦尽快' });
    const again = await f.call('zhulin', 'POST', '/actBusiness/urge', { id });
    expect(again.body.success).toBe(false);
    expect(again.body.message).toBe('催办过于频繁，请10分钟后再试');
  });

  it('终止 and 重新分配 need the administrator permission; the instance list filters and shows open tasks', async () => {
    const a = await f.start('zhulin', 100, def);
    const b = await f.start('zhulin', 100, def);
    const denied = await f.call('machao', 'POST', '/activiti_process/terminate', { procInstId: a.procInstId });
    expect(denied.status).toBe(403);
    const list = await f.call('admin', 'GET', '/activiti_process/instances?state=running&processName=t_actions&pageSize=50');
    expect(list.body.success, list.body.message).toBe(true);
    const row = list.body.result.records.find((x: { procInstId: string }) => x.procInstId === a.procInstId);
    expect(row).toMatchObject({ state: 'running', state_dictText: '审批中', applyer: '朱琳' });
    expect(row.tasks).toEqual([expect.objectContaining({ key: 'a', users: [{ username: 'machao', realname: '马超' }] })]);

    const re = await f.call('admin', 'POST', '/activiti_process/reassign', { id: await f.taskId(b.procInstId, 'a'), userIds: ['lina', 'chenjing'], comment: '马超休假' });
    expect(re.body.success, re.body.message).toBe(true);
    expect(await f.open(b.procInstId)).toEqual(['a:chenjing|lina']);
    expect((await f.pass('machao', b.procInstId, 'a')).body.success).toBe(false);
    await f.signOk('lina', b.procInstId, 'a');

    const term = await f.call('admin', 'POST', '/activiti_process/terminate', { procInstId: a.procInstId, reason: '重复提交' });
    expect(term.body.success, term.body.message).toBe(true);
    expect(await f.state(a.id)).toEqual([3, 0]);
    expect(await f.open(a.procInstId)).toEqual([]);
    expect(seen.at(-1)).toMatchObject({ type: 'finished', outcome: 'canceled' });
    const twice = await f.call('admin', 'POST', '/activiti_process/terminate', { procInstId: a.procInstId });
    expect(twice.body.success).toBe(false);
  });
});
