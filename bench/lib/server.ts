import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  /** the server's process id (for /proc/<pid>/status) */
  pid?: number;
  stop(): Promise<void>;
}

/** Peak resident set size (VmHWM) of a process so far, in MB, from /proc/<pid>/status. */
export function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Resident set size (VmRSS) of a process now, in MB, from /proc/<pid>/status. */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function waitFor(url: string, child: ChildProcess, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url}`);
}

/** The compiled server (`npm run build -w apps/server`), as `npm start` serves it. */
export const compiledServerMain = path.join(root, 'apps/server/dist/main.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Builds the server with its own build (tsup) unless apps/server/dist/main.js is newer than every source
 * file of the server and the contract. The build runs under /tmp/e2e.lock, the lock the browser journeys
 * build under, so a build in progress there is never read half-written.
 */
export function buildServerIfStale(): void {
  const sources = Math.max(newestMtime(path.join(root, 'apps/server/src')), newestMtime(path.join(root, 'packages/contract/src')));
  if (existsSync(compiledServerMain) && statSync(compiledServerMain).mtimeMs > sources) return;
  console.log('  building the server (npm run build -w apps/server)');
  execFileSync('flock', ['/tmp/e2e.lock', 'npm', 'run', 'build', '-w', 'apps/server'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * Starts the application server in a child process on a fresh data directory: from source under tsx by
 * default, or with `compiled: true` the built `apps/server/dist/main.js` under plain node, as the product runs
 * (call `buildServerIfStale` first).
 * `database: 'postgres'` creates a scratch database on BENCH_DATABASE_URL / TEST_DATABASE_URL and drops it on stop,
 * unless `env.DATABASE_URL` names an existing database (SQLite file or PostgreSQL URL) to serve instead.
 */
export async function startAppServer(
  database: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
  opts: { compiled?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'go-bench-'));
  let dbUrl = '';
  let dropDb: (() => Promise<void>) | null = null;
  if (database === 'postgres' && !env.DATABASE_URL) {
    const admin = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
    const name = `go_bench_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = '/' + name;
    dbUrl = u.toString();
    dropDb = async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    };
  }
  const args = opts.compiled ? [compiledServerMain] : ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      LOGIN_CAPTCHA: 'off',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/jeecg-boot/actuator/health`, child);
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (dropDb) await dropDb();
    },
  };
}

/** A bare Fastify server with one JSON route, as the yardstick for framework overhead. */
export async function startBareServer(): Promise<RunningServer> {
  const port = await freePort();
  const code = `
    const Fastify = require('fastify');
    const app = Fastify();
    app.get('/bare', async () => ({ success: true, code: 200, result: { ok: true }, timestamp: Date.now() }));
    app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/bare`, child);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
