/**
 * 用户代理人 (stock `/sys/sysUserAgent`): the user screen's 代理人 dialog reads a user's agent with
 * `queryByUserName` and saves it with `add` or `edit`.
 */
import { envelope, failure, messageResponse, pageResponse, sysUserAgentRow } from '@go/contract';
import { z } from 'zod';
import { perm } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import { idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import { agentAddSchema, agentEditSchema, type UserAgentService } from './user-agent.service.js';

const byUserQuery = z.object({ userName: z.string().min(1).max(100) });
/** Paging and sorting; any other key is a column filter of the list query builder. */
const listQuery = z.looseObject({ pageNo: z.string().max(20).optional(), pageSize: z.string().max(20).optional(), column: z.string().max(64).optional(), order: z.string().max(10).optional() });
const found = z.union([envelope(sysUserAgentRow), failure]);

export async function userAgentRoutes(app: Api, svc: UserAgentService): Promise<void> {
  const tags = ['用户代理人'];
  const access = perm('system:user:agent');
  app.get('/sys/sysUserAgent/list', { config: { access }, schema: { tags, summary: '代理人列表', querystring: listQuery, response: { 200: pageResponse(sysUserAgentRow) } } }, async (req) =>
    ok(await svc.list(req.user!, req.query), '查询成功'),
  );
  app.get('/sys/sysUserAgent/queryById', { config: { access }, schema: { tags, summary: '代理人详情', querystring: idQuery, response: { 200: found } } }, async (req) => {
    const row = await svc.byId(req.user!, req.query.id);
    return row ? ok(row) : fail('未找到对应数据');
  });
  app.get('/sys/sysUserAgent/queryByUserName', { config: { access }, schema: { tags, summary: '用户的代理人（无则 success:false）', querystring: byUserQuery, response: { 200: found } } }, async (req) => {
    const row = await svc.byUserName(req.user!, req.query.userName);
    return row ? ok(row) : fail('未找到对应数据');
  });
  app.post('/sys/sysUserAgent/add', { config: { access }, schema: { tags, summary: '添加代理人', body: agentAddSchema, response: { 200: messageResponse } } }, async (req) => {
    await svc.add(req.user!, req.body);
    return ok(null, '代理人设置成功！');
  });
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysUserAgent/edit',
    config: { access },
    schema: { tags, summary: '编辑代理人', body: agentEditSchema, response: { 200: messageResponse } },
    handler: async (req) => {
      await svc.edit(req.user!, req.body);
      return ok(null, '代理人设置成功！');
    },
  });
  app.delete('/sys/sysUserAgent/delete', { config: { access }, schema: { tags, summary: '删除代理人', querystring: idQuery, response: { 200: messageResponse } } }, async (req) => {
    await svc.remove(req.user!, [req.query.id]);
    return ok(null, '删除成功!');
  });
  app.delete('/sys/sysUserAgent/deleteBatch', { config: { access }, schema: { tags, summary: '批量删除代理人', querystring: idsQuery, response: { 200: messageResponse } } }, async (req) => {
    await svc.remove(req.user!, splitIds(req.query.ids));
    return ok(null, '批量删除成功!');
  });
}
