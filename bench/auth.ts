/**
 * Sign-in and permission load under 50 concurrent connections, on SQLite and PostgreSQL, beside a bare
 * Fastify route measured in the same run. Targets: permission load p99 ≤ 15 ms and within 4× of the bare route.
 *
 *   npx tsx bench/auth.ts            (BENCH_SECONDS=10 by default; BENCH_DBS=sqlite,postgres)
 */
import { load, printTable, type LoadResult } from './lib/load.js';
import { startAppServer, startBareServer } from './lib/server.js';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const dbs = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const rows: LoadResult[] = [];

const bare = await startBareServer();
const bareResult = await load('bare Fastify route', { url: `${bare.url}/bare`, duration: seconds });
rows.push(bareResult);
await bare.stop();

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
    rows.push(
      await load(`login (${db})`, {
        url: `${srv.url}/jeecg-boot/sys/login`,
        method: 'POST',
        body: loginBody,
        duration: seconds,
      }),
    );
    const perm = await load(`getUserPermissionByToken (${db})`, {
      url: `${srv.url}/jeecg-boot/sys/permission/getUserPermissionByToken`,
      headers: { 'x-access-token': token },
      duration: seconds,
    });
    rows.push(perm);
  } finally {
    await srv.stop();
  }
}

printTable(rows);
for (const r of rows.filter((x) => x.name.startsWith('getUserPermission'))) {
  console.log(
    `${r.name}: p99 ${r.p99} ms (target ≤ 15), ratio to bare p99 ${(r.p99 / Math.max(1, bareResult.p99)).toFixed(1)}×, ` +
      `throughput ratio bare/perm ${(bareResult.rps / Math.max(1, r.rps)).toFixed(1)}× (target within 4×)`,
  );
}
