import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe.each(dbKinds)('[SYSTEM] positions, tenants, gateway, data sources, rules, categories, logs on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let sunli: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { dataSourceHosts: ['127.0.0.1'] });
    admin = await t.login('admin');
    staff = await t.login('chenjing');
    sunli = await t.login('sunli');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('guards write endpoints: 401 without token, 403/510 without permission, 400 on bad input', async () => {
    for (const [m, url, body] of [
      ['POST', '/sys/position/add', { code: 'x1', name: 'X' }],
      ['POST', '/sys/tenant/add', { name: 'T' }],
      ['POST', '/sys/gatewayRoute/add', { routerId: 'r', uri: 'http://a' }],
      ['POST', '/sys/dataSource/add', { code: 'd', name: 'D', dbUrl: 'sqlite::memory:' }],
      ['POST', '/sys/checkRule/add', { ruleName: 'a', ruleCode: 'a', ruleJson: '[]' }],
      ['POST', '/sys/category/add', { name: 'x' }],
      ['DELETE', '/sys/log/deleteBatch?ids=allclear', undefined],
    ] as const) {
      expect((await t.call(null, m, url, body)).status).toBe(401);
      const denied = await t.call(staff, m, url, body);
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe(510);
    }
    for (const [url, body] of [
      ['/sys/position/add', { code: '', name: 'X' }],
      ['/sys/gatewayRoute/add', { routerId: 'r1', uri: 'ftp://a', predicates: '{bad' }],
      ['/sys/dataSource/add', { code: 'd', name: 'D', dbUrl: 'oracle://x' }],
      ['/sys/checkRule/add', { ruleName: 'a', ruleCode: 'a', ruleJson: '[{"digits":"x"}]' }],
      ['/sys/fillRule/add', { ruleName: 'a', ruleCode: 'a', ruleClass: 'java.lang.Runtime' }],
    ] as const) {
      const r = await t.call(admin, 'POST', url, body);
      expect(r.status, url).toBe(400);
    }
  });

  it('position CRUD with rank_dictText, unique code, list open to signed-in users', async () => {
    const add = await t.call(admin, 'POST', '/sys/position/add', { code: 'cwzj', name: '财务总监', rank: '2' });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const dup = await t.call(admin, 'POST', '/sys/position/add', { code: 'cwzj', name: '重复' });
    expect(dup.body).toMatchObject({ success: false, code: 500, message: '职务编码已存在' });
    const list = await t.call(staff, 'GET', '/sys/position/list?name=*财务*');
    expect(list.body.result.total).toBe(1);
    const row = list.body.result.records[0];
    expect(row).toMatchObject({ code: 'cwzj', rank: '2', rank_dictText: '副总经理' });
    const edit = await t.call(admin, 'PUT', '/sys/position/edit', { id: row.id, name: '财务总监2' });
    expect(edit.body.message).toBe('编辑成功!');
    // A company user sees shared group positions but cannot change them.
    const sl = await t.call(sunli, 'GET', '/sys/position/list?pageSize=50');
    expect(sl.body.result.total).toBeGreaterThan(5);
    const del = await t.call(admin, 'DELETE', `/sys/position/delete?id=${row.id}`);
    expect(del.body.message).toBe('删除成功!');
  });

  it('tenant CRUD with numeric ids', async () => {
    const add = await t.call(admin, 'POST', '/sys/tenant/add', { name: '华远新租户', status: 1 });
    expect(add.body.success).toBe(true);
    const list = await t.call(admin, 'GET', '/sys/tenant/list?name=华远新租户');
    expect(list.body.result.records[0]).toMatchObject({ id: 3, status_dictText: '有效' });
    expect((await t.call(admin, 'DELETE', '/sys/tenant/deleteBatch?ids=3,')).body.success).toBe(true);
  });

  it('gateway routes keep JSON predicates', async () => {
    const add = await t.call(admin, 'POST', '/sys/gatewayRoute/add', {
      routerId: 'hr-api',
      name: '人事',
      uri: 'http://127.0.0.1:9000',
      predicates: [{ name: 'Path', args: ['/hr/**'] }],
    });
    expect(add.body.success).toBe(true);
    const list = await t.call(admin, 'GET', '/sys/gatewayRoute/list?routerId=hr-api');
    expect(JSON.parse(list.body.result.records[0].predicates)).toEqual([{ name: 'Path', args: ['/hr/**'] }]);
  });

  it('data source passwords are sealed and never returned; connection test', async () => {
    const add = await t.call(admin, 'POST', '/sys/dataSource/add', {
      code: 'local',
      name: '本地库',
      dbType: 'postgres',
      dbUrl: 'postgres://u@127.0.0.1:5432/nonexistent',
      dbUsername: 'u',
      dbPassword: 'S3cret!pw',
    });
    expect(add.body.success).toBe(true);
    const stored = await t.app.ctx.db.selectFrom('sysDataSource').select(['id', 'dbPassword']).where('code', '=', 'local').executeTakeFirstOrThrow();
    expect(stored.dbPassword).toMatch(/^v1:/);
    expect(stored.dbPassword).not.toContain('S3cret');
    const list = await t.call(admin, 'GET', '/sys/dataSource/list');
    expect(list.raw).not.toContain('dbPassword');
    expect(list.raw).not.toContain('S3cret');
    const detail = await t.call(admin, 'GET', `/sys/dataSource/queryById?id=${stored.id}`);
    expect(detail.body.result).not.toHaveProperty('dbPassword');
    // edit without password keeps it
    await t.call(admin, 'PUT', '/sys/dataSource/edit', { id: stored.id, name: '本地库2' });
    const again = await t.app.ctx.db.selectFrom('sysDataSource').select('dbPassword').where('id', '=', stored.id).executeTakeFirstOrThrow();
    expect(again.dbPassword).toBe(stored.dbPassword);
    // One text for every failure (docs/security.md, Data sources); file-based sources are not connected.
    const bad = await t.call(admin, 'POST', '/sys/dataSource/testConnection', { dbUrl: 'sqlite:/nonexistent/file.db' });
    expect(bad.body).toMatchObject({ success: false, message: '数据库连接失败，请检查数据源地址、用户名和密码，以及该主机是否允许连接' });
    if (process.env.TEST_DATABASE_URL) {
      const good = await t.call(admin, 'POST', '/sys/dataSource/testConnection', { dbUrl: process.env.TEST_DATABASE_URL });
      expect(good.body).toMatchObject({ success: true, message: '数据库连接成功' });
    }
  });

  it('check rules: checkByCode passes, fails with the part, unknown code', async () => {
    const okr = await t.call(staff, 'GET', '/sys/checkRule/checkByCode?ruleCode=work_no&value=HY1234');
    expect(okr.body.success).toBe(true);
    const bad = await t.call(staff, 'GET', '/sys/checkRule/checkByCode?ruleCode=work_no&value=' + encodeURIComponent('hy1234'));
    expect(bad.body).toMatchObject({ success: false, message: '前2位必须是大写字母', result: { beginIndex: 0, endIndex: 2, passed: false } });
    const bad2 = await t.call(staff, 'GET', '/sys/checkRule/checkByCode?ruleCode=work_no&value=HY12');
    expect(bad2.body.message).toBe('后面必须是4到8位数字');
    const unknown = await t.call(staff, 'GET', '/sys/checkRule/checkByCode?ruleCode=nope&value=1');
    expect(unknown.body).toMatchObject({ success: false, message: '该编码不存在' });
  });

  it('fill rules run registered handlers', async () => {
    const cat = await t.call(staff, 'PUT', '/sys/fillRule/executeRuleByCode/category_code_rule', {});
    expect(cat.body.result).toBe('A04');
    const order = await t.call(staff, 'PUT', '/sys/fillRule/executeRuleByCode/shop_order_num', {});
    expect(order.body.result).toMatch(/^CN\d{18}$/);
    const batch = await t.call(staff, 'PUT', '/sys/fillRule/executeRuleByCodeBatch', { rules: [{ ruleCode: 'org_num_role' }] });
    expect(batch.body.result).toEqual([{ ruleCode: 'org_num_role', result: 'A10' }]);
  });

  it('duplicate check uses a table/column whitelist and bound values', async () => {
    const taken = await t.call(staff, 'GET', '/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin');
    expect(taken.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const free = await t.call(staff, 'GET', '/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=' + encodeURIComponent("x' or '1'='1"));
    expect(free.body).toMatchObject({ success: true, message: '该值可用！' });
    const adminRow = await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const self = await t.call(staff, 'GET', `/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin&dataId=${adminRow.id}`);
    expect(self.body.success).toBe(true);
    for (const [tb, f] of [['sys_user', 'password'], ['sys_user;drop', 'username'], ['pg_user', 'usename'], ['sys_user', 'username or 1=1']]) {
      const r = await t.call(staff, 'GET', `/sys/duplicate/check?tableName=${encodeURIComponent(tb)}&fieldName=${encodeURIComponent(f)}&fieldVal=a`);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toBe('该表或字段不允许校验');
    }
  });

  it('category tree endpoints and CRUD with generated codes', async () => {
    const roots = await t.call(staff, 'GET', '/sys/category/loadTreeRoot?async=true&pcode=');
    expect(roots.body.result.map((n: { title: string }) => n.title)).toEqual(['办公用品', '电子设备', '家具']);
    const elec = roots.body.result[1];
    expect(elec).toMatchObject({ code: 'A02', leaf: false });
    const kids = await t.call(staff, 'GET', `/sys/category/loadTreeChildren?pid=${elec.key}`);
    expect(kids.body.result).toHaveLength(3);
    const byCode = await t.call(staff, 'GET', '/sys/category/loadTreeRoot?async=false&pcode=A02');
    expect(byCode.body.result.map((n: { code: string }) => n.code)).toEqual(['A02A01', 'A02A02', 'A02A03']);
    const unknown = await t.call(staff, 'GET', '/sys/category/loadTreeRoot?pcode=ZZZ');
    expect(unknown.body.message).toBe('该编码【ZZZ】不存在，请核实!');
    const cond = await t.call(staff, 'GET', `/sys/category/loadTreeData?pid=${elec.key}&condition=${encodeURIComponent('{"name":"电脑"}')}`);
    expect(cond.body.result).toHaveLength(1);
    const badCond = await t.call(staff, 'GET', `/sys/category/loadTreeData?pcode=A02&condition=notjson`);
    expect(badCond.body.message).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    const one = await t.call(staff, 'GET', '/sys/category/loadOne?field=code&val=A02A01');
    expect(one.body.result.name).toBe('电脑');
    expect((await t.call(staff, 'GET', '/sys/category/loadOne?field=code&val=none')).body.message).toBe('查询无果');
    const names = await t.call(staff, 'GET', `/sys/category/loadDictItem/?ids=${one.body.result.id},${elec.key}`);
    expect(names.body.result).toEqual(['电脑', '电子设备']);

    const furniture = roots.body.result[2];
    const add = await t.call(admin, 'POST', '/sys/category/add', { pid: furniture.key, name: '办公桌' });
    expect(add.body.success).toBe(true);
    const fk = await t.call(admin, 'GET', `/sys/category/childList?pid=${furniture.key}`);
    expect(fk.body.result[0]).toMatchObject({ code: 'A03A01', name: '办公桌' });
    const root2 = await t.call(admin, 'GET', '/sys/category/loadTreeRoot?async=true');
    expect(root2.body.result[2].leaf).toBe(false);
    expect((await t.call(admin, 'DELETE', `/sys/category/delete?id=${furniture.key}`)).body.success).toBe(true);
    expect((await t.call(admin, 'GET', `/sys/category/childList?pid=${furniture.key}`)).body.result).toEqual([]);
    const list = await t.call(admin, 'GET', '/sys/category/rootList');
    expect(list.body.result.total).toBe(2);
  });

  it('logs: list with filters and dict texts, company scope, clear', async () => {
    const list = await t.call(admin, 'GET', '/sys/log/list?logType=1&keyWord=登录成功&pageSize=100');
    expect(list.body.result.total).toBeGreaterThanOrEqual(3);
    expect(list.body.result.records[0]).toMatchObject({ logType: 1, logType_dictText: '登录日志' });
    const ranged = await t.call(admin, 'GET', '/sys/log/list?createTime_begin=2000-01-01&createTime_end=2000-01-02');
    expect(ranged.body.result.total).toBe(0);
    const info = await t.call(staff, 'GET', '/sys/loginfo');
    expect(info.body.result.todayVisitCount).toBeGreaterThanOrEqual(3);
    const visit = await t.call(staff, 'GET', '/sys/visitInfo');
    expect(visit.body.result.at(-1)).toMatchObject({ visit: expect.any(Number), ip: expect.any(Number) });
    const cleared = await t.call(admin, 'DELETE', '/sys/log/deleteBatch?ids=allclear');
    expect(cleared.body.success).toBe(true);
    const after = await t.call(admin, 'GET', '/sys/log/list?logType=1');
    expect(after.body.result.total).toBe(0);
  });
});

describe.each(dbKinds)('[SYSTEM] list exports on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exports positions and roles as .xlsx with dictionary texts; HR may not', async () => {
    const admin = await t.login('admin');
    const res = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/position/exportXls?code=zjl,fzjl', headers: { 'x-access-token': admin } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('职务列表数据');
    const rows = [4, 5].map((r) => [ws.getRow(r).getCell(1).value, ws.getRow(r).getCell(3).value]);
    expect(rows.sort()).toEqual([['fzjl', '副总经理'], ['zjl', '总经理']]);
    const roles = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/role/exportXls', headers: { 'x-access-token': admin } });
    expect(roles.statusCode).toBe(200);
    const lina = await t.login('lina');
    expect((await t.call(lina, 'GET', '/sys/role/exportXls')).status).toBe(403);
    expect((await t.call(null, 'GET', '/sys/position/exportXls')).status).toBe(401);
    expect((await t.call(admin, 'GET', '/sys/position/exportXls?column=nope')).body.message).toBe('请注意，将要排序的列字段不存在：nope');
  });
});
