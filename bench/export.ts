/**
 * Export of every user (/sys/user/exportXls) as a streamed .xlsx, from the server as the product runs it: the
 * compiled server (`apps/server/dist/main.js`, built first when older than its sources) under plain node, in
 * its own process, on SQLite and PostgreSQL with 100,000 generated users.
 * Prints per database the server's idle RSS (after sign-in, before the export), its peak RSS (VmHWM from
 * /proc/<pid>/status) and the seconds to the last byte, beside the limit measured in the same run: the raw
 * SQL read of the same rows (the same columns, keyset batches of 2,000 by id) from this process. Targets:
 * ≤ 10 s and ≤ 300 MB peak RSS; met / not met.
 *
 *   npx tsx bench/export.ts        (BENCH_DBS=sqlite,postgres; BENCH_USERS=100000)
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../apps/server/src/platform/db/schema.js';
import type { DbHandle } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.js';
import { seedDemo } from '../apps/server/src/seed/index.js';
import { insertBenchUsers, openScratch } from './lib/scratch.js';
import { buildServerIfStale, peakRssMb, rssMb, startAppServer } from './lib/server.js';

const dbs = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const USERS = Number(process.env.BENCH_USERS || 100_000);
const MAX_SECONDS = 10;
const MAX_RSS_MB = 300;

async function generateUsers(h: DbHandle): Promise<void> {
  const t0 = Date.now();
  await insertBenchUsers(h, USERS);
  await sql`ANALYZE`.execute(h.db);
  console.log(`  generated ${USERS} users in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** The limit: the same rows read raw, in the export's batches, from this process. */
async function rawRead(db: Kysely<DB>): Promise<{ rows: number; secs: number }> {
  const t0 = performance.now();
  let rows = 0;
  let last: string | null = null;
  for (;;) {
    let q = db
      .selectFrom('sysUser')
      .select(['id', 'username', 'realname', 'avatar', 'birthday', 'sex', 'email', 'phone', 'orgCode', 'status', 'workNo', 'post', 'telephone', 'userIdentity', 'departIds', 'relTenantIds', 'createBy', 'createTime', 'updateBy', 'updateTime'])
      .where('delFlag', '=', 0);
    if (last) q = q.where('id', '<', last);
    const batch = await q.orderBy('id', 'desc').limit(2000).execute();
    rows += batch.length;
    if (batch.length < 2000) break;
    last = batch[batch.length - 1].id;
  }
  return { rows, secs: (performance.now() - t0) / 1000 };
}

const results: string[][] = [['database', 'path', 'figure', 'limit: raw SQL read of the rows', 'ratio', 'target', 'verdict']];

buildServerIfStale();
for (const kind of dbs) {
  console.log(`\n== ${kind} ==`);
  const scratch = await openScratch(kind, 'export');
  const handle = scratch.handle;
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    await generateUsers(handle);
    const raw = await rawRead(handle.db);
    console.log(`  raw SQL read: ${raw.rows} rows in ${raw.secs.toFixed(2)} s`);

    const dbUrl = kind === 'postgres' ? String((handle.native as { pool: { options: { connectionString: string } } }).pool.options.connectionString) : `${scratch.dir}/app.db`;
    const app = await startAppServer(kind, { DATABASE_URL: dbUrl }, { compiled: true });
    try {
      const login = await fetch(`${app.url}/jeecg-boot/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: '123456' }) });
      const token = ((await login.json()) as { result: { token: string } }).result.token;
      const idle = rssMb(app.pid!);
      const idlePeak = peakRssMb(app.pid!);
      const t0 = performance.now();
      const res = await fetch(`${app.url}/jeecg-boot/sys/user/exportXls`, { headers: { 'x-access-token': token } });
      if (!res.ok) throw new Error(`export answered ${res.status}`);
      let bytes = 0;
      let head: Uint8Array | null = null;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        head ??= chunk;
        bytes += chunk.length;
      }
      const secs = (performance.now() - t0) / 1000;
      const peak = peakRssMb(app.pid!);
      if (!head || Buffer.from(head.subarray(0, 4)).toString('hex') !== '504b0304') throw new Error('the export is not a zip (.xlsx)');
      const met = secs <= MAX_SECONDS && peak <= MAX_RSS_MB;
      const ratio = secs / Math.max(0.01, raw.secs);
      results.push([
        kind,
        `export ${USERS} users (.xlsx ${(bytes / 1048576).toFixed(1)} MB), compiled server process`,
        `${secs.toFixed(2)} s, peak RSS ${peak.toFixed(0)} MB (idle ${idle.toFixed(0)} MB, +${(peak - idle).toFixed(0)} MB)`,
        `${raw.secs.toFixed(2)} s`,
        `${ratio.toFixed(1)}×`,
        `≤ ${MAX_SECONDS} s, ≤ ${MAX_RSS_MB} MB`,
        met ? 'met' : 'not met',
      ]);
      console.log(
        `  export: ${secs.toFixed(2)} s (raw SQL ${raw.secs.toFixed(2)} s, ${ratio.toFixed(1)}×), ${(bytes / 1048576).toFixed(1)} MB; ` +
          `server idle RSS ${idle.toFixed(0)} MB (peak so far ${idlePeak.toFixed(0)} MB), peak RSS ${peak.toFixed(0)} MB; ` +
          `target ≤ ${MAX_SECONDS} s, ≤ ${MAX_RSS_MB} MB: ${met ? 'met' : 'not met'}`,
      );
    } finally {
      await app.stop();
    }
  } finally {
    await scratch.drop();
  }
}

console.log('\n' + results.map((r) => r.join(' | ')).join('\n'));
