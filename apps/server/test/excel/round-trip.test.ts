/**
 * Every list with both an export and an import takes its own export back unchanged: the import answers
 * full success, the row count stays, and a second export reads the same values (rows are matched by id,
 * so a re-import updates instead of adding; masked HR values stay as they are in the database).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

/** export URL, import URL (both under /jeecg-boot) */
const LISTS: { name: string; exportUrl: string; importUrl: string }[] = [
  { name: '角色', exportUrl: '/sys/role/exportXls', importUrl: '/sys/role/importExcel' },
  { name: '职务', exportUrl: '/sys/position/exportXls', importUrl: '/sys/position/importExcel' },
  { name: '数据字典', exportUrl: '/sys/dict/exportXls', importUrl: '/sys/dict/importExcel' },
  { name: '分类字典', exportUrl: '/sys/category/exportXls', importUrl: '/sys/category/importExcel' },
  { name: '填值规则', exportUrl: '/sys/fillRule/exportXls', importUrl: '/sys/fillRule/importExcel' },
  { name: '部门', exportUrl: '/sys/sysDepart/exportXls', importUrl: '/sys/sysDepart/importExcel' },
  { name: '用户', exportUrl: '/sys/user/exportXls', importUrl: '/sys/user/importExcel' },
  { name: '系统通告', exportUrl: '/sys/annountCement/exportXls', importUrl: '/sys/annountCement/importExcel' },
  { name: '定时任务', exportUrl: '/sys/quartzJob/exportXls', importUrl: '/sys/quartzJob/importExcel' },
  { name: '花名册', exportUrl: '/manager/hyUser/exportXls', importUrl: '/manager/hyUser/importExcel' },
  { name: '供应商', exportUrl: '/adminstration/library/supplier/exportXls', importUrl: '/adminstration/library/supplier/importExcel' },
  { name: '年度绩效', exportUrl: '/userYearPerf/exportXls', importUrl: '/userYearPerf/importExcel' },
  { name: '季度绩效', exportUrl: '/userYearPart/exportXls', importUrl: '/userYearPart/importExcel' },
];

/** One cell of the first data row made bad: the import answers 201, names the row in the error file, changes nothing. */
const BAD_ROWS: { name: string; exportUrl: string; importUrl: string; header: string; value: string; message: string }[] = [
  { name: '供应商', exportUrl: '/adminstration/library/supplier/exportXls', importUrl: '/adminstration/library/supplier/importExcel', header: '统一社会信用代码', value: 'BAD', message: '请输入正确的统一社会信用代码' },
  { name: '年度绩效', exportUrl: '/userYearPerf/exportXls', importUrl: '/userYearPerf/importExcel', header: '一月', value: '101', message: '分数须在0到100之间' },
  { name: '季度绩效', exportUrl: '/userYearPart/exportXls', importUrl: '/userYearPart/importExcel', header: '第一季度', value: '-1', message: '分数须在0到100之间' },
];

function multipart(fileName: string, data: Buffer) {
  const boundary = '----rt' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The header row and data rows of an export (row 3 and on), as text. */
async function cellsOf(data: Buffer): Promise<{ headers: string[]; rows: string[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
  const ws = wb.worksheets[0];
  const all: string[][] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (n < 3) return;
    const vals: string[] = [];
    for (let c = 1; c <= ws.columnCount; c++) {
      const v = row.getCell(c).value;
      vals.push(v === null || v === undefined ? '' : String(v));
    }
    all.push(vals);
  });
  return { headers: all[0] ?? [], rows: all.slice(1) };
}

const byFirstCells = (rows: string[][]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe.each(dbKinds)('[EXCEL] export then import unchanged on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function exported(url: string): Promise<Buffer> {
    const res = await t.app.inject({ method: 'GET', url: `/jeecg-boot${url}`, headers: { 'x-access-token': admin } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/\.xlsx/);
    return res.rawPayload;
  }

  it.each(LISTS)('$name: the export imports back as it is', async ({ exportUrl, importUrl }) => {
    const file = await exported(exportUrl);
    const before = await cellsOf(file);
    expect(before.rows.length).toBeGreaterThan(0);
    const hrBefore = importUrl.startsWith('/manager/hyUser') ? await t.app.ctx.db.selectFrom('hyUser').select(['id', 'idCard', 'mobile', 'bankCard']).orderBy('id').execute() : null;

    const m = multipart('导出.xlsx', file);
    const res = await t.app.inject({ method: 'POST', url: `/jeecg-boot${importUrl}`, headers: { 'x-access-token': admin, ...m.headers }, payload: m.payload });
    const body = res.json();
    // a partial import names its bad rows in the error file: show them when this fails
    const errors = body.code === 201 ? (await t.app.inject({ method: 'GET', url: `/jeecg-boot${body.result.fileUrl}`, headers: { 'x-access-token': admin } })).body.slice(0, 2000) : '';
    expect(body.code, `${body.message}\n${errors}`).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toMatch(new RegExp(`^共${before.rows.length}行数据全部导入成功！`));

    const after = await cellsOf(await exported(exportUrl));
    expect(after.headers).toEqual(before.headers);
    expect(after.rows.length).toBe(before.rows.length);
    expect(byFirstCells(after.rows)).toEqual(byFirstCells(before.rows));
    if (hrBefore) {
      const hrAfter = await t.app.ctx.db.selectFrom('hyUser').select(['id', 'idCard', 'mobile', 'bankCard']).orderBy('id').execute();
      expect(hrAfter).toEqual(hrBefore);
    }
  });

  it.each(BAD_ROWS)('$name: a bad row is refused and named in the error file, the others are kept', async ({ exportUrl, importUrl, header, value, message }) => {
    const file = await exported(exportUrl);
    const before = await cellsOf(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
    const ws = wb.worksheets[0];
    const col = (ws.getRow(3).values as unknown[]).map((v) => String(v ?? '')).indexOf(header);
    expect(col).toBeGreaterThan(0);
    ws.getRow(4).getCell(col).value = value;
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const m = multipart('导出.xlsx', data);
    const res = await t.app.inject({ method: 'POST', url: `/jeecg-boot${importUrl}`, headers: { 'x-access-token': admin, ...m.headers }, payload: m.payload });
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 201, result: { totalCount: before.rows.length, errorCount: 1, successCount: before.rows.length - 1 } });
    const errors = await t.app.inject({ method: 'GET', url: `/jeecg-boot${body.result.fileUrl}`, headers: { 'x-access-token': admin } });
    expect(errors.body).toContain(`第 4 行：${message}，忽略导入。`);
    const after = await cellsOf(await exported(exportUrl));
    expect(byFirstCells(after.rows)).toEqual(byFirstCells(before.rows));
  });

  it('花名册: a masked value that stands for no file cannot be read, and the error file says so', async () => {
    const file = await exported('/manager/hyUser/exportXls');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(3).values as unknown[]).map((v) => String(v ?? ''));
    const idCol = headers.indexOf('ID');
    const cardCol = headers.indexOf('身份证号');
    expect(idCol).toBeGreaterThan(0);
    // the first data row with a masked 身份证号, its ID removed: a new person whose number is unreadable
    let rowNo = 4;
    while (!String(ws.getRow(rowNo).getCell(cardCol).value ?? '').includes('*')) rowNo++;
    const masked = String(ws.getRow(rowNo).getCell(cardCol).value);
    ws.getRow(rowNo).getCell(idCol).value = null;
    const out = new ExcelJS.Workbook();
    const sheet = out.addWorksheet('花名册');
    for (let r = 1; r <= 3; r++) sheet.addRow((ws.getRow(r).values as unknown[]).slice(1));
    sheet.addRow((ws.getRow(rowNo).values as unknown[]).slice(1));
    const data = Buffer.from(await out.xlsx.writeBuffer());
    const m = multipart('花名册.xlsx', data);
    const count = async () => Number((await t.app.ctx.db.selectFrom('hyUser').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const res = await t.app.inject({ method: 'POST', url: '/jeecg-boot/manager/hyUser/importExcel', headers: { 'x-access-token': admin, ...m.headers }, payload: m.payload });
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 201, result: { totalCount: 1, errorCount: 1, successCount: 0 } });
    const errors = await t.app.inject({ method: 'GET', url: `/jeecg-boot${body.result.fileUrl}`, headers: { 'x-access-token': admin } });
    expect(errors.body).toContain(`身份证号“${masked}”是脱敏后的值，无法读取`);
    expect(await count()).toBe(before);
  });
});

