import type SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
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
    // As autovacuum leaves a table soon after a bulk load: visibility map set (the user total is then
    // counted from the (del_flag, status) index alone), statistics fresh.
    await sql`VACUUM ANALYZE sys_user`.execute(db);
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
    ['users: status, page 50, username asc', '/sys/user/list?status=1&column=username&order=asc&pageNo=50&pageSize=10'],
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

/**
 * The same lists on SQLite: a substring search of three characters or more is narrowed by the trigram
 * tables (migration 2100) instead of scanning sys_user / sys_log, and answers exactly the rows of the plain
 * LIKE — ASCII case folded as LIKE does, other letters exactly, quotes and wildcards literally — also after
 * rows are renamed and deleted.
 */
describe('trigram search tables (sqlite)', () => {
  let t: TestApp;
  let admin: string;
  let native: SQLite.Database;
  let logging: Kysely<DB>;
  const captured: CompiledQuery[] = [];
  const names = ['Trg用户12a', 'trg用户120', 'TRG用户1200', 'Trg ÄBC "q" 50%_x', 'Trg äbc', 'Trg abc', 'Trg 用户21'];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    admin = await t.login('admin');
    const db = t.app.ctx.db;
    await sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000)
      INSERT INTO sys_user (id, username, realname, password, salt, sex, phone, org_code, status, del_flag, create_time)
      SELECT printf('9%018d', x), 'su' || x, '用户' || (x % 500), 'x', 'x', 1 + (x % 2), '139' || printf('%08d', x), 'A01', 1, 0,
        strftime('%Y-%m-%d %H:%M:%S', 1700000000 + x * 60, 'unixepoch') FROM c`.execute(db);
    for (const [i, realname] of names.entries()) {
      await db
        .insertInto('sysUser')
        .values({ id: `trg${i}`, username: `trg${i}`, realname, password: 'x', salt: 'x', sex: 1, orgCode: 'A01', status: 1, delFlag: 0, createTime: '2026-11-26 10:00:00' })
        .execute();
    }
    await sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000)
      INSERT INTO sys_log (id, log_type, log_content, operate_type, userid, username, create_time)
      SELECT printf('8%018d', x), 2, '用户名: su' || x || ',操作' || (x % 97), 1, 'admin', '管理员',
        strftime('%Y-%m-%d %H:%M:%S', 1700000000 + x * 30, 'unixepoch') FROM c`.execute(db);
    native = (t.app as unknown as { dbHandle: { native: { sqlite: SQLite.Database } } }).dbHandle.native.sqlite;
    logging = new Kysely<DB>({
      dialect: new SqliteDialect({ database: native }),
      plugins: [new CamelCasePlugin()],
      log: (e) => {
        if (e.level === 'query') captured.push(e.query);
      },
    });
  });
  afterAll(async () => t.close());

  /** The realnames the user list finds for `*term*`, and those a plain LIKE finds. */
  const both = async (term: string) => {
    const r = await t.call(admin, 'GET', `/sys/user/list?pageSize=1000&realname=${encodeURIComponent(`*${term}*`)}`);
    expect(r.body.success).toBe(true);
    const listed = (r.body.result.records as { realname: string }[]).map((x) => x.realname).sort();
    const plain = native
      .prepare(`select realname from sys_user where del_flag = 0 and realname like ? escape '\\'`)
      .all(`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      .map((x) => (x as { realname: string }).realname)
      .sort();
    expect(r.body.result.total).toBe(plain.length);
    return { listed, plain };
  };

  it.each(['用户12', 'trg', 'ÄBC', 'äbc', 'abc', '"q"', '50%_x', '%_x', '用户2', 'ab'])('users *%s*: the rows of the plain LIKE', async (term) => {
    const { listed, plain } = await both(term);
    expect(listed).toEqual(plain);
    expect(listed.length).toBeGreaterThan(0);
  });

  it('follows renames and deletes', async () => {
    await t.app.ctx.db.updateTable('sysUser').set({ realname: 'Trg renamed xyz' }).where('id', '=', 'trg0').execute();
    expect((await both('xyz')).listed).toEqual(['Trg renamed xyz']);
    expect((await both('Trg用户12a')).listed).toEqual([]);
    await t.app.ctx.db.deleteFrom('sysUser').where('id', '=', 'trg0').execute();
    expect((await both('xyz')).listed).toEqual([]);
    const keys = native.prepare(`select count(*) as n from sys_user_search_key where id = 'trg0'`).get() as { n: number };
    expect(keys.n).toBe(0);
  });

  it('reads the trigram tables instead of scanning sys_user or sys_log', async () => {
    (t.app.ctx as { db: Kysely<DB> }).db = logging;
    try {
      captured.length = 0;
      const r = await t.call(admin, 'GET', `/sys/user/list?realname=${encodeURIComponent('*用户12*')}&pageSize=10`);
      expect(r.body.success).toBe(true);
      const page = await new LogService(logging, async () => '', 'sqlite').list(groupAdmin, { keyWord: 'su123,', pageSize: '10' });
      expect(page.total).toBe(1);
    } finally {
      (t.app.ctx as { db: Kysely<DB> }).db = (t.app as unknown as { dbHandle: { db: Kysely<DB> } }).dbHandle.db;
    }
    const statements = captured.filter((q) => /\bfrom\s+"sys_(user|log)"/i.test(q.sql) && /_search/.test(q.sql));
    expect(statements.length).toBe(4);
    for (const q of statements) {
      const plan = native.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[];
      expect(plan.map((p) => p.detail).filter((d) => /^SCAN (sys_user|sys_log|u|l)\b/.test(d)), q.sql).toEqual([]);
    }
  });
});
