import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const DEMO = '1100000000000000000001';
const TABLES = ['fm_expense', 'sys_user', 'sys_role', 'sys_user_role', 'onl_cgreport_head', 'onl_report_table'];

/** A hash of every row of the tables an attack could touch. */
async function rowHashes(t: TestApp): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const r = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id`.execute(t.app.dbHandle.db);
    out[table] = createHash('sha256').update(JSON.stringify(r.rows)).digest('hex');
  }
  return out;
}

describe.each(dbKinds)('[ONLINE] report injection suite on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let before: Record<string, string>;
  let secrets: string[];
  let total: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    const users = await t.app.dbHandle.db.selectFrom('sysUser').select(['password', 'salt']).execute();
    secrets = users.flatMap((u) => [u.password, u.salt]).filter((s): s is string => !!s && s.length > 6);
    total = (await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?pageSize=500`)).body.result.total;
    before = await rowHashes(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const leaks = (raw: string) => secrets.some((s) => raw.includes(s));

  const valuePayloads = [
    "' OR '1'='1",
    "0 OR 1=1",
    "0; DROP TABLE fm_expense; --",
    "0) OR (1=1",
    "0 UNION SELECT username, password, salt, phone, create_time FROM sys_user --",
    "'||(SELECT password FROM sys_user LIMIT 1)||'",
    "1' AND (SELECT pg_sleep(3)) IS NULL --",
    "0 AND 1=(SELECT CASE WHEN (substr((SELECT password FROM sys_user LIMIT 1),1,1)='a') THEN 1 ELSE 0 END)",
    "0'; UPDATE sys_user SET realname='x'; --",
    "\\'; DELETE FROM fm_expense; --",
    "%' AND 1=1 AND '%'='",
    "${min_amount}",
    "#{sys_user_code}",
  ];

  it.each(valuePayloads)('a parameter value is only ever a value: %s', async (payload) => {
    for (const param of ['self_min_amount', 'self_applicant']) {
      const r = await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?${param}=${encodeURIComponent(payload)}&pageSize=500`);
      expect(leaks(r.raw)).toBe(false);
      if (r.body.success) expect(r.body.result.total).toBeLessThanOrEqual(total);
    }
  });

  it.each(valuePayloads)('a search value is only ever a value: %s', async (payload) => {
    for (const field of ['applicant_name', 'depart_name', 'expense_type', 'create_time_begin', 'create_time_end']) {
      const r = await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?${field}=${encodeURIComponent(payload)}&pageSize=500`);
      expect(leaks(r.raw)).toBe(false);
      if (r.body.success) expect(r.body.result.total).toBeLessThanOrEqual(total);
    }
  });

  it.each([
    'amount; DROP TABLE fm_expense',
    'amount desc, (select password from sys_user limit 1)',
    '(CASE WHEN 1=1 THEN amount ELSE create_time END)',
    'password',
    '1',
  ])('a sort column must be a report column: %s', async (column) => {
    const r = await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?column=${encodeURIComponent(column)}`);
    expect(r.body.success).toBe(false);
    expect(leaks(r.raw)).toBe(false);
  });

  it.each(['desc; DROP TABLE fm_expense', 'asc, (select 1)', "desc limit 1 union select password from sys_user"])('a sort order is asc or desc: %s', async (order) => {
    const r = await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?column=amount&order=${encodeURIComponent(order)}&pageSize=500`);
    expect(r.body.success).toBe(true);
    expect(r.body.result.total).toBe(total);
    expect(leaks(r.raw)).toBe(false);
  });

  const badSql: [string, string][] = [
    ['stacked statements', 'select amount from fm_expense; delete from fm_expense'],
    ['stacked after a comment', "select amount from fm_expense -- x\n; update sys_user set realname = 'x'"],
    ['delete', 'delete from fm_expense'],
    ['update', "update sys_user set realname = 'x'"],
    ['insert', "insert into onl_report_table (id, db_source, table_name) values ('x', '', 'sys_user')"],
    ['create', 'create table evil (id int)'],
    ['drop', 'drop table fm_expense'],
    ['select into', 'select * into evil from fm_expense'],
    ['writable cte', 'with d as (delete from fm_expense returning *) select * from d'],
    ['pg_sleep', 'select pg_sleep(3) from fm_expense'],
    ['sleep', 'select sleep(3) from fm_expense'],
    ['benchmark', "select benchmark(100000000, md5('x')) from fm_expense"],
    ['file read', "select pg_read_file('/etc/passwd') from fm_expense"],
    ['settings', "select current_setting('data_directory') from fm_expense"],
    ['set_config', "select set_config('default_transaction_read_only', 'off', false) from fm_expense"],
    ['load_extension', "select load_extension('/tmp/x') from fm_expense"],
    ['unlisted table', 'select username, password from sys_user'],
    ['unlisted table in a union', 'select applicant_name, amount from fm_expense union select username, password from sys_user'],
    ['unlisted table in a subquery', 'select (select password from sys_user limit 1) as p from fm_expense'],
    ['catalog', 'select * from pg_catalog.pg_shadow'],
    ['sqlite master', 'select * from sqlite_master'],
    ['information schema', 'select * from information_schema.tables'],
    ['recursive cte', 'with recursive c(x) as (select 1 union all select x + 1 from c) select x from c'],
    ['locking read', 'select * from fm_expense for update'],
  ];

  it.each(badSql)('report SQL is refused: %s', async (_label, reportSql) => {
    const parse = await t.call(admin, 'GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent(reportSql)}`);
    expect(parse.body.success).toBe(false);
    const add = await t.call(admin, 'POST', '/online/cgreport/head/add', {
      head: { code: `evil_${Math.random().toString(36).slice(2, 8)}`, name: 'x', cgrSql: reportSql },
      items: [],
      params: [],
    });
    expect(add.body.success).toBe(false);
    expect(leaks(parse.raw + add.raw)).toBe(false);
  });

  it('leaves every row of every table as it was', async () => {
    expect(await rowHashes(t)).toEqual(before);
    expect((await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?pageSize=500`)).body.result.total).toBe(total);
  });
});
