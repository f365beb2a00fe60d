import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const signIn = async (t: TestApp, username: string, password: string) =>
  t.call(null, 'POST', '/sys/login', { username, password, captcha: '0000', checkKey: '1' });

describe.each(dbKinds)('[ACCOUNT] first sign-in with a password an administrator set, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a new user must change 123456 first; once changed, never again until an administrator resets it', async () => {
    const dept = await t.app.ctx.db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A03A02').executeTakeFirstOrThrow();
    const username = `fresh${kind}`;
    const add = await t.call(admin, 'POST', '/sys/user/add', { username, realname: '新同事', password: '123456', selecteddeparts: dept.id });
    expect(add.body.success, add.body.message).toBe(true);

    const first = await signIn(t, username, '123456');
    expect(first.body.success, first.body.message).toBe(true);
    expect(first.body.result.needChangePassword).toBe(true);
    const token = first.body.result.token as string;
    const state = await t.call(token, 'GET', '/sys/user/passwordState');
    expect(state.body.result).toEqual({ needChangePassword: true, message: '您的密码为初始密码或已被管理员重置，请先修改密码' });

    // The shared password rules apply to the new one.
    const weak = await t.call(token, 'PUT', '/sys/user/updatePassword', { username, oldpassword: '123456', password: '', confirmpassword: '' });
    expect(weak.body.success).toBe(false);
    const same = await t.call(token, 'PUT', '/sys/user/updatePassword', { username, oldpassword: '123456', password: '123456', confirmpassword: '123456' });
    expect(same.body).toMatchObject({ success: false, message: '新密码不能与初始密码相同' });
    const changed = await t.call(token, 'PUT', '/sys/user/updatePassword', { username, oldpassword: '123456', password: 'Xy-2026abc', confirmpassword: 'Xy-2026abc' });
    expect(changed.body.success, changed.body.message).toBe(true);
    expect((await t.call(token, 'GET', '/sys/user/passwordState')).body.result.needChangePassword).toBe(false);
    const again = await signIn(t, username, 'Xy-2026abc');
    expect(again.body.result.needChangePassword).toBe(false);

    // An administrator's reset asks again.
    const reset = await t.call(admin, 'PUT', '/sys/user/changePassword', { username, password: '123456', confirmpassword: '123456' });
    expect(reset.body.success, reset.body.message).toBe(true);
    expect((await signIn(t, username, '123456')).body.result.needChangePassword).toBe(true);
  });

  it('seeded accounts and self-chosen passwords are not asked', async () => {
    const r = await signIn(t, 'dongjian', '123456');
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.result.needChangePassword).toBe(false);
  });
});
