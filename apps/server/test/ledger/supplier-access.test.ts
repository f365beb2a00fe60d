/**
 * Suppliers (bank account, contacts, phone) are master data of the asset administrators: staff, HR and
 * department heads read none of it; the goods forms pick a supplier from a lookup of ids and names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLedgerSupplierAdminOnly } from '../../src/seed/ledger.seed.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { Goods } from './ledger-helpers.js';

const SUP = '/adminstration/library/supplier';

describe.each(dbKinds)('[LEDGER] supplier access on %s', (kind) => {
  let t: TestApp;
  let g: Goods;
  beforeAll(async () => {
    t = await createTestApp(kind);
    g = new Goods(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('staff, HR and department heads cannot read the supplier list, detail or export', async () => {
    const any = (await g.f.call('admin', 'GET', `${SUP}/list?pageSize=1`)).body.result.records[0] as { id: string };
    for (const who of ['zhulin', 'chenjing', 'lina', 'machao']) {
      for (const url of [`${SUP}/list?pageSize=100`, `${SUP}/queryById?id=${any.id}`, `${SUP}/exportXls`]) {
        const r = await g.f.call(who, 'GET', url);
        expect(r.status, `${who} ${url}`).toBe(403);
        expect(r.raw).not.toContain('bankAccount');
      }
    }
    const admin = await g.f.call('admin', 'GET', `${SUP}/list?pageSize=100`);
    expect(admin.body.result.records[0]).toHaveProperty('bankAccount');
  });

  it('the supplier lookup of the goods forms answers ids and names of enabled suppliers in scope only', async () => {
    const r = await g.f.call('zhulin', 'GET', '/ledger/supplier/options');
    expect(r.body.success, r.body.message).toBe(true);
    const rows = r.body.result as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
    // A03 reads the group's suppliers and its own
    const scoped = await t.app.ctx.db.selectFrom('ldSupplier').select(['id', 'sysOrgCode', 'status']).execute();
    const byId = new Map(scoped.map((s) => [s.id, s]));
    for (const row of rows) {
      const s = byId.get(String(row.id))!;
      expect(s.status).toBe(1);
      expect(s.sysOrgCode).toMatch(/^A0[13]/);
    }
    const kw = await g.f.call('zhulin', 'GET', `/ledger/supplier/options?keyword=${encodeURIComponent(String(rows[0].name).slice(0, 2))}`);
    expect((kw.body.result as { id: string }[]).map((x) => x.id)).toContain(rows[0].id);
  });

  it('a database seeded before keeps the supplier pages for administrators only', async () => {
    const db = t.app.ctx.db;
    const perms = await db.selectFrom('sysPermission').select('id').where((eb) => eb.or([eb('url', '=', SUP), eb('perms', 'like', 'ledger:supplier:%')])).execute();
    const staff = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'staff').executeTakeFirstOrThrow();
    // as granted by the earlier menus: every role read the supplier page
    for (const p of perms) await db.insertInto('sysRolePermission').values({ id: `old-${p.id}`.slice(0, 32), roleId: staff.id, permissionId: p.id, dataRuleIds: null, operateDate: null, operateIp: null }).execute();
    await seedLedgerSupplierAdminOnly(db);
    const left = await db.selectFrom('sysRolePermission').select('id').where('roleId', '=', staff.id).where('permissionId', 'in', perms.map((p) => p.id)).execute();
    expect(left).toHaveLength(0);
    const admin = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
    const kept = await db.selectFrom('sysRolePermission').select('id').where('roleId', '=', admin.id).where('permissionId', 'in', perms.map((p) => p.id)).execute();
    expect(kept.length).toBe(perms.length);
  });
});
