/**
 * Goods ledger at scale: 1,000,000 entries over 10,000 items on SQLite and PostgreSQL. For each scenario the
 * p95 of the HTTP endpoint (auth, scoping, envelope included) is printed beside the p95 of the same data read
 * with raw SQL in the same run:
 *   - stock of one item (`/ledger/stock/one`; raw: the balance row, and the sum of its entries for contrast)
 *   - the total library page (`/ledger/library/total/list`, admin, all companies, page 50)
 *   - a movement-history page of one item (`/ledger/entry/list?itemId=`)
 * The limit of each row is its raw SQL p95 plus the p95 of one round trip to a bare Fastify route in this
 * process, fetched the same way (what any route costs before its own work); target: within 2× that limit.
 *
 *   npx tsx bench/ledger.ts        (BENCH_DBS=sqlite,postgres; BENCH_ITEMS=10000; BENCH_ENTRIES=1000000; BENCH_SAMPLES=200)
 */
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.js';
import { seedDemo } from '../apps/server/src/seed/index.js';
import { openScratch, pct, sample, serve } from './lib/scratch.js';

const dbs = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const ITEMS = Number(process.env.BENCH_ITEMS || 10_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES || 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 200);

async function generate(h: DbHandle): Promise<void> {
  const t0 = Date.now();
  // literals, not bound values: SQLite binds JS numbers as REAL, which would make 'bi' || (x % n) read 'bi0.0'
  const I = sql.lit(ITEMS);
  const I1 = sql.lit(ITEMS - 1);
  const E1 = sql.lit(ENTRIES - 1);
  const db = h.db;
  for (let w = 0; w < 9; w++) {
    await db
      .insertInto('ldWarehouse')
      .values({
        id: `bw${w}`,
        name: `压测仓库${w + 1}`,
        type: 'main',
        sysOrgCode: `A0${w + 1}`,
        address: null,
        keeper: null,
        status: 1,
        createBy: 'bench',
        createTime: '2026-01-01 00:00:00',
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  if (h.kind === 'sqlite') {
    await sql`WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c WHERE x < ${I1})
      INSERT INTO ld_item (id, code, name, category_id, spec, unit, kind, price, status, create_by, create_time)
      SELECT 'bi' || x, 'B' || printf('%06d', x), '压测物品' || x, NULL, '规格' || (x % 50), '个', 'consumable', 10, 1, 'bench', '2026-01-01 00:00:00' FROM c`.execute(
      db,
    );
    await sql`WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c WHERE x < ${E1})
      INSERT INTO ld_entry (id, item_id, warehouse_id, sys_org_code, asset_id, movement, qty_change, qty_before, qty_after, form_type, form_id, form_title, operator, create_time)
      SELECT printf('7%018d', x), 'bi' || (x % ${I}), 'bw' || ((x % ${I}) % 9), 'A0' || (1 + (x % ${I}) % 9), NULL, 'in', 1,
        x / ${I}, x / ${I} + 1, 'ld_stock_entry', NULL, '压测入库', 'admin',
        strftime('%Y-%m-%d %H:%M:%S', 1767225600 + x * 10, 'unixepoch') FROM c`.execute(db);
  } else {
    await sql`INSERT INTO ld_item (id, code, name, category_id, spec, unit, kind, price, status, create_by, create_time)
      SELECT 'bi' || x, 'B' || lpad(x::text, 6, '0'), '压测物品' || x, NULL, '规格' || (x % 50), '个', 'consumable', 10, 1, 'bench', '2026-01-01 00:00:00'
      FROM generate_series(0, ${I1}) AS x`.execute(db);
    await sql`INSERT INTO ld_entry (id, item_id, warehouse_id, sys_org_code, asset_id, movement, qty_change, qty_before, qty_after, form_type, form_id, form_title, operator, create_time)
      SELECT '7' || lpad(x::text, 18, '0'), 'bi' || (x % ${I}), 'bw' || ((x % ${I}) % 9), 'A0' || (1 + (x % ${I}) % 9), NULL, 'in', 1,
        x / ${I}, x / ${I} + 1, 'ld_stock_entry', NULL, '压测入库', 'admin',
        to_char(to_timestamp(1767225600 + x * 10) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') FROM generate_series(0, ${E1}) AS x`.execute(
      db,
    );
  }
  // the balances are the sums of the entries, as posting keeps them
  await sql`INSERT INTO ld_stock (item_id, warehouse_id, sys_org_code, qty, update_time)
    SELECT item_id, warehouse_id, MIN(sys_org_code), SUM(qty_change), MAX(create_time) FROM ld_entry WHERE item_id LIKE 'bi%' GROUP BY item_id, warehouse_id`.execute(
    db,
  );
  await sql`ANALYZE`.execute(db);
  console.log(
    `  generated ${ITEMS} items and ${ENTRIES} entries in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

async function measure(n: number, run: (i: number) => Promise<void>): Promise<number> {
  return pct(await sample(n, run), 95);
}

const itemOf = (i: number) => `bi${(i * 7919) % ITEMS}`;
const results: string[][] = [['database', 'scenario', 'HTTP p95 ms', 'raw SQL p95 ms', 'bare route p95 ms', 'ratio to raw + bare', 'verdict (≤ 2×)']];

/** One HTTP round trip and no work: a bare Fastify route in this process, fetched the same way as the routes. */
const bare = Fastify();
bare.get('/bare', async () => ({ success: true, message: '', code: 200, result: { records: [], total: 0 }, timestamp: Date.now() }));
const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
const row = (kind: string, scenario: string, http: number, raw: number, bareP95: number) => {
  const ratio = http / (raw + bareP95);
  return [kind, scenario, http.toFixed(1), raw.toFixed(1), bareP95.toFixed(1), `${ratio.toFixed(2)}×`, ratio <= 2 ? 'met' : 'not met'];
};

for (const kind of dbs) {
  console.log(`\n== ${kind} ==`);
  const scratch = await openScratch(kind, 'ledger');
  const handle = scratch.handle;
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  await generate(handle);
  const db = handle.db;

  const server = await serve(scratch);
  const base = server.base;
  const token = await server.tokenOf('admin');
  const get = async (url: string, check: (r: Record<string, unknown>) => boolean) => {
    const r = await fetch(`${base}${url}`, { headers: { 'x-access-token': token } });
    const body = (await r.json()) as { success: boolean; message: string; result: Record<string, unknown> };
    if (!body.success || !check(body.result))
      throw new Error(`${url}: ${body.message} ${JSON.stringify(body.result).slice(0, 300)}`);
  };
  const perItem = ENTRIES / ITEMS;
  const bareHttp = await measure(SAMPLES, async () => {
    const r = await fetch(bareUrl, { headers: { 'x-access-token': token } });
    await r.json();
  });

  // 1. stock of one item
  const stockHttp = await measure(SAMPLES, (i) =>
    get(`/ledger/stock/one?itemId=${itemOf(i)}`, (r) => r.qty === perItem),
  );
  const stockRaw = await measure(SAMPLES, async (i) => {
    await sql`SELECT SUM(qty) AS q FROM ld_stock WHERE item_id = ${itemOf(i)}`.execute(db);
  });
  const stockSum = await measure(Math.min(SAMPLES, 50), async (i) => {
    await sql`SELECT SUM(qty_change) AS q FROM ld_entry WHERE item_id = ${itemOf(i)}`.execute(db);
  });
  results.push(row(kind, `stock of one item (balance row; Σ of its ${perItem} entries raw: ${stockSum.toFixed(1)} ms)`, stockHttp, stockRaw, bareHttp));

  // 2. total library page 50 (admin sees all companies), ordered by item code
  const totalHttp = await measure(SAMPLES, () =>
    get(
      '/ledger/library/total/list?pageNo=50&pageSize=10&column=code&order=asc',
      (r) => Number(r.total) >= ITEMS,
    ),
  );
  const totalRaw = await measure(SAMPLES, async () => {
    await sql`SELECT COUNT(*) FROM ld_stock s JOIN ld_item i ON i.id = s.item_id JOIN ld_warehouse w ON w.id = s.warehouse_id`.execute(
      db,
    );
    await sql`SELECT s.item_id, i.code, i.name, i.spec, i.unit, i.kind, c.name AS category_name, s.warehouse_id, w.name, s.sys_org_code, s.qty, s.update_time
      FROM ld_stock s JOIN ld_item i ON i.id = s.item_id JOIN ld_warehouse w ON w.id = s.warehouse_id LEFT JOIN ld_category c ON c.id = i.category_id
      ORDER BY i.code, s.warehouse_id LIMIT 10 OFFSET 490`.execute(db);
  });
  results.push(row(kind, `total library page 50 (${ITEMS}+ balances)`, totalHttp, totalRaw, bareHttp));

  // 3. movement-history page of one item, newest first
  const histHttp = await measure(SAMPLES, (i) =>
    get(`/ledger/entry/list?itemId=${itemOf(i)}&pageNo=1&pageSize=10`, (r) => Number(r.total) === perItem),
  );
  const histRaw = await measure(SAMPLES, async (i) => {
    await sql`SELECT COUNT(*) FROM ld_entry e WHERE e.item_id = ${itemOf(i)}`.execute(db);
    await sql`SELECT e.*, i.name, w.name AS wname FROM ld_entry e JOIN ld_item i ON i.id = e.item_id LEFT JOIN ld_warehouse w ON w.id = e.warehouse_id
      WHERE e.item_id = ${itemOf(i)} ORDER BY e.create_time DESC, e.id DESC LIMIT 10`.execute(db);
  });
  results.push(row(kind, `movement history of one item, page 1 (${perItem} entries)`, histHttp, histRaw, bareHttp));

  await server.close();
  await scratch.drop();
}

await bare.close();
console.log(`\nload average ${(await import('node:os')).loadavg().map((n) => n.toFixed(1)).join(' ')}`);
console.log(results.map((r) => r.join(' | ')).join('\n'));
