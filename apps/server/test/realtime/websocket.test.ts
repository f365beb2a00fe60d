import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { openSocket, waitFor, type TestSocket } from './ws-client.js';

/** Real sockets against a listening app (SQLite; the cross-instance test covers PostgreSQL and Redis). */
describe('[WS] /websocket and /vxeSocket', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  const user: Record<string, { id: string; token: string }> = {};
  const sockets: TestSocket[] = [];

  const open = async (url: string, protocols?: string[]) => {
    const s = await openSocket(url, protocols);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    base = `ws://127.0.0.1:${port}/jeecg-boot`;
    admin = await t.login('admin');
    for (const name of ['chenjing', 'yangfan']) {
      const row = await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', name).executeTakeFirstOrThrow();
      user[name] = { id: row.id, token: await t.login(name) };
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  it('refuses a socket without a valid token or for another user id', async () => {
    await expect(openSocket(`${base}/websocket/${user.chenjing.id}`)).rejects.toThrow(/refused 401/);
    await expect(openSocket(`${base}/websocket/${user.chenjing.id}?token=forged.token.value`)).rejects.toThrow(/refused 401/);
    await expect(openSocket(`${base}/websocket/${user.yangfan.id}?token=${user.chenjing.token}`)).rejects.toThrow(/refused 403/);
    await expect(openSocket(`${base}/vxeSocket/${user.yangfan.id}/page1`, [user.chenjing.token])).rejects.toThrow(/refused 403/);
  });

  it('accepts the token as Sec-WebSocket-Protocol (stock client) and echoes the heartbeat to the sender only', async () => {
    const a = await open(`${base}/websocket/${user.chenjing.id}`, [user.chenjing.token]);
    expect(a.ws.protocol).toBe(user.chenjing.token);
    const b = await open(`${base}/websocket/${user.yangfan.id}?token=${user.yangfan.token}`);
    a.ws.send('HeartBeat');
    expect(await a.next((m) => m === 'HeartBeat')).toBe('HeartBeat');
    // b sees the next broadcast as its first message: the heartbeat was not echoed to it
    t.app.ctx.realtime.broadcast({ cmd: 'topic', msgId: 'probe', msgTxt: 'probe' });
    expect(JSON.parse(await b.next())).toMatchObject({ msgId: 'probe' });
    expect(b.messages.includes('HeartBeat')).toBe(false);
  });

  it('a notice published to all reaches every user socket as {cmd:topic}', async () => {
    const a = await open(`${base}/websocket/${user.chenjing.id}?token=${user.chenjing.token}`);
    const b = await open(`${base}/websocket/${user.yangfan.id}?token=${user.yangfan.token}`);
    await t.call(admin, 'POST', '/sys/annountCement/add', { titile: '全员<script>x</script>通知' });
    const row = await t.app.ctx.db.selectFrom('sysAnnouncement').select('id').where('titile', '=', '全员通知').executeTakeFirstOrThrow();
    await t.call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${row.id}`);
    for (const s of [a, b]) {
      const msg = JSON.parse(await s.next((m) => m.includes(row.id)));
      expect(msg).toEqual({ cmd: 'topic', msgId: row.id, msgTxt: '全员通知' });
    }
    // revoke tells the audience to reload as well
    await t.call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${row.id}`);
    await waitFor(() => a.messages.filter((m) => m.includes(row.id)).length === 2);
  });

  it('a user-targeted notice reaches only that user', async () => {
    const a = await open(`${base}/websocket/${user.chenjing.id}?token=${user.chenjing.token}`);
    const b = await open(`${base}/websocket/${user.yangfan.id}?token=${user.yangfan.token}`);
    await t.call(admin, 'POST', '/sys/annountCement/add', { titile: '只给一人', msgType: 'USER', msgCategory: '2', userIds: `${user.chenjing.id},` });
    const row = await t.app.ctx.db.selectFrom('sysAnnouncement').select('id').where('titile', '=', '只给一人').executeTakeFirstOrThrow();
    await t.call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${row.id}`);
    expect(JSON.parse(await a.next((m) => m.includes(row.id)))).toEqual({ cmd: 'user', msgId: row.id, msgTxt: '只给一人' });
    // delivery is in order on one instance: once b has the later broadcast, the targeted one would have come first
    t.app.ctx.realtime.broadcast({ cmd: 'topic', msgId: 'after', msgTxt: '' });
    await b.next((m) => m.includes('"after"'));
    expect(b.messages.some((m) => m.includes(row.id))).toBe(false);
  });

  it('several tabs of one user all receive; sendToUser is exposed on the app context', async () => {
    const a1 = await open(`${base}/websocket/${user.yangfan.id}?token=${user.yangfan.token}`);
    const a2 = await open(`${base}/websocket/${user.yangfan.id}?token=${user.yangfan.token}`);
    t.app.ctx.realtime.sendToUser(user.yangfan.id, { cmd: 'user', msgId: 'todo', msgTxt: '待办刷新' });
    for (const s of [a1, a2]) expect(JSON.parse(await s.next((m) => m.includes('todo')))).toMatchObject({ cmd: 'user' });
  });

  it('table socket: heart_beat answered, update_vxe_table broadcast to the other table sockets of the page', async () => {
    const a = await open(`${base}/vxeSocket/${user.chenjing.id}/pageA`, [user.chenjing.token]);
    const b = await open(`${base}/vxeSocket/${user.yangfan.id}/pageA?token=${user.yangfan.token}`);
    a.ws.send(JSON.stringify({ type: 'heart_beat', data: '-test-' }));
    expect(JSON.parse(await a.next((m) => m.includes('heart_beat')))).toEqual({ type: 'heart_beat', data: true });
    a.ws.send('not json');
    const update = { type: 'update_vxe_table', data: { socketKey: 'grid1', args: [{ id: '1', tug_status: 'x' }] } };
    a.ws.send(JSON.stringify(update));
    expect(JSON.parse(await b.next((m) => m.includes('update_vxe_table')))).toEqual(update);
  });

  it('closes the sockets of a session that has ended (logout)', async () => {
    const token = await t.login('chenjing');
    const s = await open(`${base}/websocket/${user.chenjing.id}?token=${token}`);
    const closed = new Promise<number>((resolve) => s.ws.on('close', (code) => resolve(code)));
    expect((await t.call(token, 'POST', '/sys/logout')).body.success).toBe(true);
    expect(await t.app.ctx.realtime.checkSessions()).toBeGreaterThanOrEqual(1);
    expect(await closed).toBe(4001);
    // other sessions of the same user stay connected
    const still = await open(`${base}/websocket/${user.chenjing.id}?token=${user.chenjing.token}`);
    await t.app.ctx.realtime.checkSessions();
    expect(still.ws.readyState).toBe(1);
  });

  it('forgets a closed socket and keeps delivering to the others of the same user', async () => {
    const before = t.app.ctx.realtime.stats();
    const a = await open(`${base}/websocket/${user.yangfan.id}?token=${user.yangfan.token}`);
    const b = await open(`${base}/websocket/${user.yangfan.id}?token=${user.yangfan.token}`);
    expect(t.app.ctx.realtime.stats().userSockets).toBe(before.userSockets + 2);
    const gone = new Promise((resolve) => a.ws.once('close', resolve));
    a.ws.close();
    await gone;
    await waitFor(() => t.app.ctx.realtime.stats().userSockets === before.userSockets + 1);
    t.app.ctx.realtime.sendToUser(user.yangfan.id, { cmd: 'user', msgId: 'after-close', msgTxt: 'x' });
    expect(JSON.parse(await b.next((m) => m.includes('after-close')))).toMatchObject({ cmd: 'user', msgId: 'after-close' });
    b.ws.send('HeartBeat');
    expect(await b.next((m) => m === 'HeartBeat')).toBe('HeartBeat');
  });
});
