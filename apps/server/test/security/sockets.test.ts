import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../src/app.js';
import { createTestApp, dbKinds, type TestApp, createCluster } from '../helpers.js';
import { openSocket, type TestSocket } from '../realtime/ws-client.js';

const closedWith = (s: TestSocket) => new Promise<number>((resolve) => s.ws.on('close', (code) => resolve(code)));
const settle = () => new Promise((r) => setTimeout(r, 150));

describe.each(dbKinds)('[SECURITY] sockets follow the session and the scope on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const ids: Record<string, string> = {};
  const sockets: TestSocket[] = [];
  const open = async (url: string, protocols?: string[]) => {
    const s = await openSocket(url, protocols);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/jeecg-boot`;
    for (const r of await t.app.ctx.db.selectFrom('sysUser').select(['id', 'username']).execute()) ids[r.username] = r.id;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  it('finding 7/11: logout closes the user and grid sockets of that session at once (no keep-alive round needed)', async () => {
    const token = await t.login('chenjing');
    const other = await t.login('chenjing');
    const userSocket = await open(`${base}/websocket/${ids.chenjing}`, [token]);
    const grid = await open(`${base}/vxeSocket/${ids.chenjing}/page-x`, [token]);
    const keep = await open(`${base}/vxeSocket/${ids.chenjing}/page-x`, [other]);
    const [a, b] = [closedWith(userSocket), closedWith(grid)];
    expect((await t.call(token, 'POST', '/sys/logout')).body.success).toBe(true);
    expect(await a).toBe(4001);
    expect(await b).toBe(4001);
    await settle();
    expect(keep.ws.readyState).toBe(1);
  });

  it('finding 7/11: freezing a user closes all their sockets; a password change closes the other sessions only', async () => {
    const admin = await t.login('admin');
    const s1 = await t.login('zhaolei');
    const s2 = await t.login('zhaolei');
    const own = await open(`${base}/vxeSocket/${ids.zhaolei}/p`, [s1]);
    const other = await open(`${base}/websocket/${ids.zhaolei}`, [s2]);
    const otherClosed = closedWith(other);
    const pw = await t.call(s1, 'PUT', '/sys/user/updatePassword', { username: 'zhaolei', oldpassword: '123456', password: 'Passw0rd!x', confirmpassword: 'Passw0rd!x' });
    expect(pw.body.success).toBe(true);
    expect(await otherClosed).toBe(4001);
    await settle();
    expect(own.ws.readyState).toBe(1);
    const ownClosed = closedWith(own);
    const frozen = await t.call(admin, 'PUT', '/sys/user/frozenBatch', { ids: ids.zhaolei, status: 2 });
    expect(frozen.body.success).toBe(true);
    expect(await ownClosed).toBe(4001);
  });

  it('finding 7: grid updates reach only the same page key and users who may see the sender', async () => {
    const tok = async (u: string) => t.login(u);
    const sender = await open(`${base}/vxeSocket/${ids.wuting}/grid-1`, [await tok('wuting')]);
    const samePageSameCompany = await open(`${base}/vxeSocket/${ids.xuming}/grid-1`, [await tok('xuming')]);
    const samePageGroup = await open(`${base}/vxeSocket/${ids.admin}/grid-1`, [await tok('admin')]);
    const samePageOtherCompany = await open(`${base}/vxeSocket/${ids.sunli}/grid-1`, [await tok('sunli')]);
    const otherPage = await open(`${base}/vxeSocket/${ids.huangmin}/grid-2`, [await tok('huangmin')]);
    const update = { type: 'update_vxe_table', data: { socketKey: 'grid-1', args: [{ id: 'r1', salary: 9000 }] } };
    sender.ws.send(JSON.stringify(update));
    expect(JSON.parse(await samePageSameCompany.next((m) => m.includes('update_vxe_table')))).toEqual(update);
    expect(JSON.parse(await samePageGroup.next((m) => m.includes('update_vxe_table')))).toEqual(update);
    // A later update on grid-2 arrives at otherPage first only if grid-1's never did.
    await settle();
    expect(samePageOtherCompany.messages.some((m) => m.includes('update_vxe_table'))).toBe(false);
    expect(otherPage.messages.some((m) => m.includes('update_vxe_table'))).toBe(false);
    expect(sender.messages.some((m) => m.includes('update_vxe_table'))).toBe(false);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? '';
describe.skipIf(!inject('pgTemplate') || !redisUrl)('[SECURITY] session end across instances (PostgreSQL + Redis)', () => {
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

  it('finding 11: logging out through one instance closes the socket held by the other at once', async () => {
    const [a, b] = apps;
    const login = await a.inject({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: 'lina', password: '123456' } });
    const token = login.json().result.token as string;
    const id = login.json().result.userInfo.id as string;
    const port = (b.server.address() as AddressInfo).port;
    const s = await openSocket(`ws://127.0.0.1:${port}/jeecg-boot/websocket/${id}`, [token]);
    sockets.push(s);
    const closed = closedWith(s);
    const out = await a.inject({ method: 'POST', url: '/jeecg-boot/sys/logout', headers: { 'x-access-token': token } });
    expect(out.json().success).toBe(true);
    expect(await closed).toBe(4001);
  });
});
