/**
 * Parses a legacy .xls (BIFF8) upload in isolation. The `xlsx` package's reader has published
 * advisories without a fix on npm (prototype pollution CVE-2023-30533, a ReDoS), so it never runs in the
 * server process: this worker freezes the built-in prototypes BEFORE loading the parser, runs under a
 * heap limit, and the parent terminates it after a time limit (see platform/excel/xls.ts).
 * Input (workerData): `{ data: Uint8Array, maxRows: number }`. Output: `{ rows: string[][] }` or `{ error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';

for (const proto of [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, Boolean.prototype, RegExp.prototype, Date.prototype]) {
  Object.freeze(proto);
}
Object.freeze(Object);
Object.freeze(Array);

interface Input {
  data: Uint8Array;
  maxRows: number;
}

async function main(): Promise<void> {
  const { data, maxRows } = workerData as Input;
  const XLSX = (await import('xlsx')).default ?? (await import('xlsx'));
  const wb = XLSX.read(data, { type: 'array', cellFormula: false, cellHTML: false, cellStyles: false, sheetRows: maxRows + 1 });
  const first = wb.SheetNames[0];
  if (!first) {
    parentPort!.postMessage({ rows: [] });
    return;
  }
  const sheet = wb.Sheets[first];
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  const out = rows.slice(0, maxRows).map((r) => (Array.isArray(r) ? r.map((c) => (c === null || c === undefined ? '' : String(c))) : []));
  parentPort!.postMessage({ rows: out });
}

main().catch((err: unknown) => {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
});
