import { announcementEndpoints, envelope } from '@go/contract';
import { LOGIN, perm } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { ok, okMessage } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { TEXTS, type AnnouncementService } from './announcement.service.js';
import { announcementStockRoutes } from './announcement-stock.routes.js';
import { idList } from '../../platform/http/list-params.js';
import type { NewsService } from './news.service.js';

export const ANNOUNCEMENT_PERMS = {
  list: 'system:announcement:list',
  add: 'system:announcement:add',
  edit: 'system:announcement:edit',
  delete: 'system:announcement:delete',
  release: 'system:announcement:release',
} as const;

export const NEWS_PERMS = {
  add: 'office:news:add',
  edit: 'office:news:edit',
  delete: 'office:news:delete',
} as const;

// Paths and schemas: the endpoint declarations (packages/contract/src/announcement/endpoints.ts).
const E = announcementEndpoints;

const tags = ['通知公告'];

export async function announcementRoutes(app: Api, annts: AnnouncementService, news: NewsService): Promise<void> {
  await announcementStockRoutes(app, annts);

  app.get(
    E.list.path,
    { config: { access: perm(ANNOUNCEMENT_PERMS.list) }, schema: { tags, summary: '通知公告列表', querystring: E.list.query, response: { 200: envelope(E.list.result) } } },
    async (req) => ok(await annts.list(req.query)),
  );

  app.post(
    E.add.path,
    {
      config: { access: perm(ANNOUNCEMENT_PERMS.add), oplog: { content: '通知公告-添加', type: 2 } },
      schema: { tags, summary: '添加通知公告', body: E.add.body, response: { 200: envelope(E.add.result) } },
    },
    async (req) => {
      await annts.add(req.user!, req.body);
      return okMessage(TEXTS.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: E.edit.path,
    config: { access: perm(ANNOUNCEMENT_PERMS.edit), oplog: { content: '通知公告-编辑', type: 3 } },
    schema: { tags, summary: '编辑通知公告', body: E.edit.body, response: { 200: envelope(E.edit.result) } },
    handler: async (req) => {
      await annts.edit(req.user!, req.body.id, req.body);
      return okMessage(TEXTS.edited);
    },
  });

  app.delete(
    E.delete.path,
    {
      config: { access: perm(ANNOUNCEMENT_PERMS.delete), oplog: { content: '通知公告-删除', type: 4 } },
      schema: { tags, summary: '删除通知公告', querystring: E.delete.query, response: { 200: envelope(E.delete.result) } },
    },
    async (req) => {
      await annts.remove(req.user!, [req.query.id]);
      return okMessage(TEXTS.deleted);
    },
  );

  app.delete(
    E.deleteBatch.path,
    {
      config: { access: perm(ANNOUNCEMENT_PERMS.delete), oplog: { content: '通知公告-批量删除', type: 4 } },
      schema: { tags, summary: '批量删除通知公告', querystring: E.deleteBatch.query, response: { 200: envelope(E.deleteBatch.result) } },
    },
    async (req) => {
      await annts.remove(req.user!, idList(req.query.ids));
      return okMessage(TEXTS.batchDeleted);
    },
  );

  app.get(
    E.queryById.path,
    { config: { access: LOGIN }, schema: { tags, summary: '通知公告详情', querystring: E.queryById.query, response: { 200: envelope(E.queryById.result) } } },
    async (req) => {
      const { id } = req.query;
      const canMaintain = await app.ctx.permissions.has(req.user!, ANNOUNCEMENT_PERMS.list);
      return ok(canMaintain ? await annts.get(id) : await annts.getForReader(req.user!, id));
    },
  );

  app.get(
    E.release.path,
    {
      config: { access: perm(ANNOUNCEMENT_PERMS.release), oplog: { content: '通知公告-发布', type: 3 } },
      schema: { tags, summary: '发布', querystring: E.release.query, response: { 200: envelope(E.release.result) } },
    },
    async (req) => {
      await annts.release(req.user!, req.query.id);
      return okMessage(TEXTS.released);
    },
  );

  app.get(
    E.revoke.path,
    {
      config: { access: perm(ANNOUNCEMENT_PERMS.release), oplog: { content: '通知公告-撤销', type: 3 } },
      schema: { tags, summary: '撤销', querystring: E.revoke.query, response: { 200: envelope(E.revoke.result) } },
    },
    async (req) => {
      await annts.revoke(req.user!, req.query.id);
      return okMessage(TEXTS.revoked);
    },
  );

  app.get(
    E.listByUser.path,
    { config: { access: LOGIN }, schema: { tags, summary: '当前用户未读的通知与系统消息', querystring: E.listByUser.query, response: { 200: envelope(E.listByUser.result) } } },
    async (req) => ok(await annts.listByUser(req.user!, req.query.pageSize ?? 5)),
  );

  app.route({
    method: ['PUT', 'POST'],
    url: E.markRead.path,
    config: { access: LOGIN, oplog: false },
    schema: { tags, summary: '标记已读', body: E.markRead.body, response: { 200: envelope(E.markRead.result) } },
    handler: async (req) => {
      await annts.markRead(req.user!, req.body.anntId);
      return ok(null, '操作成功!');
    },
  });

  app.route({
    method: ['PUT', 'POST'],
    url: E.readAll.path,
    config: { access: LOGIN, oplog: false },
    schema: { tags, summary: '全部标记已读', body: E.readAll.body, response: { 200: envelope(E.readAll.result) } },
    handler: async (req) => {
      // No body, or `{}`; a body that says something else (even `null`) is not this call.
      if (req.body === null && Number(req.headers['content-length'] ?? 0) > 0) throw new AppError('BAD_REQUEST');
      await annts.readAll(req.user!);
      return okMessage('全部已读');
    },
  });

  app.get(
    E.mySends.path,
    { config: { access: LOGIN }, schema: { tags, summary: '我的消息', querystring: E.mySends.query, response: { 200: envelope(E.mySends.result) } } },
    async (req) => ok(await annts.mySends(req.user!, req.query)),
  );

  // News for the header ticker and the /notice page.
  const newsTags = ['新闻'];
  app.get(
    E.newsList.path,
    { config: { access: LOGIN }, schema: { tags: newsTags, summary: '新闻列表', querystring: E.newsList.query, response: { 200: envelope(E.newsList.result) } } },
    async (req) => ok(await news.list(req.query)),
  );
  app.post(
    E.newsListPost.path,
    {
      config: { access: LOGIN, oplog: false },
      schema: { tags: newsTags, summary: '新闻列表（POST）', querystring: E.newsListPost.query, body: E.newsListPost.body, response: { 200: envelope(E.newsListPost.result) } },
    },
    async (req) => ok(await news.list({ ...req.query, ...(req.body ?? {}) })),
  );
  app.post(
    E.newsAdd.path,
    {
      config: { access: perm(NEWS_PERMS.add), oplog: { content: '新闻-添加', type: 2 } },
      schema: { tags: newsTags, summary: '添加新闻', body: E.newsAdd.body, response: { 200: envelope(E.newsAdd.result) } },
    },
    async (req) => {
      await news.add(req.user!, req.body);
      return okMessage(TEXTS.added);
    },
  );
  app.route({
    method: ['PUT', 'POST'],
    url: E.newsEdit.path,
    config: { access: perm(NEWS_PERMS.edit), oplog: { content: '新闻-编辑', type: 3 } },
    schema: { tags: newsTags, summary: '编辑新闻', body: E.newsEdit.body, response: { 200: envelope(E.newsEdit.result) } },
    handler: async (req) => {
      await news.edit(req.user!, req.body.id, req.body);
      return okMessage(TEXTS.edited);
    },
  });
  app.delete(
    E.newsDelete.path,
    {
      config: { access: perm(NEWS_PERMS.delete), oplog: { content: '新闻-删除', type: 4 } },
      schema: { tags: newsTags, summary: '删除新闻', querystring: E.newsDelete.query, response: { 200: envelope(E.newsDelete.result) } },
    },
    async (req) => {
      await news.remove(req.user!, [req.query.id]);
      return okMessage(TEXTS.deleted);
    },
  );
  app.delete(
    E.newsDeleteBatch.path,
    {
      config: { access: perm(NEWS_PERMS.delete), oplog: { content: '新闻-批量删除', type: 4 } },
      schema: { tags: newsTags, summary: '批量删除新闻', querystring: E.newsDeleteBatch.query, response: { 200: envelope(E.newsDeleteBatch.result) } },
    },
    async (req) => {
      await news.remove(req.user!, idList(req.query.ids));
      return okMessage(TEXTS.batchDeleted);
    },
  );
  app.get(
    E.newsById.path,
    { config: { access: LOGIN }, schema: { tags: newsTags, summary: '新闻详情', querystring: E.newsById.query, response: { 200: envelope(E.newsById.result) } } },
    async (req) => ok(await news.get(req.query.id)),
  );
}
