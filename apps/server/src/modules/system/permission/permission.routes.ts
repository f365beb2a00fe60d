import type { FastifyInstance } from 'fastify';
import { LOGIN } from '../../../platform/access/access.js';
import { ok } from '../../../platform/http/envelope.js';
import type { PermissionService } from './permission.service.js';

export async function permissionRoutes(app: FastifyInstance, service: PermissionService): Promise<void> {
  app.get(
    '/sys/permission/getUserPermissionByToken',
    {
      config: { access: LOGIN },
      schema: { tags: ['权限'], summary: '当前用户的菜单与按钮权限' },
    },
    async (req) => ok(await service.loadForUser(req.user!.id), '查询成功'),
  );
}
