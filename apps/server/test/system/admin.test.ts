import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSign } from '../../src/platform/crypto/sign.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';
function stamp(ms: number): string {
  return new Date(ms + 8 * 3600 * 1000).toISOString().replace(/\D/g, '').slice(0, 14);
}

describe.each(dbKinds)('[SYSTEM] roles, menus, departments, dictionaries on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    staff = await t.login('chenjing');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** GET with the X-Sign headers the dictionary endpoints require. */
  async function signedGet(token: string, path: string) {
    const [p, qs] = path.split('?');
    const query = Object.fromEntries(new URLSearchParams(qs ?? ''));
    const sign = computeSign({ url: `/jeecg-boot${p}`, method: 'GET', query, body: undefined }, SECRET);
    return t.call(token, 'GET', path, undefined, { 'x-sign': sign, 'x-timestamp': stamp(Date.now()) });
  }

  it('guards: 401, 403 (510), 400', async () => {
    for (const [m, url] of [
      ['GET', '/sys/role/list'],
      ['POST', '/sys/role/add'],
      ['GET', '/sys/permission/list'],
      ['POST', '/sys/permission/add'],
      ['POST', '/sys/permission/saveRolePermission'],
      ['POST', '/sys/sysDepart/add'],
      ['GET', '/sys/sysDepartRole/list?deptId=1'],
      ['GET', '/sys/dict/list'],
      ['POST', '/sys/dict/add'],
      ['POST', '/sys/dictItem/add'],
    ] as const) {
      const body = m === 'GET' ? undefined : {};
      expect((await t.call(null, m, url, body)).status, url).toBe(401);
      const r = await t.call(staff, m, url, body);
      expect(r.status, url).toBe(403);
      expect(r.body.code).toBe(510);
    }
    for (const [url, body] of [
      ['/sys/role/add', { roleName: 'x', roleCode: 'bad code' }],
      ['/sys/permission/add', { name: '按钮', menuType: 2 }],
      ['/sys/sysDepart/add', { departName: '' }],
      ['/sys/dict/add', { dictName: '字典' }],
    ] as const) {
      expect((await t.call(admin, 'POST', url, body)).status, url).toBe(400);
    }
    const dictCode = await t.call(admin, 'POST', '/sys/dict/add', { dictName: '字典', dictCode: '' });
    expect(dictCode.body.message).toContain('字典Code不能为空!');
  });

  it('roles: CRUD, queryall, unique code, authorisation tree', async () => {
    expect((await t.call(admin, 'POST', '/sys/role/add', { roleName: '财务', roleCode: 'finance' })).body.success).toBe(true);
    expect((await t.call(admin, 'POST', '/sys/role/add', { roleName: '财务2', roleCode: 'finance' })).body.message).toBe('角色编码已存在');
    const list = await t.call(admin, 'GET', '/sys/role/list?roleName=*财务*');
    expect(list.body.result.total).toBe(1);
    const id = list.body.result.records[0].id;
    expect((await t.call(admin, 'PUT', '/sys/role/edit', { id, roleName: '财务部' })).body.success).toBe(true);
    const roleCount = (await t.app.ctx.db.selectFrom('sysRole').select('id').execute()).length;
    expect((await t.call(staff, 'GET', '/sys/role/queryall')).body.result.length).toBe(roleCount);
    expect((await t.call(staff, 'GET', '/sys/role/checkRoleCode?roleCode=finance')).body.success).toBe(false);
    const tree = await t.call(admin, 'GET', '/sys/role/queryTreeList');
    expect(tree.body.result.ids.length).toBeGreaterThan(20);
    const sys = tree.body.result.treeList.find((n: { title: string }) => n.title === '系统管理');
    expect(sys.children.find((c: { title: string }) => c.title === '用户管理').children.map((b: { title: string }) => b.title)).toContain('添加');
    expect((await t.call(admin, 'DELETE', `/sys/role/delete?id=${id}`)).body.success).toBe(true);
    const adminRole = (await t.app.ctx.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect((await t.call(admin, 'DELETE', `/sys/role/deleteBatch?ids=${adminRole}`)).body.success).toBe(false);
  });

  it('menus: tree, submenus, add/edit/delete with leaf flags, data rules', async () => {
    const list = await t.call(admin, 'GET', '/sys/permission/list');
    const sys = list.body.result.find((n: { url: string }) => n.url === '/isystem');
    expect(sys.children.length).toBeGreaterThanOrEqual(11);
    const top = await t.call(admin, 'GET', '/sys/permission/getSystemMenuList');
    expect(top.body.result.find((n: { url: string }) => n.url === '/isystem').hasChildren).toBe(true);
    const sub = await t.call(admin, 'GET', `/sys/permission/getSystemSubmenu?parentId=${sys.id}`);
    expect(sub.body.result.length).toBeGreaterThanOrEqual(11);
    const batch = await t.call(admin, 'GET', `/sys/permission/getSystemSubmenuBatch?parentIds=${sys.id}`);
    expect(batch.body.result[sys.id].length).toBe(sub.body.result.length);

    const add = await t.call(admin, 'POST', '/sys/permission/add', { name: '测试菜单', url: '/isystem/test', component: 'system/TestList', menuType: 1, parentId: sys.id });
    expect(add.body.success).toBe(true);
    const m = (await t.app.ctx.db.selectFrom('sysPermission').select('id').where('url', '=', '/isystem/test').executeTakeFirstOrThrow()).id;
    await t.call(admin, 'POST', '/sys/permission/add', { name: '测试按钮', menuType: 2, perms: 'system:test:add', parentId: m });
    expect((await t.app.ctx.db.selectFrom('sysPermission').select('isLeaf').where('id', '=', m).executeTakeFirstOrThrow()).isLeaf).toBe(0);
    expect((await t.call(admin, 'PUT', '/sys/permission/edit', { id: m, name: '测试菜单2', keepAlive: true })).body.success).toBe(true);

    const rule = await t.call(admin, 'POST', '/sys/permission/addPermissionRule', { permissionId: m, ruleName: '本人', ruleColumn: 'create_by', ruleConditions: '=', ruleValue: '#{sys_user_code}' });
    expect(rule.body.success).toBe(true);
    const rules = await t.call(admin, 'GET', `/sys/permission/queryPermissionRule?permissionId=${m}&ruleName=本`);
    expect(rules.body.result).toHaveLength(1);
    expect((await t.call(admin, 'PUT', '/sys/permission/editPermissionRule', { id: rules.body.result[0].id, status: '0' })).body.success).toBe(true);
    expect((await t.call(admin, 'DELETE', `/sys/permission/deletePermissionRule?id=${rules.body.result[0].id}`)).body.success).toBe(true);

    expect((await t.call(admin, 'DELETE', `/sys/permission/delete?id=${m}`)).body.success).toBe(true);
    const after = await t.app.ctx.db.selectFrom('sysPermission').select(['delFlag']).where('perms', '=', 'system:test:add').executeTakeFirstOrThrow();
    expect(after.delFlag).toBe(1);
    const adminAuth = await t.call(admin, 'GET', '/sys/permission/getUserPermissionByToken');
    expect(JSON.stringify(adminAuth.body.result)).not.toContain('system:test:add');
  });

  it('departments: trees, search, org codes generated hierarchically, delete subtree', async () => {
    const tree = await t.call(staff, 'GET', '/sys/sysDepart/queryTreeList');
    expect(tree.body.result).toHaveLength(9);
    const sunli = await t.login('sunli');
    const own = await t.call(sunli, 'GET', '/sys/sysDepart/queryTreeList');
    expect(own.body.result.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A03']);
    expect(own.body.result[0].children).toHaveLength(3);
    const sync = await t.call(sunli, 'GET', '/sys/sysDepart/queryDepartTreeSync');
    expect(sync.body.result).toMatchObject([{ orgCode: 'A03', isLeaf: false }]);
    const kids = await t.call(sunli, 'GET', `/sys/sysDepart/queryDepartTreeSync?pid=${sync.body.result[0].id}`);
    expect(kids.body.result.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A03A01', 'A03A02', 'A03A03']);
    const ids = await t.call(staff, 'GET', '/sys/sysDepart/queryIdTree');
    expect(ids.body.result[0]).toHaveProperty('key');
    const found = await t.call(sunli, 'GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('综合')}`);
    expect(found.body.result.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A03A01']);
    const mine = await t.call(sunli, 'GET', '/sys/sysDepart/queryMyDeptTreeList');
    expect(Array.isArray(mine.body.result)).toBe(true);

    const a01 = tree.body.result.find((d: { orgCode: string }) => d.orgCode === 'A01');
    const add = await t.call(admin, 'POST', '/sys/sysDepart/add', { departName: '审计部', parentId: a01.id });
    expect(add.body.result.orgCode).toBe('A01A05');
    const child = await t.call(admin, 'POST', '/sys/sysDepart/add', { departName: '内审组', parentId: add.body.result.id });
    expect(child.body.result.orgCode).toBe('A01A05A01');
    const company = await t.call(admin, 'POST', '/sys/sysDepart/add', { departName: '新公司', orgCategory: '1' });
    expect(company.body.result.orgCode).toBe('A10');
    const notMine = await t.call(sunli, 'GET', `/sys/sysDepart/queryById?id=${add.body.result.id}`);
    expect(notMine.body.success).toBe(false);
    expect((await t.call(admin, 'PUT', '/sys/sysDepart/edit', { id: add.body.result.id, departName: '审计监察部' })).body.success).toBe(true);
    expect((await t.call(admin, 'DELETE', `/sys/sysDepart/delete?id=${add.body.result.id}`)).body.success).toBe(true);
    const gone = await t.app.ctx.db.selectFrom('sysDepart').select('id').where('orgCode', 'like', 'A01A05%').execute();
    expect(gone).toEqual([]);
    expect((await t.call(admin, 'DELETE', `/sys/sysDepart/delete?id=${a01.id}`)).body.message).toBe('不允许删除集团总部');
  });

  it('department permissions, department roles and their grants reach the user', async () => {
    const db = t.app.ctx.db;
    const dep = (await db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A03A02').executeTakeFirstOrThrow()).id;
    const pos = (await db.selectFrom('sysPermission').select('id').where('url', '=', '/isystem/position').executeTakeFirstOrThrow()).id;
    const sys = (await db.selectFrom('sysPermission').select('id').where('url', '=', '/isystem').executeTakeFirstOrThrow()).id;
    const btn = (await db.selectFrom('sysPermission').select('id').where('perms', '=', 'system:position:edit').executeTakeFirstOrThrow()).id;
    expect((await t.call(admin, 'POST', '/sys/permission/saveDepartPermission', { departId: dep, permissionIds: `${sys},${pos},${btn}` })).body.success).toBe(true);
    expect((await t.call(admin, 'GET', `/sys/permission/queryDepartPermission?departId=${dep}`)).body.result.sort()).toEqual([sys, pos, btn].sort());
    const tree = await t.call(admin, 'GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${dep}`);
    expect(tree.body.result.ids.sort()).toEqual([sys, pos, btn].sort());

    expect((await t.call(admin, 'POST', '/sys/sysDepartRole/add', { departId: dep, roleName: '销售职务员', roleCode: 'sales_pos' })).body.success).toBe(true);
    const roles = await t.call(admin, 'GET', `/sys/sysDepartRole/list?deptId=${dep}`);
    const roleId = roles.body.result.records[0].id;
    const tooMuch = await t.call(admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: `${sys},${pos},${btn},x` });
    expect(tooMuch.body.message).toBe('只能授予部门已拥有的权限');
    expect((await t.call(admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: `${sys},${pos},${btn}` })).body.success).toBe(true);
    expect((await t.call(admin, 'GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`)).body.result).toHaveLength(3);

    const zhulin = (await db.selectFrom('sysUser').select('id').where('username', '=', 'zhulin').executeTakeFirstOrThrow()).id;
    expect((await t.call(admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: zhulin, newRoleId: roleId, oldRoleId: '' })).body.success).toBe(true);
    expect((await t.call(admin, 'GET', `/sys/sysDepartRole/getDeptRoleByUserId?departId=${dep}&userId=${zhulin}`)).body.result.map((r: { droleId: string }) => r.droleId)).toEqual([roleId]);
    expect((await t.call(admin, 'GET', `/sys/sysDepartRole/roleUsers?roleId=${roleId}`)).body.result[0].username).toBe('zhulin');
    const token = await t.login('zhulin');
    const p = await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken');
    expect(p.body.result.auth.map((a: { action: string }) => a.action)).toContain('system:position:edit');
    expect((await t.call(token, 'GET', '/sys/role/list')).status).toBe(403);
  });

  it('dictionaries: CRUD, items, cache refresh, table dictionaries from a whitelist', async () => {
    const add = await t.call(admin, 'POST', '/sys/dict/add', { dictName: '学历', dictCode: 'education' });
    expect(add.body.success).toBe(true);
    const list = await t.call(admin, 'GET', '/sys/dict/list?dictCode=education&pageNo=1&pageSize=9999&column=createTime&order=desc');
    const dictId = list.body.result.records[0].id;
    expect((await t.call(admin, 'POST', '/sys/dictItem/add', { dictId, itemText: '本科', itemValue: '1', sortOrder: 1 })).body.success).toBe(true);
    expect((await t.call(admin, 'POST', '/sys/dictItem/add', { dictId, itemText: '硕士', itemValue: '2', sortOrder: 2 })).body.success).toBe(true);
    expect((await t.call(admin, 'POST', '/sys/dictItem/add', { dictId, itemText: '重复', itemValue: '2' })).body.message).toBe('该字典中数据值已存在');
    const items = await t.call(staff, 'GET', `/sys/dictItem/list?dictId=${dictId}`);
    expect(items.body.result.records.map((i: { itemText: string }) => i.itemText)).toEqual(['本科', '硕士']);
    await t.call(admin, 'GET', '/sys/dict/refleshCache');
    const got = await signedGet(staff, '/sys/dict/getDictItems/education');
    expect(got.body.result.map((i: { text: string }) => i.text)).toEqual(['本科', '硕士']);
    const texts = await signedGet(staff, '/sys/dict/loadDictItem/education?key=2,1,9');
    expect(texts.body.result).toEqual(['硕士', '本科']);

    const table = await signedGet(staff, '/sys/dict/getDictItems/sys_user,realname,username');
    const activeUsers = (await t.app.ctx.db.selectFrom('sysUser').select('id').where('delFlag', '=', 0).execute()).length;
    expect(table.body.result.length).toBe(activeUsers);
    const sunli = await t.login('sunli');
    const scoped = await signedGet(sunli, '/sys/dict/getDictItems/sys_user,realname,username');
    expect(scoped.body.result.length).toBeLessThan(10);
    const where = await signedGet(staff, `/sys/dict/getDictItems/${encodeURIComponent("sys_user,realname,username,org_code='A03A02'")}`);
    expect(where.body.result.map((i: { value: string }) => i.value).sort()).toEqual(['dongjian', 'machao', 'zhulin']);
    const search = await signedGet(staff, `/sys/dict/loadDict/sys_user,realname,username?keyword=${encodeURIComponent('王')}&pageSize=10`);
    expect(search.body.result.map((i: { value: string }) => i.value)).toEqual(['wangfang']);
    const names = await signedGet(staff, '/sys/dict/loadDictItem/sys_user,realname,username?key=lina,admin');
    expect(names.body.result).toEqual(['李娜', '管理员']);
    for (const code of [
      'sys_user,password,username',
      'sys_user,realname,username,1=1',
      "sys_user,realname,username,org_code='A03' or 1=1",
      'pg_shadow,passwd,usename',
      'sys_user;drop table sys_user,realname,username',
      'sys_user,realname',
    ]) {
      const r = await signedGet(staff, `/sys/dict/getDictItems/${encodeURIComponent(code)}`);
      expect(r.body, code).toMatchObject({ success: false, message: '字典Code格式不正确！' });
    }
    const tree = await signedGet(staff, '/sys/dict/loadTreeData?tableName=sys_depart&text=depart_name&code=id&pidField=parent_id');
    expect(tree.body.result.length).toBeGreaterThanOrEqual(9);
    const badTree = await signedGet(staff, '/sys/dict/loadTreeData?tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&condition=x');
    expect(badTree.body.message).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    expect((await t.call(admin, 'DELETE', `/sys/dict/delete?id=${dictId}`)).body.success).toBe(true);
  });
});
