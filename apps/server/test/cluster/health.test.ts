import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startDraining } from '../../src/modules/health/health.routes.js';
import { startS3, type TestS3 } from '../files/s3-server.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

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
    expect(await probe(onS3, '/readiness')).toEqual({ status: 200, body: { status: 'UP' } });
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
      expect(await probe(t, '/readiness')).toEqual({ status: 200, body: { status: 'UP' } });
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
      await t.close();
    }
  });
});
