/**
 * Excel export and import.
 *
 * Export format: a genuine Office Open XML workbook (.xlsx), streamed with exceljs's WorkbookWriter
 * row by row, and always named `.xlsx`. The stock client names downloads `.xls`; we never put xlsx
 * bytes under an .xls name, and we do not write BIFF8 because the only writer (the `xlsx` package)
 * builds the whole workbook in memory, which breaks the streamed 100k-row export.
 *
 * Import: .xlsx and legacy .xls both parse in an isolated worker (see xls.ts and workers/xls-parse.worker.ts).
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
/**
 * Runs an export's query up to its first row before the answer starts, so a filter the query refuses
 * answers as an error envelope rather than a download cut off mid-stream.
 */
export async function primeRows<T>(rows: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const it = rows[Symbol.asyncIterator]();
  const first = await it.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
    },
  };
}

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
      if (out.destroyed) return; // the client went away: stop reading rows
      ws.addRow(opts.columns.map((c) => cell(r[c.key]))).commit();
      // exceljs ignores back-pressure: let the zip compression catch up now and then, and while the
      // client reads slower than rows arrive, stop pulling rows (the database is read batch by batch).
      if (++written % 100 === 0) await roomIn(out);
      if (written % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    ws.commit();
    await wb.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/** Bytes of finished workbook that may wait for the client before rows stop being pulled. */
const EXPORT_BUFFER_BYTES = 4 * 1024 * 1024;

/** Resolves once the client has read enough of the output (or it is gone). */
async function roomIn(out: PassThrough): Promise<void> {
  while (!out.destroyed && (out.writableNeedDrain || out.readableLength + out.writableLength > EXPORT_BUFFER_BYTES)) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
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

export interface ImportLimits {
  /** data rows read from the sheet */
  maxRows?: number;
  /** .xlsx: total bytes once inflated */
  maxUncompressed?: number;
}

/** Default inflated-size cap of an .xlsx import (IMPORT_MAX_UNCOMPRESSED_MB). */
export const MAX_IMPORT_UNCOMPRESSED = 64 * 1024 * 1024;

/** The workbook kind by its signature: a zip (Office Open XML) or an OLE2 compound file (BIFF8). */
export function sniffWorkbook(data: Buffer): 'xls' | 'xlsx' | null {
  if (data.subarray(0, 4).toString('hex') === '504b0304') return 'xlsx';
  if (data.subarray(0, 8).toString('hex') === 'd0cf11e0a1b11ae1') return 'xls';
  return null;
}

/**
 * Reads the first sheet of an .xlsx or .xls upload. Throws a user-facing message on a bad file. Both kinds
 * parse in the isolated worker: .xlsx is inflated under a real size cap and read as a stream that stops at
 * the row cap (a zip bomb never reaches the server thread's memory or event loop).
 */
export async function readWorkbook(fileName: string, data: Buffer, limits: ImportLimits = {}): Promise<SheetData> {
  if (data.length > MAX_IMPORT_BYTES) throw new Error('文件大小不能超过10MB');
  const maxRows = limits.maxRows ?? MAX_IMPORT_ROWS;
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext !== 'xlsx' && ext !== 'xls') throw new Error('仅支持 .xls 和 .xlsx 文件');
  // The kind comes from the content, not the name: the stock client saves our .xlsx exports as `name.xls`
  // and uploads them again under that name.
  const kind = sniffWorkbook(data);
  if (!kind) throw new Error('文件格式不正确');
  const { parseImportIsolated, ImportRefused } = await import('./xls.js');
  let all: string[][];
  try {
    all = await parseImportIsolated(data, { kind, maxRows: maxRows + TITLE_ROWS + 1, maxUncompressed: limits.maxUncompressed ?? MAX_IMPORT_UNCOMPRESSED });
  } catch (err) {
    if (err instanceof ImportRefused && err.code === 'TOO_MANY_ROWS') throw new Error(`单个文件最多导入${maxRows}行`);
    if (err instanceof ImportRefused && err.code === 'TOO_LARGE') throw new Error('文件解压后过大');
    throw new Error(err instanceof Error && err.message === '解析超时' ? '文件解析超时' : '文件格式不正确');
  }
  return toSheet(all, 1);
}
