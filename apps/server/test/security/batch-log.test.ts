import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalFileStorage } from '../../src/platform/files/storage.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

async function sheet(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(['用户列表数据']);
  ws.addRow(['导出人']);
  ws.addRow(['登录账号', '真实名称', '部门']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(dbKinds)('[SECURITY] batch items carry their own log row on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it('finding 11: imported users committed before the batch dies each have their sys_log row', async () => {
    const admin = await t.login('admin');
    // The batch dies after the rows are committed (the error file cannot be written): no request log of success.
    vi.spyOn(LocalFileStorage.prototype, 'save').mockRejectedValue(new Error('disk gone'));
    const data = await sheet([
      ['batch_a', '批量甲', 'A03A01'],
      ['bad name', '坏行', 'A03A01'],
      ['batch_b', '批量乙', 'A03A01'],
    ]);
    const boundary = '----b' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/user/importExcel', headers: { 'x-access-token': admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const db = t.app.ctx.db;
    const users = (await db.selectFrom('sysUser').select('username').where('username', 'like', 'batch_%').execute()).map((u) => u.username).sort();
    expect(users).toEqual(['batch_a', 'batch_b']);
    const logs = (await db.selectFrom('sysLog').select(['logContent', 'userid']).where('logContent', 'like', '导入用户 %').execute()).map((l) => `${l.userid}:${l.logContent}`).sort();
    expect(logs).toEqual(['admin:导入用户 batch_a', 'admin:导入用户 batch_b']);
  });
});
