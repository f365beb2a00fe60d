import { makeNationalId } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

/** A fresh person for each call: valid national ID and mobile that no seeded file uses. */
let n = 0;
export function newPerson(extra: Record<string, unknown> = {}) {
  n++;
  const birthday = `1990-0${(n % 9) + 1}-1${n % 10}`;
  return {
    realname: `测试${n}`,
    idCard: makeNationalId('110105', birthday, 900 + (n % 50) * 2 + 1),
    mobile: `1470000${String(1000 + n).padStart(4, '0')}`,
    orgCode: 'A03A02',
    ...extra,
  };
}

describe.each(dbKinds)('[HR] employee files on %s', (kind) => {
  let t: TestApp;
  let admin: string; // A01, every permission
  let lina: string; // A01 HR
  let qianhui: string; // A03 HR with hr:sensitive:view
  let sunyue: string; // A03 HR assistant, no sensitive view
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, lina, qianhui, sunyue, staff] = await Promise.all(['admin', 'lina', 'qianhui', 'sunyue', 'chenjing'].map((u) => t.login(u)));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('guards: 401 without a token, 403 without the permission', async () => {
    for (const [m, url, body] of [
      ['GET', '/manager/hyUser/list', undefined],
      ['POST', '/manager/hyUser/add', newPerson()],
      ['POST', '/manager/hyUser/blacklist', { id: 'x', reason: 'x' }],
      ['GET', '/manager/hyUserLog/list', undefined],
    ] as const) {
      expect((await t.call(null, m, url, body)).status, url).toBe(401);
      const denied = await t.call(staff, m, url, body);
      expect(denied.status, url).toBe(403);
      expect(denied.body.code).toBe(510);
    }
    // The assistant may not blacklist nor see plain values.
    expect((await t.call(sunyue, 'POST', '/manager/hyUser/blacklist', { id: 'x', reason: '造假' })).status).toBe(403);
    expect((await t.call(sunyue, 'GET', '/manager/hyUser/sensitive?id=x')).status).toBe(403);
    expect((await t.call(sunyue, 'GET', '/manager/hyUser/list?sensitive=1')).status).toBe(403);
  });

  it('validates every shared rule with its Chinese text (400, nothing saved)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ idCard: '110105199001010011' }, '身份证号码校验位不正确'],
      [{ idCard: '12345' }, '请输入正确的身份证号码'],
      [{ idCard: '110105199002300013' }, '身份证号码中的出生日期不正确'],
      [{ birthday: '1980-01-01' }, '出生日期与身份证号码不一致'],
      [{ sex: '2' }, '性别与身份证号码不一致'],
      [{ mobile: '12345678901' }, '请输入正确手机号'],
      [{ mobile: '' }, '请输入手机号'],
      [{ email: 'a@b' }, '邮箱格式不正确'],
      [{ qq: '0123' }, '请输入正确的QQ号'],
      [{ telephone: '1234' }, '请输入正确的座机号'],
      [{ bankCard: '012345678901' }, '请输入正确的银行卡号'],
      [{ realname: '' }, '请输入姓名'],
    ];
    for (const [extra, message] of cases) {
      const p = newPerson(extra);
      const r = await t.call(qianhui, 'POST', '/manager/hyUser/add', p);
      expect(r.status, message).toBe(400);
      expect(r.body.message).toContain(message);
    }
    const list = await t.call(admin, 'GET', '/manager/hyUser/list?realname=测试*&pageSize=100');
    expect(list.body.result.total).toBe(0);
  });

  it('adds an applicant: masked in lists, birthday and sex from the ID, change log row', async () => {
    const p = newPerson({ bankCard: '6222020200001234567', email: 'x@example.com' });
    const add = await t.call(qianhui, 'POST', '/manager/hyUser/add', p);
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = add.body.result.id as string;
    const d = await t.call(sunyue, 'GET', `/manager/hyUser/queryById?id=${id}`);
    expect(d.body.result).toMatchObject({
      status: 'applicant',
      status_dictText: '应聘',
      company: 'A03',
      departName: '销售部',
      sex: '1',
      birthday: p.idCard.slice(6, 10) + '-' + p.idCard.slice(10, 12) + '-' + p.idCard.slice(12, 14),
      idCard: `${p.idCard.slice(0, 3)}*************${p.idCard.slice(16)}`,
      mobile: `${p.mobile.slice(0, 3)}****${p.mobile.slice(7)}`,
      bankCard: '6222***********4567',
    });
    const l = await t.call(sunyue, 'GET', `/manager/hyUser/list?status=applicant&realname=${encodeURIComponent(p.realname)}`);
    expect(l.body.result.records[0].idCard).toContain('********');
    // The plain values, for a holder of hr:sensitive:view, are logged.
    const s = await t.call(qianhui, 'GET', `/manager/hyUser/sensitive?id=${id}`);
    expect(s.body.result).toMatchObject({ idCard: p.idCard, mobile: p.mobile, bankCard: '6222020200001234567' });
    const plainList = await t.call(qianhui, 'GET', `/manager/hyUser/list?sensitive=1&realname=${encodeURIComponent(p.realname)}`);
    expect(plainList.body.result.records[0].idCard).toBe(p.idCard);
    const logs = await t.call(qianhui, 'GET', `/manager/hyUserLog/list?hyUserId=${id}&pageSize=50`);
    const actions = logs.body.result.records.map((r: { action: string }) => r.action);
    expect(actions.filter((a: string) => a === 'viewSensitive')).toHaveLength(2);
    expect(actions).toContain('create');
    expect(logs.body.result.records.find((r: { action: string }) => r.action === 'viewSensitive')).toMatchObject({ operator: 'qianhui', operatorName: '钱慧' });
  });

  it('edit writes one change-log row per changed field (who, field, from, to, when); sensitive values masked in the log', async () => {
    const p = newPerson({ email: 'old@example.com' });
    const id = (await t.call(qianhui, 'POST', '/manager/hyUser/add', p)).body.result.id;
    const newMobile = `1580000${String(n).padStart(4, '0')}`;
    const e = await t.call(sunyue, 'PUT', '/manager/hyUser/edit', { id, email: 'new@example.com', mobile: newMobile, school: '复旦大学', realname: p.realname });
    expect(e.body).toMatchObject({ success: true, message: '编辑成功!' });
    const logs = (await t.call(qianhui, 'GET', `/manager/hyUserLog/list?hyUserId=${id}&action=edit`)).body.result.records;
    expect(logs).toHaveLength(3);
    const byField = Object.fromEntries(logs.map((r: { field: string }) => [r.field, r]));
    expect(byField.email).toMatchObject({ fieldLabel: '邮箱', oldValue: 'old@example.com', newValue: 'new@example.com', operator: 'sunyue', operatorName: '孙悦' });
    expect(byField.email.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(byField.school).toMatchObject({ oldValue: null, newValue: '复旦大学' });
    expect(byField.mobile.newValue).toBe(`${newMobile.slice(0, 3)}****${newMobile.slice(7)}`);
    // birthday must keep agreeing with the ID
    const bad = await t.call(sunyue, 'PUT', '/manager/hyUser/edit', { id, birthday: '2001-01-01' });
    expect(bad.body).toMatchObject({ success: false, message: '出生日期与身份证号码不一致' });
  });

  it('company scope: A03 HR sees and changes only A03; A01 sees all and filters by company', async () => {
    const a05 = (await t.call(lina, 'POST', '/manager/hyUser/add', newPerson({ orgCode: 'A05A02' }))).body.result.id;
    expect((await t.call(qianhui, 'GET', `/manager/hyUser/queryById?id=${a05}`)).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await t.call(qianhui, 'PUT', '/manager/hyUser/edit', { id: a05, email: 'z@example.com' })).body.message).toBe('未找到对应数据');
    expect((await t.call(qianhui, 'POST', '/manager/hyUser/toTalent', { id: a05 })).body.message).toBe('未找到对应数据');
    // nor create files in another company
    expect((await t.call(qianhui, 'POST', '/manager/hyUser/add', newPerson({ orgCode: 'A05A02' }))).body.message).toBe('部门不存在或不在您的管理范围内');
    const mine = await t.call(qianhui, 'GET', '/manager/hyUser/list?pageSize=1000');
    expect(mine.body.result.total).toBeGreaterThan(10);
    expect(mine.body.result.records.every((r: { orgCode: string }) => r.orgCode.startsWith('A03'))).toBe(true);
    const all = await t.call(lina, 'GET', '/manager/hyUser/list?pageSize=1');
    expect(all.body.result.total).toBeGreaterThan(mine.body.result.total);
    const filtered = await t.call(lina, 'GET', '/manager/hyUser/list?company=A03&pageSize=1');
    expect(filtered.body.result.total).toBe(mine.body.result.total);
    // the A03 log list shows no other company's rows
    const logs = await t.call(qianhui, 'GET', '/manager/hyUserLog/list?pageSize=1000');
    expect(logs.body.result.records.every((r: { orgCode: string }) => r.orgCode.startsWith('A03'))).toBe(true);
  });

  it('search, advanced query and sorting on whitelisted fields', async () => {
    const sq = encodeURIComponent(JSON.stringify([{ field: 'status', rule: 'in', val: 'probation,regular', type: 'string' }]));
    const r = await t.call(lina, 'GET', `/manager/hyUser/list?superQueryParams=${sq}&superQueryMatchType=and&column=entryDate&order=asc&pageSize=20`);
    expect(r.body.result.total).toBeGreaterThan(100);
    const dates = r.body.result.records.map((x: { entryDate: string }) => x.entryDate);
    expect([...dates].sort()).toEqual(dates);
    const bad = await t.call(lina, 'GET', '/manager/hyUser/list?column=idCard');
    expect(bad.body.message).toContain('请注意，将要排序的列字段不存在');
  });

  it('delete only applicant and talent files', async () => {
    const id = (await t.call(qianhui, 'POST', '/manager/hyUser/add', newPerson())).body.result.id;
    const staffFile = (await t.call(qianhui, 'GET', '/manager/hyUser/list?status=regular&pageSize=1')).body.result.records[0].id;
    expect((await t.call(qianhui, 'DELETE', `/manager/hyUser/delete?id=${staffFile}`)).body.message).toBe('只能删除应聘和人才库档案');
    expect((await t.call(qianhui, 'DELETE', `/manager/hyUser/delete?id=${id}`)).body.message).toBe('删除成功!');
    expect((await t.call(qianhui, 'GET', `/manager/hyUser/queryById?id=${id}`)).body.message).toBe('未找到对应数据');
  });
});
