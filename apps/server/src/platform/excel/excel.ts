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

/** Header of the id column an importable export ends with, so a re-import updates its own rows. */
export const ID_HEADER = 'ID';

/**
 * An export's columns ending with the record id (header `ID`): the file imports back as updates of its
 * own rows instead of copies.
 */
export function withIdColumn(columns: ExportColumn[]): ExportColumn[] {
  return columns.some((c) => c.key === 'id') ? columns : [...columns, { header: ID_HEADER, key: 'id', width: 22 }];
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `Content-Disposition` for a download name (ASCII fallback plus the UTF-8 name). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

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

/**
 * Streams rows into an .xlsx: row 1 the title (merged), row 2 the sub-title, row 3 the headers, then data.
 * Returns the readable stream at once; rows are pulled from `rows` as the writer goes.
 *
 * Nothing is written before the first row has been read (`primeRows`): a query that fails (a filter the
 * database refuses) fails the stream before its first byte, so the answer is still an error envelope (the
 * framework answers a stream that fails before it sent anything through the error handler), never a
 * download cut off after a 200.
 */
export function streamXlsx(opts: {
  title: string;
  subTitle?: string;
  sheetName?: string;
  columns: ExportColumn[];
  rows: AsyncIterable<Record<string, unknown>>;
}): PassThrough {
  const out = new PassThrough();
  // A failure is reported to whoever reads the stream (the framework's own listener); a stream failing
  // before anyone reads it must not count as an unhandled error event.
  out.on('error', () => undefined);
  void (async () => {
    const rows = await primeRows(opts.rows);
    if (out.destroyed) return;
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(opts.sheetName ?? 'Sheet1');
    ws.columns = opts.columns.map((c) => ({ key: c.key, width: c.width ?? 18 }));
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
    const keys = opts.columns.map((c) => c.key);
    const sheet = sheetStream(ws);
    if (sheet) {
      // Data rows are rendered here, straight into the sheet's XML: one string per row, in exactly the
      // markup exceljs writes for them, without its per-cell objects (which made most of the export's
      // time and garbage).
      const refs = opts.columns.map((_c, i) => columnLetters(i + 1));
      let rowNo = 3;
      let pending = '';
      for await (const r of rows) {
        if (out.destroyed) return; // the client went away: stop reading rows
        // a row of empty cells is not written, but it takes its row number (as with exceljs)
        const xml = rowXml(++rowNo, refs, keys, r);
        if (xml === null) continue;
        pending += xml;
        if (pending.length >= CHUNK_CHARS) {
          sheet.write(pending);
          pending = '';
          await roomIn(out, sheet.backlog);
        }
      }
      if (pending) sheet.write(pending);
    } else {
      const plain = Object.freeze({}) as Partial<ExcelJS.Style>;
      let written = 0;
      for await (const r of rows) {
        if (out.destroyed) return;
        const row = ws.addRow(keys.map((k) => cell(r[k])));
        // one shared (empty) style object: exceljs resolves a style id once per style object
        for (let i = 1; i <= n; i++) row.getCell(i).style = plain;
        row.commit();
        if (++written % 64 === 0) await roomIn(out, () => 0);
      }
    }
    ws.commit();
    await wb.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/** Characters of rendered rows handed to the sheet at once. */
const CHUNK_CHARS = 8 * 1024;

/**
 * Bytes of finished workbook that may wait for the client, and bytes of sheet XML that may wait for the zip
 * compression, before rows stop being pulled. Kept short: whatever waits in these queues (sheet text, its
 * buffers, the write callbacks) outlives young-generation collections and is promoted, and on a large heap
 * V8 lets the old generation (with the buffers' memory) grow for a long while before a full collection, so
 * longer queues showed as a higher peak RSS of the server during a 100k-row export.
 */
const EXPORT_BUFFER_BYTES = 256 * 1024;
const SHEET_BACKLOG_BYTES = 128 * 1024;

/**
 * The worksheet's XML stream (exceljs's buffer stream, piped into the zip entry), with the bytes queued on
 * their way to the zip compression. exceljs writes into that pipe without back-pressure (its buffer stream
 * ignores `write()` returning false), so while the compression is slower than the rows arrive, the whole
 * uncompressed sheet would queue there. Null when exceljs's internals are not the ones this was written for:
 * rows then go through `addRow`.
 */
function sheetStream(ws: ExcelJS.Worksheet): { write(xml: string): void; backlog(): number } | null {
  type Pipe = { writableLength?: number; _writableState?: { length?: number } };
  const stream = (ws as unknown as { stream?: { write?: unknown; pipes?: Pipe[] } }).stream;
  if (!stream || typeof stream.write !== 'function' || !Array.isArray(stream.pipes)) return null;
  const pipes = stream.pipes;
  // archiver's pass-through is a readable-stream 2 stream: no `writableLength`, the same figure in its state.
  const queued = (p: Pipe) => (typeof p?.writableLength === 'number' ? p.writableLength : (p?._writableState?.length ?? 0));
  const write = stream.write as (xml: string) => unknown;
  return { write: (xml) => void write.call(stream, xml), backlog: () => pipes.reduce((sum, p) => sum + queued(p), 0) };
}

/** `A`, `B`, … `Z`, `AA`, … for a 1-based column number. */
export function columnLetters(col: number): string {
  let s = '';
  for (let c = col; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

// eslint-disable-next-line no-control-regex -- the control characters XML 1.0 cannot hold
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/g;
const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

/** exceljs's text escaping: the five XML entities, and control characters XML cannot hold dropped. */
function xmlText(text: string): string {
  return text.replace(XML_SPECIAL, (ch) => XML_ESCAPES[ch] ?? '');
}

/**
 * One data row as exceljs renders it with no styles and no shared strings: text as `t="str"`, numbers bare,
 * empty cells left out; null when every cell is empty (exceljs writes no such row).
 */
export function rowXml(rowNo: number, refs: string[], keys: string[], r: Record<string, unknown>): string | null {
  let cells = '';
  let any = false;
  for (let i = 0; i < keys.length; i++) {
    const v = cell(r[keys[i]]);
    if (v === null) continue;
    any = true;
    cells += typeof v === 'number' ? `<c r="${refs[i]}${rowNo}"><v>${xmlText(String(v))}</v></c>` : `<c r="${refs[i]}${rowNo}" t="str"><v>${xmlText(v)}</v></c>`;
  }
  return any ? `<row r="${rowNo}" spans="1:${keys.length}" x14ac:dyDescent="0.25">${cells}</row>` : null;
}

/** Resolves once the compression and the client have caught up (or the client is gone). */
async function roomIn(out: PassThrough, backlog: () => number): Promise<void> {
  while (!out.destroyed && (out.writableNeedDrain || out.readableLength + out.writableLength > EXPORT_BUFFER_BYTES || backlog() > SHEET_BACKLOG_BYTES)) {
    await new Promise((resolve) => setTimeout(resolve, 2));
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
