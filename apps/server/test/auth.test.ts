import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from './helpers.js';

describe.each(dbKinds)('[AUTH] sign-in and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs in admin and returns the session payload without secrets', async () => {
    const r = await t.call(null, 'POST', '/sys/login', { username: 'admin', password: '123456' });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    expect(r.body.message).toBe('登录成功');
    const res = r.body.result;
    expect(typeof res.token).toBe('string');
    expect(res.userInfo.username).toBe('admin');
    expect(res.userInfo.orgCode).toBe('A01A04');
    expect(res.userInfo.orgCodeTxt).toBe('信息技术部');
    expect(res.userInfo).not.toHaveProperty('password');
    expect(res.userInfo).not.toHaveProperty('salt');
    expect(r.raw).not.toMatch(/scrypt\$/);
    expect(res.multi_depart).toBe(1);
    expect(Array.isArray(res.departs)).toBe(true);
    expect(res.sysAllDictItems.sex).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: '1', text: '男', title: '男' })]),
    );
  });

  it('reports multi_depart 2 for a user in several departments', async () => {
    const r = await t.call(null, 'POST', '/sys/login', { username: 'wangfang', password: '123456' });
    expect(r.body.result.multi_depart).toBe(2);
    expect(r.body.result.departs).toHaveLength(2);
  });

  it('answers each failure with the stock text', async () => {
    const unknown = await t.call(null, 'POST', '/sys/login', { username: 'nobody', password: 'x' });
    expect(unknown.body).toMatchObject({ success: false, code: 500, message: '该用户不存在，请注册' });
    const wrong = await t.call(null, 'POST', '/sys/login', { username: 'lina', password: 'bad' });
    expect(wrong.body).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
  });

  it('writes a login log row', async () => {
    await t.login('chenjing');
    const row = await t.app.ctx.db
      .selectFrom('sysLog')
      .selectAll()
      .where('logType', '=', 1)
      .where('userid', '=', 'chenjing')
      .executeTakeFirst();
    expect(row?.logContent).toBe('用户名: chenjing,登录成功！');
  });

  it('answers 401 on a missing, forged or revoked token', async () => {
    const none = await t.call(null, 'GET', '/sys/permission/getUserPermissionByToken');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('Token失效，请重新登录!');
    const forged = await t.call('abc.def.ghi', 'GET', '/sys/permission/getUserPermissionByToken');
    expect(forged.status).toBe(401);
    const token = await t.login('yangfan');
    expect((await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken')).status).toBe(200);
    const out = await t.call(token, 'POST', '/sys/logout');
    expect(out.body.message).toBe('退出登录成功！');
    expect((await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken')).status).toBe(401);
  });
});
