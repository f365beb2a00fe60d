/**
 * Excel export and import.
 *
 * Export format: a genuine Office Open XML workbook (.xlsx), streamed with exceljs's WorkbookWriter
 * row by row, and always named `.xlsx`. The stock client names downloads `.xls`; we never put xlsx
 * bytes under an .xls name, and we do not write BIFF8 because the only writer (the `xlsx` package)
 * builds the whole workbook in memory, which breaks the streamed 100k-row export.
 *
 * Import: .xlsx is read with exceljs in process; legacy .xls only in an isolated worker (see xls.ts).
 * The layout follows the stock importer: 2 title rows, then 1 header row, then data.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export interface ExportColumn {
  header: string;
  key: string;
  width?: number;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `Content-Disposition` for a download name (ASCII fallback plus the UTF-8 name). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams rows into an .xlsx: row 1 the title (merged), row 2 the sub-title, row 3 the headers, then data.
 * Returns the readable stream at once; rows are pulled from `rows` as the writer goes.
 */
export function streamXlsx(opts: {
  title: string;
  subTitle?: string;
  sheetName?: string;
  columns: ExportColumn[];
  rows: AsyncIterable<Record<string, unknown>>;
}): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(opts.sheetName ?? 'Sheet1');
  ws.columns = opts.columns.map((c) => ({ key: c.key, width: c.width ?? 18 }));
  void (async () => {
    const n = opts.columns.length;
    const title = ws.addRow([opts.title]);
    title.font = { bold: true, size: 16 };
    title.alignment = { horizontal: 'center' };
    if (n > 1) ws.mergeCells(1, 1, 1, n);
    title.commit();
    const sub = ws.addRow([opts.subTitle ?? '']);
    if (n > 1) ws.mergeCells(2, 1, 2, n);
    sub.commit();
    const head = ws.addRow(opts.columns.map((c) => c.header));
    head.font = { bold: true };
    head.commit();
    let written = 0;
    for await (const r of opts.rows) {
      ws.addRow(opts.columns.map((c) => cell(r[c.key]))).commit();
      // Let the zip compression and the socket catch up now and then (exceljs ignores backpressure).
      if (++written % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    ws.commit();
    await wb.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

function cell(v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  return String(v);
}

export interface SheetData {
  /** header texts (row 3) */
  headers: string[];
  /** data rows (from row 4), each with its 1-based spreadsheet row number */
  rows: { rowNo: number; values: string[] }[];
}

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20000;
const TITLE_ROWS = 2;

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return v.result === undefined || v.result === null ? '' : String(v.result);
    return '';
  }
  return String(v).trim();
}

function toSheet(all: string[][], firstRowNo: number): SheetData {
  const headerIndex = TITLE_ROWS;
  const headers = (all[headerIndex] ?? []).map((h) => h.trim());
  const rows: SheetData['rows'] = [];
  for (let i = headerIndex + 1; i < all.length; i++) {
    const values = all[i].map((v) => v.trim());
    if (values.every((v) => v === '')) continue;
    rows.push({ rowNo: i + firstRowNo, values });
  }
  return { headers, rows };
}

/** Reads the first sheet of an .xlsx or .xls upload. Throws a user-facing message on a bad file. */
export async function readWorkbook(fileName: string, data: Buffer): Promise<SheetData> {
  if (data.length > MAX_IMPORT_BYTES) throw new Error('文件大小不能超过10MB');
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'xlsx') {
    if (data.subarray(0, 2).toString('latin1') !== 'PK') throw new Error('文件格式不正确');
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw new Error('文件格式不正确');
    }
    const ws = wb.worksheets[0];
    if (!ws) return { headers: [], rows: [] };
    if (ws.rowCount > MAX_IMPORT_ROWS + TITLE_ROWS + 1) throw new Error(`单个文件最多导入${MAX_IMPORT_ROWS}行`);
    const all: string[][] = [];
    for (let r = 1; r <= ws.rowCount; r++) {
      const row = ws.getRow(r);
      const vals: string[] = [];
      for (let c = 1; c <= Math.max(row.cellCount, ws.columnCount); c++) vals.push(cellText(row.getCell(c).value));
      all.push(vals);
    }
    return toSheet(all, 1);
  }
  if (ext === 'xls') {
    // BIFF8 files are OLE compound documents.
    if (data.subarray(0, 4).toString('hex') !== 'd0cf11e0') throw new Error('文件格式不正确');
    const { parseXlsIsolated } = await import('./xls.js');
    let all: string[][];
    try {
      all = await parseXlsIsolated(data, MAX_IMPORT_ROWS + TITLE_ROWS + 1);
    } catch (err) {
      throw new Error(err instanceof Error && err.message === '解析超时' ? '文件解析超时' : '文件格式不正确');
    }
    return toSheet(all, 1);
  }
  throw new Error('仅支持 .xls 和 .xlsx 文件');
}
