import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/db/ids.js';
import { now } from '../../src/platform/db/time.js';
import { seedExamplesAdminOnly } from '../../src/seed/examples-admin.seed.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

interface Node {
  path: string;
  children?: Node[];
}

const paths = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);

describe.each(dbKinds)('[SYSTEM] 页面示例 and 组件示例 are for administrators only on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const permissionsOf = async (username: string) => {
    const r = await t.call(await t.login(username), 'GET', '/sys/permission/getUserPermissionByToken');
    expect(r.body.success, r.body.message).toBe(true);
    return {
      menus: paths(r.body.result.menu as Node[]),
      actions: (r.body.result.auth as { action: string }[]).map((a) => a.action),
    };
  };

  it('the administrator has both menus with the demo buttons; staff, HR and department heads have neither', async () => {
    const admin = await permissionsOf('admin');
    expect(admin.menus).toEqual(expect.arrayContaining(['/demo', '/demo/list', '/demo/about', '/isystem/examples']));
    expect(admin.actions).toEqual(expect.arrayContaining(['demo:add', 'demo:export']));
    for (const username of ['chenjing', 'dongjian', 'lina', 'machao']) {
      const p = await permissionsOf(username);
      expect(p.menus.filter((m) => m.startsWith('/demo') || m === '/isystem/examples'), username).toEqual([]);
      expect(p.actions.filter((a) => a.startsWith('demo:')), username).toEqual([]);
    }
  });

  it('takes back grants an older seed gave to other roles, keeping the administrator’s', async () => {
    const db = t.app.ctx.db;
    const staff = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'staff').executeTakeFirstOrThrow();
    const menus = await db.selectFrom('sysPermission').select(['id', 'url', 'perms']).where((eb) => eb.or([eb('url', 'like', '/demo%'), eb('perms', 'like', 'demo:%')])).execute();
    expect(menus.length).toBeGreaterThanOrEqual(5);
    for (const m of menus) {
      await db.insertInto('sysRolePermission').values({ id: newId(), roleId: staff.id, permissionId: m.id, dataRuleIds: null, operateDate: now(), operateIp: null }).execute();
    }
    const admin = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
    const grants = async (roleId: string) =>
      (await db.selectFrom('sysRolePermission').select('id').where('roleId', '=', roleId).where('permissionId', 'in', menus.map((m) => m.id)).execute()).length;
    expect(await grants(staff.id)).toBe(menus.length);
    const adminGrants = await grants(admin.id);
    expect(adminGrants).toBeGreaterThanOrEqual(5);
    await seedExamplesAdminOnly(db);
    expect(await grants(staff.id)).toBe(0);
    expect(await grants(admin.id)).toBe(adminGrants);
    // a staff member signing in now sees none of it (permissions are read fresh for a user not cached yet)
    expect((await permissionsOf('hubin')).menus.filter((m) => m.startsWith('/demo'))).toEqual([]);
  });
});
