import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import { GROUP_COMPANY } from '../access/access.js';

/** A push on the user socket: `{cmd:'topic'|'user'|…, msgId?, msgTxt?}` (reference §5.3). */
export interface UserMessage {
  cmd: string;
  msgId?: string;
  msgTxt?: string;
  [k: string]: unknown;
}

/** A message on the table socket: `{type, data}` (reference §5.4). */
export interface TableMessage {
  type: string;
  data: unknown;
}

/** What other modules use: push to one user, to several, to everyone, or to every table socket. */
export interface Realtime {
  sendToUser(userId: string, msg: UserMessage): void;
  sendToUsers(userIds: string[], msg: UserMessage): void;
  broadcast(msg: UserMessage): void;
  broadcastTable(msg: TableMessage): void;
  /** Instance-to-instance notifications (e.g. "dictionary cache changed"); handlers run on every instance. */
  publishInternal(topic: string, data?: unknown): void;
  onInternal(topic: string, handler: (data: unknown) => void): void;
}

/** The Redis pub/sub channel every instance listens on (stock uses the same name). */
export const REDIS_CHANNEL = 'socketHandler';

type Envelope =
  | { origin: string; kind: 'user'; userIds: string[]; payload: string }
  | { origin: string; kind: 'all'; payload: string }
  | { origin: string; kind: 'table'; payload: string; exceptSocket?: string; scope?: TableScope }
  | { origin: string; kind: 'session-end'; end: SessionEnd }
  | { origin: string; kind: 'internal'; topic: string; data: unknown };

interface Tracked {
  ws: WebSocket;
  alive: boolean;
  /** table sockets only: the id a grid update names to skip its sender (unique across instances) */
  id?: string;
  /** the session the socket was opened with; the socket closes when it ends (logout, freeze, expiry) */
  sessionId?: string;
  userId?: string;
  /** table sockets: the page key of the URL and the owner's company */
  pageKey?: string;
  company?: string;
}

/** Who a grid update may reach: table sockets of the same page key whose owner may see the sender's company. */
export interface TableScope {
  pageKey: string;
  company: string;
}

/** Sessions that ended: by id (logout), or every session of a user but one (freeze, password change). */
export interface SessionEnd {
  sessionIds?: string[];
  userId?: string;
  keepSessionId?: string;
}

/** Bytes queued for one socket beyond which the socket is dropped. */
const MAX_BACKLOG = 4 * 1024 * 1024;

/** Close code sent when the instance shuts down (RFC 6455 "going away"). */
export const GOING_AWAY = 1001;

function closeGoingAway(ws: WebSocket): void {
  // 1 = OPEN: a closing handshake; otherwise (connecting, closing) nothing is left to say.
  if (ws.readyState === 1) ws.close(GOING_AWAY, 'server shutting down');
  else ws.terminate();
}

/** Close code sent when the socket's session has ended. */
export const SESSION_ENDED = 4001;

/**
 * The hub's record of each open socket. The listeners below are shared by every socket (`this` is the
 * socket) and find its record here, so an open socket costs its record and no closures of its own.
 */
const trackedOf = new WeakMap<WebSocket, Tracked>();

function onPong(this: WebSocket): void {
  const t = trackedOf.get(this);
  if (t) t.alive = true;
}

/**
 * Sends one text frame unless the socket is not open or its peer stopped reading: beyond MAX_BACKLOG
 * queued bytes the socket is dropped rather than queued without limit (the client reconnects).
 * Returns whether the frame was queued.
 */
export function sendBounded(ws: WebSocket, data: Buffer | string): boolean {
  if (ws.readyState !== 1) return false;
  if (ws.bufferedAmount > MAX_BACKLOG) {
    ws.terminate();
    return false;
  }
  ws.send(data, { binary: false });
  return true;
}

/**
 * The WebSocket hub of one instance: the open user and table sockets, fan-out in process, and — when a
 * Redis connection is given — fan-out to every other instance through Redis pub/sub. Each message is
 * delivered locally at once and published with this instance's id, which the other instances use to
 * ignore their own echo.
 */
export class RealtimeHub implements Realtime {
  readonly instanceId = randomUUID();
  private readonly users = new Map<string, Set<Tracked>>();
  private readonly tables = new Set<Tracked>();
  private readonly internal = new Map<string, ((data: unknown) => void)[]>();
  private subscriber: Redis | null = null;
  private pinger: NodeJS.Timeout | null = null;
  private started = false;
  private sessionAlive: ((sessionId: string) => Promise<boolean>) | null = null;
  private checking: Promise<void> | null = null;
  /** One close listener for all user sockets and one for all table sockets of this hub. */
  private readonly onUserClose: (this: WebSocket) => void;
  private readonly onTableClose: (this: WebSocket) => void;

  constructor(
    private readonly redis: Redis | null,
    private readonly log: FastifyBaseLogger,
    private readonly pingIntervalMs = 30_000,
  ) {
    const users = this.users;
    const tables = this.tables;
    this.onUserClose = function (this: WebSocket) {
      const t = trackedOf.get(this);
      const set = t?.userId === undefined ? undefined : users.get(t.userId);
      if (!t || !set) return;
      set.delete(t);
      if (set.size === 0) users.delete(t.userId!);
    };
    this.onTableClose = function (this: WebSocket) {
      const t = trackedOf.get(this);
      if (t) tables.delete(t);
    };
  }

  /** Subscribes to Redis (when configured) and starts the keep-alive pings. Idempotent. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (this.redis) {
      // The channel is subscribed again on every reconnect here rather than by the client's own
      // auto-resubscribe, whose promise nobody awaits: a connection closing before the reply would leave it
      // rejected and unhandled.
      const sub = this.redis.duplicate({ autoResubscribe: false });
      this.subscriber = sub;
      sub.on('message', (_channel: string, raw: string) => this.onRedisMessage(raw));
      sub.on('error', (err: Error) => this.log.warn({ err }, 'realtime subscriber error'));
      sub.on('ready', () => {
        sub.subscribe(REDIS_CHANNEL).catch((err: unknown) => this.log.warn({ err }, 'realtime subscribe failed'));
      });
      await sub.subscribe(REDIS_CHANNEL);
    }
    this.pinger = setInterval(() => this.pingAll(), this.pingIntervalMs);
    this.pinger.unref();
  }

  /**
   * Closes every socket of this instance with 1001 (going away), so clients reconnect, to another instance
   * behind a balancer, at once (shutdown; see main.ts). Sockets that are not open are dropped.
   */
  goingAway(): void {
    for (const set of this.users.values()) for (const t of set) closeGoingAway(t.ws);
    for (const t of this.tables) closeGoingAway(t.ws);
  }

  async close(): Promise<void> {
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    this.goingAway();
    this.users.clear();
    this.tables.clear();
    if (this.subscriber) {
      this.subscriber.disconnect();
      this.subscriber = null;
    }
    this.started = false;
  }

  /** Counts of open sockets on this instance (monitoring, bench). */
  stats(): { users: number; userSockets: number; tableSockets: number } {
    let userSockets = 0;
    for (const s of this.users.values()) userSockets += s.size;
    return { users: this.users.size, userSockets, tableSockets: this.tables.size };
  }

  /** How to tell whether a session is still live (set by the socket routes). */
  setSessionCheck(check: (sessionId: string) => Promise<boolean>): void {
    this.sessionAlive = check;
  }

  /**
   * Closes the user sockets whose session has ended (runs with every keep-alive round; callable directly).
   * Each distinct session is looked up once.
   */
  async checkSessions(): Promise<number> {
    if (!this.sessionAlive) return 0;
    // One round at a time: a caller arriving during a round waits for it, then runs its own.
    while (this.checking) await this.checking;
    const round = this.runSessionCheck(this.sessionAlive);
    this.checking = round.then(() => undefined);
    try {
      return await round;
    } finally {
      this.checking = null;
    }
  }

  private async runSessionCheck(alive: (sessionId: string) => Promise<boolean>): Promise<number> {
    let closed = 0;
    const bySession = new Map<string, Tracked[]>();
    for (const set of this.users.values()) {
      for (const t of set) {
        if (!t.sessionId) continue;
        const list = bySession.get(t.sessionId) ?? [];
        list.push(t);
        bySession.set(t.sessionId, list);
      }
    }
    for (const [sid, list] of bySession) {
      let live = true;
      try {
        live = await alive(sid);
      } catch {
        live = true; // a failed lookup is not a logout
      }
      if (live) continue;
      for (const t of list) {
        t.ws.close(SESSION_ENDED, 'session ended');
        closed++;
      }
    }
    return closed;
  }

  /**
   * A session ended (logout, freeze, password change, deletion): its user and table sockets close at once
   * on this instance and, through Redis, on every other one.
   */
  endSessions(end: SessionEnd): number {
    const n = this.closeEnded(end);
    this.publish({ origin: this.instanceId, kind: 'session-end', end });
    return n;
  }

  private closeEnded(end: SessionEnd): number {
    const ids = new Set(end.sessionIds ?? []);
    const hit = (t: Tracked) =>
      (t.sessionId !== undefined && ids.has(t.sessionId)) ||
      (end.userId !== undefined && t.userId === end.userId && t.sessionId !== end.keepSessionId);
    // Only that user's sockets when no session id is named; collected first, as closing edits the sets.
    const userSets = end.sessionIds?.length ? this.users.values() : [this.users.get(end.userId ?? '') ?? new Set<Tracked>()];
    const ended: Tracked[] = [];
    for (const set of userSets) for (const t of set) if (hit(t)) ended.push(t);
    for (const t of this.tables) if (hit(t)) ended.push(t);
    for (const t of ended) t.ws.close(SESSION_ENDED, 'session ended');
    return ended.length;
  }

  /** Registers a user socket. A user may hold several (one per tab). */
  addUserSocket(userId: string, ws: WebSocket, sessionId?: string): void {
    const t: Tracked = { ws, alive: true, sessionId, userId };
    this.track(t);
    let set = this.users.get(userId);
    if (!set) this.users.set(userId, (set = new Set()));
    set.add(t);
    ws.on('close', this.onUserClose);
  }

  /** Registers a grid socket with its owner (session, page key, company) so updates stay within that page and scope. */
  addTableSocket(ws: WebSocket, owner?: { userId: string; sessionId: string; pageKey: string; company: string }): string {
    const t: Tracked = { ws, alive: true, id: randomUUID(), ...owner };
    this.track(t);
    this.tables.add(t);
    ws.on('close', this.onTableClose);
    return t.id!;
  }

  sendToUser(userId: string, msg: UserMessage): void {
    this.sendToUsers([userId], msg);
  }

  sendToUsers(userIds: string[], msg: UserMessage): void {
    const ids = [...new Set(userIds.filter(Boolean))];
    if (ids.length === 0) return;
    const payload = JSON.stringify(msg);
    this.deliverUsers(ids, payload);
    this.publish({ origin: this.instanceId, kind: 'user', userIds: ids, payload });
  }

  broadcast(msg: UserMessage): void {
    const payload = JSON.stringify(msg);
    this.deliverAll(payload);
    this.publish({ origin: this.instanceId, kind: 'all', payload });
  }

  /**
   * A grid update. With a scope (a client's edit) it reaches only table sockets of the same page key whose
   * owner may see the sender's company; without one (a server-side change carrying only ids) every table socket.
   */
  broadcastTable(msg: TableMessage, exceptSocket?: string, scope?: TableScope): void {
    const payload = JSON.stringify(msg);
    this.deliverTables(payload, exceptSocket, scope);
    this.publish({ origin: this.instanceId, kind: 'table', payload, exceptSocket, scope });
  }

  publishInternal(topic: string, data: unknown = null): void {
    this.runInternal(topic, data);
    this.publish({ origin: this.instanceId, kind: 'internal', topic, data });
  }

  onInternal(topic: string, handler: (data: unknown) => void): void {
    const list = this.internal.get(topic) ?? [];
    list.push(handler);
    this.internal.set(topic, list);
  }

  private track(t: Tracked): void {
    trackedOf.set(t.ws, t);
    t.ws.on('pong', onPong);
  }

  private pingAll(): void {
    const check = (t: Tracked) => {
      if (!t.alive) {
        t.ws.terminate();
        return;
      }
      t.alive = false;
      try {
        t.ws.ping();
      } catch {
        t.ws.terminate();
      }
    };
    for (const set of this.users.values()) for (const t of set) check(t);
    for (const t of this.tables) check(t);
    void this.checkSessions();
  }

  // The message is serialised and encoded once; the same Buffer goes to every socket.
  private deliverUsers(userIds: string[], text: string): void {
    const payload = Buffer.from(text);
    for (const id of userIds) {
      const set = this.users.get(id);
      if (set) for (const t of set) sendBounded(t.ws, payload);
    }
  }

  private deliverAll(text: string): void {
    const payload = Buffer.from(text);
    for (const set of this.users.values()) for (const t of set) sendBounded(t.ws, payload);
  }

  private deliverTables(text: string, exceptSocket?: string, scope?: TableScope): void {
    const payload = Buffer.from(text);
    for (const t of this.tables) {
      if (t.id === exceptSocket) continue;
      if (scope && (t.pageKey !== scope.pageKey || (t.company !== GROUP_COMPANY && t.company !== scope.company))) continue;
      sendBounded(t.ws, payload);
    }
  }

  private runInternal(topic: string, data: unknown): void {
    for (const h of this.internal.get(topic) ?? []) {
      try {
        h(data);
      } catch (err) {
        this.log.warn({ err, topic }, 'realtime internal handler failed');
      }
    }
  }

  private publish(env: Envelope): void {
    if (!this.redis) return;
    this.redis.publish(REDIS_CHANNEL, JSON.stringify(env)).catch((err: unknown) => {
      this.log.warn({ err }, 'realtime publish failed');
    });
  }

  private onRedisMessage(raw: string): void {
    let env: Envelope;
    try {
      env = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (!env || env.origin === this.instanceId) return;
    switch (env.kind) {
      case 'user':
        if (Array.isArray(env.userIds)) this.deliverUsers(env.userIds.map(String), String(env.payload));
        break;
      case 'all':
        this.deliverAll(String(env.payload));
        break;
      case 'table':
        this.deliverTables(String(env.payload), env.exceptSocket, env.scope && typeof env.scope === 'object' ? { pageKey: String(env.scope.pageKey), company: String(env.scope.company) } : undefined);
        break;
      case 'session-end':
        if (env.end && typeof env.end === 'object') this.closeEnded(env.end);
        break;
      case 'internal':
        this.runInternal(String(env.topic), env.data);
        break;
    }
  }
}
