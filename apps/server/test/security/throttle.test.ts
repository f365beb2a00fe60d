import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisKvStore, SqlKvStore } from '../../src/platform/kv/kv-store.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { Redis } from 'ioredis';

const TOO_MANY = '登录失败次数过多，请稍后再试';

describe.each(dbKinds)('[SECURITY] login throttle on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finding 3: 40 concurrent wrong passwords: only 5 are checked, the rest refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: 'xuming', password: 'wrong-password' } }),
      ),
    );
    const messages = answers.map((r) => (r.json() as { message: string }).message);
    expect(messages.filter((m) => m === '用户名或密码错误')).toHaveLength(5);
    expect(messages.filter((m) => m === TOO_MANY)).toHaveLength(35);
    // The right password is refused too until the window passes.
    const right = await t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: 'xuming', password: '123456' } });
    expect(right.json().message).toBe(TOO_MANY);
    // A case variant of the name shares the counter.
    const upper = await t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: 'XUMING', password: 'x' } });
    expect(upper.json().message).toBe(TOO_MANY);
  });

  it('finding 3: the SQL counter is atomic (40 concurrent increments count 40)', async () => {
    const kv = new SqlKvStore(t.app.ctx.db);
    const results = await Promise.all(Array.from({ length: 40 }, () => kv.incr('test:atomic', 60_000)));
    expect(await kv.get('test:atomic')).toBe('40');
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await kv.incr('test:atomic', 60_000, -1)).toBe(39);
    // An expired counter restarts.
    await kv.set('test:expired', '17', -1);
    expect(await kv.incr('test:expired', 60_000)).toBe(1);
  });

  it('finding 3: a forged X-Forwarded-For neither resets the per-IP limit nor reaches the log (TRUST_PROXY off)', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/jeecg-boot/sys/login',
        headers: { 'x-forwarded-for': `10.9.${i}.1` },
        remoteAddress: '192.0.2.7',
        payload: { username: `nobody${i}`, password: 'x' },
      });
      answers.push(r.json().message);
    }
    expect(answers.slice(0, 30).every((m) => m !== TOO_MANY)).toBe(true);
    expect(answers[30]).toBe(TOO_MANY);
    const logged = await t.app.ctx.db.selectFrom('sysLog').select('ip').where('ip', 'like', '10.9.%').execute();
    expect(logged).toEqual([]);
  });
});

describe.each(dbKinds)('[SECURITY] TRUST_PROXY set to the proxy address on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { trustProxy: '192.0.2.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('believes X-Forwarded-For only from the configured proxy', async () => {
    const login = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/login', headers: { 'x-forwarded-for': '198.51.100.9' }, remoteAddress, payload: { username: 'admin', password: '123456' } });
    expect((await login('192.0.2.1')).json().success).toBe(true);
    expect((await login('192.0.2.50')).json().success).toBe(true);
    const ips = (await t.app.ctx.db.selectFrom('sysLog').select('ip').where('logType', '=', 1).execute()).map((r) => r.ip);
    expect(ips).toContain('198.51.100.9');
    expect(ips).toContain('192.0.2.50');
    expect(ips).not.toContain('192.0.2.1');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('[SECURITY] Redis counter', () => {
  it('finding 3: 40 concurrent increments count 40 and can be returned', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      const kv = new RedisKvStore(redis, `test:${process.pid}:${Date.now()}:`);
      await Promise.all(Array.from({ length: 40 }, () => kv.incr('n', 60_000)));
      expect(await kv.get('n')).toBe('40');
      expect(await kv.incr('n', 60_000, -1)).toBe(39);
      await kv.del('n');
    } finally {
      redis.disconnect();
    }
  });
});
