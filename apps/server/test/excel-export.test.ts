import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { streamXlsx, type ExportColumn } from '../src/platform/excel/excel.js';

const columns: ExportColumn[] = [
  { header: '登录账号', key: 'a' },
  { header: '数', key: 'b', width: 8 },
  { header: '文本', key: 'c' },
  { header: '其他', key: 'd' },
];
const rows: Record<string, unknown>[] = [
  { a: 'bu1 <&>"\'', b: 12.5, c: null, d: '' },
  { a: '  lead', b: 0, c: 'x\u0001y\ttab\nnl\r\u007f\u000b', d: true },
  { a: null, b: null, c: undefined, d: null },
  { a: 'long\u{1F600}', b: -3, c: undefined, d: new Date(0) },
  {},
  { d: 'only last' },
  ...Array.from({ length: 2500 }, (_v, i) => ({ a: `user${i}`, b: i, c: `用户${i}`, d: i % 3 ? null : '' })),
];

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/** The same sheet written row by row through exceljs's own writer. */
async function throughExceljs(): Promise<Buffer> {
  const out = new PassThrough();
  const done = bytesOf(out);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('sh');
  ws.columns = columns.map((c) => ({ key: c.key, width: c.width ?? 18 }));
  const title = ws.addRow(['T']);
  title.font = { bold: true, size: 16 };
  title.alignment = { horizontal: 'center' };
  ws.mergeCells(1, 1, 1, columns.length);
  title.commit();
  const sub = ws.addRow(['S']);
  ws.mergeCells(2, 1, 2, columns.length);
  sub.commit();
  const head = ws.addRow(columns.map((c) => c.header));
  head.font = { bold: true };
  head.commit();
  for (const r of rows) {
    const values = columns.map((c) => {
      const v = r[c.key];
      return v === null || v === undefined ? null : typeof v === 'number' ? v : String(v);
    });
    ws.addRow(values).commit();
  }
  ws.commit();
  await wb.commit();
  return done;
}

async function sheetOf(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
  const ws = wb.worksheets[0];
  const cells: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    cells[n] = [];
    row.eachCell({ includeEmpty: false }, (c, col) => {
      cells[n][col] = { value: c.value, type: c.type, bold: c.font?.bold ?? false };
    });
  });
  return { cells, merges: ws.model.merges, widths: ws.columns.map((c) => c.width) };
}

describe('[EXCEL] streamed export', () => {
  it('writes the data rows exactly as exceljs writes them row by row (texts, numbers, empty cells, escaping, row numbers)', async () => {
    async function* source() {
      yield* rows;
    }
    const ours = await bytesOf(streamXlsx({ title: 'T', subTitle: 'S', sheetName: 'sh', columns, rows: source() }));
    expect(ours.subarray(0, 4).toString('hex')).toBe('504b0304');
    const [a, b] = await Promise.all([sheetOf(ours), sheetOf(await throughExceljs())]);
    expect(a.cells.length).toBe(3 + rows.length + 1);
    expect(a).toEqual(b);
  });
});
