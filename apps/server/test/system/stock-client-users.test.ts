/**
 * The stock JeecgBoot v3.0.0 Vue2 client against this server: the user screen's calls with the field
 * names and shapes that client sends and reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe.each(dbKinds)('[STOCK] user screen on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const db = () => t.app.ctx.db;
  const userId = async (username: string) => (await db().selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const departIdsOf = async (id: string) =>
    (await db().selectFrom('sysUserDepart').select('depId').where('userId', '=', id).execute()).map((r) => r.depId).sort();

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    staff = await t.login('chenjing');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saving a user with the stock form payload (selecteddeparts empty) keeps their departments', async () => {
    const id = await userId('zhulin');
    const before = await departIdsOf(id);
    expect(before.length).toBe(1);
    const row = (await t.call(admin, 'GET', `/sys/user/queryById?id=${id}`)).body.result;
    const roles = (await t.call(admin, 'GET', `/sys/user/queryUserRole?userid=${id}`)).body.result as string[];
    // What the stock UserModal sends: the list record merged with the form, the ids as comma strings,
    // selecteddeparts still '' (its department load not applied), the tenant ids '' and the extra fields.
    const payload = {
      ...row,
      realname: '朱琳（改）',
      selectedroles: roles.join(','),
      selecteddeparts: '',
      relTenantIds: '',
      departIds: '',
      userIdentity: 1,
      activitiSync: '1',
      sex: String(row.sex),
      birthday: row.birthday,
      email: '',
      telephone: null,
      status: 1,
      orgCodeTxt: row.orgCodeTxt,
      sex_dictText: row.sex_dictText,
    };
    const saved = await t.call(admin, 'PUT', '/sys/user/edit', payload);
    expect(saved.body).toMatchObject({ success: true });
    expect(await departIdsOf(id)).toEqual(before);
    const after = await db().selectFrom('sysUser').select(['realname', 'orgCode']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual({ realname: '朱琳（改）', orgCode: row.orgCode });
    // The form with its departments loaded (userDepartList) changes them.
    const list = await t.call(admin, 'GET', `/sys/user/userDepartList?userId=${id}`);
    expect(list.body.success).toBe(true);
    expect(list.body.result).toEqual([{ key: before[0], value: before[0], title: expect.any(String) }]);
    const other = (await db().selectFrom('sysDepart').select('id').where('orgCode', '=', 'A03A01').executeTakeFirstOrThrow()).id;
    await t.call(admin, 'PUT', '/sys/user/edit', { ...payload, selecteddeparts: `${before[0]},${other}` });
    expect(await departIdsOf(id)).toEqual([before[0], other].sort());
    // Leaving the field out keeps them too.
    const { selecteddeparts: _omit, ...withoutDeparts } = payload;
    void _omit;
    await t.call(admin, 'PUT', '/sys/user/edit', withoutDeparts);
    expect(await departIdsOf(id)).toEqual([before[0], other].sort());
  });

  it('userDepartList is company scoped and needs the user list code', async () => {
    const gaopeng = await t.login('gaopeng'); // A05
    const a03User = await userId('zhulin');
    expect((await t.call(staff, 'GET', `/sys/user/userDepartList?userId=${a03User}`)).status).toBe(403);
    const hrA05 = await t.call(gaopeng, 'GET', `/sys/user/userDepartList?userId=${a03User}`);
    expect(hrA05.body.success).toBe(false);
  });

  it('tenant queryList, thirdApp getEnabledType', async () => {
    const tenants = await t.call(staff, 'GET', '/sys/tenant/queryList');
    expect(tenants.body.success).toBe(true);
    expect(Array.isArray(tenants.body.result)).toBe(true);
    for (const x of tenants.body.result) {
      expect(x).toMatchObject({ id: expect.any(Number), name: expect.any(String), status: 1 });
    }
    await db().insertInto('sysTenant').values({ id: 901, name: '冻结租户', beginDate: null, endDate: null, status: 0, createBy: 'admin', createTime: null }).execute();
    await db().insertInto('sysTenant').values({ id: 902, name: '有效租户', beginDate: null, endDate: null, status: 1, createBy: 'admin', createTime: null }).execute();
    const some = await t.call(staff, 'GET', '/sys/tenant/queryList?ids=901,902');
    expect(some.body.result.map((x: { id: number }) => x.id)).toEqual([902]);
    expect((await t.call(null, 'GET', '/sys/tenant/queryList')).status).toBe(401);
    const third = await t.call(staff, 'GET', '/sys/thirdApp/getEnabledType');
    expect(third.body).toMatchObject({ success: true, result: { wechat_enterprise: false, dingtalk: false } });
  });

  it('getMultiUser is a bare array; queryByIds; generateUserId', async () => {
    const multi = await t.call(admin, 'GET', '/sys/user/getMultiUser?username=lina,zhulin,');
    const arr = JSON.parse(multi.raw) as { username: string; password?: string }[];
    expect(Array.isArray(arr)).toBe(true);
    expect(arr.map((u) => u.username).sort()).toEqual(['lina', 'zhulin']);
    expect(multi.raw).not.toMatch(/"password"|"salt"/);
    const ids = [await userId('lina'), await userId('zhulin')];
    const byIds = await t.call(admin, 'GET', `/sys/user/queryByIds?userIds=${ids.join(',')}`);
    expect(byIds.body.result.map((u: { id: string }) => u.id).sort()).toEqual([...ids].sort());
    // Company scoped: an A05 user does not see the A01/A03 users.
    const gaopeng = await t.login('gaopeng');
    expect((await t.call(gaopeng, 'GET', `/sys/user/queryByIds?userIds=${ids.join(',')}`)).body.result).toEqual([]);
    const gen = await t.call(admin, 'GET', '/sys/user/generateUserId');
    expect(gen.body.result).toMatch(/^\d{15,20}$/);
    expect((await t.call(staff, 'GET', '/sys/user/generateUserId')).status).toBe(403);
  });

  it('checkOnlyUser checks username, phone and email', async () => {
    const lina = await userId('lina');
    expect((await t.call(admin, 'GET', '/sys/user/checkOnlyUser?phone=13811110003')).body).toMatchObject({ success: false, message: '用户账号已存在' });
    expect((await t.call(admin, 'GET', `/sys/user/checkOnlyUser?phone=13811110003&id=${lina}`)).body.success).toBe(true);
    expect((await t.call(admin, 'GET', '/sys/user/checkOnlyUser?phone=13899999999')).body.success).toBe(true);
    await db().updateTable('sysUser').set({ email: 'Lina@Example.com' }).where('id', '=', lina).execute();
    expect((await t.call(admin, 'GET', '/sys/user/checkOnlyUser?email=lina@example.com')).body.success).toBe(false);
    expect((await t.call(admin, 'GET', '/sys/user/checkOnlyUser?email=nobody@example.com')).body.success).toBe(true);
    // Anonymous callers cannot probe phones or e-mails; the username check stays open (registration).
    expect((await t.call(null, 'GET', '/sys/user/checkOnlyUser?phone=13811110003')).body.success).toBe(false);
    expect((await t.call(null, 'GET', '/sys/user/checkOnlyUser?phone=13811110003')).body.message).not.toBe('用户账号已存在');
    expect((await t.call(null, 'GET', '/sys/user/checkOnlyUser?username=admin')).body.success).toBe(false);
  });

  it('recycle bin: list, restore, delete for good', async () => {
    const add = await t.call(admin, 'POST', '/sys/user/add', { username: 'recycle_a', realname: '回收甲', password: '123456', selecteddeparts: '' });
    expect(add.body.success).toBe(true);
    const id = await userId('recycle_a');
    await t.call(admin, 'DELETE', `/sys/user/delete?id=${id}`);
    const bin = await t.call(admin, 'GET', '/sys/user/recycleBin');
    expect(bin.body.success).toBe(true);
    expect(bin.body.result.map((u: { username: string }) => u.username)).toContain('recycle_a');
    expect(bin.raw).not.toMatch(/"password"|"salt"/);
    expect((await t.call(staff, 'GET', '/sys/user/recycleBin')).status).toBe(403);
    const restored = await t.call(admin, 'PUT', '/sys/user/putRecycleBin', { userIds: id });
    expect(restored.body).toMatchObject({ success: true, message: '还原成功' });
    expect((await db().selectFrom('sysUser').select('delFlag').where('id', '=', id).executeTakeFirstOrThrow()).delFlag).toBe(0);
    // Only deleted users can be deleted for good.
    expect((await t.call(admin, 'DELETE', `/sys/user/deleteRecycleBin?userIds=${id}`)).body.success).toBe(false);
    await t.call(admin, 'DELETE', `/sys/user/delete?id=${id}`);
    const gone = await t.call(admin, 'DELETE', `/sys/user/deleteRecycleBin?userIds=${id}`);
    expect(gone.body).toMatchObject({ success: true, message: '删除成功' });
    expect(await db().selectFrom('sysUser').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('user agents: query (none), add, query, edit; both users checked', async () => {
    const none = await t.call(admin, 'GET', '/sys/sysUserAgent/queryByUserName?userName=lina');
    expect(none.body.success).toBe(false);
    const bad = await t.call(admin, 'POST', '/sys/sysUserAgent/add', { userName: 'lina', agentUserName: 'lina', startTime: '2026-12-01 00:00:00', endTime: '2026-12-10 00:00:00', status: '1' });
    expect(bad.body.success).toBe(false);
    const badTimes = await t.call(admin, 'POST', '/sys/sysUserAgent/add', { userName: 'lina', agentUserName: 'wangfang', startTime: '2026-12-10 00:00:00', endTime: '2026-12-01 00:00:00', status: '1' });
    expect(badTimes.status).toBe(400);
    const added = await t.call(admin, 'POST', '/sys/sysUserAgent/add', { userName: 'lina', agentUserName: 'wangfang', startTime: '2026-12-01 00:00:00', endTime: '2026-12-10 00:00:00', status: '1' });
    expect(added.body.success).toBe(true);
    const got = await t.call(admin, 'GET', '/sys/sysUserAgent/queryByUserName?userName=lina');
    expect(got.body.result).toMatchObject({ userName: 'lina', agentUserName: 'wangfang', startTime: '2026-12-01 00:00:00', endTime: '2026-12-10 00:00:00', status: '1' });
    const edited = await t.call(admin, 'PUT', '/sys/sysUserAgent/edit', { ...got.body.result, agentUserName: 'qianhui', status: '0' });
    expect(edited.body.success).toBe(true);
    expect((await t.call(admin, 'GET', '/sys/sysUserAgent/queryByUserName?userName=lina')).body.result).toMatchObject({ agentUserName: 'qianhui', status: '0' });
    expect((await t.call(staff, 'GET', '/sys/sysUserAgent/queryByUserName?userName=lina')).status).toBe(403);
    const missing = await t.call(admin, 'POST', '/sys/sysUserAgent/add', { userName: 'zhulin', agentUserName: 'no_such_user', status: '1' });
    expect(missing.body.success).toBe(false);
  });
});
