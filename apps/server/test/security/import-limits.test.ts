import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLimits } from '../../src/config.js';
import { readWorkbook } from '../../src/platform/excel/excel.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

function multipart(files: { name: string; data: Buffer }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----sec' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A zip whose single deflated entry inflates to `size` bytes of spaces (a zip bomb in miniature). */
function zipBomb(size: number): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const raw = Buffer.alloc(size, 0x20);
  const body = deflateRawSync(raw, { level: 9 });
  const crc = crc32(raw) >>> 0;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(100, 22); // the header lies about the inflated size
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(body.length, 20);
  central.writeUInt32LE(100, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + name.length + body.length;
  const cdSize = central.length + name.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, name, body, central, name, end]);
}

async function bigSheet(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(['用户列表数据']);
  ws.addRow(['导出人']);
  ws.addRow(['登录账号', '真实名称']);
  for (let i = 0; i < rows; i++) ws.addRow([`bulk_${i}`, `批量${i}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('[SECURITY] .xlsx import parsing', () => {
  it('finding 5: a zip bomb stops at the inflated-size cap, whatever its headers say', async () => {
    await expect(readWorkbook('bomb.xlsx', zipBomb(8 * 1024 * 1024), { maxUncompressed: 1024 * 1024 })).rejects.toThrow('文件解压后过大');
  });

  it('finding 5: reading stops at the row cap; a sheet within the cap reads normally', async () => {
    const file = await bigSheet(300);
    await expect(readWorkbook('big.xlsx', file, { maxRows: 100 })).rejects.toThrow('单个文件最多导入100行');
    const ok = await readWorkbook('big.xlsx', file, { maxRows: 1000 });
    expect(ok.headers).toEqual(['登录账号', '真实名称']);
    expect(ok.rows).toHaveLength(300);
    expect(ok.rows[0]).toEqual({ rowNo: 4, values: ['bulk_0', '批量0'] });
  });
});

describe.each(dbKinds)('[SECURITY] import limits over HTTP on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { limits: { ...loadLimits({}), maxFilesPerRequest: 2, importMaxRows: 50, importMaxUncompressedBytes: 1024 * 1024 } });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });
  const post = (mp: ReturnType<typeof multipart>) =>
    t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/user/importExcel', headers: { 'x-access-token': admin, ...mp.headers }, payload: mp.payload });

  it('finding 5: bomb, row cap and files per request are refused and import nothing', async () => {
    const bomb = (await post(multipart([{ name: 'bomb.xlsx', data: zipBomb(4 * 1024 * 1024) }]))).json();
    expect(bomb).toMatchObject({ success: false, message: '文件导入失败:文件解压后过大' });
    const rows = (await post(multipart([{ name: 'big.xlsx', data: await bigSheet(60) }]))).json();
    expect(rows).toMatchObject({ success: false, message: '文件导入失败:单个文件最多导入50行' });
    const small = await bigSheet(1);
    const many = await post(multipart([1, 2, 3].map((i) => ({ name: `f${i}.xlsx`, data: small }))));
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain('一次最多导入2个文件');
    const n = await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', 'like', 'bulk_%').execute();
    expect(n).toEqual([]);
  });
});
