import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

interface Node {
  path: string;
  component: string;
  children?: Node[];
}

describe.each(dbKinds)('[SYSTEM] 系统管理 menus on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives admin the whole group with every button', async () => {
    const token = await t.login('admin');
    const r = await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken');
    const sys = (r.body.result.menu as Node[]).find((m) => m.path === '/isystem')!;
    expect(sys.component).toBe('layouts/RouteView');
    const comps = sys.children!.map((c) => c.component);
    expect(comps).toEqual(expect.arrayContaining([
      'system/UserList',
      'system/RoleList',
      'system/PermissionList',
      'system/DepartList',
      'system/DictList',
      'system/CategoryList',
      'system/PositionList',
      'system/TenantList',
      'system/LogList',
      'system/GatewayRouteList',
      'system/DataSourceList',
    ]));
    expect(sys.children!.find((c) => c.component === 'system/UserList')!.path).toBe('/isystem/user');
    const actions = (r.body.result.auth as { action: string }[]).map((a) => a.action);
    for (const code of ['system:user:add', 'system:user:edit', 'system:user:delete', 'system:user:import', 'system:user:export', 'system:user:frozen', 'system:role:add']) {
      expect(actions).toContain(code);
    }
  });

  it('gives HR only the user list and its export', async () => {
    const token = await t.login('lina');
    const r = await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken');
    const sys = (r.body.result.menu as Node[]).find((m) => m.path === '/isystem')!;
    expect(sys.children!.map((c) => c.component)).toEqual(['system/UserList']);
    const actions = (r.body.result.auth as { action: string }[]).map((a) => a.action).filter((a) => a.startsWith('system:'));
    expect(actions).toEqual(['system:user:export']);
  });

  it('gives staff no system menu', async () => {
    const token = await t.login('chenjing');
    const r = await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken');
    expect((r.body.result.menu as Node[]).some((m) => m.path === '/isystem')).toBe(false);
  });
});
