import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Parsing time allowed once the worker runs; its start-up (thread, module loading) has its own, wider limit. */
const TIME_LIMIT_MS = 10_000;
const START_LIMIT_MS = 60_000;

/** Where the isolated parser lives: next to the bundle in a build, in src/workers when run from source. */
function workerFile(): { url: URL; ts: boolean } {
  const candidates = [
    new URL('./workers/xls-parse.worker.js', import.meta.url),
    new URL('../../workers/xls-parse.worker.js', import.meta.url),
    new URL('../../workers/xls-parse.worker.ts', import.meta.url),
  ];
  for (const url of candidates) if (existsSync(fileURLToPath(url))) return { url, ts: url.pathname.endsWith('.ts') };
  throw new Error('import parser worker not found');
}

export interface IsolatedParse {
  kind: 'xls' | 'xlsx';
  maxRows: number;
  /** .xlsx only: total inflated bytes allowed */
  maxUncompressed?: number;
}

/** A refusal by the parser: too many rows, too large once inflated, or not a workbook. */
export class ImportRefused extends Error {
  constructor(readonly code: 'TOO_MANY_ROWS' | 'TOO_LARGE' | 'BAD_FORMAT') {
    super(code);
  }
}

/** Parses a legacy .xls buffer in the worker (kept for callers of the original name). */
export function parseXlsIsolated(data: Buffer, maxRows: number): Promise<string[][]> {
  return parseImportIsolated(data, { kind: 'xls', maxRows });
}

/**
 * Parses an import upload in a worker thread (128 MB heap, 10 s of parsing once the worker runs) and returns the first sheet as
 * rows of strings (index = spreadsheet row - 1). The server thread never inflates or parses the file.
 */
export function parseImportIsolated(data: Buffer, opts: IsolatedParse): Promise<string[][]> {
  const { url, ts } = workerFile();
  return new Promise((resolve, reject) => {
    const options = {
      workerData: { data: new Uint8Array(data), kind: opts.kind, maxRows: opts.maxRows, maxUncompressed: opts.maxUncompressed },
      resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      env: {},
    };
    // From source (tests, dev) the worker is TypeScript: a bootstrap registers tsx, then loads it.
    const worker = ts
      ? new Worker(
          `(async () => { const { register } = await import('tsx/esm/api'); register(); await import(${JSON.stringify(url.href)}); })().catch((e) => { require('node:worker_threads').parentPort.postMessage({ error: String(e && e.message || e) }); });`,
          { ...options, eval: true },
        )
      : new Worker(url, options);
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timeOut = () => finish(() => reject(new Error('解析超时')));
    let timer = setTimeout(timeOut, START_LIMIT_MS);
    worker.on('message', (msg: { started?: boolean; rows?: string[][]; error?: string; code?: ImportRefused['code'] }) => {
      if (msg.started) {
        clearTimeout(timer);
        timer = setTimeout(timeOut, TIME_LIMIT_MS);
        return;
      }
      finish(() => (msg.rows ? resolve(msg.rows) : reject(msg.code ? new ImportRefused(msg.code) : new Error(msg.error ?? '解析失败'))));
    });
    worker.once('error', (err) => finish(() => reject(err)));
    worker.once('exit', (code) => finish(() => reject(new Error(`解析进程退出 ${code}`))));
  });
}
