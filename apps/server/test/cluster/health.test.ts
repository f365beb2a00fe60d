import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startDraining } from '../../src/modules/health/health.routes.js';
import { startS3, type TestS3 } from '../files/s3-server.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const redisUrl = process.env.TEST_REDIS_URL ?? '';

/** A TCP relay to Redis that can be cut (every connection dropped, the port closed) and opened again. */
async function redisRelay(target: URL) {
  const open = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        open.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of open) s.destroy();
      open.clear();
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  return { url: () => `redis://127.0.0.1:${port}${target.pathname}`, cut, restore: listen };
}

/** Readiness once the dependency is back: clients reconnect on their own (a few probes at most), no restart. */
async function readyAgain(t: TestApp): Promise<number> {
  let status = 0;
  for (let i = 0; i < 60 && status !== 200; i++) {
    status = (await probe(t, '/readiness')).status;
    if (status !== 200) await new Promise((r) => setTimeout(r, 250));
  }
  return status;
}

const probe = async (t: TestApp, which: '' | '/liveness' | '/readiness') => {
  const res = await t.app.inject({ method: 'GET', url: `/jeecg-boot/actuator/health${which}` });
  return { status: res.statusCode, body: res.json() };
};

describe.each(dbKinds)('[CLUSTER] health, liveness and readiness on %s', (kind) => {
  let s3: TestS3;
  let local: TestApp;
  let onS3: TestApp;

  beforeAll(async () => {
    s3 = await startS3();
    local = await createTestApp(kind);
    onS3 = await createTestApp(kind, { fileStorage: 's3', s3: s3.settings });
  });
  afterAll(async () => {
    await local?.close();
    await onS3?.close();
    await s3?.close();
  });

  it('reports the database, Redis and the storage separately; liveness and readiness are public', async () => {
    expect(await probe(local, '')).toEqual({
      status: 200,
      body: {
        status: 'UP',
        components: {
          db: { status: 'UP', details: { database: kind === 'postgres' ? 'PostgreSQL' : 'SQLite' } },
          redis: { status: 'NOT_CONFIGURED' },
          storage: { status: 'UP', details: { type: 'local' } },
        },
      },
    });
    expect((await probe(onS3, '')).body.components.storage).toEqual({ status: 'UP', details: { type: 's3' } });
    expect(await probe(local, '/liveness')).toEqual({ status: 200, body: { status: 'UP' } });
    expect(await probe(onS3, '/readiness')).toEqual({ status: 200, body: { status: 'UP' } });
  });

  it('readiness answers 503 while the S3 server is stopped and 200 again once it is back; liveness stays 200', async () => {
    await s3.stop();
    try {
      expect(await probe(onS3, '/readiness')).toEqual({ status: 503, body: { status: 'DOWN' } });
      const health = await probe(onS3, '');
      expect(health.status).toBe(503);
      expect(health.body.components.storage).toEqual({ status: 'DOWN', details: { type: 's3' } });
      expect(health.body.components.db.status).toBe('UP');
      expect(await probe(onS3, '/liveness')).toEqual({ status: 200, body: { status: 'UP' } });
    } finally {
      await s3.start();
    }
    expect(await readyAgain(onS3)).toBe(200);
  });

  it('readiness answers 503 once the instance starts shutting down', async () => {
    const t = await createTestApp(kind);
    try {
      expect((await probe(t, '/readiness')).status).toBe(200);
      startDraining(t.app.ctx);
      expect(await probe(t, '/readiness')).toEqual({ status: 503, body: { status: 'DOWN' } });
      expect((await probe(t, '/liveness')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('readiness answers 503 when the database is closed', async () => {
    const t = await createTestApp(kind);
    await t.app.dbHandle.close();
    try {
      expect(await probe(t, '/readiness')).toEqual({ status: 503, body: { status: 'DOWN' } });
      expect((await probe(t, '')).body.components.db.status).toBe('DOWN');
      expect((await probe(t, '/liveness')).status).toBe(200);
    } finally {
      await t.close().catch(() => undefined);
    }
  });

  it.skipIf(kind !== 'postgres')('readiness answers 503 while PostgreSQL refuses connections and 200 once it accepts them again', async () => {
    const t = await createTestApp(kind);
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(t.app.ctx.db)).rows[0].name;
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      expect(await probe(t, '/readiness')).toEqual({ status: 503, body: { status: 'DOWN' } });
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      expect(await readyAgain(t)).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
      await t.close();
    }
  });

  it.skipIf(!redisUrl)('readiness answers 503 while the configured Redis is unreachable and 200 once it answers again', async () => {
    const relay = await redisRelay(new URL(redisUrl));
    const t = await createTestApp(kind, { redisUrl: relay.url() });
    try {
      expect(await probe(t, '/readiness')).toEqual({ status: 200, body: { status: 'UP' } });
      expect((await probe(t, '')).body.components.redis).toEqual({ status: 'UP' });
      await relay.cut();
      expect(await probe(t, '/readiness')).toEqual({ status: 503, body: { status: 'DOWN' } });
      expect((await probe(t, '')).body.components.redis).toEqual({ status: 'DOWN' });
      await relay.restore();
      expect(await readyAgain(t)).toBe(200);
    } finally {
      await t.close();
      await relay.cut();
    }
  });
});

describe('[CLUSTER] FILE_STORAGE settings', () => {
  it('defaults to the local folder, reads the S3 settings, and refuses s3 without a bucket or an unknown kind', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'go-cfg-'));
    const env = (more: Record<string, string> = {}) => ({ DATA_DIR: dir, ...more });
    expect(loadConfig(env()).fileStorage).toBe('local');
    expect(
      loadConfig(env({ FILE_STORAGE: 's3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'files', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' })).s3,
    ).toEqual({ endpoint: 'http://minio:9000', bucket: 'files', region: 'us-east-1', accessKey: 'k', secretKey: 's', forcePathStyle: true });
    expect(loadConfig(env({ FILE_STORAGE: 's3', S3_BUCKET: 'files', S3_REGION: 'eu-west-1' })).s3?.forcePathStyle).toBe(false);
    expect(() => loadConfig(env({ FILE_STORAGE: 's3' }))).toThrow('FILE_STORAGE=s3 needs S3_BUCKET');
    expect(() => loadConfig(env({ FILE_STORAGE: 'ftp' }))).toThrow('FILE_STORAGE must be local or s3');
    rmSync(dir, { recursive: true, force: true });
  });
});
