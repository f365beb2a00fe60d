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
import { sql } from 'kysely';
import type { DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.js';
import { seedDemo } from '../apps/server/src/seed/index.js';
import { openScratch, serve, timeDownload, timeList } from './lib/scratch.js';

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

const results: string[][] = [['database', 'scenario', 'rows matched', 'p50 ms', 'p95 ms', 'target']];

for (const kind of dbs) {
  console.log(`\n== ${kind} ==`);
  const scratch = await openScratch(kind, 'sys');
  const handle = scratch.handle;
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  await generate(handle);

  const server = await serve(scratch);
  const base = server.base;
  const token = await server.tokenOf('admin');

  const scenarios: [string, string][] = [
    ['users: realname like, sex, company; createTime desc', `/sys/user/list?realname=${encodeURIComponent('*用户12*')}&sex=1&orgCode=A03*&column=createTime&order=desc&pageNo=1&pageSize=10`],
    ['users: status + page 50, username asc', `/sys/user/list?status=1&column=username&order=asc&pageNo=50&pageSize=10`],
    ['logs: type 2 + one day range; createTime desc', `/sys/log/list?logType=2&createTime_begin=2023-11-20&createTime_end=2023-11-20&column=createTime&order=desc&pageNo=1&pageSize=10`],
    ['logs: type 1, newest page', `/sys/log/list?logType=1&pageNo=1&pageSize=10`],
  ];
  for (const [name, url] of scenarios) {
    const r = await timeList(`${base}${url}`, token, SAMPLES);
    results.push([kind, name, String(r.total), r.p50.toFixed(1), r.p95.toFixed(1), '≤ 50']);
    console.log(`  ${name}: matched ${r.total}, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
  }

  // Streamed export of every user (100k + the demo users), with RSS sampled while it runs.
  const ex = await timeDownload(`${base}/sys/user/exportXls`, token);
  const secs = ex.secs;
  const bytes = ex.bytes;
  const peak = ex.peakMb * 1048576;
  const rssBefore = ex.beforeMb * 1048576;
  results.push([kind, `export ${USERS} users (.xlsx, ${(bytes / 1048576).toFixed(1)} MB)`, '-', `${secs.toFixed(2)} s`, `peak RSS ${(peak / 1048576).toFixed(0)} MB (before ${(rssBefore / 1048576).toFixed(0)} MB)`, '≤ 10 s, ≤ 300 MB']);
  console.log(`  export: ${secs.toFixed(2)} s, ${(bytes / 1048576).toFixed(1)} MB, peak RSS ${(peak / 1048576).toFixed(0)} MB`);

  await server.close();
  await scratch.drop();
}

console.log('\n' + results.map((r) => r.join(' | ')).join('\n'));
