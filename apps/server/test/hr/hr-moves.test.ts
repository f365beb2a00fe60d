import ExcelJS from 'exceljs';
import { makeNationalId } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

let n = 0;
function person(extra: Record<string, unknown> = {}) {
  n++;
  return {
    realname: `流转${n}`,
    idCard: makeNationalId('310104', `1992-0${(n % 9) + 1}-2${n % 8}`, 600 + (n % 100) * 2),
    mobile: `1470001${String(1000 + n).padStart(4, '0')}`,
    orgCode: 'A03A02',
    ...extra,
  };
}

describe.each(dbKinds)('[HR] moves from applicant to blacklist on %s', (kind) => {
  let t: TestApp;
  let lina: string; // A01 HR
  let qianhui: string; // A03 HR
  let sunyue: string; // A03 HR assistant
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [lina, qianhui, sunyue, staff] = await Promise.all(['lina', 'qianhui', 'sunyue', 'chenjing'].map((u) => t.login(u)));
    // Without an active approval process the moves apply at once (hr-approval.test.ts covers approvals).
    await t.app.ctx.db.updateTable('wfDefinition').set({ status: 0 }).where('businessTable', 'in', ['fm_hy_new', 'fm_hy_transfer', 'fm_hy_dimission']).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const move = async (token: string, name: string, body: Record<string, unknown>) => (await t.call(token, 'POST', `/manager/hyUser/${name}`, body)).body;
  const file = async (token: string, id: string) => (await t.call(token, 'GET', `/manager/hyUser/queryById?id=${id}`)).body.result;
  const timeline = async (id: string) =>
    (await t.call(lina, 'GET', `/manager/hyUserLog/list?hyUserId=${id}&pageSize=200&column=createTime&order=asc`)).body.result.records as Record<string, string>[];

  it('the whole life: applicant → talent → interview → hire → entry (account) → regular → transfer to A05 (account follows) → dimission → blacklist → applies again (flagged)', async () => {
    const p = person();
    const id = (await t.call(qianhui, 'POST', '/manager/hyUser/add', p)).body.result.id as string;
    expect(await move(sunyue, 'toTalent', { id, reason: '储备' })).toMatchObject({ success: true });
    expect((await file(sunyue, id)).status).toBe('talent');
    expect(await move(sunyue, 'toInterview', { id })).toMatchObject({ success: true });
    // interview rounds
    const r1 = await t.call(sunyue, 'POST', '/manager/hyInterview/add', { hyUserId: id, interviewers: '马超', score: 86, verdict: 'pass', comment: '基础扎实' });
    expect(r1.body.result.round).toBe(1);
    const bad = await t.call(sunyue, 'POST', '/manager/hyInterview/add', { hyUserId: id, score: 101, verdict: 'pass' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('分数应为0到100的整数');
    expect((await t.call(sunyue, 'POST', '/manager/hyInterview/add', { hyUserId: id, score: 90, verdict: 'pass' })).body.result.round).toBe(2);
    expect((await t.call(sunyue, 'GET', `/manager/hyInterview/list?hyUserId=${id}`)).body.result).toHaveLength(2);
    // hire (offer) → new hire list
    const hireBad = await move(sunyue, 'hire', { id, post: 'zy' });
    expect(hireBad.message).toContain('请选择部门');
    expect(await move(sunyue, 'hire', { id, orgCode: 'A03A02', post: 'zy', entryDate: '2026-12-01', probationMonths: 3 })).toMatchObject({ success: true });
    const nh = await t.call(sunyue, 'GET', `/manager/hyNew/list?realname=${encodeURIComponent(p.realname)}`);
    expect(nh.body.result.records[0]).toMatchObject({ status: 'new', offerDate: expect.any(String), onboarding: expect.arrayContaining([{ name: '签订劳动合同', done: false }]) });
    // a move from the wrong state
    expect((await move(sunyue, 'regular', { id, regularDate: '2026-12-01' })).message).toBe('当前状态不能办理该操作');
    // entry creates the system account in the file's department
    const entry = await move(sunyue, 'entry', { id, entryDate: '2026-01-05', username: `hy_new${n}`, contractNo: 'HT-1', contractType: '1', contractEnd: '2029-01-04' });
    expect(entry.message).toMatch(/已创建系统账号 hy_new\d+，初始密码 \S+/);
    const password = /初始密码 (\S+)/.exec(entry.message)![1];
    const f1 = await file(sunyue, id);
    expect(f1).toMatchObject({ status: 'probation', entryDate: '2026-01-05', regularDate: '2026-04-05', username: `hy_new${n}` });
    const token = await t.login(`hy_new${n}`, password);
    const me = await t.call(token, 'GET', '/sys/user/getCurrentUserDeparts');
    expect(me.body.result.orgCode).toBe('A03A02');
    expect(await move(sunyue, 'regular', { id, regularDate: '2026-04-05' })).toMatchObject({ success: true });
    // A03 HR cannot transfer to another company; A01 HR can, and the account follows.
    expect((await move(qianhui, 'transfer', { id, orgCode: 'A05A02', reason: '支援项目', date: '2026-06-01' })).message).toBe('部门不存在或不在您的管理范围内');
    const tr = await move(lina, 'transfer', { id, orgCode: 'A05A02', post: 'zg', reason: '支援项目', date: '2026-06-01' });
    expect(tr).toMatchObject({ success: true });
    expect((await t.call(token, 'GET', '/sys/user/getCurrentUserDeparts')).body.result.orgCode).toBe('A05A02');
    expect((await file(qianhui, id)) ?? null).toBeNull(); // no longer A03's file
    const transfers = await t.call(lina, 'GET', `/manager/hyTransfer/list?hyUserId=${id}`);
    expect(transfers.body.result.records[0]).toMatchObject({ fromOrgCode: 'A03A02', toOrgCode: 'A05A02', fromDepartName: '销售部', toDepartName: '工程管理部', toPost: 'zg', reason: '支援项目', operator: 'lina' });
    // 新职务 by name
    expect(transfers.body.result.records[0].toPost_dictText).toBe('主管');
    // A03 still sees the transfer out in its transfer list
    expect((await t.call(qianhui, 'GET', `/manager/hyTransfer/list?hyUserId=${id}`)).body.result.total).toBe(1);
    // dimission freezes the account
    expect((await move(lina, 'dimission', { id, dimissionType: '1', date: '2026-09-30' })).message).toContain('请填写原因');
    expect(await move(lina, 'dimission', { id, dimissionType: '1', date: '2026-09-30', reason: '个人发展', handover: '交接给同事' })).toMatchObject({ success: true });
    expect((await t.call(null, 'POST', '/sys/login', { username: `hy_new${n}`, password })).body.message).toBe('该用户已冻结');
    // blacklist needs a non-empty reason
    const empty = await t.call(lina, 'POST', '/manager/hyUser/blacklist', { id, reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请填写原因');
    expect(await move(lina, 'blacklist', { id, reason: '离职后泄露客户资料' })).toMatchObject({ success: true });
    expect(await file(lina, id)).toMatchObject({ status: 'blacklist', blacklistReason: '离职后泄露客户资料' });
    // applies again in A03 with the same ID: a new applicant file, flagged
    const again = await t.call(qianhui, 'POST', '/manager/hyUser/add', { ...p, orgCode: 'A03A01' });
    expect(again.body).toMatchObject({ success: true, message: '添加成功！该人员在黑名单中，已标记', result: { blacklistFlag: 1 } });
    const flagged = await file(qianhui, again.body.result.id);
    expect(flagged).toMatchObject({ status: 'applicant', blacklistFlag: 1, duplicateOf: id });
    // the timeline: every move with reason, date and operator
    const tl = await timeline(id);
    const statusMoves = tl.filter((r) => r.field === 'status').map((r) => [r.action, r.oldValue, r.newValue]);
    expect(statusMoves).toEqual([
      ['create', null, 'applicant'],
      ['toTalent', 'applicant', 'talent'],
      ['toInterview', 'talent', 'interview'],
      ['hire', 'interview', 'new'],
      ['entry', 'new', 'probation'],
      ['regular', 'probation', 'regular'],
      ['dimission', 'regular', 'dimission'],
      ['blacklist', 'dimission', 'blacklist'],
    ]);
    // no line says a state changed to itself: the transfer is its department line (by name, once), the
    // new application an event on the blacklisted file
    const transfer = tl.filter((r) => r.action === 'transfer');
    expect(transfer.map((r) => r.fieldLabel)).toContain('部门');
    expect(transfer.every((r) => r.oldText !== r.newText && !/^A0\d/.test(String(r.newText)))).toBe(true);
    expect(tl.find((r) => r.action === 'apply')).toMatchObject({ field: null, reason: expect.stringContaining('再次应聘') });
    const bl = tl.find((r) => r.action === 'blacklist')!;
    expect(bl).toMatchObject({ reason: '离职后泄露客户资料', operator: 'lina', operatorName: '李娜', oldStatus_dictText: '离职', newStatus_dictText: '黑名单' });
    const orgRow = tl.find((r) => r.action === 'transfer' && r.field === 'orgCode')!;
    expect(orgRow).toMatchObject({ oldValue: 'A03A02', newValue: 'A05A02', effectiveDate: '2026-06-01', reason: '支援项目' });
  });

  it('duplicate person: same ID or mobile in another company is refused naming only company and state', async () => {
    const p = person({ orgCode: 'A05A02' });
    expect((await t.call(lina, 'POST', '/manager/hyUser/add', p)).body.success).toBe(true);
    const sameId = await t.call(qianhui, 'POST', '/manager/hyUser/add', { ...person(), idCard: p.idCard });
    expect(sameId.body).toMatchObject({ success: false, message: '该人员已有人事档案（华远置业有限公司·应聘）' });
    const sameMobile = await t.call(qianhui, 'POST', '/manager/hyUser/add', { ...person(), mobile: p.mobile });
    expect(sameMobile.body.message).toBe('该人员已有人事档案（华远置业有限公司·应聘）');
    const check = await t.call(qianhui, 'GET', `/manager/hyUser/checkDuplicate?idCard=${p.idCard}`);
    expect(check.body.result).toMatchObject({ duplicate: true, message: '该人员已有人事档案（华远置业有限公司·应聘）' });
  });

  it('rehire from dimission keeps one file; unblacklist needs a reason and returns to the talent pool', async () => {
    const id = (await t.call(qianhui, 'POST', '/manager/hyUser/add', person())).body.result.id as string;
    await move(qianhui, 'toInterview', { id });
    await move(qianhui, 'hire', { id, orgCode: 'A03A03', post: 'zy', entryDate: '2025-01-02', probationMonths: 0 });
    expect(await move(qianhui, 'entry', { id, entryDate: '2025-01-02' })).toMatchObject({ success: true });
    expect((await file(qianhui, id)).status).toBe('regular'); // no probation
    await move(qianhui, 'dimission', { id, dimissionType: '3', date: '2025-12-31', reason: '合同到期' });
    expect(await move(qianhui, 'hire', { id, orgCode: 'A03A02', post: 'zg', entryDate: '2026-12-01' })).toMatchObject({ success: true });
    const f = await file(qianhui, id);
    expect(f).toMatchObject({ id, status: 'new', orgCode: 'A03A02', dimissionDate: null });
    // the onboarding checklist of the new hire
    const items = [
      { name: '签订劳动合同', done: true },
      { name: '入职培训', done: false },
    ];
    expect((await t.call(qianhui, 'POST', '/manager/hyNew/onboarding', { id, items })).body.success).toBe(true);
    const nh = await t.call(qianhui, 'GET', `/manager/hyNew/list?realname=${encodeURIComponent(f.realname)}`);
    expect(nh.body.result.records[0].onboarding).toEqual(items);
    expect((await t.call(sunyue, 'POST', '/manager/hyNew/onboarding', { id: 'nope', items })).body.message).toBe('未找到对应数据');
    const list = await t.call(qianhui, 'GET', `/manager/hyUser/list?idCard=${encodeURIComponent('!x')}&realname=${encodeURIComponent(f.realname)}`);
    expect(list.body.result.total).toBe(1);
    // blacklist / unblacklist from the talent pool
    const other = (await t.call(qianhui, 'POST', '/manager/hyUser/add', person())).body.result.id as string;
    await move(qianhui, 'toTalent', { id: other });
    await move(qianhui, 'blacklist', { id: other, reason: '简历造假' });
    expect((await t.call(qianhui, 'POST', '/manager/hyUser/unblacklist', { id: other })).status).toBe(400);
    expect(await move(qianhui, 'unblacklist', { id: other, reason: '核实后误会已澄清' })).toMatchObject({ success: true });
    expect(await file(qianhui, other)).toMatchObject({ status: 'talent', blacklistReason: null });
    // permissions per move
    expect((await t.call(staff, 'POST', '/manager/hyUser/toTalent', { id: other })).status).toBe(403);
    expect((await t.call(sunyue, 'POST', '/manager/hyUser/unblacklist', { id: other, reason: 'x' })).status).toBe(403);
  });

  it('relations: contracts ending within 30/60/90 days, probation ending, birthdays this month', async () => {
    const c30 = await t.call(lina, 'GET', '/manager/hyRelation/list?kind=contract30&pageSize=500');
    const c90 = await t.call(lina, 'GET', '/manager/hyRelation/list?kind=contract90&pageSize=500');
    expect(c90.body.result.total).toBeGreaterThanOrEqual(c30.body.result.total);
    expect(c90.body.result.total).toBeGreaterThan(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    for (const r of c90.body.result.records) expect(r.contractEnd >= today).toBe(true);
    const b = await t.call(qianhui, 'GET', '/manager/hyRelation/list?kind=birthday&pageSize=500');
    for (const r of b.body.result.records) {
      expect(r.birthday.slice(5, 7)).toBe(today.slice(5, 7));
      expect(r.orgCode.startsWith('A03')).toBe(true);
    }
    const p = await t.call(lina, 'GET', '/manager/hyRelation/list?kind=probation&pageSize=500');
    for (const r of p.body.result.records) expect(r.status).toBe('probation');
    expect((await t.call(lina, 'GET', '/manager/hyRelation/list?kind=bogus')).body.message).toBe('提醒类型不正确');
  });

  it('imports 1,000 rows with 3 bad ones: code 201 and an error file naming them', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['花名册']);
    ws.addRow(['']);
    ws.addRow(['姓名', '性别', '身份证号', '手机号', '部门编码', '职务', '入职日期', '状态']);
    for (let i = 0; i < 1000; i++) {
      const birthday = `19${70 + (i % 30)}-0${(i % 9) + 1}-1${i % 10}`;
      let idCard = makeNationalId('440305', birthday, (i % 400) * 2 + 1);
      let mobile = `1590${String(i).padStart(7, '0')}`;
      let orgCode = 'A03A02';
      if (i === 10) idCard = idCard.slice(0, 17) + (idCard[17] === '0' ? '1' : '0'); // wrong check digit
      if (i === 500) mobile = '12345';
      if (i === 999) orgCode = 'A05A02'; // another company
      ws.addRow([`导入${i}`, '男', idCard, mobile, orgCode, '专员', '2024-03-01', '正式']);
    }
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----hr' + Date.now();
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="roster.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
      buf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await t.call(qianhui, 'POST', '/manager/hyUser/importExcel', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(r.body).toMatchObject({ success: true, code: 201, result: { totalCount: 1000, successCount: 997, errorCount: 3 } });
    const file = await t.app.inject({ method: 'GET', url: `/jeecg-boot${r.body.result.fileUrl}` });
    const text = file.body;
    expect(text).toContain('第 14 行：身份证号：身份证号码校验位不正确');
    expect(text).toContain('第 504 行：手机号：请输入正确手机号');
    expect(text).toContain('第 1003 行：部门编码“A05A02”不存在或不在您的管理范围内');
    expect(text.trim().split('\r\n')).toHaveLength(3);
    const list = await t.call(qianhui, 'GET', '/manager/hyUser/list?realname=导入*&pageSize=1');
    expect(list.body.result.total).toBe(997);
    // importing the same file again: every row is a duplicate person
    const again = await t.call(qianhui, 'POST', '/manager/hyUser/importExcel', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(again.body.result).toMatchObject({ successCount: 0, errorCount: 1000 });
    // two imports of 1,000 rows each: minutes, not seconds, on a busy shared machine
  }, 120_000);

  it('exports: roster masked, transfers via mobilizeExportXls', async () => {
    const x = await t.app.inject({ method: 'GET', url: '/jeecg-boot/manager/hyUser/exportXls?status=regular&company=A03', headers: { 'x-access-token': qianhui } });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(3).getCell(4).value).toBe('身份证号');
    expect(String(ws.getRow(4).getCell(4).value)).toMatch(/^\d{3}\*{13}[\dX]{2}$/);
    const m = await t.app.inject({ method: 'GET', url: '/jeecg-boot/manager/hyUser/mobilizeExportXls', headers: { 'x-access-token': lina } });
    expect(m.statusCode).toBe(200);
    expect(String(m.headers['content-disposition'])).toContain(encodeURIComponent('人员调动.xlsx'));
    // plain export only with the permission, and it is logged
    expect((await t.app.inject({ method: 'GET', url: '/jeecg-boot/manager/hyUser/exportXls?sensitive=1', headers: { 'x-access-token': sunyue } })).statusCode).toBe(403);
    const plain = await t.app.inject({ method: 'GET', url: '/jeecg-boot/manager/hyUser/exportXls?sensitive=1&status=regular', headers: { 'x-access-token': qianhui } });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(plain.rawPayload as unknown as ArrayBuffer);
    expect(String(wb2.worksheets[0].getRow(4).getCell(4).value)).toMatch(/^\d{17}[\dX]$/);
    const logs = await t.call(qianhui, 'GET', '/manager/hyUserLog/list?action=exportSensitive');
    expect(logs.body.result.total).toBe(1);
  });
});
