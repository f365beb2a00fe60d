import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

type LoadOptions = { url: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string>; connections?: number; duration?: number; amount?: number };

/**
 * The load generator: wrk (C, from Debian's `wrk` package) when it is on the PATH, otherwise autocannon.
 * autocannon decodes every response body into a JavaScript string (`body += chunk`): for a gzipped answer
 * that is a slow UTF-8 decode of binary data per response, which makes the client, not the server, the limit
 * (on 2026-11-27 it held a 6 KB gzipped answer to 13,000 req/s at 92 % of a core where wrk measured 37,000).
 */
export const loadTool: 'wrk' | 'autocannon' = spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk';

/** Runs a bounded load (50 connections by default) against one URL on this machine and returns requests/s and latency. */
export async function load(name: string, opts: LoadOptions): Promise<LoadResult> {
  if (loadTool === 'wrk' && !opts.amount) return wrk(name, opts);
  const r = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: { 'content-type': 'application/json', ...(opts.headers ?? {}) },
    connections: opts.connections ?? 50,
    duration: opts.amount ? undefined : (opts.duration ?? 10),
    amount: opts.amount,
  });
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** wrk's latency text (`812.00us`, `3.35ms`, `1.02s`) in milliseconds. */
function wrkMs(text: string | undefined): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text ?? '');
  if (!m) return NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
}

/** One wrk run (one client thread; method, body and headers through a Lua script); counts non-2xx/3xx answers. */
async function wrk(name: string, opts: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-bench-wrk-'));
  try {
    const headers = { 'content-type': 'application/json', ...(opts.headers ?? {}) };
    const script = path.join(dir, 'request.lua');
    writeFileSync(
      script,
      `wrk.method = ${JSON.stringify(opts.method ?? 'GET')}\n` +
        (opts.body ? `wrk.body = ${JSON.stringify(opts.body)}\n` : '') +
        Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}\n`).join(''),
    );
    const args = ['-t1', `-c${opts.connections ?? 50}`, `-d${Math.max(1, Math.round(opts.duration ?? 10))}s`, '--latency', '-s', script, opts.url];
    const out = await new Promise<string>((resolve, reject) =>
      execFile('wrk', args, { encoding: 'utf8' }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    return {
      name,
      rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN)),
      p50: wrkMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1]),
      p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1]),
      errors: socketErrors ? socketErrors.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
      non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printTable(rows: LoadResult[]): void {
  console.log('scenario'.padEnd(46), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'non2xx'.padStart(7));
  for (const r of rows) {
    console.log(
      r.name.padEnd(46),
      String(r.rps).padStart(8),
      String(round(r.p50)).padStart(8),
      String(round(r.p99)).padStart(8),
      String(r.errors).padStart(7),
      String(r.non2xx).padStart(7),
    );
  }
}

/** Latencies in ms: whole numbers from autocannon, tenths from wrk. */
const round = (ms: number) => Math.round(ms * 10) / 10;
