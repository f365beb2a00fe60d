import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { Flow } from '../workflow/wf-helpers.js';

const IDEA = { category: 'cost', description: '各部门打印机默认单面，纸张浪费较多。', benefit: '预计每年节约纸张30%' };

/**
 * An anonymous 合理化建议 names its proposer only to the proposer and to the reviewers the process
 * designated (the people given a review task); everyone else reads 匿名 in lists, details and exports.
 */
describe.each(dbKinds)('[OFFICE] anonymous proposals hide the proposer on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let anon: { tableId: string; inst: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
    const submit = async (who: string, data: Record<string, unknown>) => {
      const d = await f.call(who, 'POST', '/actBusiness/add', { tableName: 'oa_proposal', ...IDEA, ...data });
      expect(d.body.success, d.body.message).toBe(true);
      const a = await f.call(who, 'POST', '/actBusiness/apply', { id: d.body.result.id });
      expect(a.body.success, a.body.message).toBe(true);
      return { tableId: d.body.result.tableId as string, inst: a.body.result.procInstId as string };
    };
    anon = await submit('chenjing', { anonymous: '1', subject: '茶水间增设净水器' });
    await submit('chenjing', { anonymous: '0', subject: '走廊换感应灯' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (who: string, query = '') =>
    (await f.call(who, 'GET', `/forms/proposal/list?pageSize=100${query}`)).body.result.records as Record<string, unknown>[];
  const bySubject = (rows: Record<string, unknown>[], subject: string) => rows.find((r) => r.subject === subject);
  const exportText = async (who: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/jeecg-boot/forms/proposal/exportXls', headers: { 'x-access-token': await f.token(who) } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const lines: string[] = [];
    wb.worksheets[0].eachRow((row) => lines.push((row.values as unknown[]).map((v) => String(v ?? '')).join('|')));
    return lines;
  };

  it('the stored title of an anonymous proposal does not name the proposer', async () => {
    const row = await t.app.ctx.db.selectFrom('oaProposal').select(['title']).where('id', '=', anon.tableId).executeTakeFirstOrThrow();
    expect(row.title).toBe('匿名的合理化建议 · 茶水间增设净水器');
  });

  it('a department head who is not a reviewer reads 匿名 in the list, the detail and the export', async () => {
    // 张伟 heads 总经办 (A01A01) and sees the whole company's proposals, but reviews none of 陈静's.
    const rows = await list('zhangwei');
    const a = bySubject(rows, '茶水间增设净水器')!;
    expect(a).toMatchObject({ applicantName: '匿名', title: '匿名的合理化建议 · 茶水间增设净水器' });
    expect(JSON.stringify(a)).not.toContain('陈静');
    expect(JSON.stringify(a)).not.toContain('chenjing');
    // a named proposal keeps its proposer
    expect(bySubject(rows, '走廊换感应灯')).toMatchObject({ applicantName: '陈静', applicant: 'chenjing' });

    const one = await f.call('zhangwei', 'GET', `/forms/proposal/queryById?id=${anon.tableId}`);
    expect(one.body.success, one.body.message).toBe(true);
    expect(one.body.result).toMatchObject({ applicantName: '匿名', title: '匿名的合理化建议 · 茶水间增设净水器' });
    expect(JSON.stringify(one.body.result)).not.toContain('陈静');
    expect(JSON.stringify(one.body.result)).not.toContain('chenjing');

    const sheet = await exportText('zhangwei');
    const line = sheet.find((l) => l.includes('茶水间增设净水器'))!;
    expect(line).toContain('匿名');
    expect(line).not.toContain('陈静');
  });

  it('searching by the proposer name or by the name in the title does not find the anonymous proposal', async () => {
    const byName = await list('zhangwei', `&applicantName=${encodeURIComponent('陈静')}`);
    expect(byName.map((r) => r.subject)).toContain('走廊换感应灯');
    expect(byName.map((r) => r.subject)).not.toContain('茶水间增设净水器');
    const byTitle = await list('zhangwei', `&title=${encodeURIComponent('陈静')}`);
    expect(byTitle.map((r) => r.subject)).not.toContain('茶水间增设净水器');
    // the title as shown is searchable
    const shown = await list('zhangwei', `&title=${encodeURIComponent('净水器')}`);
    expect(shown.map((r) => r.subject)).toContain('茶水间增设净水器');
  });

  it('the proposer and the designated reviewers see the proposer', async () => {
    expect(bySubject(await list('chenjing'), '茶水间增设净水器')).toMatchObject({ applicantName: '陈静', applicant: 'chenjing' });
    // 刘洋 heads the proposer's department: the first review is his
    expect(bySubject(await list('liuyang'), '茶水间增设净水器')).toMatchObject({ applicantName: '陈静' });
    expect((await f.call('liuyang', 'GET', `/forms/proposal/queryById?id=${anon.tableId}`)).body.result).toMatchObject({ applicantName: '陈静' });
    // HR review: the HR reviewers see the name once the proposal reaches them, not before
    expect(bySubject(await list('lina'), '茶水间增设净水器')).toMatchObject({ applicantName: '匿名' });
    await f.passOk('liuyang', anon.inst, 'deptApprove');
    const hr = (await t.app.ctx.db.selectFrom('wfTaskCandidate').select('username').where('taskId', '=', await f.taskId(anon.inst, 'hrReview')).execute()).map((c) => c.username);
    expect(hr).toContain('lina');
    expect(bySubject(await list('lina'), '茶水间增设净水器')).toMatchObject({ applicantName: '陈静' });
    // the department head keeps seeing it after his review; the other head still does not
    expect(bySubject(await list('liuyang'), '茶水间增设净水器')).toMatchObject({ applicantName: '陈静' });
    expect(bySubject(await list('zhangwei'), '茶水间增设净水器')).toMatchObject({ applicantName: '匿名' });
  });
});
