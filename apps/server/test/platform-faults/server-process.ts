import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { copyPostgresTemplate } from '../helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

/** The real server (`apps/server/src/main.ts` under tsx) in a child process, on its own database copy. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** The database the server uses (PostgreSQL only). */
  databaseName: string | null;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  call(method: string, url: string, token?: string | null, body?: unknown): Promise<{ status: number; body: any; raw: string; headers: Headers }>;
  login(username?: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

let counter = 0;

/**
 * Starts the server on a copy of the seeded template database (SQLite file, or a PostgreSQL database made
 * from the template). `preload` modules run in the child before main.ts (test-only routes, see fault-routes.ts).
 */
export async function startServer(kind: 'sqlite' | 'postgres', opts: { preload?: string[]; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'go-faults-'));
  let databaseUrl = '';
  let databaseName: string | null = null;
  let copy: Awaited<ReturnType<typeof copyPostgresTemplate>> | null = null;
  if (kind === 'sqlite') {
    copyFileSync(inject('sqliteTemplate'), path.join(dataDir, 'app.db'));
  } else {
    copy = await copyPostgresTemplate(`faults${++counter}`);
    databaseName = copy.name;
    databaseUrl = copy.url;
  }
  const port = await freePort();
  const args = ['--import', 'tsx', ...(opts.preload ?? []).flatMap((p) => ['--import', p]), MAIN];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      LOGIN_CAPTCHA: 'off',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      VITEST: '',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}/jeecg-boot`;
  const alive = () => child.exitCode === null && child.signalCode === null;

  const call: ServerProcess['call'] = async (method, url, token, body) => {
    const res = await fetch(url.startsWith('http') ? url : `${base}${url}`, {
      method,
      headers: { ...(token ? { 'x-access-token': token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const raw = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, raw, headers: res.headers };
  };

  const stop = async () => {
    if (alive()) {
      child.kill('SIGTERM');
      for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
      if (alive()) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
    await copy?.drop();
  };

  const started = Date.now();
  for (;;) {
    if (!alive()) {
      await stop();
      throw new Error(`server exited during start:\n${out}`);
    }
    try {
      const r = await fetch(`${base}/actuator/health`);
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 90_000) {
      await stop();
      throw new Error(`server not healthy after 90 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    base,
    child,
    databaseName,
    output: () => out,
    alive,
    call,
    async login(username = 'admin', password = '123456') {
      const r = await call('POST', '/sys/login', null, { username, password });
      if (!r.body?.success) throw new Error(`login ${username} failed: ${r.raw}`);
      return r.body.result.token as string;
    },
    stop,
  };
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function eventually(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 100));
  }
}
