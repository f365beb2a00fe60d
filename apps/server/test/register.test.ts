import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from './helpers.js';

describe.each(dbKinds)('[AUTH] self-registration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('validates with the shared rules and texts', async () => {
    const r = await t.call(null, 'POST', '/sys/user/register', { username: 'a b', password: '123', phone: '123' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('只允许字母、数字、下划线');
    expect(r.body.message).toContain('请输入正确手机号');
  });

  it('registers a staff account with no company that can sign in and sees no company data', async () => {
    const r = await t.call(null, 'POST', '/sys/user/register', {
      username: 'newcomer1',
      password: 'secret-1',
      phone: '13912345678',
      email: 'newcomer1@example.com',
    });
    expect(r.body).toMatchObject({ success: true, message: '注册成功' });
    const again = await t.call(null, 'POST', '/sys/user/register', { username: 'newcomer1', password: 'secret-1', phone: '13912345679' });
    expect(again.body).toMatchObject({ success: false, message: '用户名已注册' });
    const phone = await t.call(null, 'POST', '/sys/user/register', { username: 'newcomer2', password: 'secret-1', phone: '13912345678' });
    expect(phone.body.message).toBe('该手机号已注册');
    const token = await t.login('newcomer1', 'secret-1');
    const perms = await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken');
    expect(perms.body.success).toBe(true);
    const row = await t.app.ctx.db.selectFrom('sysUser').selectAll().where('username', '=', 'newcomer1').executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^scrypt\$/);
    expect(row.orgCode).toBeNull();
  });

  it('says plainly that password recovery needs the SMS service', async () => {
    const r = await t.call(null, 'POST', '/sys/user/phoneVerification', { phone: '13912345678', smscode: '1234' });
    expect(r.body).toMatchObject({ success: false, message: '短信服务未配置，请联系管理员重置密码' });
  });
});
