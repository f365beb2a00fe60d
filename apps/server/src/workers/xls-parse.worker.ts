/**
 * Parses an import upload (.xls or .xlsx) in isolation, off the server thread, under a heap limit; the
 * parent terminates it after a time limit (see platform/excel/xls.ts).
 *
 * - `.xls`: the `xlsx` package's reader has published advisories without a fix on npm (prototype pollution
 *   CVE-2023-30533, a ReDoS), so this worker freezes the built-in prototypes BEFORE loading it.
 * - `.xlsx`: first the zip is walked and every entry inflated with a real output cap, so a zip bomb stops at
 *   `maxUncompressed` bytes whatever its headers claim; then exceljs's streaming reader emits rows and the
 *   worker stops at the row cap instead of building the whole workbook.
 * Input (workerData): `{ kind, data: Uint8Array, maxRows, maxUncompressed }`.
 * Output: `{ started: true }` once loaded, then `{ rows: string[][] }` (index = spreadsheet row - 1) or `{ error, code? }`.
 */
import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';

interface Input {
  kind?: 'xls' | 'xlsx';
  data: Uint8Array;
  maxRows: number;
  maxUncompressed?: number;
}

class Refused extends Error {
  constructor(readonly code: 'TOO_MANY_ROWS' | 'TOO_LARGE' | 'BAD_FORMAT') {
    super(code);
  }
}

async function parseXls(data: Uint8Array, maxRows: number): Promise<string[][]> {
  for (const proto of [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, Boolean.prototype, RegExp.prototype, Date.prototype]) {
    Object.freeze(proto);
  }
  Object.freeze(Object);
  Object.freeze(Array);
  const XLSX = (await import('xlsx')).default ?? (await import('xlsx'));
  const wb = XLSX.read(data, { type: 'array', cellFormula: false, cellHTML: false, cellStyles: false, sheetRows: maxRows + 1 });
  const first = wb.SheetNames[0];
  if (!first) return [];
  const sheet = wb.Sheets[first];
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  return rows.slice(0, maxRows).map((r) => (Array.isArray(r) ? r.map((c) => (c === null || c === undefined ? '' : String(c))) : []));
}

/** Inflates every zip entry with a real output cap: throws TOO_LARGE beyond `cap` bytes in total. */
export function checkZipInflatedSize(buf: Buffer, cap: number): number {
  const min = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Refused('BAD_FORMAT');
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw new Refused('BAD_FORMAT');
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const declared = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    p += 46 + nameLen + extraLen + commentLen;
    if (declared === 0xffffffff || compressed === 0xffffffff) throw new Refused('TOO_LARGE'); // zip64: never a small import
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw new Refused('BAD_FORMAT');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const body = buf.subarray(start, start + compressed);
    const left = cap - total;
    if (method === 0) total += body.length;
    else if (method === 8) {
      try {
        total += inflateRawSync(body, { maxOutputLength: Math.max(1, left + 1) }).length;
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new Refused('TOO_LARGE');
        throw new Refused('BAD_FORMAT');
      }
    } else throw new Refused('BAD_FORMAT');
    if (total > cap) throw new Refused('TOO_LARGE');
  }
  return total;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((t) => t.text).join('');
    if (typeof o.text === 'string') return o.text;
    if ('result' in o) return o.result === undefined || o.result === null ? '' : String(o.result);
    return '';
  }
  return String(v).trim();
}

async function parseXlsx(data: Uint8Array, maxRows: number, maxUncompressed: number): Promise<string[][]> {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  checkZipInflatedSize(buf, maxUncompressed);
  const ExcelJS = (await import('exceljs')).default;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const out: string[][] = [];
  for await (const ws of reader) {
    for await (const row of ws) {
      const r = row as unknown as { number: number; values: unknown[] };
      if (r.number > maxRows) throw new Refused('TOO_MANY_ROWS');
      const vals = Array.isArray(r.values) ? r.values.slice(1).map(cellText) : [];
      out[r.number - 1] = vals;
    }
    break; // the first sheet only
  }
  for (let i = 0; i < out.length; i++) if (!out[i]) out[i] = [];
  return out;
}

async function main(): Promise<void> {
  // The parent's parse time limit starts now, not while the thread and this module were being loaded.
  parentPort!.postMessage({ started: true });
  const input = workerData as Input;
  const rows =
    input.kind === 'xlsx'
      ? await parseXlsx(input.data, input.maxRows, input.maxUncompressed ?? 64 * 1024 * 1024)
      : await parseXls(input.data, input.maxRows);
  parentPort!.postMessage({ rows });
}

main().catch((err: unknown) => {
  parentPort!.postMessage(err instanceof Refused ? { error: err.code, code: err.code } : { error: err instanceof Error ? err.message : String(err) });
});
