import { SMS_TEXTS } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingSmsConfig } from '../src/platform/sms/sms-config.js';
import { createTestApp, dbKinds, type TestApp } from './helpers.js';
import { advance, lastCode } from './auth/sms-helpers.js';

describe.each(dbKinds)('[AUTH] self-registration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { sms: recordingSmsConfig() });
  });
  afterAll(async () => {
    await t?.close();
  });

  const askCode = async (phone: string) => {
    advance(t, 61_000);
    const r = await t.call(null, 'POST', '/sys/sms', { mobile: phone, smsmode: '1' });
    expect(r.body.success).toBe(true);
    return lastCode(t, phone);
  };

  it('validates with the shared rules and texts', async () => {
    const r = await t.call(null, 'POST', '/sys/user/register', { username: 'a b', password: '123', phone: '123', smscode: '12' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('只允许字母、数字、下划线');
    expect(r.body.message).toContain('请输入正确手机号');
    expect(r.body.message).toContain('密码不能少于6位');
    expect(r.body.message).toContain(SMS_TEXTS.codeFormat);
  });

  it('refuses a wrong SMS code and creates nothing', async () => {
    const code = (await askCode('13912345670'))!;
    const wrong = code === '999999' ? '888888' : '999999';
    const r = await t.call(null, 'POST', '/sys/user/register', { username: 'guesser1', password: 'secret-1', phone: '13912345670', smscode: wrong });
    expect(r.body).toMatchObject({ success: false, message: SMS_TEXTS.wrong });
    // a code of another mobile does not count either
    const other = await t.call(null, 'POST', '/sys/user/register', { username: 'guesser1', password: 'secret-1', phone: '13912345671', smscode: code });
    expect(other.body).toMatchObject({ success: false, message: SMS_TEXTS.wrong });
    expect(await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'guesser1').executeTakeFirst()).toBeUndefined();
  });

  it('registers a staff account with no company that can sign in and sees no company data; the code is single use', async () => {
    const code = (await askCode('13912345678'))!;
    const r = await t.call(null, 'POST', '/sys/user/register', {
      username: 'newcomer1',
      password: 'secret-1',
      phone: '13912345678',
      email: 'newcomer1@example.com',
      smscode: code,
    });
    expect(r.body).toMatchObject({ success: true, message: '注册成功' });
    const reuse = await t.call(null, 'POST', '/sys/user/register', { username: 'newcomer9', password: 'secret-1', phone: '13912345678', smscode: code });
    expect(reuse.body.success).toBe(false);
    const again = await t.call(null, 'POST', '/sys/user/register', { username: 'newcomer1', password: 'secret-1', phone: '13912345679', smscode: code });
    expect(again.body).toMatchObject({ success: false, message: '用户名已注册' });
    const token = await t.login('newcomer1', 'secret-1');
    const perms = await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken');
    expect(perms.body.success).toBe(true);
    const row = await t.app.ctx.db.selectFrom('sysUser').selectAll().where('username', '=', 'newcomer1').executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^scrypt\$/);
    expect(row.orgCode).toBeNull();
    // a registered mobile gets no register code (the answer is the same)
    advance(t, 61_000);
    const sms = await t.call(null, 'POST', '/sys/sms', { mobile: '13912345678', smsmode: '1' });
    expect(sms.body).toMatchObject({ success: true, message: SMS_TEXTS.sent });
    expect(await lastCode(t, '13912345678')).toBe(code);
  });

  it('refuses usernames that differ from an existing one only by case', async () => {
    for (const username of ['Admin', 'ADMIN', 'NewComer1']) {
      const code = (await askCode('13912345677'))!;
      const r = await t.call(null, 'POST', '/sys/user/register', { username, password: 'secret-1', phone: '13912345677', smscode: code });
      expect(r.body).toMatchObject({ success: false, message: '用户名已注册' });
    }
  });
});

describe('[AUTH] registration is closed unless configured', () => {
  let closed: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    closed = await createTestApp('sqlite');
    off = await createTestApp('sqlite', { sms: recordingSmsConfig({ selfRegistration: 'off' }) });
  });
  afterAll(async () => {
    await closed?.close();
    await off?.close();
  });

  it('is off by default (no SMS provider) and when switched off', async () => {
    const body = { username: 'nobody1', password: 'secret-1', phone: '13912340000', smscode: '123456' };
    for (const t of [closed, off]) {
      const r = await t.call(null, 'POST', '/sys/user/register', body);
      expect(r.body).toMatchObject({ success: false, message: SMS_TEXTS.registrationClosed });
      expect(await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'nobody1').executeTakeFirst()).toBeUndefined();
    }
  });
});
