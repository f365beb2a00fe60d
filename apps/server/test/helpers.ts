import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Envelope as WireEnvelope } from '@go/contract';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { testConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type DbKind } from '../src/platform/db/database.js';
import { withDatabase } from './global-setup.js';

/** The database kinds this run tests against: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dbKinds: DbKind[] = inject('pgTemplate') ? ['sqlite', 'postgres'] : ['sqlite'];

let counter = 0;

export interface TestApp {
  app: App;
  kind: DbKind;
  /** Signs in (captcha off) and returns the token. */
  login(username?: string, password?: string): Promise<string>;
  /** inject() with the token header set. */
  call(
    token: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Envelope; raw: string; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** Test answers are read loosely: the envelope of the contract with an untyped result. */
export type Envelope<T = any> = WireEnvelope<T>;

/**
 * A fresh PostgreSQL database copied from the run's seeded template (`tag` makes its name unique in the
 * file); `drop()` removes it.
 */
export async function copyPostgresTemplate(tag: string = String(++counter)): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `go_t_${inject('runId')}_${process.pid}_${tag}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
        break;
      } catch (err) {
        // Another worker may be copying the template at this moment.
        if (attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(adminUrl, name),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * `count` instances of one cluster: applications on one fresh PostgreSQL copy sharing Redis, each listening
 * on its own port when `listen` is set (sockets), else only ready (inject). `close()` ends them all and
 * drops the copy.
 */
export async function createCluster(
  count: number,
  opts: { redisUrl: string; listen?: boolean; tag?: string },
): Promise<{ apps: App[]; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-cluster-'));
  const copy = await copyPostgresTemplate(opts.tag ?? `cluster${++counter}`);
  const apps: App[] = [];
  for (let i = 0; i < count; i++) {
    const config = testConfig({ dataDir: dir, databaseUrl: copy.url, redisUrl: opts.redisUrl });
    const app = await buildApp({ config, database: openDatabase(copy.url, dir), prepare: false, logger: false });
    if (opts.listen) await app.listen({ port: 0, host: '127.0.0.1' });
    else await app.ready();
    apps.push(app);
  }
  return {
    apps,
    async close() {
      for (const a of apps) await a.close();
      rmSync(dir, { recursive: true, force: true });
      await copy.drop();
    },
  };
}

/**
 * A fresh, seeded application on its own copy of the template database.
 * `overrides` adjust the config (e.g. `{ loginCaptcha: true }`).
 */
export async function createTestApp(kind: DbKind = 'sqlite', overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-app-'));
  let cleanup: () => Promise<void>;
  let handle;
  if (kind === 'sqlite') {
    const file = path.join(dir, 'app.db');
    copyFileSync(inject('sqliteTemplate'), file);
    handle = openDatabase(file, dir);
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const copy = await copyPostgresTemplate();
    handle = openDatabase(copy.url, dir);
    cleanup = async () => {
      rmSync(dir, { recursive: true, force: true });
      await copy.drop();
    };
  }
  const config = testConfig({ dataDir: dir, uploadDir: path.join(dir, 'upload'), ...overrides });
  const app = await buildApp({ config, database: handle, prepare: false, logger: false });
  await app.ready();

  const call: TestApp['call'] = async (token, method, url, body, headers = {}) => {
    const res = await app.inject({
      method,
      url: url.startsWith('/jeecg-boot') ? url : `/jeecg-boot${url}`,
      headers: { ...(token ? { 'x-access-token': token } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    let parsed: Envelope;
    try {
      parsed = res.json();
    } catch {
      parsed = { success: false, message: res.body, code: res.statusCode, result: null, timestamp: 0 };
    }
    return { status: res.statusCode, body: parsed, raw: res.body, headers: res.headers };
  };

  return {
    app,
    kind,
    call,
    async login(username = 'admin', password = '123456') {
      const r = await call(null, 'POST', '/sys/login', { username, password });
      if (!r.body.success) throw new Error(`login ${username} failed: ${r.body.message}`);
      return r.body.result.token as string;
    },
    async close() {
      await app.close();
      await cleanup();
    },
  };
}
