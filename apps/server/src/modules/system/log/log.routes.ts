import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOGIN, perm } from '../../../platform/access/access.js';
import { ok } from '../../../platform/http/envelope.js';
import { idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import type { Params } from '../../../platform/query/query-builder.js';
import type { LogService } from './log.service.js';

export async function logRoutes(app: FastifyInstance, logs: LogService): Promise<void> {
  const tags = ['系统日志'];
  app.get(
    '/sys/log/list',
    { config: { access: perm('system:log:list') }, schema: { tags, summary: '日志列表（logType, keyWord, createTime_begin/_end）' } },
    async (req) => ok(await logs.list(req.user!, req.query as Params), '查询成功'),
  );
  app.delete(
    '/sys/log/delete',
    { config: { access: perm('system:log:delete') }, schema: { tags, summary: '删除日志', querystring: idQuery } },
    async (req) => {
      await logs.remove(req.user!, [(req.query as z.infer<typeof idQuery>).id]);
      return ok(null, '删除成功!');
    },
  );
  app.delete(
    '/sys/log/deleteBatch',
    { config: { access: perm('system:log:delete') }, schema: { tags, summary: '批量删除日志（ids=allclear 清空）', querystring: idsQuery } },
    async (req) => {
      const { ids } = req.query as z.infer<typeof idsQuery>;
      await logs.remove(req.user!, ids === 'allclear' ? 'allclear' : splitIds(ids));
      return ok(null, ids === 'allclear' ? '清空日志成功!' : '批量删除成功!');
    },
  );
  app.get(
    '/sys/loginfo',
    { config: { access: LOGIN }, schema: { tags, summary: '登录统计' } },
    async (req) => ok(await logs.loginInfo(req.user!)),
  );
  app.get(
    '/sys/visitInfo',
    { config: { access: LOGIN }, schema: { tags, summary: '近7天访问统计' } },
    async (req) => ok(await logs.visitInfo(req.user!)),
  );
}
