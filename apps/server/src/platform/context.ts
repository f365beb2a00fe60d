import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { CurrentUser } from './access/access.js';
import type { AuthCache } from './auth/auth-cache.js';
import type { SessionStore } from './auth/session-store.js';
import type { TokenService } from './auth/token.js';
import type { Database, DbKind } from './db/database.js';
import type { KvStore } from './kv/kv-store.js';
import type { RealtimeHub } from './realtime/hub.js';

/** Answers "does this user hold this permission code?" for the route guard (given by the system module). */
export interface PermissionChecker {
  has(user: CurrentUser, code: string): Promise<boolean>;
  /** Forget cached grants (all users, or one) after roles, grants or menus change. */
  invalidate(userId?: string): void;
}

/** Services shared by every module, built once in buildApp and reachable as `app.ctx`. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  dbKind: DbKind;
  kv: KvStore;
  sessions: SessionStore;
  tokens: TokenService;
  /** Present when REDIS_URL is set. */
  redis: Redis | null;
  log: FastifyBaseLogger;
  permissions: PermissionChecker;
  /** WebSocket pushes to users and table sockets, across instances when REDIS_URL is set. */
  realtime: RealtimeHub;
  /** Signed-in identities by session id, short-lived (see platform/auth/auth-cache.ts); absent: no caching. */
  authCache?: AuthCache;
}
