import { addDays, currentWeekStart } from '@go/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe.each(dbKinds)('[OFFICE] weekly reports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let chenjing: string;
  let liuyang: string;
  let zhangwei: string;
  let yangfan: string;
  let sunli: string;
  const week = currentWeekStart();
  const lastWeek = addDays(week, -7);

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, chenjing, liuyang, zhangwei, yangfan, sunli] = await Promise.all(
      ['admin', 'chenjing', 'liuyang', 'zhangwei', 'yangfan', 'sunli'].map((u) => t.login(u)),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const unreadSystemTitles = async (token: string) =>
    ((await t.call(token, 'GET', '/sys/annountCement/listByUser?pageSize=50')).body.result.sysMsgList as { titile: string }[]).map((m) => m.titile);

  it('guards: 401 without token, 403 without the team or search permission, 400 on a week that is not a Monday', async () => {
    expect((await t.call(null, 'GET', '/office/weekly/my')).status).toBe(401);
    expect((await t.call(null, 'POST', '/office/weekly/add', { weekStart: week })).status).toBe(401);
    const team = await t.call(chenjing, 'GET', `/office/weekly/unsubmitted?weekStart=${week}`);
    expect(team.status).toBe(403);
    expect(team.body.code).toBe(510);
    expect((await t.call(chenjing, 'GET', '/office/weekly/list')).status).toBe(403);
    expect((await t.call(chenjing, 'POST', '/office/weekly/remind', { weekStart: week })).status).toBe(403);
    const bad = await t.call(chenjing, 'POST', '/office/weekly/add', { weekStart: addDays(week, 2), doneContent: '<p>x</p>' });
    expect(bad.status).toBe(400);
    expect(bad.raw).toContain('请选择正确的周（周一日期）');
  });

  it("pre-fills this week's done from last week's plan", async () => {
    const r = await t.call(chenjing, 'GET', `/office/weekly/prefill?weekStart=${week}`);
    expect(r.body.result).toMatchObject({ weekStart: week, existing: null, lastWeekStart: lastWeek });
    expect(r.body.result.doneContent).toBe('<p>完成十一月报销单据审核；准备季度税务申报资料。</p>');
    // Nobody wrote a report the week before: nothing to pre-fill.
    const none = await t.call(chenjing, 'GET', `/office/weekly/prefill?weekStart=${addDays(week, -21)}`);
    expect(none.body.result.doneContent).toBe('');
  });

  let reportId = '';
  it('saves a draft (plain body), refuses oneself as recipient on the server, then submits to two people', async () => {
    const draft = await t.call(chenjing, 'POST', '/office/weekly/add', {
      weekStart: week,
      doneContent: '<p>完成十一月报销单据审核<script>alert(1)</script></p>',
      planContent: '<p>年终结账准备</p>',
      problemContent: '',
      attachments: 'oa/weekly/a.pdf',
    });
    expect(draft.body).toMatchObject({ success: true, message: '保存成功', result: { status: '0' } });
    reportId = draft.body.result.id;
    const dup = await t.call(chenjing, 'POST', '/office/weekly/add', { weekStart: week, doneContent: '<p>x</p>' });
    expect(dup.body).toMatchObject({ success: false, message: '本周周报已存在，请编辑' });

    const self = await t.call(chenjing, 'POST', '/office/weekly/submit', { id: reportId, recipients: ['liuyang', 'chenjing'] });
    expect(self.body).toMatchObject({ success: false, code: 500, message: '不能选择自己提交周报' });
    const selfOnAdd = await t.call(chenjing, 'PUT', '/office/weekly/edit', { id: reportId, weekStart: week, doneContent: '<p>a</p>', recipients: ['chenjing'], submit: true });
    expect(selfOnAdd.body.message).toBe('不能选择自己提交周报');
    const none = await t.call(chenjing, 'POST', '/office/weekly/submit', { id: reportId, recipients: [] });
    expect(none.status).toBe(400);
    const unknown = await t.call(chenjing, 'POST', '/office/weekly/submit', { id: reportId, recipients: ['nobody_here'] });
    expect(unknown.body.message).toBe('接收人不存在或不在本公司');
    // A company user may address only their own company (group level A01 may address anyone).
    const otherCompany = await t.call(sunli, 'POST', '/office/weekly/add', { weekStart: week, doneContent: '<p>x</p>', recipients: ['chenjing'], submit: true });
    expect(otherCompany.body.message).toBe('接收人不存在或不在本公司');
    expect((await t.call(sunli, 'GET', `/office/weekly/my?weekStart=${week}`)).body.result.total).toBe(0);
    // Nothing was sent by the refused attempts.
    let mine = await t.call(chenjing, 'GET', `/office/weekly/my?weekStart=${week}`);
    expect(mine.body.result.records[0]).toMatchObject({ status: '0', recipients: [] });
    expect(mine.body.result.records[0].doneContent).not.toContain('script');

    const ok = await t.call(chenjing, 'POST', '/office/weekly/submit', { id: reportId, recipients: ['liuyang', 'zhangwei'] });
    expect(ok.body).toMatchObject({ success: true, message: '提交成功' });
    mine = await t.call(chenjing, 'GET', `/office/weekly/my?weekStart=${week}`);
    expect(mine.body.result.records[0]).toMatchObject({ status: '1', status_dictText: '已提交', readCount: 0 });
    expect(mine.body.result.records[0].recipients.map((r: { username: string; readFlag: string }) => [r.username, r.readFlag]).sort()).toEqual([
      ['liuyang', '0'],
      ['zhangwei', '0'],
    ]);
  });

  it('recipients get a bell notice and an unread entry; opening marks only that recipient read', async () => {
    expect((await unreadSystemTitles(liuyang)).some((x) => x.startsWith('周报：陈静'))).toBe(true);
    expect((await unreadSystemTitles(zhangwei)).some((x) => x.startsWith('周报：陈静'))).toBe(true);
    expect((await unreadSystemTitles(yangfan)).some((x) => x.startsWith('周报：陈静'))).toBe(false);

    const unread = await t.call(liuyang, 'GET', '/office/weekly/received?readFlag=0');
    expect(unread.body.result.records.map((r: { id: string }) => r.id)).toContain(reportId);
    const detail = await t.call(liuyang, 'GET', `/office/weekly/queryById?id=${reportId}`);
    expect(detail.body.result).toMatchObject({ id: reportId, realname: '陈静', weekStart: week });
    const after = await t.call(liuyang, 'GET', '/office/weekly/received?readFlag=0');
    expect(after.body.result.records.map((r: { id: string }) => r.id)).not.toContain(reportId);
    const read = await t.call(liuyang, 'GET', '/office/weekly/received?readFlag=1');
    expect(read.body.result.records.find((r: { id: string }) => r.id === reportId)).toMatchObject({ readFlag: '1', readFlag_dictText: '已读' });
    // zhangwei has not opened it yet.
    const zw = await t.call(zhangwei, 'GET', '/office/weekly/received?readFlag=0');
    expect(zw.body.result.records.map((r: { id: string }) => r.id)).toContain(reportId);
    const mine = await t.call(chenjing, 'GET', `/office/weekly/queryById?id=${reportId}`);
    expect(mine.body.result.readCount).toBe(1);
    const states = Object.fromEntries(mine.body.result.recipients.map((r: { username: string; readFlag: string }) => [r.username, r.readFlag]));
    expect(states).toEqual({ liuyang: '1', zhangwei: '0' });
    // Neither a colleague who is not a recipient nor another company may read it.
    expect((await t.call(yangfan, 'GET', `/office/weekly/queryById?id=${reportId}`)).status).toBe(403);
    expect((await t.call(sunli, 'GET', `/office/weekly/queryById?id=${reportId}`)).status).toBe(403);
    // Re-submitting to a changed list keeps liuyang's read state and notifies only the newcomer.
    await t.call(chenjing, 'POST', '/office/weekly/submit', { id: reportId, recipients: ['liuyang', 'admin'] });
    const again = await t.call(chenjing, 'GET', `/office/weekly/queryById?id=${reportId}`);
    expect(Object.fromEntries(again.body.result.recipients.map((r: { username: string; readFlag: string }) => [r.username, r.readFlag]))).toEqual({ liuyang: '1', admin: '0' });
  });

  it('comments and replies between the writer and a recipient', async () => {
    const c = await t.call(liuyang, 'POST', '/office/weekly/comment', { bizId: reportId, content: '发票问题下周一起跟进' });
    expect(c.body.success).toBe(true);
    expect((await unreadSystemTitles(chenjing)).some((x) => x === '周报评论：刘洋')).toBe(true);
    const reply = await t.call(chenjing, 'POST', '/office/weekly/comment', { bizId: reportId, parentId: c.body.result.id, content: '好的' });
    expect(reply.body.success).toBe(true);
    expect((await unreadSystemTitles(liuyang)).some((x) => x === '周报评论：陈静')).toBe(true);
    const list = await t.call(chenjing, 'GET', `/office/weekly/comments?id=${reportId}`);
    expect(list.body.result.map((x: { realname: string; content: string; parentId: string | null }) => [x.realname, x.content, x.parentId])).toEqual([
      ['刘洋', '发票问题下周一起跟进', null],
      ['陈静', '好的', c.body.result.id],
    ]);
    expect((await t.call(yangfan, 'POST', '/office/weekly/comment', { bizId: reportId, content: 'x' })).status).toBe(403);
    expect((await t.call(liuyang, 'POST', '/office/weekly/comment', { bizId: reportId, content: '  ' })).status).toBe(400);
  });

  it("lists the manager's team members without a submitted report and reminds them", async () => {
    const next = addDays(week, 7);
    const before = await t.call(liuyang, 'GET', `/office/weekly/unsubmitted?weekStart=${next}`);
    expect(before.body.result.records.map((r: { username: string }) => r.username)).toEqual(['chenjing']);
    const cur = await t.call(liuyang, 'GET', `/office/weekly/unsubmitted?weekStart=${week}`);
    expect(cur.body.result.records).toEqual([]);
    const remind = await t.call(liuyang, 'POST', '/office/weekly/remind', { weekStart: next });
    expect(remind.body).toMatchObject({ success: true, result: 1 });
    expect((await unreadSystemTitles(chenjing)).some((x) => x.startsWith('周报提醒：'))).toBe(true);
    // Another company's department is out of a company leader's reach.
    expect((await t.call(sunli, 'GET', `/office/weekly/unsubmitted?weekStart=${week}&orgCode=A01A03`)).status).toBe(403);
  });

  it('searches by person and week within the company and exports the result', async () => {
    const byPerson = await t.call(admin, 'GET', `/office/weekly/list?realname=陈静`);
    expect(byPerson.body.result.records.map((r: { weekStart: string }) => r.weekStart)).toEqual([week, lastWeek]);
    const byWeek = await t.call(admin, 'GET', `/office/weekly/list?weekStart=${lastWeek}`);
    expect(byWeek.body.result.total).toBe(3);
    // A company leader of A03 sees none of A01's reports.
    expect((await t.call(sunli, 'GET', `/office/weekly/list?weekStart=${lastWeek}`)).body.result.total).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: `/jeecg-boot/office/weekly/exportXls?realname=陈静`, headers: { 'x-access-token': admin } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(3).getCell(1).value).toBe('姓名');
    expect(ws.getRow(4).getCell(1).value).toBe('陈静');
    expect(String(ws.getRow(4).getCell(4).value)).toContain('完成十一月报销单据审核');
    expect(ws.getRow(6).getCell(1).value).toBeNull();
  });

  it('deletes drafts only, and only one\'s own', async () => {
    const d = await t.call(yangfan, 'POST', '/office/weekly/add', { weekStart: addDays(week, 7), doneContent: '<p>草稿</p>' });
    expect((await t.call(chenjing, 'DELETE', `/office/weekly/delete?id=${d.body.result.id}`)).body.message).toBe('只能修改自己的周报');
    expect((await t.call(chenjing, 'DELETE', `/office/weekly/delete?id=${reportId}`)).body.message).toBe('已提交的周报不能删除');
    expect((await t.call(yangfan, 'DELETE', `/office/weekly/delete?id=${d.body.result.id}`)).body).toMatchObject({ success: true });
    expect((await t.call(yangfan, 'GET', `/office/weekly/my?weekStart=${addDays(week, 7)}`)).body.result.total).toBe(0);
  });
});
