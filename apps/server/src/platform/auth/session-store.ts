import type { Redis } from 'ioredis';
import type { Database } from '../db/database.js';

export interface SessionRecord {
  id: string;
  userId: string;
  username: string;
  tenantId: number | null;
  ip: string | null;
  /** the browser's User-Agent at sign-in (online-user list) */
  userAgent?: string | null;
  createdAt: number;
  expiresAt: number;
  /** last request made with the session (ms), recorded at most once a minute */
  lastSeenAt?: number | null;
}

declare module '../db/schema.js' {
  interface SysSession {
    userAgent: string | null;
    lastSeenAt: number | null;
  }
}

/** How often a session's last activity is written (at most once per this interval per session). */
export const TOUCH_INTERVAL_MS = 60_000;

export interface SessionPage {
  records: SessionRecord[];
  total: number;
}

/** Server-side sessions behind the tokens, so logout, freezing and password changes revoke them. */
export interface SessionStore {
  create(s: SessionRecord): Promise<void>;
  get(id: string): Promise<SessionRecord | null>;
  revoke(id: string): Promise<boolean>;
  /** Revokes every session of a user, except `keepSessionId` when given. */
  revokeUser(userId: string, keepSessionId?: string): Promise<number>;
  purgeExpired(): Promise<number>;
  /** Live sessions, newest sign-in first; `userIds` narrows to those users (company scope). */
  list(opts: { offset: number; limit: number; userIds?: string[] }): Promise<SessionPage>;
  /** Records activity on a live session (never revives a revoked one). */
  touch(id: string, at: number): Promise<void>;
}

export class SqlSessionStore implements SessionStore {
  constructor(private readonly db: Database) {}

  async create(s: SessionRecord): Promise<void> {
    await this.db
      .insertInto('sysSession')
      .values({ ...s, userAgent: s.userAgent ?? null, lastSeenAt: s.lastSeenAt ?? s.createdAt })
      .execute();
  }

  async get(id: string): Promise<SessionRecord | null> {
    const row = await this.db.selectFrom('sysSession').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.expiresAt <= Date.now()) return null;
    return row;
  }

  async revoke(id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('sysSession').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async revokeUser(userId: string, keepSessionId?: string): Promise<number> {
    let q = this.db.deleteFrom('sysSession').where('userId', '=', userId);
    if (keepSessionId) q = q.where('id', '!=', keepSessionId);
    const r = await q.executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async purgeExpired(): Promise<number> {
    const r = await this.db.deleteFrom('sysSession').where('expiresAt', '<=', Date.now()).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async list(opts: { offset: number; limit: number; userIds?: string[] }): Promise<SessionPage> {
    if (opts.userIds && opts.userIds.length === 0) return { records: [], total: 0 };
    let q = this.db.selectFrom('sysSession').where('expiresAt', '>', Date.now());
    if (opts.userIds) q = q.where('userId', 'in', opts.userIds);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const records = await q.selectAll().orderBy('createdAt', 'desc').orderBy('id').offset(opts.offset).limit(opts.limit).execute();
    return { records: records.map((r) => ({ ...r, createdAt: Number(r.createdAt), expiresAt: Number(r.expiresAt), lastSeenAt: r.lastSeenAt == null ? null : Number(r.lastSeenAt) })), total: Number(total?.n ?? 0) };
  }

  async touch(id: string, at: number): Promise<void> {
    await this.db.updateTable('sysSession').set({ lastSeenAt: at }).where('id', '=', id).execute();
  }
}

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'go:session:',
  ) {}

  private userKey(userId: string): string {
    return `${this.prefix}user:${userId}`;
  }

  /** Sorted set of every session id, scored by its expiry (for the online-user list). */
  private get allKey(): string {
    return `${this.prefix}all`;
  }

  async create(s: SessionRecord): Promise<void> {
    const ttl = Math.max(1, s.expiresAt - Date.now());
    const record: SessionRecord = { ...s, lastSeenAt: s.lastSeenAt ?? s.createdAt };
    await this.redis
      .multi()
      .set(this.prefix + s.id, JSON.stringify(record), 'PX', ttl)
      .zadd(this.allKey, s.expiresAt, s.id)
      .sadd(this.userKey(s.userId), s.id)
      .pexpire(this.userKey(s.userId), ttl, 'GT')
      .exec();
    await this.redis.pexpire(this.userKey(s.userId), ttl, 'NX');
  }

  async get(id: string): Promise<SessionRecord | null> {
    const raw = await this.redis.get(this.prefix + id);
    if (!raw) return null;
    const s = JSON.parse(raw) as SessionRecord;
    return s.expiresAt > Date.now() ? s : null;
  }

  async revoke(id: string): Promise<boolean> {
    const raw = await this.redis.getdel(this.prefix + id);
    if (!raw) return false;
    const s = JSON.parse(raw) as SessionRecord;
    await this.redis.multi().srem(this.userKey(s.userId), id).zrem(this.allKey, id).exec();
    return true;
  }

  async revokeUser(userId: string, keepSessionId?: string): Promise<number> {
    const ids = (await this.redis.smembers(this.userKey(userId))).filter((id) => id !== keepSessionId);
    if (ids.length === 0) return 0;
    const n = await this.redis.del(...ids.map((id) => this.prefix + id));
    await this.redis.multi().srem(this.userKey(userId), ...ids).zrem(this.allKey, ...ids).exec();
    return n;
  }

  async purgeExpired(): Promise<number> {
    // Redis expires the session keys itself; the list index drops expired ids here.
    return this.redis.zremrangebyscore(this.allKey, '-inf', Date.now());
  }

  async list(opts: { offset: number; limit: number; userIds?: string[] }): Promise<SessionPage> {
    if (opts.userIds && opts.userIds.length === 0) return { records: [], total: 0 };
    await this.redis.zremrangebyscore(this.allKey, '-inf', Date.now());
    const ids = await this.redis.zrange(this.allKey, 0, -1);
    const live: SessionRecord[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const raws = await this.redis.mget(...chunk.map((id) => this.prefix + id));
      raws.forEach((raw, j) => {
        if (raw) live.push(JSON.parse(raw) as SessionRecord);
        else void this.redis.zrem(this.allKey, chunk[j]);
      });
    }
    const wanted = opts.userIds ? new Set(opts.userIds) : null;
    const rows = live
      .filter((s) => s.expiresAt > Date.now() && (!wanted || wanted.has(s.userId)))
      .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
    return { records: rows.slice(opts.offset, opts.offset + opts.limit), total: rows.length };
  }

  async touch(id: string, at: number): Promise<void> {
    const raw = await this.redis.get(this.prefix + id);
    if (!raw) return;
    const s = JSON.parse(raw) as SessionRecord;
    // XX: only while the key still exists, so a revocation in between is never undone.
    await this.redis.call('SET', this.prefix + id, JSON.stringify({ ...s, lastSeenAt: at }), 'XX', 'KEEPTTL');
  }
}

/**
 * Wraps a store so that every revocation is reported (the realtime hub closes the sessions' sockets at
 * once). The listener runs after the revocation succeeded; its failure never fails the revocation.
 */
export function withSessionEndListener(
  inner: SessionStore,
  onEnd: (end: { sessionIds?: string[]; userId?: string; keepSessionId?: string }) => void,
): SessionStore {
  const tell = (end: Parameters<typeof onEnd>[0]) => {
    try {
      onEnd(end);
    } catch {
      // sockets are also checked on every keep-alive round
    }
  };
  return {
    create: (s) => inner.create(s),
    get: (id) => inner.get(id),
    async revoke(id) {
      const r = await inner.revoke(id);
      tell({ sessionIds: [id] });
      return r;
    },
    async revokeUser(userId, keepSessionId) {
      const n = await inner.revokeUser(userId, keepSessionId);
      tell({ userId, ...(keepSessionId ? { keepSessionId } : {}) });
      return n;
    },
    purgeExpired: () => inner.purgeExpired(),
    list: (opts) => inner.list(opts),
    touch: (id, at) => inner.touch(id, at),
  };
}
