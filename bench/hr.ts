/**
 * HR roster at scale: 100,000 employee files on SQLite and PostgreSQL.
 * Prints the p50/p95 of a filtered, sorted roster page through the API (group HR with a company filter,
 * and A03 HR in its own scope) beside the same query in raw SQL in the same run, and the time and peak
 * RSS of a streamed export of all 100,000 files beside reading the same rows with raw SQL.
 *
 *   npx tsx bench/hr.ts        (BENCH_DBS=sqlite,postgres; BENCH_FILES=100000; BENCH_SAMPLES=200)
 *
 * The server runs in this process (RSS is the server's); requests go through HTTP one at a time.
 */
import { sql } from 'kysely';
import type { DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.js';
import { seedDemo } from '../apps/server/src/seed/index.js';
import { openScratch, serve, timeDownload, timeList, timeSql } from './lib/scratch.js';

const dbs = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const FILES = Number(process.env.BENCH_FILES || 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 200);

/** 100k files over A01–A09 (two departments each), 70 % regular, 10 % each probation, dimission, talent. */
async function generate(h: DbHandle): Promise<void> {
  const t0 = Date.now();
  const status = sql.raw(`CASE x % 10 WHEN 7 THEN 'probation' WHEN 8 THEN 'dimission' WHEN 9 THEN 'talent' ELSE 'regular' END`);
  const depart = sql.raw(`CASE x % 2 WHEN 0 THEN '综合管理部' ELSE '销售部' END`);
  if (h.kind === 'sqlite') {
    await sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${FILES})
      INSERT INTO hy_user (id, realname, sex, birthday, id_card, mobile, org_code, depart_name, post, rank, degree, entry_date, contract_end,
        bank_card, status, status_date, contract_renewals, blacklist_flag, del_flag, create_by, create_time)
      SELECT printf('7%018d', x), '员工' || (x % 7000), CAST(1 + x % 2 AS TEXT), date('1970-01-01', '+' || (x % 12000) || ' days'),
        '110105' || printf('%012d', x), '137' || printf('%08d', x), 'A0' || (1 + x % 9) || 'A0' || (1 + x % 2), ${depart}, 'zy',
        CAST(3 + x % 3 AS TEXT), CAST(1 + x % 5 AS TEXT), date('2010-01-01', '+' || (x % 5800) || ' days'),
        date('2026-01-01', '+' || (x % 1000) || ' days'), '6222' || printf('%015d', x), ${status}, '2026-01-01', 0, 0, 0, 'bench',
        strftime('%Y-%m-%d %H:%M:%S', 1700000000 + x * 60, 'unixepoch') FROM c`.execute(h.db);
  } else {
    await sql`INSERT INTO hy_user (id, realname, sex, birthday, id_card, mobile, org_code, depart_name, post, rank, degree, entry_date, contract_end,
        bank_card, status, status_date, contract_renewals, blacklist_flag, del_flag, create_by, create_time)
      SELECT '7' || lpad(x::text, 18, '0'), '员工' || (x % 7000), (1 + x % 2)::text, to_char(date '1970-01-01' + (x % 12000), 'YYYY-MM-DD'),
        '110105' || lpad(x::text, 12, '0'), '137' || lpad(x::text, 8, '0'), 'A0' || (1 + x % 9) || 'A0' || (1 + x % 2), ${depart}, 'zy',
        (3 + x % 3)::text, (1 + x % 5)::text, to_char(date '2010-01-01' + (x % 5800), 'YYYY-MM-DD'),
        to_char(date '2026-01-01' + (x % 1000), 'YYYY-MM-DD'), '6222' || lpad(x::text, 15, '0'), ${status}, '2026-01-01', 0, 0, 0, 'bench',
        to_char(to_timestamp(1700000000 + x * 60) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') FROM generate_series(1, ${FILES}) AS x`.execute(h.db);
  }
  await sql`ANALYZE`.execute(h.db);
  console.log(`  generated ${FILES} files in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const results: string[][] = [['database', 'scenario', 'rows matched', 'p50', 'p95 / peak RSS']];

for (const kind of dbs) {
  console.log(`\n== ${kind} ==`);
  const scratch = await openScratch(kind, 'hr');
  const handle = scratch.handle;
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  await generate(handle);

  const server = await serve(scratch);
  const { base, tokenOf } = server;
  const lina = await tokenOf('lina');
  const qianhui = await tokenOf('qianhui');

  // The same filter as the API: in service, A03, department name contains 销售, newest entry first.
  const raw = async () => {
    const where = sql`del_flag = 0 AND org_code LIKE 'A03%' AND status IN ('probation', 'regular') AND depart_name LIKE '%销售%'`;
    const count = await sql<{ n: number }>`SELECT count(*) AS n FROM hy_user WHERE ${where}`.execute(handle.db);
    await sql`SELECT id, realname, sex, birthday, id_card, mobile, org_code, depart_name, post, rank, degree, entry_date, contract_end, status, create_time
      FROM hy_user WHERE ${where} ORDER BY entry_date DESC, id LIMIT 10 OFFSET 20`.execute(handle.db);
    return Number(count.rows[0].n);
  };
  const page = `status=probation,regular&departName=${encodeURIComponent('*销售*')}&column=entryDate&order=desc&pageNo=3&pageSize=10`;
  for (const [name, token, url] of [
    ['roster page: group HR, company=A03, in service, 销售, entryDate desc', lina, `/manager/hyUser/list?company=A03&${page}`],
    ['roster page: A03 HR (own scope), same filter', qianhui, `/manager/hyUser/list?${page}`],
  ] as const) {
    const r = await timeList(`${base}${url}`, token, SAMPLES);
    results.push([kind, `API ${name}`, String(r.total), `${r.p50.toFixed(1)} ms`, `${r.p95.toFixed(1)} ms`]);
    console.log(`  API ${name}: matched ${r.total}, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
  }
  const rs = await timeSql(raw, SAMPLES);
  results.push([kind, 'raw SQL: the same count + page', String(rs.total), `${rs.p50.toFixed(1)} ms`, `${rs.p95.toFixed(1)} ms`]);
  console.log(`  raw SQL: matched ${rs.total}, p50 ${rs.p50.toFixed(1)} ms, p95 ${rs.p95.toFixed(1)} ms`);

  // Streamed export of every file (100k + the demo roster), masked, with RSS sampled while it runs.
  const ex = await timeDownload(`${base}/manager/hyUser/exportXls`, lina);
  const secs = ex.secs;
  const bytes = ex.bytes;
  const peak = ex.peakMb * 1048576;
  const rssBefore = ex.beforeMb * 1048576;
  results.push([kind, `API export of all files (.xlsx, ${(bytes / 1048576).toFixed(1)} MB)`, String(FILES), `${secs.toFixed(2)} s`, `${(peak / 1048576).toFixed(0)} MB (before ${(rssBefore / 1048576).toFixed(0)} MB)`]);
  console.log(`  export: ${secs.toFixed(2)} s, ${(bytes / 1048576).toFixed(1)} MB, peak RSS ${(peak / 1048576).toFixed(0)} MB`);
  const r0 = performance.now();
  const all = await sql`SELECT id, realname, sex, birthday, id_card, mobile, org_code, depart_name, post, rank, degree, entry_date, contract_end, bank_card, status
    FROM hy_user WHERE del_flag = 0 ORDER BY create_time DESC, id`.execute(handle.db);
  const rawSecs = (performance.now() - r0) / 1000;
  results.push([kind, 'raw SQL: read the same rows (no workbook)', String(all.rows.length), `${rawSecs.toFixed(2)} s`, '-']);
  console.log(`  raw SQL read of ${all.rows.length} rows: ${rawSecs.toFixed(2)} s`);

  await server.close();
  await scratch.drop();
}

console.log('\n' + results.map((r) => r.join(' | ')).join('\n'));
