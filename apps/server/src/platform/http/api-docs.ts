import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { AppConfig } from '../../config.js';
import { PUBLIC, type CurrentUser } from '../access/access.js';
import { AppError } from './errors.js';
import { queryParam } from './request.js';

/** Cookie that carries an administrator's token from the console page to its own assets and spec. */
export const DOC_COOKIE = 'go_doc_token';

/** Whether the user holds the administrator role (role code `admin`). */
export async function isAdministrator(app: FastifyInstance, user: CurrentUser): Promise<boolean> {
  const row = await app.ctx.db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.id')
    .where('ur.userId', '=', user.id)
    .where('r.roleCode', '=', 'admin')
    .executeTakeFirst();
  return !!row;
}

/**
 * The API console under `<base>/doc` (API_DOCS):
 * - `admin` (default): administrators only. The browser opens `<base>/doc?token=…` once; the page then sets
 *   an HttpOnly, SameSite=Strict cookie limited to `<base>/doc` so its assets and the spec load without a
 *   token in their URLs.
 * - `public`: anyone (a deployment that wants the stock behaviour).
 * - `off`: not served at all.
 */
export async function installApiDocs(app: FastifyInstance, config: AppConfig): Promise<void> {
  if (config.apiDocs === 'off') return;
  const prefix = `${config.basePath}/doc`;
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(prefix) || route.config?.access) return;
    if (config.apiDocs === 'public') {
      route.config = { ...(route.config ?? {}), access: PUBLIC };
      return;
    }
    route.config = { ...(route.config ?? {}), access: { login: true }, urlToken: true, cookieToken: DOC_COOKIE, oplog: false };
    const check = async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
      if (!req.user || !(await isAdministrator(app, req.user))) throw new AppError('NO_PERMISSION');
      const fromUrl = queryParam(req, 'token');
      if (fromUrl !== null && fromUrl === req.token) {
        void reply.header('set-cookie', `${DOC_COOKIE}=${encodeURIComponent(fromUrl)}; Path=${prefix}; HttpOnly; SameSite=Strict; Max-Age=3600`);
      }
    };
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [check, ...existing];
  });
  await app.register(fastifySwaggerUi, { routePrefix: prefix });
}
