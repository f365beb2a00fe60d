/**
 * HR roster at scale: 100,000 employee files on SQLite and PostgreSQL.
 * Prints the p50/p95 of a filtered, sorted roster page through the API (group HR with a company filter,
 * and A03 HR in its own scope) beside the same count + page in raw SQL in the same run (the company as the
 * API compares it, `substr(org_code, 1, 3) = 'A03'`, and for contrast the old `org_code LIKE 'A03%'`), with
 * a verdict against p95 ≤ 50 ms and ≤ 2× the raw SQL; then the time and peak RSS (VmHWM) of a streamed
 * export of all files from the compiled server in its own process (as bench/export.ts), beside reading the
 * same rows with raw SQL, against ≤ 10 s and ≤ 300 MB.
 *
 *   npx tsx bench/hr.ts        (BENCH_DBS=sqlite,postgres; BENCH_FILES=100000; BENCH_SAMPLES=200; BENCH_EXPORT=0 skips the export)
 *
 * The list samples come from a server in this process, one request at a time over HTTP, taken in turn with
 * the raw SQL's samples (the order rotating), so the machine's load weighs on both alike.
 */
import { sql, type RawBuilder } from 'kysely';
import type { DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.js';
import { seedDemo } from '../apps/server/src/seed/index.js';
import { openScratch, pct, serve, timeSql } from './lib/scratch.js';
import { buildServerIfStale, peakRssMb, rssMb, startAppServer } from './lib/server.js';

const dbs = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const FILES = Number(process.env.BENCH_FILES || 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 200);
const EXPORT = process.env.BENCH_EXPORT !== '0';
const [MAX_MS, MAX_RATIO, MAX_SECONDS, MAX_RSS_MB] = [50, 2, 10, 300];

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
  // PostgreSQL: VACUUM sets the visibility map (as autovacuum does after a bulk insert), so the total can be
  // counted from the index alone.
  await (h.kind === 'postgres' ? sql`VACUUM ANALYZE hy_user` : sql`ANALYZE`).execute(h.db);
  console.log(`  generated ${FILES} files in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const results: string[][] = [['database', 'scenario', 'rows matched', 'p50', 'p95 / peak RSS', 'verdict']];

if (EXPORT) buildServerIfStale();
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
  const rawWith = (company: RawBuilder<unknown>) => async () => {
    const where = sql`del_flag = 0 AND ${company} AND status IN ('probation', 'regular') AND depart_name LIKE '%销售%'`;
    const [count] = await Promise.all([
      sql<{ n: number }>`SELECT count(*) AS n FROM hy_user WHERE ${where}`.execute(handle.db),
      sql`SELECT id, realname, sex, birthday, id_card, mobile, org_code, depart_name, post, rank, degree, entry_date, contract_end, status, create_time
        FROM hy_user WHERE ${where} ORDER BY entry_date DESC, id LIMIT 10 OFFSET 20`.execute(handle.db),
    ]);
    return Number(count.rows[0].n);
  };
  // raw SQL and the two API pages sampled in turn (the order rotating), so the load weighs on all three alike
  const page = `status=probation,regular&departName=${encodeURIComponent('*销售*')}&column=entryDate&order=desc&pageNo=3&pageSize=10`;
  const apis = [
    ['roster page: group HR, company=A03, in service, 销售, entryDate desc', lina, `/manager/hyUser/list?company=A03&${page}`],
    ['roster page: A03 HR (own scope), same filter', qianhui, `/manager/hyUser/list?${page}`],
  ] as const;
  const raw = rawWith(sql`substr(org_code, 1, 3) = 'A03'`);
  const totals = [0, 0, 0];
  const runs: (() => Promise<void>)[] = [
    async () => void (totals[0] = await raw()),
    ...apis.map(([name, token, url], i) => async () => {
      const r = await fetch(`${base}${url}`, { headers: { 'x-access-token': token } });
      const body = (await r.json()) as { success: boolean; message: string; result: { total: number } };
      if (!body.success) throw new Error(`${name}: ${body.message}`);
      totals[i + 1] = body.result.total;
    }),
  ];
  const times: number[][] = [[], [], []];
  for (let i = 0; i < SAMPLES + 5; i++) {
    for (let j = 0; j < runs.length; j++) {
      const k = (i + j) % runs.length;
      const t0 = performance.now();
      await runs[k]!();
      if (i >= 5) times[k]!.push(performance.now() - t0);
    }
  }
  const rs = { p50: pct(times[0]!, 50), p95: pct(times[0]!, 95), total: totals[0]! };
  const rl = await timeSql(rawWith(sql`org_code LIKE 'A03%'`), Math.min(SAMPLES, 40));
  results.push([kind, "raw SQL: the same count + page, substr(org_code, 1, 3) = 'A03'", String(rs.total), `${rs.p50.toFixed(1)} ms`, `${rs.p95.toFixed(1)} ms`, '-']);
  results.push([kind, "raw SQL: the same with org_code LIKE 'A03%' (no index serves it)", String(rl.total), `${rl.p50.toFixed(1)} ms`, `${rl.p95.toFixed(1)} ms`, '-']);
  console.log(`  raw SQL: matched ${rs.total}, p50 ${rs.p50.toFixed(1)} ms, p95 ${rs.p95.toFixed(1)} ms (LIKE form: p95 ${rl.p95.toFixed(1)} ms)`);
  apis.forEach(([name], i) => {
    const r = { p50: pct(times[i + 1]!, 50), p95: pct(times[i + 1]!, 95), total: totals[i + 1]! };
    if (r.total !== rs.total) throw new Error(`${name}: the API counted ${r.total}, raw SQL ${rs.total}`);
    const ratio = r.p95 / rs.p95;
    const met = r.p95 <= MAX_MS && ratio <= MAX_RATIO;
    results.push([kind, `API ${name}`, String(r.total), `${r.p50.toFixed(1)} ms`, `${r.p95.toFixed(1)} ms (${ratio.toFixed(1)}× raw)`, met ? 'met' : 'not met']);
    console.log(`  API ${name}: matched ${r.total}, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${ratio.toFixed(1)}× raw: ${met ? 'met' : 'not met'}`);
  });

  if (EXPORT) {
    // Streamed export of every file (100k + the demo roster), masked, from the compiled server process.
    const dbUrl = kind === 'postgres' ? String((handle.native as { pool: { options: { connectionString: string } } }).pool.options.connectionString) : `${scratch.dir}/app.db`;
    const app = await startAppServer(kind, { DATABASE_URL: dbUrl }, { compiled: true });
    try {
      const login = await fetch(`${app.url}/jeecg-boot/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'lina', password: '123456' }) });
      const token = ((await login.json()) as { result: { token: string } }).result.token;
      const idle = rssMb(app.pid!);
      const t0 = performance.now();
      const res = await fetch(`${app.url}/jeecg-boot/manager/hyUser/exportXls`, { headers: { 'x-access-token': token } });
      if (!res.ok) throw new Error(`export answered ${res.status}`);
      let bytes = 0;
      let head: Uint8Array | null = null;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        head ??= chunk;
        bytes += chunk.length;
      }
      const secs = (performance.now() - t0) / 1000;
      const peak = peakRssMb(app.pid!);
      if (!head || Buffer.from(head.subarray(0, 4)).toString('hex') !== '504b0304') throw new Error('the export is not a zip (.xlsx)');
      const met = secs <= MAX_SECONDS && peak <= MAX_RSS_MB;
      results.push([kind, `API export of all files (.xlsx, ${(bytes / 1048576).toFixed(1)} MB), compiled server process`, String(FILES), `${secs.toFixed(2)} s`, `${peak.toFixed(0)} MB (idle ${idle.toFixed(0)} MB)`, met ? 'met' : 'not met']);
      console.log(`  export: ${secs.toFixed(2)} s, ${(bytes / 1048576).toFixed(1)} MB, server peak RSS ${peak.toFixed(0)} MB (idle ${idle.toFixed(0)} MB): ${met ? 'met' : 'not met'}`);
    } finally {
      await app.stop();
    }
    const r0 = performance.now();
    const all = await sql`SELECT id, realname, sex, birthday, id_card, mobile, org_code, depart_name, post, rank, degree, entry_date, contract_end, bank_card, status
      FROM hy_user WHERE del_flag = 0 ORDER BY id DESC`.execute(handle.db);
    const rawSecs = (performance.now() - r0) / 1000;
    results.push([kind, 'raw SQL: read the same rows (no workbook)', String(all.rows.length), `${rawSecs.toFixed(2)} s`, '-', '-']);
    console.log(`  raw SQL read of ${all.rows.length} rows: ${rawSecs.toFixed(2)} s`);
  }

  // closing the app closes the database handle it was given
  await server.close();
  await scratch.drop();
}

console.log('\n' + results.map((r) => r.join(' | ')).join('\n'));
