import { binaryResponse, envelope, sysUserPermissions } from '@go/contract';
import { z } from 'zod';
import { LOGIN } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { dropUserIdentities } from '../../../platform/auth/auth-cache.js';
import { PermissionService } from './permission.service.js';

/** Endpoints whose successful writes can change who holds which grant. */
const GRANT_WRITES = /\/sys\/(role|permission|user|sysDepart|sysDepartPermission|sysDepartRole|sysDepartRoleUser)\//;
/** Endpoints whose writes can change the caller's own user row (company switch, profile, password, tenant). */
const OWN_ROW_WRITES = /\/sys\//;

export async function permissionRoutes(app: Api, service: PermissionService): Promise<void> {
  // A grant change also drops the cached signed-in identities (a user's company or status may have changed).
  service.connect(app.ctx.realtime, { fanOut: !!app.ctx.redis, onChange: () => app.ctx.authCache?.clear() });

  // Cached grants are dropped after any write to roles, menus, users or departments, on every instance —
  // before the answer leaves (onSend), so the writer's next request already sees the change.
  // A system write by a signed-in user may change that user's own row (company switch, profile): their
  // cached identities are dropped, here and elsewhere. Business writes (approvals, forms, HR, ledger) never
  // touch the caller's own row, so they keep the caller's identity cached.
  // A callback hook: it runs on every answer, and reads (GET) leave at once without a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.method !== 'GET' && reply.statusCode < 400) {
      if (GRANT_WRITES.test(req.url)) service.invalidate();
      else if (req.user && OWN_ROW_WRITES.test(req.url)) dropUserIdentities(app.ctx.authCache, app.ctx.realtime, req.user.id);
    }
    done(null, payload);
  });

  app.get(
    '/sys/permission/getUserPermissionByToken',
    {
      config: { access: LOGIN },
      // The envelope is serialised once per grant version and sent as prepared bytes (optionally gzipped,
      // see PermissionService.envelope); 304 when the client holds the same payload.
      schema: {
        tags: ['权限'],
        summary: '当前用户的菜单与按钮权限',
        response: { 200: z.union([envelope(sysUserPermissions), binaryResponse]), 304: binaryResponse },
      },
    },
    async (req, reply) => {
      // Built and serialised once per user and grant version; a client holding the same payload gets 304.
      const payload = await service.payloadForUser(req.user!.id);
      reply.header('etag', payload.etag).header('cache-control', 'private, no-cache');
      const match = req.headers['if-none-match'];
      if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === payload.etag)) {
        return reply.code(304).send();
      }
      reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
      const aesKey = app.ctx.config.aesKey;
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(PermissionService.gzippedEnvelope(payload, '查询成功', aesKey));
      }
      return reply.send(PermissionService.envelope(payload, '查询成功', aesKey));
    },
  );
}
