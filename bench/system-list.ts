/**
 * System lists at scale: 100k users and 1M log rows on SQLite and PostgreSQL.
 * Prints, per list, the p95 of a filtered, sorted page over HTTP beside its limit measured in the same run —
 * the raw SQL of the same page (its count and its records, the statements the server runs) on the same
 * database plus the cost of one HTTP round trip to a bare Fastify route in this process, sampled the same
 * way — the ratio and met / not met (target p95 ≤ 50 ms and ≤ 2× that limit). The HTTP part matters only
 * where the SQL takes a millisecond or two: no page served over HTTP can come closer to its SQL than that. The export of every user is measured by
 * bench/export.ts.
 *
 *   npx tsx bench/system-list.ts        (BENCH_DBS=sqlite,postgres; BENCH_USERS=100000; BENCH_LOGS=1000000)
 *
 * The list pages are served from this process (requests one at a time through HTTP on a local port).
 */
import Fastify from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../apps/server/src/platform/db/schema.js';
import type { DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.js';
import { trigramNarrowing, USER_SEARCH } from '../apps/server/src/modules/system/list-search.js';
import { seedDemo } from '../apps/server/src/seed/index.js';
import { insertBenchUsers, openScratch, serve, timeList, timeSql } from './lib/scratch.js';

const dbs = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const USERS = Number(process.env.BENCH_USERS || 100_000);
const LOGS = Number(process.env.BENCH_LOGS || 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 200);

async function generate(h: DbHandle): Promise<void> {
  const t0 = Date.now();
  await insertBenchUsers(h, USERS);
  if (h.kind === 'sqlite') {
    await sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${LOGS})
      INSERT INTO sys_log (id, log_type, log_content, operate_type, userid, username, ip, method, request_url, request_type, cost_time, outcome, create_by, create_time)
      SELECT printf('8%018d', x), 1 + (x % 2), '用户名: bu' || (x % ${USERS}) || ',操作' || (x % 97), 1 + (x % 6), 'bu' || (x % ${USERS}), '用户',
        '10.0.' || (x % 250) || '.' || (x % 200), 'GET', '/sys/user/list', 'GET', x % 300, 'ok', 'bu' || (x % ${USERS}),
        strftime('%Y-%m-%d %H:%M:%S', 1700000000 + x * 30, 'unixepoch') FROM c`.execute(h.db);
    await sql`ANALYZE`.execute(h.db);
  } else {
    await sql`INSERT INTO sys_log (id, log_type, log_content, operate_type, userid, username, ip, method, request_url, request_type, cost_time, outcome, create_by, create_time)
      SELECT '8' || lpad(x::text, 18, '0'), 1 + (x % 2), '用户名: bu' || (x % ${USERS}) || ',操作' || (x % 97), 1 + (x % 6), 'bu' || (x % ${USERS}), '用户',
        '10.0.' || (x % 250) || '.' || (x % 200), 'GET', '/sys/user/list', 'GET', x % 300, 'ok', 'bu' || (x % ${USERS}),
        to_char(to_timestamp(1700000000 + x * 30) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') FROM generate_series(1, ${LOGS}) AS x`.execute(h.db);
    // The state autovacuum reaches soon after a bulk load (visibility map set, statistics fresh).
    await sql`VACUUM ANALYZE sys_user`.execute(h.db);
    await sql`VACUUM ANALYZE sys_log`.execute(h.db);
  }
  console.log(`  generated ${USERS} users and ${LOGS} log rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const results: string[][] = [['database', 'scenario', 'rows matched', 'p95 ms (p50)', 'limit: raw SQL p95 + bare HTTP p95 ms', 'ratio', 'target', 'verdict']];

type Raw = (db: Kysely<DB>, kind: 'sqlite' | 'postgres') => Promise<number>;
const page10 = <T>(q: Promise<T[]>) => q.then((r) => r.length);

/** The raw SQL of each page: the same filters, the same total (count, or the capped count), the same 10 rows. */
const scenarios: [string, string, Raw][] = [
  [
    'users: realname *x*, sex, company; createTime desc',
    `/sys/user/list?realname=${encodeURIComponent('*用户12*')}&sex=1&orgCode=A03*&column=createTime&order=desc&pageNo=1&pageSize=10`,
    async (db, kind) => {
      let q = db.selectFrom('sysUser as u').where('delFlag', '=', 0).where('realname', 'like', '%用户12%').where('sex', '=', 1).where('orgCode', 'like', 'A03%');
      // The server narrows the search by the SQLite trigram table: so does its raw SQL.
      const narrow = trigramNarrowing(kind, USER_SEARCH, 'u.id', [{ column: 'realname', term: '用户12' }]);
      if (narrow) q = q.where(narrow);
      const n = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      await page10(q.selectAll().orderBy('createTime', 'desc').limit(10).execute());
      return Number(n.n);
    },
  ],
  [
    'users: status, page 50, username asc',
    '/sys/user/list?status=1&column=username&order=asc&pageNo=50&pageSize=10',
    async (db) => {
      const q = db.selectFrom('sysUser').where('delFlag', '=', 0).where('status', '=', 1);
      const n = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      await page10(q.selectAll().orderBy('username', 'asc').limit(10).offset(490).execute());
      return Number(n.n);
    },
  ],
  [
    'logs: type 2, one day; createTime desc',
    '/sys/log/list?logType=2&createTime_begin=2023-11-20&createTime_end=2023-11-20&column=createTime&order=desc&pageNo=1&pageSize=10',
    async (db) => {
      const q = db.selectFrom('sysLog').where('logType', '=', 2).where('createTime', '>=', '2023-11-20 00:00:00').where('createTime', '<=', '2023-11-20 23:59:59');
      const n = await db.selectFrom(q.select(sql<number>`1`.as('one')).limit(10_001).as('c')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      await page10(q.selectAll().orderBy('createTime', 'desc').limit(10).execute());
      return Math.min(10_000, Number(n.n));
    },
  ],
  [
    'logs: type 1, newest page',
    '/sys/log/list?logType=1&pageNo=1&pageSize=10',
    async (db) => {
      const q = db.selectFrom('sysLog').where('logType', '=', 1);
      const n = await db.selectFrom(q.select(sql<number>`1`.as('one')).limit(10_001).as('c')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      await page10(q.selectAll().orderBy('createTime', 'desc').limit(10).execute());
      return Math.min(10_000, Number(n.n));
    },
  ],
];

/** One HTTP round trip and no work: a bare Fastify route in this process, fetched the same way as the lists. */
const bare = Fastify();
bare.get('/bare', async () => ({ success: true, message: '', code: 200, result: { records: [], total: 0 }, timestamp: Date.now() }));
const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;

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

  for (const [name, url, raw] of scenarios) {
    const rawSql = await timeSql(() => raw(handle.db, kind), SAMPLES);
    const http = await timeList(bareUrl, token, SAMPLES);
    const r = await timeList(`${base}${url}`, token, SAMPLES);
    const limit = rawSql.p95 + http.p95;
    const ratio = r.p95 / Math.max(0.1, limit);
    const met = r.p95 <= 50 && ratio <= 2;
    results.push([kind, name, String(r.total), `${r.p95.toFixed(1)} (${r.p50.toFixed(1)})`, `${rawSql.p95.toFixed(1)} + ${http.p95.toFixed(1)} = ${limit.toFixed(1)}`, `${ratio.toFixed(1)}×`, '≤ 50 ms, ≤ 2×', met ? 'met' : 'not met']);
    console.log(
      `  ${name}: matched ${r.total} (raw ${rawSql.total}), p95 ${r.p95.toFixed(1)} ms; limit: raw SQL p95 ${rawSql.p95.toFixed(1)} ms + bare HTTP p95 ${http.p95.toFixed(1)} ms = ${limit.toFixed(1)} ms; ${ratio.toFixed(1)}× (raw SQL alone ${(r.p95 / Math.max(0.1, rawSql.p95)).toFixed(1)}×): ${met ? 'met' : 'not met'}`,
    );
  }
  await server.close();

  await scratch.drop();
}

await bare.close();
console.log('\n' + results.map((r) => r.join(' | ')).join('\n'));
