import { messageResponse } from '@go/contract';
import { z } from 'zod';
import { perm } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { ok } from '../../../platform/http/envelope.js';
import type { UserService } from './user.service.js';

const frozenBatch = z.object({
  ids: z.string().min(1).max(10000),
  status: z.union([z.literal('1'), z.literal('2'), z.literal(1), z.literal(2)]),
});

export async function userRoutes(app: Api, users: UserService): Promise<void> {
  app.put(
    '/sys/user/frozenBatch',
    {
      config: { access: perm('system:user:frozen') },
      schema: { tags: ['用户'], summary: '冻结/解冻用户', body: frozenBatch, response: { 200: messageResponse } },
    },
    async (req) => {
      const body = req.body;
      const ids = body.ids.split(',').map((s) => s.trim()).filter(Boolean);
      await users.setStatus(req.user!, ids, Number(body.status) as 1 | 2);
      return ok(null, '操作成功!');
    },
  );
}
