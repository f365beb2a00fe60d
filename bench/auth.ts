/**
 * Permission load and sign-in under 50 concurrent connections, on SQLite and PostgreSQL, each beside a bare
 * Fastify route measured right before it in the same run (the limit). Target: permission load p99 ≤ 15 ms
 * and within 4× of the bare route's p99 and throughput.
 *
 *   npx tsx bench/auth.ts            (BENCH_SECONDS=10 by default; BENCH_DBS=sqlite,postgres)
 *
 * The load comes from wrk when it is installed (`apt-get install wrk`), otherwise from autocannon, whose own
 * cost per gzipped answer bounds the figure (see bench/lib/load.ts). The measured request is the one a
 * browser makes (Accept-Encoding: gzip). Also printed, not part of the
 * target: the same without compression, the conditional reload a browser makes (If-None-Match → 304) and
 * sign-in itself (scrypt-bound, throttled per user after a few attempts, so mostly 429 under load).
 */
import os from 'node:os';
import { load, loadTool, printTable, type LoadResult } from './lib/load.js';
import { startAppServer, startBareServer } from './lib/server.js';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const dbs = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const rows: LoadResult[] = [];
const verdicts: string[] = [];

const bare = await startBareServer();
try {
  for (const db of dbs) {
    const srv = await startAppServer(db);
    try {
      const loginBody = JSON.stringify({ username: 'admin', password: '123456' });
      const first = await fetch(`${srv.url}/jeecg-boot/sys/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
      });
      const token = ((await first.json()) as { result: { token: string } }).result.token;
      const permUrl = `${srv.url}/jeecg-boot/sys/permission/getUserPermissionByToken`;
      const probe = await fetch(permUrl, { headers: { 'x-access-token': token } });
      const etag = probe.headers.get('etag') ?? '';
      const bytes = (await probe.arrayBuffer()).byteLength;

      const limit = await load(`bare Fastify route (before ${db})`, { url: `${bare.url}/bare`, duration: seconds });
      rows.push(limit);
      // As a browser asks: with Accept-Encoding (the payload is sent gzipped).
      const perm = await load(`getUserPermissionByToken (${db}, gzip)`, {
        url: permUrl,
        headers: { 'x-access-token': token, 'accept-encoding': 'gzip, deflate, br' },
        duration: seconds,
      });
      rows.push(perm);
      rows.push(
        await load(`  same, no Accept-Encoding (${db}, ${Math.round(bytes / 1024)} KB)`, {
          url: permUrl,
          headers: { 'x-access-token': token },
          duration: seconds,
        }),
      );
      rows.push(
        await load(`  same, If-None-Match → 304 (${db})`, {
          url: permUrl,
          headers: { 'x-access-token': token, 'if-none-match': etag },
          duration: seconds,
        }),
      );
      rows.push(
        await load(`login (${db})`, { url: `${srv.url}/jeecg-boot/sys/login`, method: 'POST', body: loginBody, duration: seconds }),
      );
      const p99Ratio = perm.p99 / Math.max(0.1, limit.p99);
      const rpsRatio = limit.rps / Math.max(1, perm.rps);
      const met = perm.p99 <= 15 && p99Ratio <= 4 && rpsRatio <= 4 && perm.errors === 0 && perm.non2xx === 0;
      verdicts.push(
        `permission load (${db}): p99 ${perm.p99.toFixed(1)} ms (target ≤ 15), bare p99 ${limit.p99.toFixed(1)} ms → ${p99Ratio.toFixed(1)}×; ` +
          `${perm.rps} req/s vs bare ${limit.rps} req/s → ${rpsRatio.toFixed(1)}× (target within 4×): ${met ? 'MET' : 'NOT MET'}`,
      );
    } finally {
      await srv.stop();
    }
  }
} finally {
  await bare.stop();
}

console.log(`load generator: ${loadTool}${loadTool === 'autocannon' ? ' (install wrk for figures not bound by the client: see bench/lib/load.ts)' : ''}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
printTable(rows);
for (const v of verdicts) console.log(v);
