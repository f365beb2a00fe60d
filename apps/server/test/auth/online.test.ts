import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../src/app.js';
import { RedisSessionStore, SqlSessionStore, type SessionStore } from '../../src/platform/auth/session-store.js';
import { createTestApp, dbKinds, type TestApp, createCluster } from '../helpers.js';
import { openSocket, type TestSocket } from '../realtime/ws-client.js';

const closedWith = (s: TestSocket) => new Promise<number>((resolve) => s.ws.on('close', (code) => resolve(code)));
const settle = () => new Promise((r) => setTimeout(r, 150));
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe.each(dbKinds)('[AUTH] online users and force logout on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const sockets: TestSocket[] = [];
  const loginAs = async (username: string, ip = '10.9.0.1') => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      remoteAddress: ip,
      headers: { 'user-agent': UA },
      payload: { username, password: '123456' },
    });
    return r.json().result as { token: string; userInfo: { id: string } };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/jeecg-boot`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  it('lists who is signed in, since when, from which IP and browser, with the last activity', async () => {
    const admin = await t.login('admin');
    const lina = await loginAs('lina', '10.9.0.7');
    const r = await t.call(admin, 'GET', '/sys/online/list?pageNo=1&pageSize=50');
    expect(r.body.success).toBe(true);
    const row = (r.body.result.records as Record<string, unknown>[]).find((x) => x.username === 'lina');
    expect(row).toMatchObject({ realname: '李娜', ip: '10.9.0.7', browser: 'Chrome 120', os: 'Windows', current: false });
    expect(row!.loginTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(row!.lastActiveTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(row!.token).not.toBe(lina.token);
    expect(r.body.result.total).toBeGreaterThanOrEqual(2);
    const mine = (r.body.result.records as Record<string, unknown>[]).find((x) => x.current === true);
    expect(mine?.username).toBe('admin');
    const searched = await t.call(admin, 'GET', '/sys/online/list?username=lin');
    expect((searched.body.result.records as { username: string }[]).some((x) => x.username === 'lina')).toBe(true);
    expect((searched.body.result.records as { username: string }[]).some((x) => x.username === 'admin')).toBe(false);
  });

  it('records the last activity of a session', async () => {
    const admin = await t.login('admin');
    const s = await loginAs('chenjing');
    const sid = JSON.parse(Buffer.from(s.token.split('.')[1], 'base64url').toString()).sid as string;
    await t.app.ctx.db.updateTable('sysSession').set({ lastSeenAt: 1_000 }).where('id', '=', sid).execute();
    await t.call(s.token, 'GET', '/sys/user/getCurrentUserDeparts');
    // written after the answer went out
    let seen = 0;
    for (let i = 0; i < 40 && seen < Date.now() - 60_000; i++) {
      await settle();
      const row = await t.app.ctx.db.selectFrom('sysSession').select('lastSeenAt').where('id', '=', sid).executeTakeFirstOrThrow();
      seen = Number(row.lastSeenAt);
    }
    expect(seen).toBeGreaterThan(Date.now() - 60_000);
    const list = await t.call(admin, 'GET', '/sys/online/list?pageSize=200');
    const row = (list.body.result.records as { token: string; lastActiveTime: string; loginTime: string }[]).find((x) => x.token === sid);
    expect(row!.lastActiveTime >= row!.loginTime).toBe(true);
  });

  it('needs the permission; staff get 403', async () => {
    const staff = await t.login('wuting');
    expect((await t.call(staff, 'GET', '/sys/online/list')).status).toBe(403);
    expect((await t.call(staff, 'POST', '/sys/online/forceLogout', { token: 'x' })).status).toBe(403);
  });

  it('force logout ends the session and closes its sockets at once; other sessions stay', async () => {
    const admin = await t.login('admin');
    const victim = await loginAs('zhaolei');
    const other = await loginAs('zhaolei');
    const userSocket = await openSocket(`${base}/websocket/${victim.userInfo.id}`, [victim.token]);
    const grid = await openSocket(`${base}/vxeSocket/${victim.userInfo.id}/page-1`, [victim.token]);
    const keep = await openSocket(`${base}/websocket/${other.userInfo.id}`, [other.token]);
    sockets.push(userSocket, grid, keep);
    const closed = [closedWith(userSocket), closedWith(grid)];
    const list = await t.call(admin, 'GET', '/sys/online/list?pageSize=200');
    const sid = JSON.parse(Buffer.from(victim.token.split('.')[1], 'base64url').toString()).sid as string;
    const row = (list.body.result.records as { token: string }[]).find((x) => x.token === sid);
    expect(row).toBeTruthy();
    const r = await t.call(admin, 'POST', '/sys/online/forceLogout', { token: row!.token });
    expect(r.body).toMatchObject({ success: true, message: '强制退出成功' });
    expect(await closed[0]).toBe(4001);
    expect(await closed[1]).toBe(4001);
    expect((await t.call(victim.token, 'GET', '/sys/user/getCurrentUserDeparts')).status).toBe(401);
    await settle();
    expect(keep.ws.readyState).toBe(1);
    expect((await t.call(other.token, 'GET', '/sys/user/getCurrentUserDeparts')).status).toBe(200);
    // gone from the list; a second attempt says so; one's own session cannot be ended here
    const after = await t.call(admin, 'GET', '/sys/online/list?pageSize=200');
    expect((after.body.result.records as { token: string }[]).some((x) => x.token === sid)).toBe(false);
    expect((await t.call(admin, 'POST', '/sys/online/forceLogout', { token: sid })).body.success).toBe(false);
    const mine = (after.body.result.records as { token: string; current: boolean }[]).find((x) => x.current)!;
    expect((await t.call(admin, 'POST', '/sys/online/forceLogout', { token: mine.token })).body.success).toBe(false);
    const log = await t.app.ctx.db.selectFrom('sysLog').select('logContent').where('method', '=', 'forceLogout').execute();
    expect(log.map((l) => l.logContent)).toContain('用户名: 赵磊,已被 admin 强制退出！');
  });
});

async function listsAndTouches(store: SessionStore, prefix: string) {
  const now = Date.now();
  for (const [i, u] of ['u1', 'u2', 'u1'].entries()) {
    await store.create({ id: `${prefix}-${i}`, userId: `${prefix}-${u}`, username: u, tenantId: null, ip: '1.2.3.4', userAgent: UA, createdAt: now + i, expiresAt: now + 60_000 });
  }
  const all = await store.list({ offset: 0, limit: 10, userIds: [`${prefix}-u1`, `${prefix}-u2`] });
  expect(all.total).toBe(3);
  expect(all.records.map((r) => r.id)).toEqual([`${prefix}-2`, `${prefix}-1`, `${prefix}-0`]);
  const u1 = await store.list({ offset: 1, limit: 10, userIds: [`${prefix}-u1`] });
  expect(u1).toMatchObject({ total: 2, records: [{ id: `${prefix}-0`, userAgent: UA }] });
  await store.touch(`${prefix}-0`, now + 5000);
  expect((await store.get(`${prefix}-0`))?.lastSeenAt).toBe(now + 5000);
  await store.revoke(`${prefix}-0`);
  // touching a revoked session never brings it back
  await store.touch(`${prefix}-0`, now + 6000);
  expect(await store.get(`${prefix}-0`)).toBeNull();
  expect((await store.list({ offset: 0, limit: 10, userIds: [`${prefix}-u1`] })).total).toBe(1);
  await store.revokeUser(`${prefix}-u1`);
  expect((await store.list({ offset: 0, limit: 10, userIds: [`${prefix}-u1`, `${prefix}-u2`] })).total).toBe(1);
}

const redisUrl = process.env.TEST_REDIS_URL ?? '';

describe('[AUTH] session stores list live sessions and record activity', () => {
  let t: TestApp;
  let redis: Redis | null = null;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    if (redisUrl) redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
  });
  it('in SQL', async () => {
    await listsAndTouches(new SqlSessionStore(t.app.ctx.db), 'sql');
  });
  it.skipIf(!redisUrl)('in Redis', async () => {
    await listsAndTouches(new RedisSessionStore(redis!, `go:test:online:${Date.now()}:`), 'redis');
  });
});

describe.skipIf(!inject('pgTemplate') || !redisUrl)('[AUTH] force logout across instances (PostgreSQL + Redis)', () => {
  const apps: App[] = [];
  const sockets: TestSocket[] = [];
  let cluster: Awaited<ReturnType<typeof createCluster>> | undefined;
  beforeAll(async () => {
    cluster = await createCluster(2, { redisUrl, listen: true });
    apps.push(...cluster.apps);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.close();
  });

  it('an administrator on one instance ends a session whose socket is held by the other', async () => {
    const [a, b] = apps;
    const login = async (app: App, username: string) =>
      (await app.inject({ method: 'POST', url: '/jeecg-boot/sys/login', headers: { 'user-agent': UA }, payload: { username, password: '123456' } })).json().result;
    const adminTok = (await login(a, 'admin')).token as string;
    const victim = await login(b, 'xuming');
    const port = (b.server.address() as AddressInfo).port;
    const s = await openSocket(`ws://127.0.0.1:${port}/jeecg-boot/websocket/${victim.userInfo.id}`, [victim.token]);
    sockets.push(s);
    const closed = closedWith(s);
    const list = (await a.inject({ method: 'GET', url: '/jeecg-boot/sys/online/list?pageSize=200', headers: { 'x-access-token': adminTok } })).json();
    const row = (list.result.records as { username: string; token: string; browser: string }[]).find((x) => x.username === 'xuming');
    expect(row?.browser).toBe('Chrome 120');
    const out = await a.inject({ method: 'POST', url: '/jeecg-boot/sys/online/forceLogout', headers: { 'x-access-token': adminTok }, payload: { token: row!.token } });
    expect(out.json().success).toBe(true);
    expect(await closed).toBe(4001);
    const gone = await b.inject({ method: 'GET', url: '/jeecg-boot/sys/user/getCurrentUserDeparts', headers: { 'x-access-token': victim.token } });
    expect(gone.statusCode).toBe(401);
  });
});
