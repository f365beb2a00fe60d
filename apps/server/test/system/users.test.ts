import ExcelJS from 'exceljs';
import XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

function multipart(files: { name: string; data: Buffer }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----testboundary' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(['用户列表数据']);
  ws.addRow(['导出人:管理员']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(dbKinds)('[SYSTEM] users on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let a03DepartId: string;
  let a05UserId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    staff = await t.login('chenjing');
    const db = t.app.ctx.db;
    a03DepartId = (await db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A03A02').executeTakeFirstOrThrow()).id;
    a05UserId = (await db.selectFrom('sysUser').select('id').where('username', '=', 'gaopeng').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function inject(token: string, method: 'GET' | 'POST', url: string, extra: { payload?: Buffer; headers?: Record<string, string> } = {}) {
    return t.app.inject({ method, url: `/jeecg-boot${url}`, headers: { 'x-access-token': token, ...(extra.headers ?? {}) }, payload: extra.payload });
  }

  it('guards: 401, 403 (510), 400', async () => {
    for (const [m, url] of [
      ['GET', '/sys/user/list'],
      ['POST', '/sys/user/add'],
      ['PUT', '/sys/user/edit'],
      ['DELETE', '/sys/user/deleteBatch?ids=1'],
      ['PUT', '/sys/user/changePassword'],
      ['GET', '/sys/user/exportXls'],
      ['POST', '/sys/user/importExcel'],
    ] as const) {
      expect((await t.call(null, m, url, m === 'GET' || m === 'DELETE' ? undefined : {})).status, url).toBe(401);
      const r = await t.call(staff, m, url, m === 'GET' || m === 'DELETE' ? undefined : {});
      expect(r.status, url).toBe(403);
      expect(r.body.code).toBe(510);
    }
    expect((await t.call(null, 'GET', '/sys/user/queryUserComponentData')).status).toBe(401);
    const bad = await t.call(admin, 'POST', '/sys/user/add', { username: 'a b', realname: 'x', password: '123456' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('只允许字母、数字、下划线');
    const badPhone = await t.call(admin, 'POST', '/sys/user/add', { username: 'okname', realname: 'x', password: '123456', phone: '123' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toContain('请输入正确手机号');
    const badSort = await t.call(admin, 'GET', '/sys/user/list?column=password&order=asc');
    expect(badSort.body).toMatchObject({ success: false, message: '请注意，将要排序的列字段不存在：password' });
    const noFile = await t.call(admin, 'POST', '/sys/user/importExcel', {});
    expect(noFile.status).toBe(400);
  });

  it('lists with filters, dict texts, department and role filters, never secrets', async () => {
    const r = await t.call(admin, 'GET', '/sys/user/list?pageSize=100&realname=*王*');
    expect(r.body.result.records.map((u: { username: string }) => u.username)).toEqual(['wangfang']);
    expect(r.raw).not.toMatch(/"password"|"salt"|scrypt/);
    const u = r.body.result.records[0];
    expect(u).toMatchObject({ sex_dictText: '女', status_dictText: '正常', post_dictText: '部门经理', orgCodeTxt: '人力资源部' });
    const byDept = await t.call(admin, 'GET', `/sys/user/list?departId=${a03DepartId}&pageSize=50`);
    expect(byDept.body.result.records.map((x: { username: string }) => x.username).sort()).toEqual(['dongjian', 'machao', 'zhulin']);
    const roles = await t.call(admin, 'GET', '/sys/role/queryall');
    const hr = roles.body.result.find((x: { roleCode: string }) => x.roleCode === 'hr');
    const byRole = await t.call(admin, 'GET', `/sys/user/list?roleId=${hr.id}`);
    expect(byRole.body.result.records.map((x: { username: string }) => x.username).sort()).toEqual(['lina', 'qianhui', 'wangfang']);
    const sorted = await t.call(admin, 'GET', '/sys/user/list?column=username&order=asc&pageSize=3&pageNo=1');
    expect(sorted.body.result).toMatchObject({ total: 33, size: 3, current: 1, pages: 11 });
    expect(sorted.body.result.records[0].username).toBe('admin');
    const sq = encodeURI(JSON.stringify([{ field: 'sex', rule: 'eq', val: '2', dbType: 'int' }, { field: 'orgCode', rule: 'right_like', val: 'A03' }]));
    const adv = await t.call(admin, 'GET', `/sys/user/list?superQueryParams=${encodeURIComponent(sq)}&superQueryMatchType=and`);
    expect(adv.body.result.records.map((x: { username: string }) => x.username).sort()).toEqual(['qianhui', 'sunli', 'sunyue', 'zhulin']);
  });

  it('checkOnlyUser, queryUserRole, queryUserByDepId, getMultiUser', async () => {
    expect((await t.call(null, 'GET', '/sys/user/checkOnlyUser?username=admin')).body).toMatchObject({ success: false, message: '用户账号已存在' });
    expect((await t.call(null, 'GET', '/sys/user/checkOnlyUser?username=nobody_here')).body).toMatchObject({ success: true });
    const lina = await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'lina').executeTakeFirstOrThrow();
    const roles = await t.call(admin, 'GET', `/sys/user/queryUserRole?userid=${lina.id}`);
    expect(roles.body.result).toHaveLength(1);
    const gaopeng = await t.login('gaopeng');
    const dep = await t.call(gaopeng, 'GET', `/sys/user/queryUserByDepId?id=${a03DepartId}`);
    expect(dep.body.result).toEqual([]); // another company
    const dep2 = await t.call(admin, 'GET', `/sys/user/queryUserByDepId?id=${a03DepartId}`);
    expect(dep2.body.result).toHaveLength(3);
    const multi = await t.call(admin, 'GET', '/sys/user/getMultiUser?username=lina,zhulin,');
    expect((JSON.parse(multi.raw) as { realname: string }[]).map((u) => u.realname).sort()).toEqual(['朱琳', '李娜'].sort());
  });

  it('user picker: own company; the all-departments flag never widens it; forced A01 narrows', async () => {
    const sunli = await t.login('sunli');
    const own = await t.call(sunli, 'GET', '/sys/user/queryUserComponentData?pageSize=50');
    expect(own.body.result.records.every((u: { orgCode: string }) => u.orgCode.startsWith('A03'))).toBe(true);
    expect(own.body.result.total).toBe(own.body.result.records.length);
    const all = await t.call(sunli, 'GET', '/sys/user/queryUserComponentData?pageSize=50&isAll=true');
    expect(all.body.result.total).toBe(own.body.result.total);
    const groupAll = await t.call(admin, 'GET', '/sys/user/queryUserComponentData?pageSize=50&isAll=true');
    const everyone = await t.app.ctx.db.selectFrom('sysUser').select('id').where('delFlag', '=', 0).execute();
    expect(groupAll.body.result.total).toBe(everyone.length);
    const a01 = await t.call(admin, 'GET', '/sys/user/queryUserComponentData?pageSize=50&forceA01=true');
    expect(a01.body.result.records.length).toBeGreaterThan(0);
    expect(a01.body.result.records.every((u: { orgCode: string }) => u.orgCode.startsWith('A01'))).toBe(true);
    const a01ForA03 = await t.call(sunli, 'GET', '/sys/user/queryUserComponentData?pageSize=50&forceA01=true');
    expect(a01ForA03.body.result.total).toBe(0);
    const dep = await t.call(sunli, 'GET', `/sys/user/queryUserComponentData?departId=${a03DepartId}&realname=*朱*`);
    expect(dep.body.result.records.map((u: { username: string }) => u.username)).toEqual(['zhulin']);
  });

  it('admin creates an A03 user whose role grants two menus and one button: the user sees exactly those', async () => {
    const db = t.app.ctx.db;
    const menu = async (url: string) => (await db.selectFrom('sysPermission').select('id').where('url', '=', url).executeTakeFirstOrThrow()).id;
    const sysMenu = await menu('/isystem');
    const posMenu = await menu('/isystem/position');
    const addBtn = (await db.selectFrom('sysPermission').select('id').where('perms', '=', 'system:position:add').executeTakeFirstOrThrow()).id;

    const role = await t.call(admin, 'POST', '/sys/role/add', { roleName: '职务维护', roleCode: 'position_keeper' });
    expect(role.body.success).toBe(true);
    const roleId = (await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'position_keeper').executeTakeFirstOrThrow()).id;
    const save = await t.call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: [sysMenu, posMenu, addBtn].join(','), lastpermissionIds: '' });
    expect(save.body.success).toBe(true);
    const granted = await t.call(admin, 'GET', `/sys/permission/queryRolePermission?roleId=${roleId}`);
    expect(granted.body.result.sort()).toEqual([sysMenu, posMenu, addBtn].sort());

    const add = await t.call(admin, 'POST', '/sys/user/add', {
      username: 'a03_keeper',
      realname: '商贸职务员',
      password: 'Pass1234',
      confirmpassword: 'Pass1234',
      phone: '13912345678',
      selectedroles: roleId,
      selecteddeparts: a03DepartId,
    });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const token = await t.login('a03_keeper', 'Pass1234');
    const p = await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken');
    const menus = p.body.result.menu as { path: string; children?: { path: string }[] }[];
    expect(menus.map((m) => m.path)).toEqual(['/zhome', '/isystem']);
    expect(menus[1].children!.map((c) => c.path)).toEqual(['/isystem/position']);
    expect((p.body.result.auth as { action: string }[]).map((a) => a.action)).toEqual(['system:position:add']);
    // The server enforces the same set.
    expect((await t.call(token, 'POST', '/sys/position/add', { code: 'sm_zy', name: '商贸专员' })).body.success).toBe(true);
    expect((await t.call(token, 'DELETE', '/sys/position/delete?id=x')).status).toBe(403);
    expect((await t.call(token, 'GET', '/sys/user/list')).status).toBe(403);
    const me = await db.selectFrom('sysUser').select(['orgCode', 'password']).where('username', '=', 'a03_keeper').executeTakeFirstOrThrow();
    expect(me.orgCode).toBe('A03A02');
  });

  it('a user of A03 cannot read A05 rows', async () => {
    const db = t.app.ctx.db;
    const hr = (await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'hr').executeTakeFirstOrThrow()).id;
    const a03hq = (await db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A03A01').executeTakeFirstOrThrow()).id;
    await t.call(admin, 'POST', '/sys/user/add', { username: 'a03_hr', realname: '商贸人事', password: '123456', selectedroles: hr, selecteddeparts: a03hq });
    const token = await t.login('a03_hr');
    const list = await t.call(token, 'GET', '/sys/user/list?pageSize=100');
    expect(list.body.result.total).toBeGreaterThan(0);
    expect(list.body.result.records.every((u: { orgCode: string }) => u.orgCode.startsWith('A03'))).toBe(true);
    const detail = await t.call(token, 'GET', `/sys/user/queryById?id=${a05UserId}`);
    expect(detail.body).toMatchObject({ success: false, message: '未找到对应用户' });
    const filtered = await t.call(token, 'GET', '/sys/user/list?orgCode=A05A01');
    expect(filtered.body.result.total).toBe(0);
    const logs = await t.call(token, 'GET', '/sys/log/list');
    expect(logs.status).toBe(403);
  });

  it('edits roles and departments, resets passwords, freezes and deletes (soft)', async () => {
    const db = t.app.ctx.db;
    const u = await db.selectFrom('sysUser').select('id').where('username', '=', 'a03_hr').executeTakeFirstOrThrow();
    const a05 = (await db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A05A01').executeTakeFirstOrThrow()).id;
    const e = await t.call(admin, 'PUT', '/sys/user/edit', { id: u.id, realname: '改名', selecteddeparts: a05, selectedroles: '' });
    expect(e.body.message).toBe('编辑成功!');
    const row = await db.selectFrom('sysUser').select(['realname', 'orgCode']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ realname: '改名', orgCode: 'A05A01' });
    expect((await t.call(admin, 'GET', `/sys/user/queryUserRole?userid=${u.id}`)).body.result).toEqual([]);
    const reset = await t.call(admin, 'PUT', '/sys/user/changePassword', { username: 'a03_hr', password: 'NewPass1', confirmpassword: 'NewPass1' });
    expect(reset.body.success).toBe(true);
    await t.login('a03_hr', 'NewPass1');
    const mismatch = await t.call(admin, 'PUT', '/sys/user/changePassword', { username: 'a03_hr', password: 'NewPass1', confirmpassword: 'other' });
    expect(mismatch.status).toBe(400);
    const delAdmin = await t.call(admin, 'DELETE', `/sys/user/deleteBatch?ids=${(await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id}`);
    expect(delAdmin.body.success).toBe(false);
    const del = await t.call(admin, 'DELETE', `/sys/user/delete?id=${u.id}`);
    expect(del.body.success).toBe(true);
    expect((await db.selectFrom('sysUser').select('delFlag').where('id', '=', u.id).executeTakeFirstOrThrow()).delFlag).toBe(1);
    expect((await t.call(admin, 'GET', '/sys/user/list?username=a03_hr')).body.result.total).toBe(0);
  });

  it('exports the filtered users as a genuine .xlsx', async () => {
    const res = await inject(admin, 'GET', '/sys/user/exportXls?sex=2&orgCode=A03*');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('用户列表数据');
    expect(ws.getRow(3).getCell(1).value).toBe('登录账号');
    const names: string[] = [];
    for (let r = 4; r <= ws.rowCount; r++) names.push(String(ws.getRow(r).getCell(1).value));
    expect(names.sort()).toEqual(['qianhui', 'sunli', 'sunyue', 'zhulin']);
    expect(ws.getRow(4).getCell(3).value).toBe('女');
    // selections limit to the chosen rows; HR has export too.
    const lina = await t.login('lina');
    const zhulin = await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'zhulin').executeTakeFirstOrThrow();
    const sel = await inject(lina, 'GET', `/sys/user/exportXls?selections=${zhulin.id}`);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(sel.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].rowCount).toBe(4);
  });

  it('imports .xlsx with one bad row: code 201, a working error file, good rows kept', async () => {
    const file = await xlsxOf([
      ['登录账号', '真实名称', '性别', '手机号码', '部门'],
      ['imp_user1', '导入一', '男', '13700000001', 'A03A01'],
      ['bad name', '坏行', '女', '', 'A03A01'],
      ['imp_user2', '导入二', '女', '', '销售部'],
    ]);
    const mp = multipart([{ name: 'users.xlsx', data: file }]);
    const res = await inject(admin, 'POST', '/sys/user/importExcel', mp);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(body.result).toMatchObject({ totalCount: 3, errorCount: 1, successCount: 2 });
    expect(body.result.fileUrl).toMatch(/^\/sys\/common\/static\/private\/import-errors\/.+\.txt\?exp=\d+&sig=[\w-]+$/);
    const err = await t.app.inject({ method: 'GET', url: `/jeecg-boot${body.result.fileUrl}` });
    expect(err.statusCode).toBe(200);
    expect(err.body).toContain('第 5 行：只允许字母、数字、下划线，忽略导入。');
    const list = await t.call(admin, 'GET', '/sys/user/list?username=imp_user*&column=username&order=asc');
    expect(list.body.result.records.map((u: { username: string; orgCode: string }) => [u.username, u.orgCode])).toEqual([
      ['imp_user1', 'A03A01'],
      ['imp_user2', 'A03A02'],
    ]);
    await t.login('imp_user1', '123456');
    // Importing the same file again: every row is now a duplicate or bad.
    const again = (await inject(admin, 'POST', '/sys/user/importExcel', mp)).json();
    expect(again.result.errorCount).toBe(3);
  });

  it('imports legacy .xls through the isolated parser and rejects a disguised file', async () => {
    const ws = XLSX.utils.aoa_to_sheet([['用户列表数据'], ['导出人'], ['登录账号', '真实名称'], ['xls_user', '老格式']]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'Sheet1');
    const data = XLSX.write(wb, { type: 'buffer', bookType: 'xls' }) as Buffer;
    const res = await inject(admin, 'POST', '/sys/user/importExcel', multipart([{ name: 'old.xls', data }]));
    expect(res.json()).toMatchObject({ success: true, code: 200, message: '共1行数据全部导入成功！' });
    const fake = await inject(admin, 'POST', '/sys/user/importExcel', multipart([{ name: 'fake.xls', data: Buffer.from('<html>not excel</html>') }]));
    expect(fake.json()).toMatchObject({ success: false, message: '文件导入失败:文件格式不正确' });
    const txt = await inject(admin, 'POST', '/sys/user/importExcel', multipart([{ name: 'a.csv', data: Buffer.from('a,b') }]));
    expect(txt.json().message).toBe('文件导入失败:仅支持 .xls 和 .xlsx 文件');
  });

  it('applies data rules of the user list through role grants', async () => {
    const db = t.app.ctx.db;
    const listMenu = (await db.selectFrom('sysPermission').select('id').where('component', '=', 'system/UserList').executeTakeFirstOrThrow()).id;
    // Listed once before the rule exists: what the server remembers of ruled menus must not outlive the rule's creation.
    const before = await t.call(await t.login('lina'), 'GET', '/sys/user/list?pageSize=100');
    expect(before.body.result.records.some((u: { sex: number }) => u.sex !== 2)).toBe(true);
    const bad = await t.call(admin, 'POST', '/sys/permission/addPermissionRule', { permissionId: listMenu, ruleName: 'x', ruleColumn: 'id', ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' });
    expect(bad.status).toBe(400);
    const add = await t.call(admin, 'POST', '/sys/permission/addPermissionRule', { permissionId: listMenu, ruleName: '只看女性', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '2' });
    expect(add.body.success).toBe(true);
    const rules = await t.call(admin, 'GET', `/sys/permission/getPermRuleListByPermId?permissionId=${listMenu}`);
    const ruleId = rules.body.result[0].id;
    const hr = (await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'hr').executeTakeFirstOrThrow()).id;
    const saved = await t.call(admin, 'POST', '/sys/role/datarule', { permissionId: listMenu, roleId: hr, dataRuleIds: ruleId });
    expect(saved.body.success).toBe(true);
    const dr = await t.call(admin, 'GET', `/sys/role/datarule/${listMenu}/${hr}`);
    expect(dr.body.result.drChecked).toBe(ruleId);
    const lina = await t.login('lina');
    const list = await t.call(lina, 'GET', '/sys/user/list?pageSize=100');
    expect(list.body.result.total).toBeGreaterThan(0);
    expect(list.body.result.records.every((u: { sex: number }) => u.sex === 2)).toBe(true);
    // admin's role has no rule checked: every user.
    expect((await t.call(admin, 'GET', '/sys/user/list?sex=1')).body.result.total).toBeGreaterThan(0);
  });
});

describe.each(dbKinds)('[SYSTEM] role users and department users on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds and removes users of a role and of a department', async () => {
    const admin = await t.login('admin');
    const db = t.app.ctx.db;
    const staffRole = (await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'staff').executeTakeFirstOrThrow()).id;
    const lina = (await db.selectFrom('sysUser').select('id').where('username', '=', 'lina').executeTakeFirstOrThrow()).id;
    expect((await t.call(null, 'GET', `/sys/user/userRoleList?roleId=${staffRole}`)).status).toBe(401);
    expect((await t.call(await t.login('lina'), 'POST', '/sys/user/addSysUserRole', { roleId: staffRole, userIdList: [lina] })).status).toBe(403);
    expect((await t.call(admin, 'POST', '/sys/user/addSysUserRole', { roleId: staffRole, userIdList: [] })).status).toBe(400);
    expect((await t.call(admin, 'POST', '/sys/user/addSysUserRole', { roleId: staffRole, userIdList: [lina] })).body.success).toBe(true);
    const list = await t.call(admin, 'GET', `/sys/user/userRoleList?roleId=${staffRole}&username=lina`);
    expect(list.body.result.records.map((u: { username: string }) => u.username)).toEqual(['lina']);
    expect((await t.call(admin, 'DELETE', `/sys/user/deleteUserRole?roleId=${staffRole}&userId=${lina}`)).body.success).toBe(true);
    expect((await t.call(admin, 'GET', `/sys/user/userRoleList?roleId=${staffRole}&username=lina`)).body.result.total).toBe(0);

    const dep = (await db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A01A03').executeTakeFirstOrThrow()).id;
    expect((await t.call(admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: dep, userIdList: [lina] })).body.success).toBe(true);
    const du = await t.call(admin, 'GET', `/sys/user/departUserList?depId=${dep}&pageSize=50`);
    expect(du.body.result.records.map((u: { username: string }) => u.username)).toContain('lina');
    expect((await t.call(admin, 'DELETE', `/sys/user/deleteUserInDepart?depId=${dep}&userId=${lina}`)).body.success).toBe(true);
    const du2 = await t.call(admin, 'GET', `/sys/user/departUserList?depId=${dep}&pageSize=50`);
    expect(du2.body.result.records.map((u: { username: string }) => u.username)).not.toContain('lina');
    const sunli = await t.login('sunli');
    expect((await t.call(sunli, 'GET', `/sys/user/departUserList?depId=${dep}`)).status).toBe(403);
  });
});
