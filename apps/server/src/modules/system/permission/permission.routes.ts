import type { FastifyInstance } from 'fastify';
import { LOGIN } from '../../../platform/access/access.js';
import { ok } from '../../../platform/http/envelope.js';
import type { PermissionService } from './permission.service.js';

/** Endpoints whose successful writes can change who holds which grant. */
const GRANT_WRITES = /\/sys\/(role|permission|user|sysDepart|sysDepartPermission|sysDepartRole|sysDepartRoleUser)\//;

export async function permissionRoutes(app: FastifyInstance, service: PermissionService): Promise<void> {
  // Cached grants are dropped after any write to roles, menus, users or department roles on this instance.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && reply.statusCode < 400 && GRANT_WRITES.test(req.url)) service.invalidate();
  });

  app.get(
    '/sys/permission/getUserPermissionByToken',
    {
      config: { access: LOGIN },
      schema: { tags: ['权限'], summary: '当前用户的菜单与按钮权限' },
    },
    async (req) => ok(await service.loadForUser(req.user!.id), '查询成功'),
  );
}
