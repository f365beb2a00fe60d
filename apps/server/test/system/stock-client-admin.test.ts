/**
 * The stock JeecgBoot v3.0.0 Vue2 client's system screens (besides users) against this server, with the
 * field names and shapes that client sends and reads.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

/** A workbook in the import layout (title, sub-title, headers, rows) as .xlsx bytes. */
async function xlsx(headers: string[], rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(['标题']);
  ws.addRow(['导出人:管理员']);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(name: string, data: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----stock' + Math.random().toString(16).slice(2);
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.ms-excel\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(dbKinds)('[STOCK] system screens on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const db = () => t.app.ctx.db;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    staff = await t.login('chenjing');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(url: string, fileName: string, data: Buffer, token = admin) {
    const m = multipart(fileName, data);
    const res = await t.app.inject({ method: 'POST', url: `/jeecg-boot${url}`, headers: { 'x-access-token': token, ...m.headers }, payload: m.payload });
    return { status: res.statusCode, body: res.json() };
  }
  async function download(url: string) {
    const res = await t.app.inject({ method: 'GET', url: `/jeecg-boot${url}`, headers: { 'x-access-token': admin } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    return res.rawPayload;
  }

  it('menu list: route and the four flags as booleans; edit saves route', async () => {
    const r = await t.call(admin, 'GET', '/sys/permission/list');
    const flat: Record<string, unknown>[] = [];
    const walk = (ns: Record<string, unknown>[]) => ns.forEach((n) => (flat.push(n), walk((n.children as Record<string, unknown>[]) ?? [])));
    walk(r.body.result);
    const user = flat.find((n) => n.component === 'system/UserList')!;
    for (const k of ['route', 'hidden', 'keepAlive', 'alwaysShow', 'internalOrExternal']) expect(typeof user[k], k).toBe('boolean');
    expect(user).toMatchObject({ route: true, keepAlive: true, hidden: false });
    const edited = await t.call(admin, 'PUT', '/sys/permission/edit', { ...user, children: undefined, route: false, hidden: true });
    expect(edited.body.success).toBe(true);
    const row = await db().selectFrom('sysPermission').select(['isRoute', 'hidden']).where('id', '=', user.id as string).executeTakeFirstOrThrow();
    expect(row).toEqual({ isRoute: 0, hidden: 1 });
    await t.call(admin, 'PUT', '/sys/permission/edit', { id: user.id, route: true, hidden: false });
  });

  it('role data rules: drChecked is a comma list', async () => {
    const menu = (await db().selectFrom('sysPermission').select('id').where('component', '=', 'system/RoleList').executeTakeFirstOrThrow()).id;
    for (const name of ['规则甲', '规则乙']) {
      await t.call(admin, 'POST', '/sys/permission/addPermissionRule', { permissionId: menu, ruleName: name, ruleColumn: 'roleCode', ruleConditions: '!=', ruleValue: 'x' });
    }
    const rules = (await t.call(admin, 'GET', `/sys/permission/getPermRuleListByPermId?permissionId=${menu}`)).body.result as { id: string }[];
    const adminRole = (await db().selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow()).id;
    await t.call(admin, 'POST', '/sys/role/datarule', { permissionId: menu, roleId: adminRole, dataRuleIds: rules.map((r) => r.id).join(',') });
    const got = await t.call(admin, 'GET', `/sys/role/datarule/${menu}/${adminRole}`);
    expect(typeof got.body.result.drChecked).toBe('string');
    expect(got.body.result.drChecked.split(',').sort()).toEqual(rules.map((r) => r.id).sort());
  });

  it('department and department-role data rules (GET and POST as the stock client sends them)', async () => {
    const menu = (await db().selectFrom('sysPermission').select('id').where('component', '=', 'system/PositionList').executeTakeFirstOrThrow()).id;
    for (const name of ['部门规则甲', '部门规则乙']) {
      await t.call(admin, 'POST', '/sys/permission/addPermissionRule', { permissionId: menu, ruleName: name, ruleColumn: 'name', ruleConditions: '!=', ruleValue: 'x' });
    }
    const [r1, r2] = ((await t.call(admin, 'GET', `/sys/permission/getPermRuleListByPermId?permissionId=${menu}`)).body.result as { id: string }[]).map((r) => r.id);
    const dep = (await db().selectFrom('sysDepart').select('id').where('orgCode', '=', 'A03').executeTakeFirstOrThrow()).id;
    await t.call(admin, 'POST', '/sys/permission/saveDepartPermission', { departId: dep, permissionIds: menu });
    const before = await t.call(admin, 'GET', `/sys/sysDepartPermission/datarule/${menu}/${dep}`);
    expect(before.body.result).toMatchObject({ drChecked: '' });
    expect(before.body.result.datarule).toHaveLength(2);
    const saved = await t.call(admin, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: menu, departId: dep, dataRuleIds: r1 });
    expect(saved.body).toMatchObject({ success: true, message: '保存成功!' });
    expect((await t.call(admin, 'GET', `/sys/sysDepartPermission/datarule/${menu}/${dep}`)).body.result.drChecked).toBe(r1);
    expect((await t.call(staff, 'GET', `/sys/sysDepartPermission/datarule/${menu}/${dep}`)).status).toBe(403);

    await t.call(admin, 'POST', '/sys/sysDepartRole/add', { departId: dep, roleName: '规则角色', roleCode: 'rule_role' });
    const role = ((await t.call(admin, 'GET', `/sys/sysDepartRole/getDeptRoleList?departId=${dep}`)).body.result as { id: string; roleCode: string }[]).find((r) => r.roleCode === 'rule_role')!;
    await t.call(admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: role.id, permissionIds: menu });
    const offered = await t.call(admin, 'GET', `/sys/sysDepartRole/datarule/${menu}/${dep}/${role.id}`);
    expect(offered.body.result.datarule.map((r: { id: string }) => r.id)).toEqual([r1]); // only the department's own
    expect(offered.body.result.drChecked).toBe('');
    expect((await t.call(admin, 'POST', '/sys/sysDepartRole/datarule', { permissionId: menu, roleId: role.id, dataRuleIds: r2 })).body.success).toBe(false);
    expect((await t.call(admin, 'POST', '/sys/sysDepartRole/datarule', { permissionId: menu, roleId: role.id, dataRuleIds: r1 })).body.success).toBe(true);
    expect((await t.call(admin, 'GET', `/sys/sysDepartRole/datarule/${menu}/${dep}/${role.id}`)).body.result.drChecked).toBe(r1);

    // The user's roles in the department as link rows with droleId.
    const zhulin = (await db().selectFrom('sysUser').select('id').where('username', '=', 'zhulin').executeTakeFirstOrThrow()).id;
    await t.call(admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: zhulin, newRoleId: role.id, oldRoleId: '' });
    const links = await t.call(admin, 'GET', `/sys/sysDepartRole/getDeptRoleByUserId?departId=${dep}&userId=${zhulin}`);
    expect(links.body.result).toEqual([{ id: expect.any(String), userId: zhulin, droleId: role.id }]);
  });

  it('sysDepart/list pages the company departments', async () => {
    const all = await t.call(admin, 'GET', '/sys/sysDepart/list?pageSize=5&orgCode=A03*');
    expect(all.body.result).toMatchObject({ size: 5, current: 1 });
    expect(all.body.result.records.every((d: { orgCode: string }) => d.orgCode.startsWith('A03'))).toBe(true);
    const sunli = await t.login('sunli'); // A03
    const own = await t.call(sunli, 'GET', '/sys/sysDepart/list?pageSize=100');
    expect(own.body.result.records.length).toBeGreaterThan(0);
    expect(own.body.result.records.every((d: { orgCode: string }) => d.orgCode.startsWith('A03'))).toBe(true);
  });

  it('dictionary recycle bin and dictItemCheck', async () => {
    await t.call(admin, 'POST', '/sys/dict/add', { dictName: '回收字典', dictCode: 'recycle_dict' });
    const dict = (await db().selectFrom('sysDict').select('id').where('dictCode', '=', 'recycle_dict').executeTakeFirstOrThrow()).id;
    await t.call(admin, 'POST', '/sys/dictItem/add', { dictId: dict, itemText: '甲', itemValue: 'a' });
    const item = (await db().selectFrom('sysDictItem').select('id').where('dictId', '=', dict).executeTakeFirstOrThrow()).id;
    expect((await t.call(admin, 'GET', `/sys/dictItem/dictItemCheck?dictId=${dict}&itemValue=a`)).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await t.call(admin, 'GET', `/sys/dictItem/dictItemCheck?dictId=${dict}&itemValue=a&id=${item}`)).body.success).toBe(true);
    expect((await t.call(admin, 'GET', `/sys/dictItem/dictItemCheck?dictId=${dict}&itemValue=b`)).body).toMatchObject({ success: true, message: '该值可用！' });

    expect((await t.call(admin, 'DELETE', `/sys/dict/delete?id=${dict}`)).body.success).toBe(true);
    const list = await t.call(admin, 'GET', '/sys/dict/list?pageSize=100&dictCode=recycle_dict');
    expect(list.body.result.records).toEqual([]);
    expect((await t.call(admin, 'GET', '/sys/dict/getDictItems/recycle_dict')).body.result ?? []).toEqual([]);
    const bin = await t.call(admin, 'GET', '/sys/dict/deleteList');
    expect(bin.body.result.map((d: { dictCode: string }) => d.dictCode)).toContain('recycle_dict');
    expect((await t.call(admin, 'PUT', `/sys/dict/back/${dict}`)).body).toMatchObject({ success: true, message: '操作成功!' });
    expect((await t.call(admin, 'GET', '/sys/dict/list?pageSize=100&dictCode=recycle_dict')).body.result.records).toHaveLength(1);
    // Only a deleted dictionary can be deleted for good; its items go with it.
    expect((await t.call(admin, 'DELETE', `/sys/dict/deletePhysic/${dict}`)).body.success).toBe(false);
    await t.call(admin, 'DELETE', `/sys/dict/deleteBatch?ids=${dict}`);
    expect((await t.call(admin, 'DELETE', `/sys/dict/deletePhysic/${dict}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await db().selectFrom('sysDictItem').select('id').where('dictId', '=', dict).execute()).toEqual([]);
    expect(await db().selectFrom('sysDict').select('id').where('id', '=', dict).execute()).toEqual([]);
    expect((await t.call(staff, 'GET', '/sys/dict/deleteList')).status).toBe(403);
  });

  it('category getChildListBatch answers a page of the children of several parents', async () => {
    const roots = await db().selectFrom('sysCategory').select(['id', 'hasChild']).where('pid', '=', '0').execute();
    const parents = roots.filter((r) => r.hasChild === '1').map((r) => r.id);
    expect(parents.length).toBeGreaterThan(0);
    const r = await t.call(admin, 'GET', `/sys/category/getChildListBatch?parentIds=${parents.join(',')}`);
    const kids = await db().selectFrom('sysCategory').select('id').where('pid', 'in', parents).execute();
    expect(r.body.result.records.map((k: { id: string }) => k.id).sort()).toEqual(kids.map((k) => k.id).sort());
    expect(r.body.result.total).toBe(kids.length);
    const one = await t.call(admin, 'GET', `/sys/category/getChildListBatch?parentIds=${parents[0]}`);
    expect(one.body.result.records.every((k: { pid: string }) => k.pid === parents[0])).toBe(true);
  });

  it('fillRule testFillRule runs the rule', async () => {
    const r = await t.call(admin, 'GET', '/sys/fillRule/testFillRule?ruleCode=shop_order_num');
    expect(r.body.success).toBe(true);
    expect(String(r.body.result)).toMatch(/^CN/);
    expect((await t.call(admin, 'GET', '/sys/fillRule/testFillRule?ruleCode=nope')).body.success).toBe(false);
  });

  it('announcement syncNotic and show/{id}', async () => {
    await t.call(admin, 'POST', '/sys/annountCement/add', { titile: '<b>全员</b>通知', msgContent: '<p>正文<script>alert(1)</script></p>', msgType: 'ALL', msgCategory: '1', priority: 'L' });
    const a = (await db().selectFrom('sysAnnouncement').select('id').where('titile', 'like', '%全员%').executeTakeFirstOrThrow()).id;
    expect((await t.call(admin, 'GET', `/sys/annountCement/syncNotic?anntId=${a}`)).body.success).toBe(false); // a draft
    const hidden = await t.app.inject({ method: 'GET', url: `/jeecg-boot/sys/annountCement/show/${a}` });
    expect(hidden.statusCode).toBe(404);
    await t.call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${a}`);
    expect((await t.call(admin, 'GET', `/sys/annountCement/syncNotic?anntId=${a}`)).body.success).toBe(true);
    expect((await t.call(admin, 'GET', '/sys/annountCement/syncNotic')).body.success).toBe(true);
    expect((await t.call(staff, 'GET', `/sys/annountCement/syncNotic?anntId=${a}`)).status).toBe(403);
    const page = await t.app.inject({ method: 'GET', url: `/jeecg-boot/sys/annountCement/show/${a}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('正文');
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('<b>全员');
    // A message to chosen users is not shown to anyone else.
    const lina = (await db().selectFrom('sysUser').select('id').where('username', '=', 'lina').executeTakeFirstOrThrow()).id;
    await t.call(admin, 'POST', '/sys/annountCement/add', { titile: '指定通知', msgContent: '<p>私</p>', msgType: 'USER', userIds: `${lina},`, msgCategory: '1', priority: 'L' });
    const u = (await db().selectFrom('sysAnnouncement').select('id').where('titile', '=', '指定通知').executeTakeFirstOrThrow()).id;
    await t.call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${u}`);
    expect((await t.app.inject({ method: 'GET', url: `/jeecg-boot/sys/annountCement/show/${u}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/jeecg-boot/sys/annountCement/show/${u}`, headers: { 'x-access-token': staff } })).statusCode).toBe(404);
    const linaToken = await t.login('lina');
    expect((await t.app.inject({ method: 'GET', url: `/jeecg-boot/sys/annountCement/show/${u}`, headers: { 'x-access-token': linaToken } })).statusCode).toBe(200);
  });

  it('imports accept an .xlsx workbook saved under an .xls name (role, position, dictionary, category, fill rule, job)', async () => {
    const cases: { url: string; headers: string[]; rows: string[][]; check: () => Promise<unknown> }[] = [
      { url: '/sys/role/importExcel', headers: ['角色名称', '角色编码', '描述'], rows: [['导入角色', 'imp_role', '']], check: () => db().selectFrom('sysRole').select('id').where('roleCode', '=', 'imp_role').executeTakeFirst() },
      { url: '/sys/position/importExcel', headers: ['职务编码', '职务名称', '职级'], rows: [['imp_pos', '导入职务', '']], check: () => db().selectFrom('sysPosition').select('id').where('code', '=', 'imp_pos').executeTakeFirst() },
      { url: '/sys/dict/importExcel', headers: ['字典名称', '字典编码', '描述'], rows: [['导入字典', 'imp_dict', '']], check: () => db().selectFrom('sysDict').select('id').where('dictCode', '=', 'imp_dict').executeTakeFirst() },
      { url: '/sys/category/importExcel', headers: ['分类名称', '分类编码', '父级节点'], rows: [['导入分类', 'IMPCAT', '0']], check: () => db().selectFrom('sysCategory').select('id').where('code', '=', 'IMPCAT').executeTakeFirst() },
      { url: '/sys/fillRule/importExcel', headers: ['规则名称', '规则编码', '规则实现类', '规则参数'], rows: [['导入规则', 'imp_rule', 'order_num', '{}']], check: () => db().selectFrom('sysFillRule').select('id').where('ruleCode', '=', 'imp_rule').executeTakeFirst() },
      {
        url: '/sys/quartzJob/importExcel',
        headers: ['任务类名', 'Cron表达式', '参数', '描述', '状态'],
        rows: [['office.job.SampleJob', '0 0 1 * * ?', '', '导入任务', '停止']],
        check: () => db().selectFrom('sysQuartzJob').select('status').where('description', '=', '导入任务').where('status', '=', -1).executeTakeFirst(),
      },
    ];
    for (const c of cases) {
      const r = await upload(c.url, 'saved-by-stock.xls', await xlsx(c.headers, c.rows));
      // The job import also tells how many jobs it added and updated.
      expect(r.body, c.url).toMatchObject({ success: true, message: c.url.startsWith('/sys/quartzJob') ? '共1行数据全部导入成功！新增1个任务，更新0个任务' : '共1行数据全部导入成功！' });
      expect(await c.check(), c.url).toBeTruthy();
      expect((await upload(c.url, 'x.xls', await xlsx(c.headers, c.rows), staff)).status, c.url).toBe(403);
    }
    // A bad row: code 201 and an error file naming it; the good row is kept.
    const partial = await upload('/sys/role/importExcel', 'roles.xlsx', await xlsx(['角色名称', '角色编码'], [['好角色', 'good_role'], ['坏角色', 'bad role']]));
    expect(partial.body).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。', result: { totalCount: 2, errorCount: 1, successCount: 1 } });
    const err = await t.app.inject({ method: 'GET', url: `/jeecg-boot${partial.body.result.fileUrl}` });
    expect(err.body).toContain('第 5 行');
    // Not a workbook, whatever the name.
    const fake = await upload('/sys/role/importExcel', 'fake.xls', Buffer.from('not a workbook at all'));
    expect(fake.body).toMatchObject({ success: false, message: '文件导入失败:文件格式不正确' });
  }, 90_000);

  it('exports (department, announcement, job, fill rule) re-import under the .xls name the stock client saves', async () => {
    const depXlsx = await download('/sys/sysDepart/exportXls?orgCode=A03*');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(depXlsx as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(3).values).toEqual(expect.arrayContaining(['部门名称', '机构编码', '上级机构编码']));
    expect(String(ws.getRow(4).getCell(2).value)).toMatch(/^A03/);

    // Department import: a new department under A03 by its parent code.
    const dep = await upload('/sys/sysDepart/importExcel', '部门.xls', await xlsx(['部门名称', '上级机构编码', '机构类别'], [['导入部门', 'A03', '部门'], ['无上级', 'ZZZ', '部门']]));
    expect(dep.body).toMatchObject({ code: 201, result: { successCount: 1, errorCount: 1 } });
    const made = await db().selectFrom('sysDepart').select(['orgCode', 'orgCategory']).where('departName', '=', '导入部门').executeTakeFirstOrThrow();
    expect(made.orgCode).toMatch(/^A03[A-Z]\d{2}$/);
    expect(made.orgCategory).toBe('2');

    await download('/sys/annountCement/exportXls');
    await t.call(admin, 'POST', '/sys/quartzJob/add', { jobClassName: 'office.job.SampleJob', cronExpression: '0 0 2 * * ?', description: '导出任务', status: -1 });
    const jobs = await download('/sys/quartzJob/exportXls?description=导出任务');
    const rules = await download('/sys/fillRule/exportXls');

    // The stock client saves these as name.xls and imports them again.
    const annXlsx = await xlsx(['标题', '摘要', '内容', '优先级', '消息类型', '通告对象类型'], [['导入的通知', '摘要', '<p>正文</p>', '一般', '通知公告', '全体用户']]);
    const ann = await upload('/sys/annountCement/importExcel', '通知公告.xls', annXlsx);
    expect(ann.body, JSON.stringify(ann.body)).toMatchObject({ success: true, message: '共1行数据全部导入成功！' });
    expect(await db().selectFrom('sysAnnouncement').select(['sendStatus', 'priority']).where('titile', '=', '导入的通知').executeTakeFirst()).toEqual({ sendStatus: '0', priority: 'L' });
    const annExport = await download(`/sys/annountCement/exportXls?titile=${encodeURIComponent('导入的通知')}`);
    // The export ends with the announcement's ID: importing it again updates that announcement, no copy.
    expect((await upload('/sys/annountCement/importExcel', '通知公告.xls', annExport)).body).toMatchObject({ success: true, message: '共1行数据全部导入成功！' });
    expect(await db().selectFrom('sysAnnouncement').select('id').where('titile', '=', '导入的通知').execute()).toHaveLength(1);
    await db().deleteFrom('sysQuartzJob').where('description', '=', '导出任务').execute();
    // The imported SampleJob without parameter above has the same class and parameter: it is updated, not doubled.
    expect((await upload('/sys/quartzJob/importExcel', '定时任务.xls', jobs)).body).toMatchObject({ success: true, message: '共1行数据全部导入成功！新增0个任务，更新1个任务' });
    // The rules' export ends with their IDs: importing it again updates them in place.
    const again = await upload('/sys/fillRule/importExcel', '填值规则.xls', rules);
    expect(again.body, JSON.stringify(again.body)).toMatchObject({ success: true, code: 200 });
    // A rule whose code exists, without an ID, is still refused.
    const copy = await upload('/sys/fillRule/importExcel', '填值规则.xls', await xlsx(['规则名称', '规则编码'], [['复制的规则', String((await db().selectFrom('sysFillRule').select('ruleCode').executeTakeFirstOrThrow()).ruleCode)]]));
    expect(copy.body.code).toBe(201);
    expect(copy.body.result.successCount).toBe(0);
    for (const url of ['/sys/sysDepart/exportXls', '/sys/annountCement/exportXls', '/sys/quartzJob/exportXls', '/sys/fillRule/exportXls']) {
      expect((await t.call(staff, 'GET', url)).status, url).toBe(403);
    }
  });
});
