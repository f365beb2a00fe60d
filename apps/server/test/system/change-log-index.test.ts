import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src/platform/access/access.js';
import { ChangeLogService } from '../../src/platform/audit/change-log.service.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const ROWS = 60_000;
const SEARCH = { recordType: 'sys_dict_item', fieldName: 'itemText', createTime_begin: '2025-03-01', createTime_end: '2025-03-31' };

/**
 * The administrator's change search by record type and field over a month (docs/audit.md, Scale) reads the
 * (record_type, field, create_time, id) index: the capped count and the page, as the service builds them.
 */
describe.each(dbKinds)('[AUDIT] change search by record type and field on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.app.ctx.db;
    // one change every 8 minutes over a year, 7 record types, 12 fields (as bench/audit.ts, smaller)
    if (kind === 'postgres') {
      await sql`INSERT INTO sys_change_log (id, create_time, user_id, org_code, record_type, record_id, action, field, old_value, new_value)
        SELECT '8' || lpad(x::text, 18, '0'),
          to_char(to_timestamp(1764547200 - 31536000 + x * (31536000.0 / ${ROWS})) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'),
          'bu' || (x % 500), 'A0' || (1 + x % 9),
          (array['sys_user','sys_role','sys_depart','sys_dict','sys_dict_item','hy_user','fm_funds'])[1 + x % 7],
          'r' || (x % 20000), 'edit',
          (array['realname','phone','status','email','post','orgCode','itemText','roleName','departName','description','sortOrder','workNo'])[1 + x % 12],
          'old', 'new'
        FROM generate_series(1, ${ROWS}) AS x`.execute(db);
      await sql`VACUUM ANALYZE sys_change_log`.execute(db);
    } else {
      await sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${ROWS})
        INSERT INTO sys_change_log (id, create_time, user_id, org_code, record_type, record_id, action, field, old_value, new_value)
        SELECT printf('8%018d', x), strftime('%Y-%m-%d %H:%M:%S', 1764547200 - 31536000 + x * (31536000.0 / ${ROWS}), 'unixepoch'),
          'bu' || (x % 500), 'A0' || (1 + x % 9),
          CASE x % 7 WHEN 0 THEN 'sys_user' WHEN 1 THEN 'sys_role' WHEN 2 THEN 'sys_depart' WHEN 3 THEN 'sys_dict' WHEN 4 THEN 'sys_dict_item' WHEN 5 THEN 'hy_user' ELSE 'fm_funds' END,
          'r' || (x % 20000), 'edit',
          CASE x % 12 WHEN 0 THEN 'realname' WHEN 1 THEN 'phone' WHEN 2 THEN 'status' WHEN 3 THEN 'email' WHEN 4 THEN 'post' WHEN 5 THEN 'orgCode'
            WHEN 6 THEN 'itemText' WHEN 7 THEN 'roleName' WHEN 8 THEN 'departName' WHEN 9 THEN 'description' WHEN 10 THEN 'sortOrder' ELSE 'workNo' END,
          'old', 'new'
        FROM c`.execute(db);
      await sql`ANALYZE`.execute(db);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function plan(compiled: CompiledQuery): Promise<string> {
    const prefix = kind === 'postgres' ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
    const r = await t.app.ctx.db.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
    return (r.rows as Record<string, unknown>[]).map((row) => String(row['QUERY PLAN'] ?? row.detail ?? JSON.stringify(row))).join('\n');
  }

  it('the capped count and the newest page use idx_change_log_type_field', async () => {
    const svc = new ChangeLogService(t.app.ctx.db, { has: async () => true } as never);
    const admin = { company: 'A01' } as CurrentUser;
    const base = svc.filtered(admin, SEARCH);
    const db = t.app.ctx.db;
    const count = db.selectFrom(base.clearSelect().select(sql<number>`1`.as('one')).limit(10_001).as('capped')).select((eb) => eb.fn.countAll().as('total'));
    const page = base.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc').limit(10).offset(0);
    expect(await plan(count.compile())).toContain('idx_change_log_type_field');
    const pagePlan = await plan(page.compile());
    expect(pagePlan).toContain('idx_change_log_type_field');
    // newest first straight from the index: no sort step
    expect(pagePlan).not.toMatch(/Sort|TEMP B-TREE/);
    const total = Number((await count.executeTakeFirstOrThrow()).total);
    expect(total).toBeGreaterThan(0);
    expect((await page.execute()).length).toBe(10);
  });
});
