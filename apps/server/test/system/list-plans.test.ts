import { CamelCasePlugin, Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { LogService } from '../../src/modules/system/log/log.service.js';
import type { CurrentUser } from '../../src/platform/access/access.js';
import type { DB } from '../../src/platform/db/schema.js';
import { createTestApp, type TestApp } from '../helpers.js';

const USERS = 100_000;
const LOGS = 200_000;
const groupAdmin: CurrentUser = { id: 'x', username: 'admin', realname: '管理员', orgCode: 'A01', company: 'A01', tenantId: 0, sessionId: '' };

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every scan of sys_user / sys_log that is not bounded by a Limit above it (a bounded scan stops early). */
function unboundedBigScans(n: PlanNode, underLimit = false, out: PlanNode[] = []): PlanNode[] {
  const limited = underLimit || n['Node Type'] === 'Limit';
  if (n['Node Type'] === 'Seq Scan' && /^sys_(user|log)$/.test(n['Relation Name'] ?? '') && !limited) out.push(n);
  for (const c of n.Plans ?? []) unboundedBigScans(c, limited, out);
  return out;
}

/**
 * The big system lists on PostgreSQL, with enough rows that the planner chooses for real: every statement
 * the user and log lists run (count and page) is EXPLAINed, and none may read sys_user or sys_log with a
 * sequential scan that is not stopped by a LIMIT above it (the capped log total may read its first rows) — substring searches go through the trigram indexes (migration 1900), the log total is
 * counted only up to a bound, the newest page comes from the (log_type, create_time) index.
 */
describe.skipIf(!inject('pgTemplate'))('query plans of the big lists (postgres)', () => {
  let t: TestApp;
  let admin: string;
  let logging: Kysely<DB>;
  const captured: CompiledQuery[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    admin = await t.login('admin');
    const db = t.app.ctx.db;
    await sql`INSERT INTO sys_user (id, username, realname, password, salt, sex, phone, org_code, status, del_flag, create_time)
      SELECT '9' || lpad(x::text, 18, '0'), 'pu' || x, '用户' || (x % 5000), 'x', 'x', 1 + (x % 2), '139' || lpad(x::text, 8, '0'),
        'A0' || (1 + x % 9) || 'A01', 1, 0, to_char(to_timestamp(1700000000 + x * 60), 'YYYY-MM-DD HH24:MI:SS')
      FROM generate_series(1, ${USERS}) AS x`.execute(db);
    await sql`INSERT INTO sys_log (id, log_type, log_content, operate_type, userid, username, ip, create_time)
      SELECT '8' || lpad(x::text, 18, '0'), 1 + (x % 2), '用户名: pu' || (x % ${USERS}) || ',操作' || (x % 97), 1, 'pu' || (x % ${USERS}), '用户',
        '10.0.0.1', to_char(to_timestamp(1700000000 + x * 30), 'YYYY-MM-DD HH24:MI:SS')
      FROM generate_series(1, ${LOGS}) AS x`.execute(db);
    await sql`ANALYZE sys_user`.execute(db);
    await sql`ANALYZE sys_log`.execute(db);
    const pool = (t.app as unknown as { dbHandle: { native: { pool: pg.Pool } } }).dbHandle.native.pool;
    logging = new Kysely<DB>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
      log: (e) => {
        if (e.level === 'query') captured.push(e.query);
      },
    });
    // Route the services' statements through the capturing instance for these calls.
    (t.app.ctx as { db: Kysely<DB> }).db = logging;
  });
  afterAll(async () => t.close());

  const lists: [string, string][] = [
    ['users: realname *x*, sex, company; createTime desc', `/sys/user/list?realname=${encodeURIComponent('*用户12*')}&sex=1&orgCode=A03*&column=createTime&order=desc&pageNo=1&pageSize=10`],
    ['users: username *x*', `/sys/user/list?username=${encodeURIComponent('*pu1234*')}&pageNo=1&pageSize=10`],
    ['logs: type 1, newest page', '/sys/log/list?logType=1&pageNo=1&pageSize=10'],
    ['logs: type 2, one day; createTime desc', '/sys/log/list?logType=2&createTime_begin=2023-11-20&createTime_end=2023-11-20&column=createTime&order=desc&pageNo=1&pageSize=10'],
    ['logs: keyword', `/sys/log/list?logType=2&keyWord=${encodeURIComponent('pu12345,')}&pageNo=1&pageSize=10`],
  ];

  it.each(lists)('%s: no unbounded sequential scan of sys_user or sys_log', async (_name, url) => {
    captured.length = 0;
    if (url.startsWith('/sys/log/')) {
      // The log service keeps the instance it was built with: run the same list on the capturing one.
      const params = Object.fromEntries(new URLSearchParams(url.slice(url.indexOf('?') + 1)));
      const page = await new LogService(logging, async () => '', 'postgres').list(groupAdmin, params);
      expect(page.records.length).toBeGreaterThan(0);
    } else {
      const r = await t.call(admin, 'GET', url);
      expect(r.body.success).toBe(true);
    }
    const statements = captured.filter((q) => /\bfrom\s+"sys_(user|log)"/i.test(q.sql) && /^\s*select/i.test(q.sql));
    expect(statements.length).toBeGreaterThan(0);
    for (const q of statements) {
      const res = await (t.app as unknown as { dbHandle: { native: { pool: pg.Pool } } }).dbHandle.native.pool.query(
        `EXPLAIN (FORMAT JSON) ${q.sql}`,
        q.parameters as unknown[],
      );
      const root = (res.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan;
      const seq = unboundedBigScans(root);
      expect(seq.map((n) => `${n['Relation Name']} in: ${q.sql}`)).toEqual([]);
    }
  });

  it('the log total is exact up to the bound and a moving lower bound beyond it', async () => {
    const r = await t.call(admin, 'GET', '/sys/log/list?logType=1&pageNo=1&pageSize=10');
    expect(r.body.result.total).toBe(10_000);
    expect(r.body.result.records).toHaveLength(10);
    const far = await t.call(admin, 'GET', '/sys/log/list?logType=1&pageNo=101&pageSize=10');
    expect(far.body.result.total).toBe(11_000);
    const exact = await t.call(admin, 'GET', `/sys/log/list?logType=2&keyWord=${encodeURIComponent('pu12345,')}&pageSize=10`);
    const n = await t.app.ctx.db
      .selectFrom('sysLog')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('logType', '=', 2)
      .where('logContent', 'like', '%pu12345,%')
      .executeTakeFirstOrThrow();
    expect(exact.body.result.total).toBe(Number(n.n));
  });
});
