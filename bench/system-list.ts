/**
 * System lists at scale: 100k users and 1M log rows on SQLite and PostgreSQL.
 * Prints the p95 of a filtered, sorted page (target ≤ 50 ms) and the time and peak RSS of a streamed
 * export of 100k users (target ≤ 10 s, ≤ 300 MB).
 *
 *   npx tsx bench/system-list.ts        (BENCH_DBS=sqlite,postgres; BENCH_USERS=100000; BENCH_LOGS=1000000)
 *
 * The server runs in this process (so RSS is the server's), listening on a local port; requests go
 * through HTTP one at a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase, type DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.js';
import { seedDemo } from '../apps/server/src/seed/index.js';

const dbs = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const USERS = Number(process.env.BENCH_USERS || 100_000);
const LOGS = Number(process.env.BENCH_LOGS || 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 200);

async function generate(h: DbHandle): Promise<void> {
  const pwd = (await h.db.selectFrom('sysUser').select(['password', 'salt']).where('username', '=', 'admin').executeTakeFirstOrThrow());
  const t0 = Date.now();
  if (h.kind === 'sqlite') {
    await sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${USERS})
      INSERT INTO sys_user (id, username, realname, password, salt, sex, email, phone, org_code, status, del_flag, work_no, post, user_identity, create_by, create_time)
      SELECT printf('9%018d', x), 'bu' || x, '用户' || (x % 5000), ${pwd.password}, ${pwd.salt}, 1 + (x % 2), 'bu' || x || '@example.com',
        '139' || printf('%08d', x), 'A0' || (1 + x % 9) || 'A01', 1, 0, 'W' || x, 'zy', 1, 'bench',
        strftime('%Y-%m-%d %H:%M:%S', 1700000000 + x * 60, 'unixepoch') FROM c`.execute(h.db);
    await sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${LOGS})
      INSERT INTO sys_log (id, log_type, log_content, operate_type, userid, username, ip, method, request_url, request_type, cost_time, outcome, create_by, create_time)
      SELECT printf('8%018d', x), 1 + (x % 2), '用户名: bu' || (x % ${USERS}) || ',操作' || (x % 97), 1 + (x % 6), 'bu' || (x % ${USERS}), '用户',
        '10.0.' || (x % 250) || '.' || (x % 200), 'GET', '/sys/user/list', 'GET', x % 300, 'ok', 'bu' || (x % ${USERS}),
        strftime('%Y-%m-%d %H:%M:%S', 1700000000 + x * 30, 'unixepoch') FROM c`.execute(h.db);
    await sql`ANALYZE`.execute(h.db);
  } else {
    await sql`INSERT INTO sys_user (id, username, realname, password, salt, sex, email, phone, org_code, status, del_flag, work_no, post, user_identity, create_by, create_time)
      SELECT '9' || lpad(x::text, 18, '0'), 'bu' || x, '用户' || (x % 5000), ${pwd.password}, ${pwd.salt}, 1 + (x % 2), 'bu' || x || '@example.com',
        '139' || lpad(x::text, 8, '0'), 'A0' || (1 + x % 9) || 'A01', 1, 0, 'W' || x, 'zy', 1, 'bench',
        to_char(to_timestamp(1700000000 + x * 60) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') FROM generate_series(1, ${USERS}) AS x`.execute(h.db);
    await sql`INSERT INTO sys_log (id, log_type, log_content, operate_type, userid, username, ip, method, request_url, request_type, cost_time, outcome, create_by, create_time)
      SELECT '8' || lpad(x::text, 18, '0'), 1 + (x % 2), '用户名: bu' || (x % ${USERS}) || ',操作' || (x % 97), 1 + (x % 6), 'bu' || (x % ${USERS}), '用户',
        '10.0.' || (x % 250) || '.' || (x % 200), 'GET', '/sys/user/list', 'GET', x % 300, 'ok', 'bu' || (x % ${USERS}),
        to_char(to_timestamp(1700000000 + x * 30) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') FROM generate_series(1, ${LOGS}) AS x`.execute(h.db);
    await sql`ANALYZE`.execute(h.db);
  }
  console.log(`  generated ${USERS} users and ${LOGS} log rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

async function timeRequests(url: string, token: string, n: number): Promise<{ p50: number; p95: number; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < n + 5; i++) {
    const t0 = performance.now();
    const r = await fetch(url, { headers: { 'x-access-token': token } });
    const body = (await r.json()) as { success: boolean; message: string; result: { total: number } };
    const ms = performance.now() - t0;
    if (!body.success) throw new Error(`${url}: ${body.message}`);
    total = body.result.total;
    if (i >= 5) times.push(ms); // first requests warm caches
  }
  return { p50: pct(times, 50), p95: pct(times, 95), total };
}

const results: string[][] = [['database', 'scenario', 'rows matched', 'p50 ms', 'p95 ms', 'target']];

for (const kind of dbs) {
  console.log(`\n== ${kind} ==`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-bench-sys-'));
  let dropDb: (() => Promise<void>) | null = null;
  let handle: DbHandle;
  if (kind === 'postgres') {
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
    const name = `go_bench_sys_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(adminUrl);
    u.pathname = '/' + name;
    handle = openDatabase(u.toString(), dir);
    dropDb = async () => {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    };
  } else {
    handle = openDatabase(path.join(dir, 'app.db'), dir);
  }
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  await generate(handle);

  const app = await buildApp({ config: testConfig({ dataDir: dir, uploadDir: path.join(dir, 'upload') }), database: handle, prepare: false, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `${address}/jeecg-boot`;
  const login = await fetch(`${base}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: '123456' }),
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;

  const scenarios: [string, string][] = [
    ['users: realname like, sex, company; createTime desc', `/sys/user/list?realname=${encodeURIComponent('*用户12*')}&sex=1&orgCode=A03*&column=createTime&order=desc&pageNo=1&pageSize=10`],
    ['users: status + page 50, username asc', `/sys/user/list?status=1&column=username&order=asc&pageNo=50&pageSize=10`],
    ['logs: type 2 + one day range; createTime desc', `/sys/log/list?logType=2&createTime_begin=2023-11-20&createTime_end=2023-11-20&column=createTime&order=desc&pageNo=1&pageSize=10`],
    ['logs: type 1, newest page', `/sys/log/list?logType=1&pageNo=1&pageSize=10`],
  ];
  for (const [name, url] of scenarios) {
    const r = await timeRequests(`${base}${url}`, token, SAMPLES);
    results.push([kind, name, String(r.total), r.p50.toFixed(1), r.p95.toFixed(1), '≤ 50']);
    console.log(`  ${name}: matched ${r.total}, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
  }

  // Streamed export of every user (100k + the demo users), with RSS sampled while it runs.
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const res = await fetch(`${base}/sys/user/exportXls`, { headers: { 'x-access-token': token } });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const secs = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  results.push([kind, `export ${USERS} users (.xlsx, ${(bytes / 1048576).toFixed(1)} MB)`, '-', `${secs.toFixed(2)} s`, `peak RSS ${(peak / 1048576).toFixed(0)} MB (before ${(rssBefore / 1048576).toFixed(0)} MB)`, '≤ 10 s, ≤ 300 MB']);
  console.log(`  export: ${secs.toFixed(2)} s, ${(bytes / 1048576).toFixed(1)} MB, peak RSS ${(peak / 1048576).toFixed(0)} MB`);

  await app.close();
  if (dropDb) await dropDb();
  rmSync(dir, { recursive: true, force: true });
}

console.log('\n' + results.map((r) => r.join(' | ')).join('\n'));
