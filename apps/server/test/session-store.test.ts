import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisSessionStore, SqlSessionStore, type SessionStore } from '../src/platform/auth/session-store.js';
import { createTestApp, type TestApp } from './helpers.js';

const redisUrl = process.env.TEST_REDIS_URL ?? '';

function session(id: string, userId: string) {
  const now = Date.now();
  return { id, userId, username: 'u', tenantId: null, ip: null, createdAt: now, expiresAt: now + 60_000 };
}

async function revokesAllButOne(store: SessionStore, prefix: string) {
  const user = `${prefix}-user`;
  await store.create(session(`${prefix}-a`, user));
  await store.create(session(`${prefix}-b`, user));
  await store.create(session(`${prefix}-c`, user));
  expect(await store.revokeUser(user, `${prefix}-b`)).toBe(2);
  expect(await store.get(`${prefix}-a`)).toBeNull();
  expect(await store.get(`${prefix}-b`)).not.toBeNull();
  expect(await store.get(`${prefix}-c`)).toBeNull();
  expect(await store.revokeUser(user)).toBe(1);
  expect(await store.get(`${prefix}-b`)).toBeNull();
}

describe("[AUTH] session stores revoke a user's sessions, optionally keeping one", () => {
  let t: TestApp;
  let redis: Redis | null = null;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    if (redisUrl) redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
  });

  it('in SQL', async () => {
    await revokesAllButOne(new SqlSessionStore(t.app.ctx.db), 'sql');
  });

  it.skipIf(!redisUrl)('in Redis', async () => {
    await revokesAllButOne(new RedisSessionStore(redis!, `go:test:${Date.now()}:`), 'redis');
  });
});
