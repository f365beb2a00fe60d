/**
 * Building blocks the bench scripts share: scratch databases (SQLite file or a fresh PostgreSQL database,
 * dropped afterwards), an app served from this process on such a database, percentiles and timed samples,
 * and a streamed download with the process's peak RSS sampled while it runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { testConfig } from '../../apps/server/src/config.js';
import { openDatabase, type DbHandle, type DbKind } from '../../apps/server/src/platform/db/database.js';

export const pgAdminUrl = (): string =>
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

/** A fresh PostgreSQL database on the admin URL; `drop` removes it (forcing out open connections). */
export async function createPgDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = pgAdminUrl();
  const name = `go_bench_${label}_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = '/' + name;
  return {
    url: u.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

export interface Scratch {
  handle: DbHandle;
  dir: string;
  /** Closes the handle, drops the PostgreSQL database and removes the data directory. */
  drop(): Promise<void>;
}

/** An empty database of the given kind with its own data directory. */
export async function openScratch(kind: DbKind, label: string): Promise<Scratch> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `go-bench-${label}-`));
  const pgDb = kind === 'postgres' ? await createPgDatabase(label) : null;
  const handle = openDatabase(pgDb ? pgDb.url : path.join(dir, 'app.db'), dir);
  return {
    handle,
    dir,
    async drop() {
      await handle.close().catch(() => {});
      if (pgDb) await pgDb.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Served {
  /** `http://127.0.0.1:<port>/jeecg-boot` */
  base: string;
  tokenOf(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Serves the app on a scratch database from this process (its RSS is the server's), as in production:
 * responses are not checked against their schemas (CHECK_RESPONSES is off outside test and development).
 */
export async function serve(s: Scratch): Promise<Served> {
  const app = await buildApp({
    config: testConfig({ dataDir: s.dir, uploadDir: path.join(s.dir, 'upload'), checkResponses: false }),
    database: s.handle,
    prepare: false,
    logger: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `${address}/jeecg-boot`;
  return {
    base,
    async tokenOf(username, password = '123456') {
      const r = await fetch(`${base}/sys/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      const body = (await r.json()) as { success: boolean; message: string; result: { token: string } };
      if (!body.success) throw new Error(`login ${username}: ${body.message}`);
      return body.result.token;
    },
    close: () => app.close(),
  };
}

export function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** Runs `run` n times after five warm-up calls and returns the durations in ms. */
export async function sample(n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n + 5; i++) {
    const t0 = performance.now();
    await run(i);
    if (i >= 5) times.push(performance.now() - t0);
  }
  return times;
}

/** p50/p95 of a paged list endpoint and the `total` it reported (fails on an error envelope). */
export async function timeList(url: string, token: string, n: number): Promise<{ p50: number; p95: number; total: number }> {
  let total = 0;
  const times = await sample(n, async () => {
    const r = await fetch(url, { headers: { 'x-access-token': token } });
    const body = (await r.json()) as { success: boolean; message: string; result: { total: number } };
    if (!body.success) throw new Error(`${url}: ${body.message}`);
    total = body.result.total;
  });
  return { p50: pct(times, 50), p95: pct(times, 95), total };
}

/** p50/p95 of a raw query; `run` returns the row count it matched. */
export async function timeSql(run: () => Promise<number>, n: number): Promise<{ p50: number; p95: number; total: number }> {
  let total = 0;
  const times = await sample(n, async () => {
    total = await run();
  });
  return { p50: pct(times, 50), p95: pct(times, 95), total };
}

/** Downloads a streamed response, sampling this process's RSS every 20 ms. */
export async function timeDownload(
  url: string,
  token: string,
): Promise<{ secs: number; bytes: number; peakMb: number; beforeMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const res = await fetch(url, { headers: { 'x-access-token': token } });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const secs = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { secs, bytes, peakMb: peak / 1048576, beforeMb: before / 1048576 };
}

/**
 * `count` generated staff (`bu1`…, ids `9…`, realnames `用户0`–`用户4999`, the admin's password, one a minute
 * from 2023-11-14) inserted by one statement, for the list and export benches.
 */
export async function insertBenchUsers(h: DbHandle, count: number): Promise<void> {
  const pwd = await h.db.selectFrom('sysUser').select(['password', 'salt']).where('username', '=', 'admin').executeTakeFirstOrThrow();
  if (h.kind === 'sqlite') {
    await sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${count})
      INSERT INTO sys_user (id, username, realname, password, salt, sex, email, phone, org_code, status, del_flag, work_no, post, user_identity, create_by, create_time)
      SELECT printf('9%018d', x), 'bu' || x, '用户' || (x % 5000), ${pwd.password}, ${pwd.salt}, 1 + (x % 2), 'bu' || x || '@example.com',
        '139' || printf('%08d', x), 'A0' || (1 + x % 9) || 'A01', 1, 0, 'W' || x, 'zy', 1, 'bench',
        strftime('%Y-%m-%d %H:%M:%S', 1700000000 + x * 60, 'unixepoch') FROM c`.execute(h.db);
  } else {
    await sql`INSERT INTO sys_user (id, username, realname, password, salt, sex, email, phone, org_code, status, del_flag, work_no, post, user_identity, create_by, create_time)
      SELECT '9' || lpad(x::text, 18, '0'), 'bu' || x, '用户' || (x % 5000), ${pwd.password}, ${pwd.salt}, 1 + (x % 2), 'bu' || x || '@example.com',
        '139' || lpad(x::text, 8, '0'), 'A0' || (1 + x % 9) || 'A01', 1, 0, 'W' || x, 'zy', 1, 'bench',
        to_char(to_timestamp(1700000000 + x * 60) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') FROM generate_series(1, ${count}) AS x`.execute(h.db);
  }
}
