import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from './helpers.js';

describe.each(dbKinds)('[SHELL] avatar save (/sys/updatelogout) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 without a token', async () => {
    const r = await t.call(null, 'POST', '/sys/updatelogout', { avatar: 'oa/avatar/a.jpg' });
    expect(r.status).toBe(401);
  });

  it('answers 400 on a bad path and changes nothing', async () => {
    const token = await t.login('yangfan');
    for (const avatar of ['../secrets.json', '/etc/passwd', 'x'.repeat(300)]) {
      const r = await t.call(token, 'POST', '/sys/updatelogout', { avatar });
      expect(r.status).toBe(400);
    }
    const me = await t.call(token, 'POST', '/sys/login', { username: 'yangfan', password: '123456' });
    expect(me.body.result.userInfo.avatar ?? null).toBeNull();
  });

  it('saves the caller’s own avatar only, with the user info sent along ignored', async () => {
    const token = await t.login('yangfan');
    const r = await t.call(token, 'PUT', '/sys/updatelogout', {
      id: 'someone-else',
      username: 'admin',
      realname: '改名',
      avatar: 'oa/avatar/face_123.jpg',
    });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.result.userInfo).toMatchObject({ username: 'yangfan', realname: '杨帆', avatar: 'oa/avatar/face_123.jpg' });
    expect(r.body.result.userInfo).not.toHaveProperty('password');
    const again = await t.call(null, 'POST', '/sys/login', { username: 'yangfan', password: '123456' });
    expect(again.body.result.userInfo.avatar).toBe('oa/avatar/face_123.jpg');
    const admin = await t.call(null, 'POST', '/sys/login', { username: 'admin', password: '123456' });
    expect(admin.body.result.userInfo.avatar ?? null).not.toBe('oa/avatar/face_123.jpg');
  });
});
