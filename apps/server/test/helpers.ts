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
    const adminUrl = inject('pgAdminUrl');
    const name = `go_t_${inject('runId')}_${process.pid}_${++counter}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
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
    await admin.end();
    handle = openDatabase(withDatabase(adminUrl, name), dir);
    cleanup = async () => {
      rmSync(dir, { recursive: true, force: true });
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
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
