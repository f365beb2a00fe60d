import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { SecretMismatchError, settleSharedSecrets } from '../../src/platform/crypto/shared-secrets.js';
import { openDatabase, type DbHandle, type DbKind } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';
import { copyPostgresTemplate, dbKinds } from '../helpers.js';

const dirs: string[] = [];
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of dropped) await d();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'go-secrets-'));
  dirs.push(d);
  return d;
};

let counter = 0;

/** A fresh database of the kind (a copy of the seeded template): its URL as DATABASE_URL would give it. */
async function freshDatabase(kind: DbKind): Promise<string> {
  if (kind === 'sqlite') {
    const file = path.join(tmp(), 'app.db');
    copyFileSync(inject('sqliteTemplate'), file);
    return file;
  }
  const copy = await copyPostgresTemplate(`sec_${++counter}`);
  dropped.push(copy.drop);
  return copy.url;
}

const baseEnv = { LOG_LEVEL: 'silent', LOGIN_CAPTCHA: 'off', SEED_DEMO: 'off', NODE_ENV: 'test', WEB_DIST: '/nonexistent' };

/** Starts an instance the way main.ts does: its own DATA_DIR, the database, the stored secrets, then the app. */
async function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<App> {
  const config = loadConfig({ ...baseEnv, DATABASE_URL: databaseUrl, DATA_DIR: tmp(), ...env });
  const database = openDatabase(config.databaseUrl, config.dataDir);
  try {
    await migrateToLatest(database.db);
    if (config.sharedSecrets) await settleSharedSecrets(database.db, database.kind, config);
  } catch (err) {
    await database.close();
    throw err;
  }
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

describe.each(dbKinds)('[AUTH] secrets stored in the database on %s', (kind) => {
  it('concurrent first starts create exactly one set, which every instance then uses', async () => {
    const url = await freshDatabase(kind);
    const handles: DbHandle[] = Array.from({ length: 4 }, () => openDatabase(url, tmp()));
    try {
      // each instance has its own generated candidates
      const configs = handles.map(() => loadConfig({ ...baseEnv, DATA_DIR: tmp() }));
      expect(new Set(configs.map((c) => c.jwtSecret)).size).toBe(4);
      const candidates = configs.map((c) => [c.jwtSecret, c.signatureSecret, c.aesKey, c.aesIv]);
      const sets = await Promise.all(handles.map((h, i) => settleSharedSecrets(h.db, h.kind, configs[i])));
      for (const s of sets) expect(s).toEqual(sets[0]);
      for (const c of configs) {
        expect([c.jwtSecret, c.signatureSecret, c.aesKey, c.aesIv]).toEqual([sets[0].JWT_SECRET, sets[0].SIGNATURE_SECRET, sets[0].AES_KEY, sets[0].AES_IV]);
      }
      const rows = await handles[0].db.withTables<{ sysSecret: { name: string; value: string } }>().selectFrom('sysSecret').select(['name', 'value']).execute();
      expect(rows.map((r) => r.name).sort()).toEqual(['AES_IV', 'AES_KEY', 'JWT_SECRET', 'SIGNATURE_SECRET']);
      // one instance's candidates won, as a whole set
      expect(candidates).toContainEqual([sets[0].JWT_SECRET, sets[0].SIGNATURE_SECRET, sets[0].AES_KEY, sets[0].AES_IV]);
    } finally {
      for (const h of handles) await h.close();
    }
  });

  it('an explicit secret that differs from the stored one is refused by name, never by value', async () => {
    const url = await freshDatabase(kind);
    const first = openDatabase(url, tmp());
    const second = openDatabase(url, tmp());
    try {
      await settleSharedSecrets(first.db, first.kind, loadConfig({ ...baseEnv, DATA_DIR: tmp() }));
      const other = loadConfig({ ...baseEnv, DATA_DIR: tmp(), JWT_SECRET: 'a-different-jwt-secret-0123456789abcdef' });
      const refusal = await settleSharedSecrets(second.db, second.kind, other).catch((e: Error) => e);
      expect(refusal).toBeInstanceOf(SecretMismatchError);
      expect((refusal as Error).message).toMatch(/^JWT_SECRET differs from the secret stored in the database/);
      expect((refusal as Error).message).not.toContain('a-different-jwt-secret');
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe.runIf(dbKinds.includes('postgres'))('[AUTH] instances on one PostgreSQL database', () => {
  it('share the generated secrets with no operator step: a token of one is accepted by the other', async () => {
    const url = await freshDatabase('postgres');
    const a = await startInstance(url);
    const b = await startInstance(url);
    try {
      expect(a.ctx.config.jwtSecret).toBe(b.ctx.config.jwtSecret);
      expect(a.ctx.config.aesKey).toBe(b.ctx.config.aesKey);
      // nothing is written next to either instance: the database holds the set
      expect(existsSync(path.join(a.ctx.config.dataDir, 'secrets.json'))).toBe(false);
      const login = await a.inject({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: 'admin', password: '123456' } });
      const token = login.json().result.token as string;
      expect(token).toBeTruthy();
      const me = await b.inject({ method: 'GET', url: '/jeecg-boot/sys/user/getCurrentUserDeparts', headers: { 'x-access-token': token } });
      expect(me.json()).toMatchObject({ success: true });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('an instance with a different explicit JWT_SECRET refuses to start, naming JWT_SECRET; the stored value still wins elsewhere', async () => {
    const url = await freshDatabase('postgres');
    const a = await startInstance(url, { JWT_SECRET: 'the-cluster-jwt-secret-0123456789abcdefghij' });
    try {
      const refused = await startInstance(url, { JWT_SECRET: 'another-jwt-secret-0123456789abcdefghijkl' }).catch((e: Error) => e);
      expect(refused).toBeInstanceOf(SecretMismatchError);
      expect((refused as Error).message).toContain('JWT_SECRET differs from the secret stored in the database');
      expect((refused as Error).message).not.toContain('another-jwt-secret');
      // an instance without the setting takes the one the first instance stored
      const c = await startInstance(url);
      try {
        expect(c.ctx.config.jwtSecret).toBe('the-cluster-jwt-secret-0123456789abcdefghij');
      } finally {
        await c.close();
      }
    } finally {
      await a.close();
    }
  });
});
