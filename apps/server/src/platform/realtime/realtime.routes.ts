import { binaryResponse } from '@go/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { PUBLIC, type CurrentUser } from '../access/access.js';
import { authenticate, queryToken, readToken } from '../access/guard.js';
import { withSessionEndListener } from '../auth/session-store.js';
import type { Api } from '../http/api.js';
import { AppError } from '../http/errors.js';
import { sendBounded, type RealtimeHub } from './hub.js';

const userParams = z.object({ userId: z.string().min(1).max(64) });
const tableParams = z.object({ userId: z.string().min(1).max(64), pageId: z.string().min(1).max(100) });

/** Longest text a client may send on the user socket (heartbeats); longer frames are ignored. */
const MAX_INCOMING = 4096;
/** Longest table-sync message (a grid row) a client may send on the table socket. */
const MAX_TABLE_INCOMING = 256 * 1024;
const HEART_BEAT_REPLY = JSON.stringify({ type: 'heart_beat', data: true });

/**
 * The token of a socket handshake: `?token=` / `X-Access-Token`, or the `Sec-WebSocket-Protocol` header,
 * where the stock client puts it (`new WebSocket(url, [token])`; the server echoes the protocol back).
 */
export function socketToken(req: FastifyRequest): string | null {
  const fromQuery = readToken(req) ?? queryToken(req);
  if (fromQuery) return fromQuery;
  const proto = req.headers['sec-websocket-protocol'];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim();
  return first || null;
}

/**
 * The HTTP response object of each accepted handshake. The WebSocket plugin binds it to the TCP socket,
 * and through its listeners it keeps the handshake's request and reply reachable as long as the socket
 * lives; the socket handlers detach it once the upgrade is done (see `releaseHandshake`).
 */
const handshakes = new WeakMap<IncomingMessage, ServerResponse>();

function releaseHandshake(req: FastifyRequest): void {
  const res = handshakes.get(req.raw);
  handshakes.delete(req.raw);
  if (res?.socket) res.detachSocket(res.socket);
}

/** Authenticates the handshake and refuses a socket opened for another user's id (by id or username). */
async function authorise(app: Api, req: FastifyRequest, reply: FastifyReply, userId: string): Promise<CurrentUser> {
  const token = socketToken(req);
  if (!token) throw new AppError('TOKEN_INVALID');
  const user = await authenticate(app, token, req.headers['tenant-id']);
  if (userId !== user.id && userId !== user.username) throw new AppError('NO_PERMISSION');
  req.user = user;
  req.token = token;
  handshakes.set(req.raw, reply.raw);
  return user;
}

function text(raw: unknown, max = MAX_INCOMING): string | null {
  const s = Buffer.isBuffer(raw) ? raw.toString('utf8') : Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : String(raw);
  return s.length > max ? null : s;
}

/** The user socket's listener, shared by every socket (`this`): a text frame is echoed to its sender. */
function echo(this: WebSocket, raw: unknown, isBinary: boolean): void {
  if (isBinary) return;
  const msg = text(raw);
  if (msg !== null) sendBounded(this, msg);
}

function terminate(this: WebSocket): void {
  this.terminate();
}

/**
 * Replaces the socket's error listeners with the shared one: a socket error (a client gone without a
 * close frame) only ends that socket. The listener the WebSocket plugin adds per socket would log it and
 * keep the handshake's request and reply reachable for the socket's whole life.
 */
function onErrorTerminate(socket: WebSocket): void {
  socket.removeAllListeners('error');
  socket.on('error', terminate);
}

/**
 * `/websocket/{userId}`: notices and to-do refreshes for one user; any text the client sends (the
 * `HeartBeat` ping) is echoed to that socket only.
 * `/vxeSocket/{userId}/{pageId}`: grid row sync; `heart_beat` is answered, `update_vxe_table` goes to the
 * other table sockets of the same page key, on every instance, whose owner may see the sender's company.
 * Both close at once when their session ends (logout, freeze, password change).
 */
export async function realtimeRoutes(app: Api, hub: RealtimeHub): Promise<void> {
  hub.setSessionCheck(async (sid) => (await app.ctx.sessions.get(sid)) !== null);
  // Ending a session is an event: its sockets close at once, on every instance (expiry is still polled).
  app.ctx.sessions = withSessionEndListener(app.ctx.sessions, (end) => hub.endSessions(end));
  await hub.start();
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/websocket/:userId',
    {
      websocket: true,
      config: { access: PUBLIC, oplog: false, urlToken: true },
      schema: { tags: ['实时消息'], summary: '用户消息通道（WebSocket）', params: userParams, response: { 200: binaryResponse }, hide: true },
      preValidation: async (req, reply) => {
        await authorise(app, req, reply, req.params.userId);
      },
    },
    (socket: WebSocket, req) => {
      const user = req.user!;
      releaseHandshake(req);
      onErrorTerminate(socket);
      hub.addUserSocket(user.id, socket, user.sessionId);
      socket.on('message', echo);
    },
  );

  app.get(
    '/vxeSocket/:userId/:pageId',
    {
      websocket: true,
      config: { access: PUBLIC, oplog: false, urlToken: true },
      schema: { tags: ['实时消息'], summary: '表格同步通道（WebSocket）', params: tableParams, response: { 200: binaryResponse }, hide: true },
      preValidation: async (req, reply) => {
        await authorise(app, req, reply, req.params.userId);
      },
    },
    (socket: WebSocket, req) => {
      const user = req.user!;
      releaseHandshake(req);
      const { pageId } = req.params;
      const scope = { pageKey: pageId, company: user.company };
      const socketId = hub.addTableSocket(socket, { userId: user.id, sessionId: user.sessionId, ...scope });
      socket.on('message', (raw, isBinary) => {
        if (isBinary) return;
        const msg = text(raw, MAX_TABLE_INCOMING);
        if (msg === null) return;
        let parsed: { type?: unknown; data?: unknown };
        try {
          parsed = JSON.parse(msg) as { type?: unknown; data?: unknown };
        } catch {
          return; // unparsable messages are ignored
        }
        if (!parsed || typeof parsed !== 'object') return;
        if (parsed.type === 'heart_beat') {
          sendBounded(socket, HEART_BEAT_REPLY);
        } else if (parsed.type === 'update_vxe_table') {
          hub.broadcastTable({ type: 'update_vxe_table', data: parsed.data ?? null }, socketId, scope);
        }
      });
      onErrorTerminate(socket);
    },
  );
}
