import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companyOf } from '../src/platform/access/access.js';
import { inCompanyScope, scopeToCompany } from '../src/platform/access/scope.js';
import { createTestApp, dbKinds, type TestApp } from './helpers.js';

describe.each(dbKinds)('[AUTH] captcha, revocation, permissions and scope on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { loginCaptcha: true });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const captchaFor = async (key: string) => {
    const r = await t.call(null, 'GET', `/sys/randomImage/${key}`);
    expect(r.body.success).toBe(true);
    expect(r.body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    return (await t.app.ctx.kv.get(`captcha:${key}`))!;
  };
  const loginWith = (captcha: string | undefined, checkKey: string, username = 'admin', password = '123456') =>
    t.call(null, 'POST', '/sys/login', { username, password, captcha, checkKey });

  it('requires a captcha when the setting is on', async () => {
    const r = await loginWith(undefined, 'k0');
    expect(r.body).toMatchObject({ success: false, message: '验证码无效' });
  });

  it('accepts the right captcha once, and only once', async () => {
    const text = await captchaFor('k1');
    expect(text).toHaveLength(4);
    const first = await loginWith(text.toUpperCase(), 'k1');
    expect(first.body.code).toBe(200);
    const again = await loginWith(text, 'k1');
    expect(again.body).toMatchObject({ success: false, message: '验证码无效' });
  });

  it('rejects a wrong captcha with 验证码错误 and consumes it', async () => {
    const text = await captchaFor('k2');
    const wrong = await loginWith(text === 'aaaa' ? 'bbbb' : 'aaaa', 'k2');
    expect(wrong.body).toMatchObject({ success: false, message: '验证码错误' });
    expect((await loginWith(text, 'k2')).body.message).toBe('验证码无效');
  });

  it('expires a captcha after 60 seconds', async () => {
    const text = await captchaFor('k3');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const r = await loginWith(text, 'k3');
    vi.useRealTimers();
    expect(r.body).toMatchObject({ success: false, message: '验证码无效' });
  });

  const login = async (username: string, password = '123456') => {
    const key = `k-${username}-${Math.random()}`;
    const r = await loginWith(await captchaFor(key), key, username, password);
    expect(r.body.code).toBe(200);
    return r.body.result.token as string;
  };
  const alive = async (token: string) =>
    (await t.call(token, 'GET', '/sys/user/getCurrentUserDeparts')).status === 200;

  it('revokes every session of a user who is frozen, and refuses their login', async () => {
    const admin = await login('admin');
    const victim = await login('zhulin');
    expect(await alive(victim)).toBe(true);
    const user = await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'zhulin').executeTakeFirstOrThrow();
    const frozen = await t.call(admin, 'PUT', '/sys/user/frozenBatch', { ids: user.id, status: '2' });
    expect(frozen.body.success).toBe(true);
    expect(await alive(victim)).toBe(false);
    const key = 'k-frozen';
    const r = await loginWith(await captchaFor(key), key, 'zhulin');
    expect(r.body.message).toBe('该用户已冻结');
    await t.call(admin, 'PUT', '/sys/user/frozenBatch', { ids: user.id, status: '1' });
  });

  it('revokes the other sessions on password change and keeps the one that changed it', async () => {
    const a = await login('hubin');
    const b = await login('hubin');
    const bad = await t.call(a, 'POST', '/sys/user/updatePassword', {
      username: 'hubin',
      oldpassword: 'nope',
      password: 'n3w-pass',
      confirmpassword: 'n3w-pass',
    });
    expect(bad.body).toMatchObject({ success: false, message: '旧密码输入错误!' });
    const mismatch = await t.call(a, 'PUT', '/sys/user/updatePassword', {
      username: 'hubin',
      oldpassword: '123456',
      password: 'n3w-pass',
      confirmpassword: 'other',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toContain('两次输入的密码不一样！');
    const other = await t.call(a, 'PUT', '/sys/user/updatePassword', {
      username: 'admin',
      oldpassword: '123456',
      password: 'x',
      confirmpassword: 'x',
    });
    expect(other.body.message).toBe('只允许修改自己的密码！');
    const okr = await t.call(a, 'PUT', '/sys/user/updatePassword', {
      username: 'hubin',
      oldpassword: '123456',
      password: 'n3w-pass',
      confirmpassword: 'n3w-pass',
    });
    expect(okr.body).toMatchObject({ success: true, message: '密码重置成功!' });
    expect(await alive(a)).toBe(true);
    expect(await alive(b)).toBe(false);
    const key = 'k-old';
    expect((await loginWith(await captchaFor(key), key, 'hubin', '123456')).body.message).toBe('用户名或密码错误');
    expect(await alive(await login('hubin', 'n3w-pass'))).toBe(true);
  });

  it('answers 401 once the 7-day session has expired', async () => {
    const token = await login('songjia');
    expect(await alive(token)).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7 * 24 * 3600 * 1000 + 60_000);
    const r = await t.call(token, 'GET', '/sys/user/getCurrentUserDeparts');
    vi.useRealTimers();
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Token失效，请重新登录!');
  });

  it('throttles repeated failed logins per user', async () => {
    let last = '';
    for (let i = 0; i < 6; i++) {
      const key = `k-th-${i}`;
      last = (await loginWith(await captchaFor(key), key, 'tanglei', 'wrong')).body.message;
    }
    expect(last).toBe('登录失败次数过多，请稍后再试');
  });

  it('returns the permission load in the stock shape', async () => {
    const token = await login('admin');
    const r = await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken');
    expect(r.body.success).toBe(true);
    const { menu, auth, allAuth, sysSafeMode } = r.body.result;
    expect(sysSafeMode).toBe(false);
    expect(Array.isArray(auth) && Array.isArray(allAuth)).toBe(true);
    expect(menu[0]).toMatchObject({
      route: '1',
      path: '/zhome',
      component: 'dashboard/Analysis',
      meta: { title: '首页', keepAlive: false, internalOrExternal: false, componentName: 'Analysis' },
    });
    const walk = (nodes: any[]) => {
      for (const n of nodes) {
        expect(Object.keys(n)).toEqual(expect.arrayContaining(['id', 'route', 'path', 'name', 'component', 'meta']));
        if ('hidden' in n) expect(n.hidden).toBe(true);
        if ('alwaysShow' in n) expect(n.alwaysShow).toBe(true);
        if (n.children) {
          expect(n.children.length).toBeGreaterThan(0);
          walk(n.children);
        }
      }
    };
    walk(menu);
    for (const a of auth) expect(Object.keys(a).sort()).toEqual(['action', 'describe', 'type']);
    for (const a of allAuth) expect(Object.keys(a).sort()).toEqual(['action', 'describe', 'status', 'type']);
  });

  it('fails the permission load for a user with no menus', async () => {
    const token = await login('xiaoran');
    const user = await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'xiaoran').executeTakeFirstOrThrow();
    await t.app.ctx.db.deleteFrom('sysUserRole').where('userId', '=', user.id).execute();
    const r = await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken');
    expect(r.body.success).toBe(false);
  });

  it('switches the current department only to one the user belongs to', async () => {
    const token = await login('wangfang');
    const departs = await t.call(token, 'GET', '/sys/user/getCurrentUserDeparts');
    expect(departs.body.result.list.map((d: { orgCode: string }) => d.orgCode).sort()).toEqual(['A01A02', 'A03A01']);
    const bad = await t.call(token, 'POST', '/sys/selectDepart', { orgCode: 'A05A01', username: 'wangfang' });
    expect(bad.body.success).toBe(false);
    const good = await t.call(token, 'PUT', '/sys/selectDepart', { orgCode: 'A03A01', username: 'wangfang' });
    expect(good.body.result.userInfo).toMatchObject({ orgCode: 'A03A01', orgCodeTxt: '综合管理部' });
    expect(good.body.result.userInfo).not.toHaveProperty('password');
  });

  it('scopes queries: A03 sees only A03 rows, A01 sees every company', async () => {
    const db = t.app.ctx.db;
    const a03 = { company: companyOf('A03A02') };
    const rows = await scopeToCompany(db.selectFrom('sysUser').select('orgCode'), a03, 'orgCode').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.orgCode?.startsWith('A03'))).toBe(true);
    expect(rows.some((r) => r.orgCode?.startsWith('A05'))).toBe(false);
    const all = await scopeToCompany(db.selectFrom('sysUser').select('orgCode'), { company: 'A01' }, 'orgCode').execute();
    expect(all.some((r) => r.orgCode?.startsWith('A05'))).toBe(true);
    const none = await scopeToCompany(db.selectFrom('sysUser').select('orgCode'), { company: '' }, 'orgCode').execute();
    expect(none).toEqual([]);
    expect(inCompanyScope({ company: '' }, 'A03A01')).toBe(false);
    expect(inCompanyScope({ company: 'A03' }, 'A03A01')).toBe(true);
    expect(inCompanyScope({ company: 'A03' }, 'A05A01')).toBe(false);
  });
});
