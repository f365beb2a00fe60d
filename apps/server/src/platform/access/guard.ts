import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../http/errors.js';
import { queryParam } from '../http/request.js';
import { companyOf, type Access, type CurrentUser } from './access.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  /** Status codes the route declares a response schema for (the route inventory test reads them). */
  responses: string[];
}

/**
 * Reads the token from the X-Access-Token header. A `?token=` query parameter counts only on routes that
 * declare `config.urlToken` (downloads and sockets, where a browser cannot send a header); anywhere else a
 * token in the URL is ignored, so it is never needed in links that end up in logs and histories.
 */
export function readToken(req: FastifyRequest): string | null {
  const h = req.headers['x-access-token'];
  const fromHeader = Array.isArray(h) ? h[0] : h;
  if (fromHeader) return fromHeader;
  const cfg = req.routeOptions.config;
  return (cfg?.urlToken ? queryToken(req) : null) ?? (cfg?.cookieToken ? cookieValue(req, cfg.cookieToken) : null);
}

function cookieValue(req: FastifyRequest, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The `?token=` query parameter, for the routes that accept it. */
export function queryToken(req: FastifyRequest): string | null {
  return queryParam(req, 'token');
}

/**
 * Resolves a token to the signed-in user: the JWT must verify, its session must be live, the user must
 * exist and be active, and a non-zero tenant header must be one of the user's tenants.
 */
export async function authenticate(app: FastifyInstance, token: string, tenantHeader: unknown): Promise<CurrentUser> {
  const claims = app.ctx.tokens.read(token);
  if (!claims) throw new AppError('TOKEN_INVALID');
  const load = async () => {
    const s = await app.ctx.sessions.get(claims.sid);
    if (!s) return null;
    const u = await app.ctx.db
      .selectFrom('sysUser')
      .select(['id', 'username', 'realname', 'orgCode', 'status', 'delFlag', 'relTenantIds'])
      .where('id', '=', s.userId)
      .executeTakeFirst();
    return { session: s, user: u };
  };
  // Cached for a few seconds; dropped at once on logout, freeze, password change and user writes.
  const identity = app.ctx.authCache ? await app.ctx.authCache.resolve(claims.sid, load) : await load();
  const session = identity?.session;
  if (!session || session.username !== claims.username || session.expiresAt <= Date.now()) throw new AppError('TOKEN_INVALID');
  const user = identity.user;
  if (!user || user.delFlag !== 0) throw new AppError('TOKEN_INVALID');
  if (user.status !== 1) throw new AppError('ACCOUNT_LOCKED');
  const tenantId = Number(Array.isArray(tenantHeader) ? tenantHeader[0] : tenantHeader) || 0;
  if (tenantId !== 0) {
    const tenants = (user.relTenantIds ?? '').split(',').filter(Boolean).map(Number);
    if (!tenants.includes(tenantId)) throw new AppError('TENANT_CHANGED');
  }
  return {
    id: user.id,
    username: user.username,
    realname: user.realname ?? user.username,
    orgCode: user.orgCode ?? '',
    company: companyOf(user.orgCode),
    tenantId,
    sessionId: session.id,
  };
}

/**
 * Installs the route guard: records every route (for the declaration test), authenticates requests to
 * non-public routes and enforces permission codes on the server.
 */
export function installGuard(app: FastifyInstance, routes: RegisteredRoute[]): void {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      if (m === 'HEAD') continue;
      // Read lazily: later onRoute hooks may still add the declaration (third-party plugin routes).
      routes.push({
        method: m,
        url: route.url,
        get access() {
          return route.config?.access;
        },
        get responses() {
          const r = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
          return r ? Object.keys(r) : [];
        },
      });
    }
  });

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access) {
      // A route without a declaration is never served (the route test also fails on it).
      if (req.routeOptions.url === undefined) return; // not-found handler
      throw new AppError('NO_PERMISSION');
    }
    const token = readToken(req);
    if ('public' in access) {
      // Public routes still learn who is calling when a valid token is sent.
      if (token) {
        try {
          req.user = await authenticate(app, token, req.headers['tenant-id']);
          req.token = token;
        } catch {
          req.user = null;
        }
      }
      return;
    }
    if (!token) throw new AppError('TOKEN_INVALID');
    req.user = await authenticate(app, token, req.headers['tenant-id']);
    req.token = token;
    if ('permission' in access && !(await app.ctx.permissions.has(req.user, access.permission))) {
      throw new AppError('NO_PERMISSION');
    }
  });
}
