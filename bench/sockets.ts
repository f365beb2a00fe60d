/**
 * 5,000 concurrent user sockets on one instance (loopback): the server's resident memory, and the time
 * from publishing a notice (doReleaseData) until 99 % (and 100 %) of the sockets have its push.
 * Targets: broadcast to 99 % ≤ 1 s, server RSS ≤ 500 MB.
 *
 *   npx tsx bench/sockets.ts        (BENCH_SOCKETS=5000, BENCH_ROUNDS=3, BENCH_DB=sqlite|postgres)
 */
import os from 'node:os';
import WebSocket from 'ws';
import { startAppServer } from './lib/server.js';

const N = Number(process.env.BENCH_SOCKETS || 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 4);
const DB = (process.env.BENCH_DB || 'sqlite') as 'sqlite' | 'postgres';
const CONNECT_BATCH = 250;
const BROADCAST_TIMEOUT_MS = 30_000;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

const srv = await startAppServer(DB);
const sockets: WebSocket[] = [];
try {
  const api = `${srv.url}/jeecg-boot`;
  const login = await fetch(`${api}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: '123456' }),
  });
  const { result } = (await login.json()) as { result: { token: string; userInfo: { id: string } } };
  const token = result.token;
  const userId = result.userInfo.id;
  const get = async <T>(path: string): Promise<T> => {
    const r = await fetch(`${api}${path}`, { headers: { 'x-access-token': token } });
    return (await r.json()) as T;
  };
  const rss = async () => (await get<{ result: { process: { rss: number } } }>('/sys/actuator/server/info')).result.process.rss;

  const rssIdle = await rss();
  const wsUrl = `${api.replace('http', 'ws')}/websocket/${userId}?token=${token}`;
  const arrivals: number[][] = [];
  const t0 = performance.now();
  for (let i = 0; i < N; i += CONNECT_BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(CONNECT_BATCH, N - i) }, (_v, k) => {
        const idx = i + k;
        return new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(wsUrl);
          ws.on('open', () => resolve());
          ws.on('error', reject);
          ws.on('message', () => {
            (arrivals[idx] ??= []).push(performance.now());
          });
          sockets.push(ws);
        });
      }),
    );
  }
  const connectMs = performance.now() - t0;
  const rssConnected = await rss();

  const results: { p99: number; all: number; received: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const title = `压测广播 ${round + 1}`;
    await fetch(`${api}/sys/annountCement/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': token },
      body: JSON.stringify({ titile: title, msgContent: '<p>bench</p>' }),
    });
    const list = await get<{ result: { records: { id: string; titile: string }[] } }>(
      `/sys/annountCement/list?titile=${encodeURIComponent(title)}&pageSize=1`,
    );
    const id = list.result.records[0].id;
    for (let i = 0; i < N; i++) arrivals[i] = [];
    const start = performance.now();
    await get(`/sys/annountCement/doReleaseData?id=${id}`);
    const need99 = Math.ceil(N * 0.99);
    let p99 = NaN;
    while (performance.now() - start < BROADCAST_TIMEOUT_MS) {
      const got = arrivals.filter((a) => a.length > 0).length;
      if (Number.isNaN(p99) && got >= need99) p99 = performance.now() - start;
      if (got >= N) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const times = arrivals.filter((a) => a.length > 0).map((a) => a[0] - start).sort((x, y) => x - y);
    const received = times.length;
    // p99 from the recorded arrival times (the polling above only bounds the wait)
    const p99Exact = received >= need99 ? times[need99 - 1] : NaN;
    results.push({ p99: Number.isNaN(p99Exact) ? p99 : p99Exact, all: received === N ? times[N - 1] : NaN, received });
  }
  const rssAfter = await rss();

  console.log(`sockets: ${N} on one instance (${DB}), connected in ${(connectMs / 1000).toFixed(2)} s`);
  console.log(`server RSS: idle ${mb(rssIdle)}, with ${N} sockets ${mb(rssConnected)}, after ${ROUNDS} broadcasts ${mb(rssAfter)}`);
  results.forEach((r, i) =>
    console.log(
      `broadcast ${i + 1}: 99 % in ${r.p99.toFixed(0)} ms, 100 % in ${Number.isNaN(r.all) ? 'n/a' : `${r.all.toFixed(0)} ms`} (${r.received}/${N} received; includes the HTTP publish call)`,
    ),
  );
  // The first broadcast runs cold (JIT, first writes on every socket); the target is judged on the warm ones.
  const warm = results.length > 1 ? results.slice(1) : results;
  const worst = Math.max(...warm.map((r) => r.p99));
  const median = [...warm.map((r) => r.p99)].sort((a, b) => a - b)[Math.floor(warm.length / 2)];
  console.log(`warm broadcasts: median 99 % in ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
  console.log(`target: 99 % ≤ 1000 ms → ${worst <= 1000 ? 'met' : 'NOT met'}; RSS ≤ 500 MB → ${rssAfter <= 500 * 1024 * 1024 ? 'met' : 'NOT met'}`);
} finally {
  for (const ws of sockets) ws.terminate();
  await srv.stop();
}
