import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { Flow } from '../workflow/wf-helpers.js';

const IDEA = { category: 'cost', anonymous: '0', subject: '打印默认双面', description: '各部门打印机默认单面，纸张浪费较多。', benefit: '预计每年节约纸张30%' };

describe.each(dbKinds)('[OFFICE] proposals reviewed through the workflow on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Files and submits a proposal; answers business id and instance id. */
  const submit = async (who: string, data: Record<string, unknown>) => {
    const d = await f.call(who, 'POST', '/actBusiness/add', { tableName: 'oa_proposal', ...data });
    expect(d.body.success, d.body.message).toBe(true);
    const a = await f.call(who, 'POST', '/actBusiness/apply', { id: d.body.result.id });
    expect(a.body.success, a.body.message).toBe(true);
    return { id: d.body.result.id as string, tableId: d.body.result.tableId as string, inst: a.body.result.procInstId as string };
  };
  const adopted = async (who: string) => (await f.call(who, 'GET', '/office/proposal/adopted?pageSize=100')).body.result.records as Record<string, unknown>[];

  it('validates in Chinese; passing both reviews adopts it; a rejected one is not adopted; anonymous proposers stay anonymous', async () => {
    const bad = await f.call('chenjing', 'POST', '/actBusiness/add', { tableName: 'oa_proposal', category: 'cost' });
    expect(bad.status).toBe(400);
    for (const m of ['请输入建议标题', '请输入现状与建议', '请输入预期效益', '请选择署名方式']) expect(bad.body.message).toContain(m);

    const named = await submit('chenjing', IDEA);
    const anon = await submit('chenjing', { ...IDEA, anonymous: '1', subject: '会议室预约上墙' });
    const rejected = await submit('chenjing', { ...IDEA, subject: '取消午休' });
    // Nothing is adopted before the reviews end.
    expect((await adopted('admin')).map((r) => r.subject)).not.toContain('打印默认双面');

    for (const r of [named, anon]) {
      await f.passOk('liuyang', r.inst, 'deptApprove');
      const hr = (await t.app.ctx.db.selectFrom('wfTaskCandidate').select('username').where('taskId', '=', await f.taskId(r.inst, 'hrReview')).execute()).map((c) => c.username);
      await f.passOk(hr.sort()[0], r.inst, 'hrReview');
    }
    const back = await f.call('liuyang', 'POST', '/actTask/back', { id: await f.taskId(rejected.inst, 'deptApprove'), comment: '不可行' });
    expect(back.body.success, back.body.message).toBe(true);

    const list = await adopted('yangfan');
    const subjects = list.map((r) => r.subject);
    expect(subjects).toEqual(expect.arrayContaining(['打印默认双面', '会议室预约上墙']));
    expect(subjects).not.toContain('取消午休');
    expect(list.find((r) => r.subject === '打印默认双面')).toMatchObject({ proposer: '陈静', category_dictText: '降本增效', likeCount: 0, liked: false, owner: null });
    const a = list.find((r) => r.subject === '会议室预约上墙')!;
    expect(a).toMatchObject({ proposer: '匿名', anonymous: true });
    expect(JSON.stringify(a)).not.toContain('chenjing');
    expect(JSON.stringify(a)).not.toContain('陈静');
    // Another company does not see them.
    expect((await adopted('sunli')).map((r) => r.subject)).not.toContain('打印默认双面');
  });

  it('likes toggle per person and count; a manager names the owner, which creates the follow-up mission once', async () => {
    const id = (await adopted('admin')).find((r) => r.subject === '打印默认双面')!.id as string;
    expect((await f.call('yangfan', 'POST', '/office/proposal/like', { id })).body.result).toEqual({ liked: true, likeCount: 1 });
    expect((await f.call('zhaolei', 'POST', '/office/proposal/like', { id })).body.result).toEqual({ liked: true, likeCount: 2 });
    expect((await f.call('yangfan', 'POST', '/office/proposal/like', { id })).body.result).toEqual({ liked: false, likeCount: 1 });
    expect((await adopted('zhaolei')).find((r) => r.id === id)).toMatchObject({ likeCount: 1, liked: true });
    expect((await f.call('sunli', 'POST', '/office/proposal/like', { id })).body.message).toBe('建议不存在');

    expect((await f.call('chenjing', 'POST', '/office/proposal/assign', { id, owner: 'yangfan' })).status).toBe(403);
    const as = await f.call('admin', 'POST', '/office/proposal/assign', { id, owner: 'yangfan', dueDate: '2026-12-31' });
    expect(as.body.success, as.body.message).toBe(true);
    const missionId = as.body.result as string;
    const m = await f.call('yangfan', 'GET', `/office/mission/queryById?id=${missionId}`);
    expect(m.body.result).toMatchObject({ title: '落实合理化建议：打印默认双面', owner: 'yangfan', dueDate: '2026-12-31', priority: '1' });
    expect((await adopted('admin')).find((r) => r.id === id)).toMatchObject({ owner: 'yangfan', ownerName: '杨帆', missionId });
    expect((await f.call('admin', 'POST', '/office/proposal/assign', { id, owner: 'zhaolei' })).body.message).toBe('该建议已指定负责人');
    // The proposer hears about it.
    const bell = (await f.call('chenjing', 'GET', '/sys/annountCement/listByUser?pageSize=100')).body.result.sysMsgList as { titile: string }[];
    expect(bell.map((b) => b.titile)).toContain('建议已采纳：打印默认双面');
  });
});
