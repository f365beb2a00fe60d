import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type ServerProcess } from '../platform-faults/server-process.js';
import { dbKinds } from '../helpers.js';

/** Resolves with the exit code once the child process has ended. */
const exited = (s: ServerProcess) =>
  new Promise<number | null>((resolve) => {
    if (!s.alive()) resolve(s.child.exitCode);
    else s.child.once('exit', (code) => resolve(code));
  });

/**
 * SIGTERM on the real server (main.ts in a child process): the download in flight finishes, sockets are
 * told 1001 (going away), idle keep-alive connections do not hold the process, and it exits 0.
 */
describe.each(dbKinds)('[CLUSTER] shutting down on SIGTERM on %s', (kind) => {
  let server: ServerProcess | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  it('finishes the request in flight, closes sockets with 1001 and exits 0', { timeout: 180_000 }, async () => {
    server = await startServer(kind);
    const s = server;
    const login = await fetch(`${s.base}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: '123456' }),
    }).then((r) => r.json() as Promise<{ result: { token: string; userInfo: { id: string } } }>);
    const { token, userInfo } = login.result;

    // A file big enough that its download is still streaming when the signal comes.
    const data = randomBytes(24 * 1024 * 1024);
    const form = new FormData();
    form.append('biz', 'shutdown');
    form.append('file', new Blob([data]), 'big.zip');
    const up = (await (await fetch(`${s.base}/sys/common/upload`, { method: 'POST', headers: { 'x-access-token': token }, body: form })).json()) as {
      success: boolean;
      message: string;
    };
    expect(up.success).toBe(true);

    // An idle keep-alive connection (one finished request) must not keep the server from stopping.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(`${s.base}/actuator/health/liveness`);
    await new Promise<void>((resolve, reject) =>
      http.get(url, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
    );

    const ws = new WebSocket(`${s.base.replace('http:', 'ws:')}/websocket/${userInfo.id}`, [token]);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const closeCode = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

    // The download starts; its reader pauses after the first bytes, so the response is still being sent.
    const download = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${s.base}/sys/common/static/${up.message}`, { headers: { 'x-access-token': token } }, resolve).on('error', reject),
    );
    download.pause();
    const exit = exited(s);
    s.child.kill('SIGTERM');

    expect(await closeCode).toBe(1001);
    // The process waits for the download: it is still running while the response is unfinished.
    expect(s.alive()).toBe(true);
    let received = 0;
    download.on('data', (chunk: Buffer) => (received += chunk.length));
    const ended = new Promise<void>((resolve, reject) => download.once('end', resolve).once('error', reject));
    download.resume();
    await ended;
    expect(download.statusCode).toBe(200);
    expect(received).toBe(data.length);
    expect(await exit).toBe(0);
    agent.destroy();
  });
});
