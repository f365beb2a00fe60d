import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * A small expiring key-value store for captchas, login throttling and short-lived tokens.
 * SQL-backed by default; Redis-backed when REDIS_URL is set so every instance sees the same keys.
 */
export interface KvStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Reads and deletes in one step (single-use values). */
  take(key: string): Promise<string | null>;
  /** Adds `by` (default 1) to a counter atomically; the time-to-live starts with the first increment. */
  incr(key: string, ttlMs: number, by?: number): Promise<number>;
}

export class SqlKvStore implements KvStore {
  constructor(private readonly db: Database) {}

  async get(key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('kvStore')
      .select(['v', 'expiresAt'])
      .where('k', '=', key)
      .executeTakeFirst();
    if (!row || row.expiresAt <= Date.now()) return null;
    return row.v;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    const expiresAt = Date.now() + ttlMs;
    await this.db
      .insertInto('kvStore')
      .values({ k: key, v: value, expiresAt })
      .onConflict((oc) => oc.column('k').doUpdateSet({ v: value, expiresAt }))
      .execute();
  }

  async del(key: string): Promise<void> {
    await this.db.deleteFrom('kvStore').where('k', '=', key).execute();
  }

  async take(key: string): Promise<string | null> {
    const row = await this.db
      .deleteFrom('kvStore')
      .where('k', '=', key)
      .returning(['v', 'expiresAt'])
      .executeTakeFirst();
    if (!row || row.expiresAt <= Date.now()) return null;
    return row.v;
  }

  /**
   * One upsert statement, atomic on SQLite and PostgreSQL alike (a read-then-write transaction loses
   * updates under READ COMMITTED): a live counter grows by `by`, an expired or missing one restarts.
   */
  async incr(key: string, ttlMs: number, by = 1): Promise<number> {
    const t = Date.now();
    const r = await sql<{ v: string }>`insert into kv_store (k, v, expires_at) values (${key}, ${String(by)}, ${t + ttlMs})
      on conflict (k) do update set
        v = case when kv_store.expires_at > ${t} then cast(cast(kv_store.v as bigint) + cast(${by} as bigint) as varchar(32)) else excluded.v end,
        expires_at = case when kv_store.expires_at > ${t} then kv_store.expires_at else excluded.expires_at end
      returning v`.execute(this.db);
    return Number(r.rows[0]?.v ?? by);
  }

  /** Removes expired rows; run by the session purge job. */
  async purgeExpired(): Promise<number> {
    const r = await this.db.deleteFrom('kvStore').where('expiresAt', '<=', Date.now()).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

export class RedisKvStore implements KvStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'go:kv:',
  ) {}

  get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async del(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  take(key: string): Promise<string | null> {
    return this.redis.getdel(this.prefix + key);
  }

  async incr(key: string, ttlMs: number, by = 1): Promise<number> {
    const k = this.prefix + key;
    const [[, n]] = (await this.redis.multi().incrby(k, by).pexpire(k, ttlMs, 'NX').exec()) as [
      [Error | null, number],
      unknown,
    ];
    return n;
  }
}
