import type { Realtime } from '../realtime/hub.js';
import type { SessionRecord, SessionStore } from './session-store.js';

/** The user columns the route guard reads for a signed-in request. */
export interface GuardUserRow {
  id: string;
  username: string;
  realname: string | null;
  orgCode: string | null;
  status: number | null;
  delFlag: number | null;
  relTenantIds: string | null;
}

export interface CachedIdentity {
  session: SessionRecord;
  user: GuardUserRow | undefined;
}

/** Which sessions ended: by id (logout, force logout) or every session of a user but one (freeze, password). */
export interface EndedSessions {
  sessionIds?: string[];
  userId?: string;
  keepSessionId?: string;
}

/** The share of an entry's lifetime after which a request that uses it also reloads it in the background. */
const REFRESH_AT = 0.6;

/** Instance-to-instance topic: sessions ended. (A user or grant write clears the cache through the permission service.) */
export const SESSION_END_TOPIC = 'auth:session-end';

/**
 * A short-lived in-process cache of "session id → live session and its user row", so a signed-in request
 * costs no SQL or Redis round trip. Entries live `ttlMs` at most and are dropped at once when a session
 * ends (logout, force logout, freeze, password change, deletion) or a user is written — on this instance
 * directly and on every other one through Redis pub/sub (`realtime.publishInternal`). Without Redis another
 * instance sees such a change within `ttlMs`.
 *
 * A lookup that started before a drop never stores its (possibly stale) answer: every drop bumps the
 * generation and a fill keeps its answer only when the generation did not move meanwhile.
 *
 * Concurrent requests of one session share one lookup (a request arriving after a drop starts its own), and
 * an entry past `REFRESH_AT` of its lifetime is reloaded in the background while it still answers, so a busy
 * session never waits for the database when its entry would expire. The staleness bound stays `ttlMs`.
 */
export class AuthCache {
  private readonly entries = new Map<string, { at: number; value: CachedIdentity }>();
  private readonly pending = new Map<string, { generation: number; value: Promise<CachedIdentity | null> }>();
  private generation = 0;

  constructor(
    readonly ttlMs = 5_000,
    private readonly maxEntries = 50_000,
  ) {}

  /** The cached identity of a session, or undefined when absent or older than the TTL. */
  get(sessionId: string): CachedIdentity | undefined {
    const hit = this.entries.get(sessionId);
    if (!hit) return undefined;
    if (Date.now() - hit.at >= this.ttlMs || hit.value.session.expiresAt <= Date.now()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return hit.value;
  }

  /** Resolves through the cache: `load` runs on a miss, and its answer is kept only if nothing was dropped meanwhile. */
  resolve(sessionId: string, load: () => Promise<CachedIdentity | null>): Promise<CachedIdentity | null> {
    const hit = this.entries.get(sessionId);
    if (hit) {
      const now = Date.now();
      const age = now - hit.at;
      if (age < this.ttlMs && hit.value.session.expiresAt > now) {
        if (age >= this.ttlMs * REFRESH_AT && !this.pending.has(sessionId)) this.fill(sessionId, load).catch(() => undefined);
        return Promise.resolve(hit.value);
      }
      this.entries.delete(sessionId);
    }
    return this.fill(sessionId, load);
  }

  /** One lookup per session and generation at a time; its answer is stored only if nothing was dropped meanwhile. */
  private fill(sessionId: string, load: () => Promise<CachedIdentity | null>): Promise<CachedIdentity | null> {
    const gen = this.generation;
    const running = this.pending.get(sessionId);
    if (running && running.generation === gen) return running.value;
    const value: Promise<CachedIdentity | null> = Promise.resolve()
      .then(load)
      .then((found) => {
        if (gen !== this.generation) return found;
        this.entries.delete(sessionId);
        if (found) {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
          this.entries.set(sessionId, { at: Date.now(), value: found });
        }
        return found;
      })
      .finally(() => {
        if (this.pending.get(sessionId)?.value === value) this.pending.delete(sessionId);
      });
    this.pending.set(sessionId, { generation: gen, value });
    return value;
  }

  /** Drops the entries of ended sessions on this instance. */
  dropSessions(end: EndedSessions): void {
    this.generation++;
    for (const id of end.sessionIds ?? []) this.entries.delete(id);
    if (end.userId !== undefined) {
      for (const [id, e] of this.entries) {
        if (e.value.session.userId === end.userId && id !== end.keepSessionId) this.entries.delete(id);
      }
    }
  }

  /** Drops every entry on this instance (a user or grant was written). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Subscribes the cache to the instance-to-instance events (handlers also run on the publishing instance). */
export function connectAuthCache(cache: AuthCache, realtime: Pick<Realtime, 'onInternal'>): void {
  realtime.onInternal(SESSION_END_TOPIC, (data) => cache.dropSessions((data ?? {}) as EndedSessions));
}

/**
 * Wraps a session store so that every revocation drops the cached identities of the ended sessions, here
 * and on every other instance. The local drop happens before the revocation returns.
 */
export function withAuthCacheInvalidation(inner: SessionStore, cache: AuthCache, realtime: Pick<Realtime, 'publishInternal'>): SessionStore {
  const ended = (end: EndedSessions) => {
    cache.dropSessions(end);
    try {
      realtime.publishInternal(SESSION_END_TOPIC, end);
    } catch {
      // the TTL still bounds how long another instance may accept the session
    }
  };
  return {
    create: (s) => inner.create(s),
    get: (id) => inner.get(id),
    async revoke(id) {
      cache.dropSessions({ sessionIds: [id] });
      const r = await inner.revoke(id);
      ended({ sessionIds: [id] });
      return r;
    },
    async revokeUser(userId, keepSessionId) {
      const end = { userId, ...(keepSessionId ? { keepSessionId } : {}) };
      cache.dropSessions(end);
      const n = await inner.revokeUser(userId, keepSessionId);
      ended(end);
      return n;
    },
    purgeExpired: () => inner.purgeExpired(),
    list: (opts) => inner.list(opts),
    touch: (id, at) => inner.touch(id, at),
  };
}

/**
 * Drops the cached identities of one user here and on every other instance (the user's row may have
 * changed: company switch, profile edit), without ending any session.
 */
export function dropUserIdentities(cache: AuthCache | undefined, realtime: Pick<Realtime, 'publishInternal'>, userId: string): void {
  if (!cache) return;
  cache.dropSessions({ userId });
  try {
    realtime.publishInternal(SESSION_END_TOPIC, { userId });
  } catch {
    // the TTL bounds the staleness elsewhere
  }
}
