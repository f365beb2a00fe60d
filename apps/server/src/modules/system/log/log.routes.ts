import { envelope, listResponse, messageResponse, pageResponse, sysLoginInfo, sysLogRow, sysVisitDay } from '@go/contract';
import { z } from 'zod';
import { LOGIN, perm } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { ok } from '../../../platform/http/envelope.js';
import { crudListQuery, idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import type { LogService } from './log.service.js';

/** The log list query: the whitelist filters, `keyWord` (contained in the content) and paging. */
const logListQuery = crudListQuery.extend({ keyWord: z.string().max(200).optional() });

export async function logRoutes(app: Api, logs: LogService): Promise<void> {
  const tags = ['系统日志'];
  app.get(
    '/sys/log/list',
    {
      config: { access: perm('system:log:list') },
      schema: { tags, summary: '日志列表（logType, keyWord, createTime_begin/_end）', querystring: logListQuery, response: { 200: pageResponse(sysLogRow) } },
    },
    async (req) => ok(await logs.list(req.user!, req.query), '查询成功'),
  );
  app.delete(
    '/sys/log/delete',
    { config: { access: perm('system:log:delete') }, schema: { tags, summary: '删除日志', querystring: idQuery, response: { 200: messageResponse } } },
    async (req) => {
      await logs.remove(req.user!, [req.query.id]);
      return ok(null, '删除成功!');
    },
  );
  app.delete(
    '/sys/log/deleteBatch',
    {
      config: { access: perm('system:log:delete') },
      schema: { tags, summary: '批量删除日志（ids=allclear 清空）', querystring: idsQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      const { ids } = req.query;
      await logs.remove(req.user!, ids === 'allclear' ? 'allclear' : splitIds(ids));
      return ok(null, ids === 'allclear' ? '清空日志成功!' : '批量删除成功!');
    },
  );
  app.get(
    '/sys/loginfo',
    { config: { access: LOGIN }, schema: { tags, summary: '登录统计', response: { 200: envelope(sysLoginInfo) } } },
    async (req) => ok(await logs.loginInfo(req.user!)),
  );
  app.get(
    '/sys/visitInfo',
    { config: { access: LOGIN }, schema: { tags, summary: '近7天访问统计', response: { 200: listResponse(sysVisitDay) } } },
    async (req) => ok(await logs.visitInfo(req.user!)),
  );
}
