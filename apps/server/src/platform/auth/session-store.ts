import type { Redis } from 'ioredis';
import type { Database } from '../db/database.js';

export interface SessionRecord {
  id: string;
  userId: string;
  username: string;
  tenantId: number | null;
  ip: string | null;
  createdAt: number;
  expiresAt: number;
}

/** Server-side sessions behind the tokens, so logout, freezing and password changes revoke them. */
export interface SessionStore {
  create(s: SessionRecord): Promise<void>;
  get(id: string): Promise<SessionRecord | null>;
  revoke(id: string): Promise<boolean>;
  /** Revokes every session of a user, except `keepSessionId` when given. */
  revokeUser(userId: string, keepSessionId?: string): Promise<number>;
  purgeExpired(): Promise<number>;
}

export class SqlSessionStore implements SessionStore {
  constructor(private readonly db: Database) {}

  async create(s: SessionRecord): Promise<void> {
    await this.db.insertInto('sysSession').values(s).execute();
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
}

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'go:session:',
  ) {}

  private userKey(userId: string): string {
    return `${this.prefix}user:${userId}`;
  }

  async create(s: SessionRecord): Promise<void> {
    const ttl = Math.max(1, s.expiresAt - Date.now());
    await this.redis
      .multi()
      .set(this.prefix + s.id, JSON.stringify(s), 'PX', ttl)
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
    await this.redis.srem(this.userKey(s.userId), id);
    return true;
  }

  async revokeUser(userId: string, keepSessionId?: string): Promise<number> {
    const ids = (await this.redis.smembers(this.userKey(userId))).filter((id) => id !== keepSessionId);
    if (ids.length === 0) return 0;
    const n = await this.redis.del(...ids.map((id) => this.prefix + id));
    await this.redis.srem(this.userKey(userId), ...ids);
    return n;
  }

  async purgeExpired(): Promise<number> {
    return 0; // Redis expires keys itself.
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
  };
}
