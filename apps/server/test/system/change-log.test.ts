import { makeNationalId } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { withAuditDown, type Change } from '../audit/trail.js';


/** The field-level audit trail (docs/audit.md): rows per wired record type, the reads, and no change without its rows. */
describe.each(dbKinds)('[AUDIT] change log on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let sunyue: string; // A03 HR assistant
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, staff, sunyue] = await Promise.all(['admin', 'chenjing', 'sunyue'].map((u) => t.login(u)));
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.ctx.db;
  async function changesOf(type: string, id: string, token = admin): Promise<Change[]> {
    const r = await t.call(token, 'GET', `/sys/changeLog/record?recordType=${type}&recordId=${id}&pageSize=200`);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    return r.body.result.records;
  }

  it('user: add, edit (fields, roles), freeze, password reset, delete — who, IP, old/new, phone masked', async () => {
    const add = await t.call(admin, 'POST', '/sys/user/add', { username: 'audit_u1', realname: '审计一', password: 'Passw0rd!', phone: '13800001111', selectedroles: '', selecteddeparts: '' });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const u = await db().selectFrom('sysUser').select(['id']).where('username', '=', 'audit_u1').executeTakeFirstOrThrow();
    const added = await changesOf('sys_user', u.id);
    expect(added.every((c) => c.action === 'add' && c.userId === 'admin' && c.userName)).toBe(true);
    expect(added.find((c) => c.field === 'password')).toMatchObject({ oldValue: null, newValue: '******' });
    expect(added.find((c) => c.field === 'salt')).toMatchObject({ newValue: '******' });
    expect(added.find((c) => c.field === 'phone')).toMatchObject({ newValue: '138****1111', fieldLabel: '手机号码' });
    expect(added.some((c) => c.ip)).toBe(true);

    const hrRole = await db().selectFrom('sysRole').select('id').where('roleCode', '=', 'hr').executeTakeFirstOrThrow();
    const e = await t.call(admin, 'PUT', '/sys/user/edit', { id: u.id, realname: '审计二', phone: '13900002222', email: '', selectedroles: hrRole.id });
    expect(e.body.success).toBe(true);
    const edits = (await changesOf('sys_user', u.id)).filter((c) => c.action === 'edit');
    const byField = Object.fromEntries(edits.map((c) => [c.field, c]));
    expect(byField.realname).toMatchObject({ oldValue: '审计一', newValue: '审计二', fieldLabel: '用户姓名', recordName: 'audit_u1' });
    expect(byField.phone).toMatchObject({ oldValue: '138****1111', newValue: '139****2222' });
    expect(byField.roles).toMatchObject({ oldValue: null, newValue: 'hr' });
    expect(byField.email).toBeUndefined(); // empty before and after: no change

    expect((await t.call(admin, 'PUT', '/sys/user/frozenBatch', { ids: u.id, status: 2 })).body.success).toBe(true);
    expect((await changesOf('sys_user', u.id)).find((c) => c.field === 'status' && c.action === 'edit')).toMatchObject({ oldValue: '1', newValue: '2' });
    expect((await t.call(admin, 'PUT', '/sys/user/changePassword', { username: 'audit_u1', password: 'NewPass1!', confirmpassword: 'NewPass1!' })).body.success).toBe(true);
    expect((await changesOf('sys_user', u.id)).filter((c) => c.field === 'password' && c.action === 'edit')).toHaveLength(1);
    expect((await t.call(admin, 'DELETE', `/sys/user/delete?id=${u.id}`)).body.success).toBe(true);
    expect((await changesOf('sys_user', u.id)).find((c) => c.field === 'delFlag')).toMatchObject({ oldValue: '0', newValue: '1' });
  });

  it('user edit: the audit insert fails → the edit is rolled back', async () => {
    const u = await db().selectFrom('sysUser').select(['id', 'realname']).where('username', '=', 'chenjing').executeTakeFirstOrThrow();
    await withAuditDown(db(), async () => {
      const e = await t.call(admin, 'PUT', '/sys/user/edit', { id: u.id, realname: '不应保存' });
      expect(e.body.success).toBe(false);
    });
    const after = await db().selectFrom('sysUser').select(['realname']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(after.realname).toBe(u.realname);
    expect((await changesOf('sys_user', u.id)).filter((c) => c.newValue === '不应保存')).toHaveLength(0);
  });

  it('role (generic CRUD): add, edit, delete; rollback when the audit insert fails', async () => {
    expect((await t.call(admin, 'POST', '/sys/role/add', { roleName: '审计角色', roleCode: 'audit_role' })).body.success).toBe(true);
    const r = await db().selectFrom('sysRole').select('id').where('roleCode', '=', 'audit_role').executeTakeFirstOrThrow();
    expect((await t.call(admin, 'PUT', '/sys/role/edit', { id: r.id, roleName: '审计角色二' })).body.success).toBe(true);
    const c = await changesOf('sys_role', r.id);
    expect(c.find((x) => x.action === 'edit')).toMatchObject({ field: 'roleName', oldValue: '审计角色', newValue: '审计角色二', recordName: 'audit_role', fieldLabel: '角色名称' });
    await withAuditDown(db(), async () => {
      expect((await t.call(admin, 'PUT', '/sys/role/edit', { id: r.id, roleName: '不应保存' })).body.success).toBe(false);
      expect((await t.call(admin, 'DELETE', `/sys/role/delete?id=${r.id}`)).body.success).toBe(false);
    });
    expect((await db().selectFrom('sysRole').select('roleName').where('id', '=', r.id).executeTakeFirstOrThrow()).roleName).toBe('审计角色二');
    expect((await t.call(admin, 'DELETE', `/sys/role/delete?id=${r.id}`)).body.success).toBe(true);
    expect((await changesOf('sys_role', r.id)).filter((x) => x.action === 'delete').map((x) => x.field)).toContain('roleCode');
  });

  it('dictionary and dictionary item: edits recorded; an item edit without its audit row is not committed', async () => {
    const dict = await db().selectFrom('sysDict').select(['id', 'dictName']).where('dictCode', '=', 'sex').executeTakeFirstOrThrow();
    expect((await t.call(admin, 'PUT', '/sys/dict/edit', { id: dict.id, dictName: '性别（审计）', dictCode: 'sex' })).body.success).toBe(true);
    expect((await changesOf('sys_dict', dict.id)).find((c) => c.field === 'dictName')).toMatchObject({ oldValue: dict.dictName, newValue: '性别（审计）', recordName: 'sex' });
    expect((await t.call(admin, 'PUT', '/sys/dict/edit', { id: dict.id, dictName: dict.dictName, dictCode: 'sex' })).body.success).toBe(true);

    const item = await db().selectFrom('sysDictItem').select(['id', 'itemText']).where('dictId', '=', dict.id).where('itemValue', '=', '1').executeTakeFirstOrThrow();
    expect((await t.call(admin, 'PUT', '/sys/dictItem/edit', { id: item.id, dictId: dict.id, itemText: '男士', itemValue: '1' })).body.success).toBe(true);
    const c = await changesOf('sys_dict_item', item.id);
    expect(c.find((x) => x.field === 'itemText')).toMatchObject({ action: 'edit', oldValue: item.itemText, newValue: '男士', fieldLabel: '名称' });
    expect(c.find((x) => x.field === 'itemValue')).toBeUndefined();
    await withAuditDown(db(), async () => {
      expect((await t.call(admin, 'PUT', '/sys/dictItem/edit', { id: item.id, dictId: dict.id, itemText: '不应保存', itemValue: '1' })).body.success).toBe(false);
    });
    expect((await db().selectFrom('sysDictItem').select('itemText').where('id', '=', item.id).executeTakeFirstOrThrow()).itemText).toBe('男士');
    expect((await t.call(admin, 'PUT', '/sys/dictItem/edit', { id: item.id, dictId: dict.id, itemText: item.itemText, itemValue: '1' })).body.success).toBe(true);
  });

  it('department: add and edit recorded; rollback when the audit insert fails', async () => {
    const parent = await db().selectFrom('sysDepart').select('id').where('orgCode', '=', 'A03').executeTakeFirstOrThrow();
    const add = await t.call(admin, 'POST', '/sys/sysDepart/add', { parentId: parent.id, departName: '审计部' });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const id = add.body.result.id as string;
    expect((await t.call(admin, 'PUT', '/sys/sysDepart/edit', { id, departName: '审计监察部' })).body.success).toBe(true);
    const c = await changesOf('sys_depart', id);
    expect(c.filter((x) => x.action === 'add').map((x) => x.field)).toContain('orgCode');
    expect(c.find((x) => x.action === 'edit')).toMatchObject({ field: 'departName', oldValue: '审计部', newValue: '审计监察部', fieldLabel: '机构名称' });
    await withAuditDown(db(), async () => {
      expect((await t.call(admin, 'PUT', '/sys/sysDepart/edit', { id, departName: '不应保存' })).body.success).toBe(false);
    });
    expect((await db().selectFrom('sysDepart').select('departName').where('id', '=', id).executeTakeFirstOrThrow()).departName).toBe('审计监察部');
  });

  it('HR file: the HR change log and the audit trail are written together (mobile masked); rollback when the audit insert fails', async () => {
    const p = { realname: '审计员工', idCard: makeNationalId('110105', '1991-02-03', 911), mobile: '14700009991', orgCode: 'A03A02', email: 'a@example.com' };
    const add = await t.call(sunyue, 'POST', '/manager/hyUser/add', p);
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const id = add.body.result.id as string;
    expect((await t.call(sunyue, 'PUT', '/manager/hyUser/edit', { id, email: 'b@example.com', mobile: '14700009992' })).body.success).toBe(true);
    const c = await changesOf('hy_user', id, sunyue);
    expect(c.find((x) => x.field === 'email')).toMatchObject({ action: 'edit', oldValue: 'a@example.com', newValue: 'b@example.com', userId: 'sunyue', fieldLabel: '邮箱', recordName: '审计员工' });
    expect(c.find((x) => x.field === 'mobile')).toMatchObject({ oldValue: '147****9991', newValue: '147****9992' });
    expect(c.find((x) => x.action === 'create')).toMatchObject({ field: 'status', newValue: 'applicant' });
    await withAuditDown(db(), async () => {
      expect((await t.call(sunyue, 'PUT', '/manager/hyUser/edit', { id, email: 'c@example.com' })).body.success).toBe(false);
    });
    const f = await db().selectFrom('hyUser').select('email').where('id', '=', id).executeTakeFirstOrThrow();
    expect(f.email).toBe('b@example.com');
    const hrLog = await db().selectFrom('hyUserLog').select('newValue').where('hyUserId', '=', id).where('field', '=', 'email').execute();
    expect(hrLog.map((r) => r.newValue)).toEqual(['b@example.com']);
  });

  it('reads: the record read needs that record’s permission; the search needs the administrator code; paging, filters, export', async () => {
    const u = await db().selectFrom('sysUser').select('id').where('username', '=', 'audit_u1').executeTakeFirstOrThrow();
    expect((await t.call(staff, 'GET', `/sys/changeLog/record?recordType=sys_user&recordId=${u.id}`)).status).toBe(403);
    expect((await t.call(staff, 'GET', '/sys/changeLog/list')).status).toBe(403);
    expect((await t.call(admin, 'GET', `/sys/changeLog/record?recordType=nope&recordId=x`)).status).toBe(403);
    const all = await t.call(admin, 'GET', '/sys/changeLog/list?pageSize=5');
    expect(all.body.result.records).toHaveLength(5);
    expect(all.body.result.total).toBeGreaterThan(5);
    const today = new Date().toISOString().slice(0, 10);
    const found = await t.call(admin, 'GET', `/sys/changeLog/list?userId=admin&recordType=sys_user&recordId=${u.id}&fieldName=realname&field=id,createTime,field&createTime_begin=2000-01-01&createTime_end=2999-12-31`);
    expect(found.body.result.records.map((r: Change) => r.newValue)).toContain('审计二');
    expect(found.body.result.records[0]).toMatchObject({ recordType_dictText: '用户', action_dictText: '修改' });
    const none = await t.call(admin, 'GET', `/sys/changeLog/list?recordId=${u.id}&createTime_end=2000-01-01`);
    expect(none.body.result.total).toBe(0);
    expect(today).toMatch(/^\d{4}/);
    const x = await t.app.inject({ method: 'GET', url: `/jeecg-boot/sys/changeLog/exportXls?recordId=${u.id}`, headers: { 'x-access-token': admin } });
    expect(x.statusCode).toBe(200);
    expect(String(x.headers['content-type'])).toContain('spreadsheetml');
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await t.call(staff, 'GET', '/sys/changeLog/exportXls')).status).toBe(403);
  });
});
