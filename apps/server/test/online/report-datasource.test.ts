import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * The same report on two configured data sources: MariaDB (TEST_MYSQL_URL, started by CI like
 * PostgreSQL) and PostgreSQL (TEST_DATABASE_URL), both on loopback, which the test app allows
 * (`dataSourceHosts`). Each holds the same `sales` rows; the report must return the same rows and totals
 * on each. File-based sources (SQLite) are refused (test/system/datasource-hosts.test.ts).
 */
const mysqlAdmin = process.env.TEST_MYSQL_URL;
const pgAdmin = process.env.TEST_DATABASE_URL;
const suffix = `${process.pid}_${Date.now().toString(36)}`;
const ROWS = Array.from({ length: 24 }, (_, i) => ({
  id: i + 1,
  region: ['华东', '华北', '华南', '西南'][i % 4],
  amount: Math.round(((i * 7919) % 10000) * 1.37) / 100,
  soldOn: `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
}));
const REPORT_SQL = "select region, amount, sold_on from sales where amount >= ${min_amount} and region like '%${region}%'";

describe.skipIf(!mysqlAdmin)('[ONLINE] a report on MariaDB and PostgreSQL data sources', () => {
  let t: TestApp;
  let admin: string;
  const cleanups: (() => Promise<void>)[] = [];
  const sources: { code: string; url: string }[] = [];
  const reportIds: Record<string, string> = {};

  beforeAll(async () => {
    // MariaDB
    const mdb = `go_rpt_${suffix}`;
    const m = await mysql.createConnection({ uri: mysqlAdmin! });
    await m.query(`CREATE DATABASE ${mdb}`);
    await m.query(`CREATE TABLE ${mdb}.sales (id INT PRIMARY KEY, region VARCHAR(20), amount DECIMAL(10,2), sold_on VARCHAR(10))`);
    await m.query(`CREATE TABLE ${mdb}.secrets (id INT PRIMARY KEY, secret VARCHAR(50))`);
    await m.query(`INSERT INTO ${mdb}.secrets VALUES (1, 'maria-top-secret')`);
    for (const r of ROWS) await m.query(`INSERT INTO ${mdb}.sales VALUES (?, ?, ?, ?)`, [r.id, r.region, r.amount, r.soldOn]);
    await m.end();
    cleanups.push(async () => {
      const c = await mysql.createConnection({ uri: mysqlAdmin! });
      await c.query(`DROP DATABASE IF EXISTS ${mdb}`);
      await c.end();
    });
    const mu = new URL(mysqlAdmin!);
    mu.pathname = `/${mdb}`;
    sources.push({ code: 'maria', url: mu.toString().replace(/^mysql:/, 'mariadb:') });

    // PostgreSQL
    if (pgAdmin) {
      const name = `go_rpt_${suffix}`;
      const a = new pg.Client({ connectionString: pgAdmin });
      await a.connect();
      await a.query(`CREATE DATABASE ${name}`);
      await a.end();
      const u = new URL(pgAdmin);
      u.pathname = `/${name}`;
      const c = new pg.Client({ connectionString: u.toString() });
      await c.connect();
      await c.query('CREATE TABLE sales (id INT PRIMARY KEY, region VARCHAR(20), amount NUMERIC(10,2), sold_on VARCHAR(10))');
      for (const r of ROWS) await c.query('INSERT INTO sales VALUES ($1, $2, $3, $4)', [r.id, r.region, r.amount, r.soldOn]);
      await c.end();
      cleanups.push(async () => {
        const d = new pg.Client({ connectionString: pgAdmin });
        await d.connect();
        await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await d.end();
      });
      sources.push({ code: 'pgsales', url: u.toString() });
    }

    t = await createTestApp('sqlite', { dataSourceHosts: ['127.0.0.1'] });
    admin = await t.login('admin');
    for (const src of sources) {
      const add = await t.call(admin, 'POST', '/sys/dataSource/add', { code: src.code, name: src.code, dbUrl: src.url });
      expect(add.body.success, add.body.message).toBe(true);
      expect((await t.call(admin, 'POST', '/online/cgreport/table/add', { dbSource: src.code, tableName: 'sales' })).body.success).toBe(true);
      const saved = await t.call(admin, 'POST', '/online/cgreport/head/add', {
        head: { code: `sales_${src.code}`, name: `销售明细-${src.code}`, cgrSql: REPORT_SQL, dbSource: src.code },
        items: [
          { fieldName: 'region', fieldTxt: '区域', isShow: 1, isSearch: 1, searchMode: 'single' },
          { fieldName: 'amount', fieldTxt: '金额', fieldType: 'Double', isShow: 1, isTotal: 1 },
          { fieldName: 'sold_on', fieldTxt: '日期', fieldType: 'Date', isShow: 1, isSearch: 1, searchMode: 'group' },
        ],
        params: [
          { paramName: 'min_amount', paramTxt: '最低金额', paramValue: '0' },
          { paramName: 'region', paramTxt: '区域包含', paramValue: '' },
        ],
      });
      expect(saved.body.success, saved.body.message).toBe(true);
      const list = (await t.call(admin, 'GET', `/online/cgreport/head/list?code=sales_${src.code}`)).body.result;
      reportIds[src.code] = list.records[0].id;
    }
  });
  afterAll(async () => {
    await t?.close();
    for (const c of cleanups) await c().catch(() => undefined);
  });

  const fetchRows = async (code: string, query: string) => {
    const r = (await t.call(admin, 'GET', `/online/cgreport/api/getData/${reportIds[code]}?pageSize=500&column=amount&order=asc&${query}`)).body;
    expect(r.success, r.message).toBe(true);
    return {
      total: r.result.total as number,
      sum: Number(r.result.totals.amount),
      rows: (r.result.records as { region: string; amount: unknown; sold_on: string }[]).map((x) => [x.region, Number(x.amount), x.sold_on]),
    };
  };

  it.each([
    ['no filter', ''],
    ['both parameters', `self_min_amount=40&self_region=${encodeURIComponent('华')}`],
    ['a search value and a date range', `region=${encodeURIComponent('华东')}&sold_on_begin=2026-02-01&sold_on_end=2026-07-31`],
    ['a like search', `region=${encodeURIComponent('*南*')}`],
  ])('returns the same rows on every data source: %s', async (_label, query) => {
    const results = await Promise.all(sources.map((s) => fetchRows(s.code, query)));
    const expected = ROWS.length;
    if (!query) expect(results[0].total).toBe(expected);
    for (const r of results.slice(1)) {
      expect(r.total).toBe(results[0].total);
      expect(r.rows).toEqual(results[0].rows);
      expect(r.sum).toBeCloseTo(results[0].sum, 2);
    }
  });

  it('stays read-only and inside the allow-list on MariaDB', async () => {
    for (const v of ["0 OR 1=1", "0; DELETE FROM sales", "0 UNION SELECT secret, 1, 1 FROM secrets", "' OR sleep(3) OR '"]) {
      const r = await t.call(admin, 'GET', `/online/cgreport/api/getData/${reportIds.maria}?self_min_amount=${encodeURIComponent(v)}&self_region=${encodeURIComponent(v)}`);
      expect(r.raw).not.toContain('maria-top-secret');
      if (r.body.success) expect(r.body.result.total).toBeLessThanOrEqual(ROWS.length);
    }
    for (const bad of ['select * from secrets', 'select sleep(3) from sales', 'delete from sales', 'select * from sales; delete from sales', 'select * from mysql.user']) {
      const r = await t.call(admin, 'GET', `/online/cgreport/head/parseSql?dbKey=maria&sql=${encodeURIComponent(bad)}`);
      expect(r.body.success).toBe(false);
    }
    expect((await fetchRows('maria', '')).total).toBe(ROWS.length);
  });
});
