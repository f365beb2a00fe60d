/**
 * The stock client's user socket: v3.3+ opens `/websocket/{userId}` with the token as the WebSocket
 * sub-protocol (accepted, the protocol echoed); v3.0–3.2 opens it without any token (refused: 401).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { openSocket, type TestSocket } from '../realtime/ws-client.js';

describe.each(dbKinds)('[STOCK] /websocket/{userId} on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/jeecg-boot`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  it('accepts the token as sub-protocol and refuses the tokenless form', async () => {
    const token = await t.login('lina');
    const id = (await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'lina').executeTakeFirstOrThrow()).id;
    const s = await openSocket(`${base}/websocket/${id}`, [token]);
    sockets.push(s);
    expect(s.ws.protocol).toBe(token);
    s.ws.send('HeartBeat');
    expect(await s.next((m) => m === 'HeartBeat')).toBe('HeartBeat');
    t.app.ctx.realtime.sendToUsers([id], { cmd: 'user', msgId: 'm1', msgTxt: '到达' });
    expect(JSON.parse(await s.next((m) => m.includes('m1')))).toEqual({ cmd: 'user', msgId: 'm1', msgTxt: '到达' });
    await expect(openSocket(`${base}/websocket/${id}`)).rejects.toThrow(/refused 401/);
    await expect(openSocket(`${base}/websocket/${id}`, ['not-a-token'])).rejects.toThrow(/refused 401/);
  });
});
