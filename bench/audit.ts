/**
 * The audit trail at scale (docs/audit.md): fills sys_change_log with 10M change rows on PostgreSQL
 * (generate_series) and 1M on SQLite (a recursive CTE; BENCH_CHANGES_SQLITE), then prints for each search the
 * p95 over HTTP beside the p95 of the raw SQL of the same page (the capped count and the ten rows the server
 * reads) on the same database. On PostgreSQL it first prints the plans of the record type + field search (count
 * and page), which read idx_change_log_type_field.
 *
 *   npx tsx bench/audit.ts        (BENCH_DBS=postgres,sqlite; BENCH_CHANGES=10000000; BENCH_CHANGES_SQLITE=1000000)
 *
 * Rows: one change every 3 s over a year, 500 users, 7 record types, 200 000 records, 12 fields.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../apps/server/src/platform/db/schema.js';
import type { DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.js';
import { seedDemo } from '../apps/server/src/seed/index.js';
import { openScratch, serve, timeList, timeSql } from './lib/scratch.js';

const dbs = (process.env.BENCH_DBS || 'postgres,sqlite').split(',') as ('sqlite' | 'postgres')[];
const ROWS_PG = Number(process.env.BENCH_CHANGES || 10_000_000);
const ROWS_SQLITE = Number(process.env.BENCH_CHANGES_SQLITE || 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 100);

const INDEXES = [
  'create index idx_change_log_record on sys_change_log (record_type, record_id, create_time)',
  'create index idx_change_log_time on sys_change_log (create_time, id)',
  'create index idx_change_log_user on sys_change_log (user_id, create_time)',
  'create index idx_change_log_type on sys_change_log (record_type, create_time)',
  'create index idx_change_log_field on sys_change_log (field, create_time)',
  'create index idx_change_log_type_field on sys_change_log (record_type, field, create_time, id)',
];

/** Fills the table with the indexes dropped, then builds them as the migration declares them. */
async function generate(h: DbHandle, rows: number): Promise<void> {
  const t0 = Date.now();
  for (const i of INDEXES) await sql.raw(`drop index ${i.split(' ')[2]}`).execute(h.db);
  if (h.kind === 'postgres') {
    await sql`drop index idx_change_log_time_brin`.execute(h.db);
    await sql`INSERT INTO sys_change_log (id, create_time, user_id, user_name, ip, org_code, record_type, record_id, record_name, action, field, old_value, new_value)
      SELECT '7' || lpad(x::text, 18, '0'),
        to_char(to_timestamp(1764547200 - 31536000 + x * (31536000.0 / ${rows})) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'),
        'bu' || (x % 500), '用户' || (x % 500), '10.0.' || (x % 250) || '.' || (x % 200), 'A0' || (1 + x % 9),
        (array['sys_user','sys_role','sys_depart','sys_dict','sys_dict_item','hy_user','fm_funds'])[1 + x % 7],
        'r' || (x % 200000), '记录' || (x % 200000), (array['add','edit','edit','edit','delete'])[1 + x % 5],
        (array['realname','phone','status','email','post','orgCode','itemText','roleName','departName','description','sortOrder','workNo'])[1 + x % 12],
        'old-' || (x % 1000), 'new-' || (x % 1000)
      FROM generate_series(1, ${rows}) AS x`.execute(h.db);
  } else {
    await sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${rows})
      INSERT INTO sys_change_log (id, create_time, user_id, user_name, ip, org_code, record_type, record_id, record_name, action, field, old_value, new_value)
      SELECT printf('7%018d', x), strftime('%Y-%m-%d %H:%M:%S', 1764547200 - 31536000 + x * (31536000.0 / ${rows}), 'unixepoch'),
        'bu' || (x % 500), '用户' || (x % 500), '10.0.' || (x % 250) || '.' || (x % 200), 'A0' || (1 + x % 9),
        CASE x % 7 WHEN 0 THEN 'sys_user' WHEN 1 THEN 'sys_role' WHEN 2 THEN 'sys_depart' WHEN 3 THEN 'sys_dict' WHEN 4 THEN 'sys_dict_item' WHEN 5 THEN 'hy_user' ELSE 'fm_funds' END,
        'r' || (x % 200000), '记录' || (x % 200000), CASE x % 5 WHEN 0 THEN 'add' WHEN 4 THEN 'delete' ELSE 'edit' END,
        CASE x % 12 WHEN 0 THEN 'realname' WHEN 1 THEN 'phone' WHEN 2 THEN 'status' WHEN 3 THEN 'email' WHEN 4 THEN 'post' WHEN 5 THEN 'orgCode'
          WHEN 6 THEN 'itemText' WHEN 7 THEN 'roleName' WHEN 8 THEN 'departName' WHEN 9 THEN 'description' WHEN 10 THEN 'sortOrder' ELSE 'workNo' END,
        'old-' || (x % 1000), 'new-' || (x % 1000)
      FROM c`.execute(h.db);
  }
  console.log(`  inserted ${rows} change rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const t1 = Date.now();
  for (const i of INDEXES) await sql.raw(i).execute(h.db);
  if (h.kind === 'postgres') {
    await sql`create index idx_change_log_time_brin on sys_change_log using brin (create_time)`.execute(h.db);
    await sql`VACUUM ANALYZE sys_change_log`.execute(h.db);
  } else await sql`ANALYZE`.execute(h.db);
  console.log(`  built the indexes in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
}

type Raw = (db: Kysely<DB>) => Promise<number>;

/** The capped count (10 000 past the page) and the page of ten, newest first: what the server runs. */
function rawPage(where: ReturnType<typeof sql>, offset = 0): Raw {
  return async (db) => {
    const n = await sql<{ n: number }>`select count(*) as n from (select 1 from sys_change_log where ${where} limit ${offset + 10_001}) c`.execute(db);
    await sql`select id, create_time, user_id, user_name, ip, org_code, record_type, record_id, record_name, action, field, old_value, new_value
      from sys_change_log where ${where} order by create_time desc, id desc limit 10 offset ${offset}`.execute(db);
    return Math.min(offset + 10_000, Number(n.rows[0].n));
  };
}

const TYPE_FIELD_MONTH = sql`record_type = 'sys_dict_item' and field = 'itemText' and create_time >= '2025-03-01 00:00:00' and create_time <= '2025-03-31 23:59:59'`;

/** PostgreSQL's plans of the record type + field search (count and page), printed before it is timed. */
async function explainTypeField(db: Kysely<DB>): Promise<void> {
  const count = sql`select count(*) as n from (select 1 from sys_change_log where ${TYPE_FIELD_MONTH} limit 10001) c`;
  const page = sql`select * from sys_change_log where ${TYPE_FIELD_MONTH} order by create_time desc, id desc limit 10 offset 0`;
  for (const q of [count, page]) {
    const plan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers, costs off) ${q}`.execute(db);
    console.log(plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
  }
}

const scenarios: [string, string, Raw][] = [
  ['one record’s changes (变更记录 of a user)', '/sys/changeLog/record?recordType=sys_user&recordId=r12345&pageNo=1&pageSize=10', rawPage(sql`record_type = 'sys_user' and record_id = 'r12345'`)],
  [
    'search: one user, one day',
    '/sys/changeLog/list?userId=bu42&createTime_begin=2025-06-10&createTime_end=2025-06-10&pageNo=1&pageSize=10',
    rawPage(sql`user_id = 'bu42' and create_time >= '2025-06-10 00:00:00' and create_time <= '2025-06-10 23:59:59'`),
  ],
  [
    'search: record type + field, one month',
    '/sys/changeLog/list?recordType=sys_dict_item&fieldName=itemText&createTime_begin=2025-03-01&createTime_end=2025-03-31&pageNo=1&pageSize=10',
    rawPage(TYPE_FIELD_MONTH),
  ],
  ['search: everything, newest page', '/sys/changeLog/list?pageNo=1&pageSize=10', rawPage(sql`1 = 1`)],
  ['search: everything, page 100', '/sys/changeLog/list?pageNo=100&pageSize=10', rawPage(sql`1 = 1`, 990)],
];

const results: string[][] = [['database', 'rows', 'search', 'matched (capped)', 'HTTP p95 ms (p50)', 'raw SQL p95 ms (p50)']];

for (const kind of dbs) {
  const rows = kind === 'postgres' ? ROWS_PG : ROWS_SQLITE;
  console.log(`\n== ${kind}: ${rows} change rows ==`);
  const scratch = await openScratch(kind, 'audit');
  const handle = scratch.handle;
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  await generate(handle, rows);
  if (kind === 'postgres') await explainTypeField(handle.db);
  const server = await serve(scratch);
  const token = await server.tokenOf('admin');
  for (const [name, url, raw] of scenarios) {
    const rawSql = await timeSql(() => raw(handle.db), SAMPLES);
    const r = await timeList(`${server.base}${url}`, token, SAMPLES);
    results.push([kind, String(rows), name, String(r.total), `${r.p95.toFixed(1)} (${r.p50.toFixed(1)})`, `${rawSql.p95.toFixed(1)} (${rawSql.p50.toFixed(1)})`]);
    console.log(`  ${name}: matched ${r.total} (raw ${rawSql.total}); HTTP p95 ${r.p95.toFixed(1)} ms, raw SQL p95 ${rawSql.p95.toFixed(1)} ms`);
  }
  await server.close();
  await scratch.drop();
}

console.log('\n' + results.map((r) => r.join(' | ')).join('\n'));
