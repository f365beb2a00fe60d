import { makeNationalId } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

let n = 0;
const person = () => {
  n++;
  return { realname: `审批${n}`, idCard: makeNationalId('330106', `1994-1${n % 3}-0${(n % 9) + 1}`, 300 + n * 2), mobile: `1470002${String(1000 + n)}`, orgCode: 'A03A02' };
};

describe.each(dbKinds)('[HR] hire, transfer and dimission through approval on %s', (kind) => {
  let t: TestApp;
  let qianhui: string;
  let lina: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [qianhui, lina] = await Promise.all(['qianhui', 'lina'].map((u) => t.login(u)));
  });
  afterAll(async () => {
    await t?.close();
  });

  const move = async (token: string, name: string, body: Record<string, unknown>) => (await t.call(token, 'POST', `/manager/hyUser/${name}`, body)).body;
  const file = async (id: string) => (await t.call(lina, 'GET', `/manager/hyUser/queryById?id=${id}`)).body.result;
  /** The open HR approval task of a file, as lina (role 人事) sees it in her to-do list. */
  const taskOf = async (title: string) => {
    const r = await t.call(lina, 'POST', '/actTask/todoList', { name: '', pageIndex: 1, pageSize: 200 });
    const rows = (r.body.result?.records ?? r.body.result) as Record<string, string>[];
    const task = rows.find((x) => String(x.title ?? x.processName ?? '').includes(title) || JSON.stringify(x).includes(title));
    expect(task, `no task for ${title}`).toBeTruthy();
    return task!;
  };

  it('a hire waits for the HR manager, then applies; the file cannot move meanwhile', async () => {
    const p = person();
    const id = (await t.call(qianhui, 'POST', '/manager/hyUser/add', p)).body.result.id;
    await move(qianhui, 'toInterview', { id });
    const r = await move(qianhui, 'hire', { id, orgCode: 'A03A02', post: 'zy', entryDate: '2026-12-15', probationMonths: 3, reason: '两轮面试通过' });
    expect(r).toMatchObject({ success: true, message: '已提交录用审批' });
    expect(await file(id)).toMatchObject({ status: 'interview', pendingMove: 'hire' });
    expect((await move(qianhui, 'toTalent', { id })).message).toBe('该档案有审批中的申请，请等待审批结束');
    // the form shows 职务 by its name (专员), never the code, in the list, the detail and the task's form
    const listed = (await t.call(lina, 'GET', `/forms/hyNew/list?realname=${encodeURIComponent(p.realname)}`)).body.result.records;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ post: 'zy', post_dictText: '专员' });
    const detail = (await t.call(lina, 'GET', `/forms/hyNew/queryById?id=${listed[0].id}`)).body.result;
    expect(detail).toMatchObject({ post: 'zy', post_dictText: '专员', departName: expect.any(String) });
    const form = (await t.call(lina, 'GET', `/actBusiness/getForm?tableId=${listed[0].id}&tableName=fm_hy_new`)).body;
    expect(form.success, form.message).toBe(true);
    expect(form.result).toMatchObject({ post: 'zy', post_dictText: '专员' });
    const task = await taskOf(p.realname);
    const pass = await t.call(lina, 'POST', '/actTask/pass', { id: task.id, comment: '同意录用', type: 0 });
    expect(pass.body.success, pass.body.message).toBe(true);
    expect(await file(id)).toMatchObject({ status: 'new', pendingMove: null, orgCode: 'A03A02', entryDate: '2026-12-15' });
    const logs = (await t.call(lina, 'GET', `/manager/hyUserLog/list?hyUserId=${id}&action=hire`)).body.result.records;
    // the move is recorded with the requester as operator
    expect(logs.find((l: { field: string }) => l.field === 'status')).toMatchObject({ oldValue: 'interview', newValue: 'new', operator: 'qianhui', reason: '两轮面试通过' });
  });

  it('a transfer form names the new 职务; a 职务 that does not exist is refused', async () => {
    const f = (await t.call(qianhui, 'GET', '/manager/hyUser/list?status=regular&pageSize=1&column=realname&order=desc')).body.result.records[0];
    const r = await move(qianhui, 'transfer', { id: f.id, orgCode: 'A03A02', post: 'zy', date: '2026-12-20', reason: '业务调整' });
    expect(r).toMatchObject({ success: true, message: '已提交调动审批' });
    const listed = (await t.call(lina, 'GET', `/forms/hyTransfer/list?realname=${encodeURIComponent(f.realname)}`)).body.result.records;
    expect(listed[0]).toMatchObject({ post: 'zy', post_dictText: '专员' });
    const form = (await t.call(lina, 'GET', `/actBusiness/getForm?tableId=${listed[0].id}&tableName=fm_hy_transfer`)).body.result;
    expect(form).toMatchObject({ post_dictText: '专员' });
    const task = await taskOf(f.realname);
    expect((await t.call(lina, 'POST', '/actTask/back', { id: task.id, comment: '暂缓', type: 1, backTaskKey: '-1' })).body.success).toBe(true);
    const bad = await move(qianhui, 'transfer', { id: f.id, orgCode: 'A03A02', post: 'no_such_post', date: '2026-12-20', reason: '业务调整' });
    expect(bad.success).toBe(false);
    expect(await file(f.id)).toMatchObject({ pendingMove: null });
  });

  it('a rejected dimission leaves the file as it was', async () => {
    const f = (await t.call(qianhui, 'GET', '/manager/hyUser/list?status=regular&pageSize=1&column=realname&order=asc')).body.result.records[0];
    const r = await move(qianhui, 'dimission', { id: f.id, dimissionType: '1', date: '2026-12-31', reason: '个人发展' });
    expect(r.message).toBe('已提交离职审批');
    const task = await taskOf(f.realname);
    const back = await t.call(lina, 'POST', '/actTask/back', { id: task.id, comment: '请先完成项目交接', type: 1, backTaskKey: '-1' });
    expect(back.body.success, back.body.message).toBe(true);
    const after = await file(f.id);
    expect(after).toMatchObject({ status: 'regular', pendingMove: null, dimissionDate: null });
    const logs = (await t.call(lina, 'GET', `/manager/hyUserLog/list?hyUserId=${f.id}&action=approval`)).body.result.records;
    expect(logs[0]).toMatchObject({ field: 'pendingMove', oldValue: 'dimission', newValue: null, reason: '审批驳回' });
  });
});
