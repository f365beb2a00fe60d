/**
 * A reconnecting WebSocket (docs/contract.md, "Limits and constants"): a heartbeat every 10 s, a connection that stays
 * silent 6 s after a heartbeat is treated as dead, and any error or close reconnects after 5 s — behind
 * one lock, so a burst of errors schedules one reconnect, not a storm. `stop()` ends it for good
 * (logout); nothing reconnects after that.
 */
export const HEARTBEAT_MS = 10_000;
export const HEARTBEAT_TIMEOUT_MS = 6_000;
export const RECONNECT_MS = 5_000;
/** The ping text; the server echoes it to this socket only. */
export const HEARTBEAT_TEXT = 'HeartBeat';

/** The part of the browser WebSocket this client uses (a fake in tests). */
export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

export interface ReconnectingSocketOptions {
  url: string;
  /** Sent as the sub-protocol, where the server reads it (the stock client does the same). */
  token: string;
  /** A parsed JSON message; unparsable messages and the heartbeat echo are ignored (docs/contract.md, "Limits and constants"). */
  onMessage: (data: unknown) => void;
  onStatus?: (status: 'open' | 'closed') => void;
  factory?: SocketFactory;
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
  reconnectMs?: number;
}

const OPEN = 1;

export class ReconnectingSocket {
  private ws: SocketLike | null = null;
  private stopped = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setTimeout> | null = null;
  private deadTimer: ReturnType<typeof setTimeout> | null = null;
  /** How many sockets were opened (for tests and diagnostics). */
  connects = 0;

  constructor(private readonly opts: ReconnectingSocketOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes the socket and never reconnects. */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
      try {
        ws.close(1000, 'logout');
      } catch {
        /* already closed */
      }
    }
  }

  get isOpen(): boolean {
    return !!this.ws && this.ws.readyState === OPEN;
  }

  private connect(): void {
    if (this.stopped) return;
    const factory = this.opts.factory ?? ((url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike);
    let ws: SocketLike;
    try {
      ws = factory(this.opts.url, [this.opts.token]);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.connects++;
    this.ws = ws;
    ws.onopen = () => {
      this.opts.onStatus?.('open');
      this.startHeartbeat();
    };
    ws.onmessage = (ev) => {
      // Whatever arrives proves the connection is alive.
      this.startHeartbeat();
      const raw = typeof ev.data === 'string' ? ev.data : '';
      if (!raw || raw === HEARTBEAT_TEXT) return;
      let data: unknown;
      try {
        data = JSON.parse(raw);
      } catch {
        return;
      }
      if (data && typeof data === 'object') this.opts.onMessage(data);
    };
    ws.onerror = () => this.drop(ws);
    ws.onclose = () => this.drop(ws);
  }

  /** The socket failed or closed: forget it and reconnect later. */
  private drop(ws: SocketLike): void {
    if (ws !== this.ws) return;
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    this.ws = null;
    this.clearTimers();
    try {
      ws.close();
    } catch {
      /* ignore */
    }
    this.opts.onStatus?.('closed');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, this.opts.reconnectMs ?? RECONNECT_MS);
  }

  private clearTimers(): void {
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    if (this.deadTimer) clearTimeout(this.deadTimer);
    this.heartbeatTimer = this.deadTimer = null;
  }

  private startHeartbeat(): void {
    this.clearTimers();
    const ws = this.ws;
    if (!ws || this.stopped) return;
    this.heartbeatTimer = setTimeout(() => {
      if (ws !== this.ws || ws.readyState !== OPEN) return;
      try {
        ws.send(HEARTBEAT_TEXT);
      } catch {
        this.drop(ws);
        return;
      }
      this.deadTimer = setTimeout(() => this.drop(ws), this.opts.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS);
    }, this.opts.heartbeatMs ?? HEARTBEAT_MS);
  }
}

/** `ws(s)://host/<base>/websocket/<userId>` from the API base (relative or absolute). */
export function userSocketUrl(baseURL: string, userId: string, loc: { protocol: string; host: string } = window.location): string {
  const base = baseURL.replace(/\/+$/, '');
  const path = `/websocket/${encodeURIComponent(userId)}`;
  if (/^https?:\/\//.test(base)) return base.replace(/^http/, 'ws') + path;
  const proto = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${loc.host}${base.startsWith('/') ? base : `/${base}`}${path}`;
}
