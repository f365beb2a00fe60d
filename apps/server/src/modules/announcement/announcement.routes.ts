import { annDetail, annListByUser, annListRow, annMySendRow, annNewsRow, envelope, messageResponse, pageResponse } from '@go/contract';
import { z } from 'zod';
import { LOGIN, perm } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { ok, okMessage } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { TEXTS, type AnnouncementService } from './announcement.service.js';
import { announcementStockRoutes } from './announcement-stock.routes.js';
import { idList, pageParams, zs } from '../../platform/http/list-params.js';
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

const dateTime = z
  .string()
  .max(19)
  .regex(/^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?)?$/, '时间格式应为 yyyy-MM-dd HH:mm:ss')
  .nullish();
const optText = (max: number) => zs().max(max).nullish();

const announcementBody = z.object({
  titile: zs().trim().min(1, '标题不能为空').max(500),
  msgContent: zs().max(500_000).nullish(),
  startTime: dateTime,
  endTime: dateTime,
  priority: z.enum(['L', 'M', 'H']).nullish(),
  msgCategory: z.coerce.string().pipe(z.enum(['1', '2'])).nullish(),
  msgType: z.enum(['ALL', 'USER']).nullish(),
  userIds: optText(20_000),
  busType: optText(20),
  busId: optText(50),
  openType: z.enum(['component', 'url', '']).nullish(),
  // 'go handle' navigates here: an app path or an http(s) address only (never javascript: and the like)
  openPage: zs()
    .max(255)
    .regex(/^(\/(?!\/)[^\s\\]*|https?:\/\/[^\s\\]+)?$/i, '打开页面应为以 / 开头的路径或 http(s) 地址')
    .nullish(),
  msgAbstract: optText(2000),
});
const editBody = announcementBody.extend({ id: zs().min(1).max(32) });
const idQuery = z.object({ id: zs().min(1).max(32), _t: z.any().optional() });
const idsQuery = z.object({ ids: zs().min(1).max(20_000), _t: z.any().optional() });
const listQuery = pageParams.extend({
  titile: zs().max(100).optional(),
  msgCategory: zs().max(2).optional(),
  msgType: zs().max(10).optional(),
  sendStatus: zs().max(2).optional(),
  priority: zs().max(2).optional(),
  sender: zs().max(100).optional(),
});
const listByUserQuery = z.object({ pageSize: z.coerce.number().int().min(1).max(100).optional(), _t: z.any().optional() });
const anntIdBody = z.object({ anntId: zs().min(1).max(32) });
const mySendQuery = pageParams.extend({
  titile: zs().max(100).optional(),
  sender: zs().max(100).optional(),
  readFlag: z.enum(['0', '1', '']).optional(),
  msgCategory: z.enum(['1', '2', '']).optional(),
});

const newsBody = z.object({
  noticeType: z.coerce.string().max(32).nullish(),
  noticeTitle: zs().trim().min(1, '标题不能为空').max(500),
  noticePerson: optText(100),
  noticeDescribe: optText(2000),
  noticeContent: zs().max(500_000).nullish(),
});
const newsEditBody = newsBody.extend({ id: zs().min(1).max(32) });
const newsListQuery = pageParams.extend({
  noticeTitle: zs().max(100).optional(),
  noticeType: zs().max(32).optional(),
  noticePerson: zs().max(100).optional(),
});

const tags = ['通知公告'];

export async function announcementRoutes(app: Api, annts: AnnouncementService, news: NewsService): Promise<void> {
  const A = '/sys/annountCement';
  await announcementStockRoutes(app, annts);

  app.get(
    `${A}/list`,
    { config: { access: perm(ANNOUNCEMENT_PERMS.list) }, schema: { tags, summary: '通知公告列表', querystring: listQuery, response: { 200: pageResponse(annListRow) } } },
    async (req) => ok(await annts.list(req.query)),
  );

  app.post(
    `${A}/add`,
    {
      config: { access: perm(ANNOUNCEMENT_PERMS.add), oplog: { content: '通知公告-添加', type: 2 } },
      schema: { tags, summary: '添加通知公告', body: announcementBody, response: { 200: messageResponse } },
    },
    async (req) => {
      await annts.add(req.user!, req.body);
      return okMessage(TEXTS.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: `${A}/edit`,
    config: { access: perm(ANNOUNCEMENT_PERMS.edit), oplog: { content: '通知公告-编辑', type: 3 } },
    schema: { tags, summary: '编辑通知公告', body: editBody, response: { 200: messageResponse } },
    handler: async (req) => {
      await annts.edit(req.user!, req.body.id, req.body);
      return okMessage(TEXTS.edited);
    },
  });

  app.delete(
    `${A}/delete`,
    {
      config: { access: perm(ANNOUNCEMENT_PERMS.delete), oplog: { content: '通知公告-删除', type: 4 } },
      schema: { tags, summary: '删除通知公告', querystring: idQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await annts.remove(req.user!, [req.query.id]);
      return okMessage(TEXTS.deleted);
    },
  );

  app.delete(
    `${A}/deleteBatch`,
    {
      config: { access: perm(ANNOUNCEMENT_PERMS.delete), oplog: { content: '通知公告-批量删除', type: 4 } },
      schema: { tags, summary: '批量删除通知公告', querystring: idsQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await annts.remove(req.user!, idList(req.query.ids));
      return okMessage(TEXTS.batchDeleted);
    },
  );

  app.get(
    `${A}/queryById`,
    { config: { access: LOGIN }, schema: { tags, summary: '通知公告详情', querystring: idQuery, response: { 200: envelope(annDetail) } } },
    async (req) => {
      const { id } = req.query;
      const canMaintain = await app.ctx.permissions.has(req.user!, ANNOUNCEMENT_PERMS.list);
      return ok(canMaintain ? await annts.get(id) : await annts.getForReader(req.user!, id));
    },
  );

  app.get(
    `${A}/doReleaseData`,
    {
      config: { access: perm(ANNOUNCEMENT_PERMS.release), oplog: { content: '通知公告-发布', type: 3 } },
      schema: { tags, summary: '发布', querystring: idQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await annts.release(req.user!, req.query.id);
      return okMessage(TEXTS.released);
    },
  );

  app.get(
    `${A}/doReovkeData`,
    {
      config: { access: perm(ANNOUNCEMENT_PERMS.release), oplog: { content: '通知公告-撤销', type: 3 } },
      schema: { tags, summary: '撤销', querystring: idQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await annts.revoke(req.user!, req.query.id);
      return okMessage(TEXTS.revoked);
    },
  );

  app.get(
    `${A}/listByUser`,
    { config: { access: LOGIN }, schema: { tags, summary: '当前用户未读的通知与系统消息', querystring: listByUserQuery, response: { 200: envelope(annListByUser) } } },
    async (req) => ok(await annts.listByUser(req.user!, req.query.pageSize ?? 5)),
  );

  const S = '/sys/sysAnnouncementSend';
  app.route({
    method: ['PUT', 'POST'],
    url: `${S}/editByAnntIdAndUserId`,
    config: { access: LOGIN, oplog: false },
    schema: { tags, summary: '标记已读', body: anntIdBody, response: { 200: messageResponse } },
    handler: async (req) => {
      await annts.markRead(req.user!, req.body.anntId);
      return ok(null, '操作成功!');
    },
  });

  app.route({
    method: ['PUT', 'POST'],
    url: `${S}/readAll`,
    config: { access: LOGIN, oplog: false },
    schema: { tags, summary: '全部标记已读', body: z.object({}).strict().nullish(), response: { 200: messageResponse } },
    handler: async (req) => {
      // No body, or `{}`; a body that says something else (even `null`) is not this call.
      if (req.body === null && Number(req.headers['content-length'] ?? 0) > 0) throw new AppError('BAD_REQUEST');
      await annts.readAll(req.user!);
      return okMessage('全部已读');
    },
  });

  app.get(
    `${S}/getMyAnnouncementSend`,
    { config: { access: LOGIN }, schema: { tags, summary: '我的消息', querystring: mySendQuery, response: { 200: pageResponse(annMySendRow) } } },
    async (req) => ok(await annts.mySends(req.user!, req.query)),
  );

  // News for the header ticker and the /notice page.
  const N = '/announcementNews';
  const newsTags = ['新闻'];
  const newsPage = pageResponse(annNewsRow);
  app.get(
    `${N}/list`,
    { config: { access: LOGIN }, schema: { tags: newsTags, summary: '新闻列表', querystring: newsListQuery, response: { 200: newsPage } } },
    async (req) => ok(await news.list(req.query)),
  );
  app.post(
    `${N}/list`,
    {
      config: { access: LOGIN, oplog: false },
      schema: { tags: newsTags, summary: '新闻列表（POST）', querystring: newsListQuery, body: newsListQuery.nullish(), response: { 200: newsPage } },
    },
    async (req) => ok(await news.list({ ...req.query, ...(req.body ?? {}) })),
  );
  app.post(
    `${N}/add`,
    {
      config: { access: perm(NEWS_PERMS.add), oplog: { content: '新闻-添加', type: 2 } },
      schema: { tags: newsTags, summary: '添加新闻', body: newsBody, response: { 200: messageResponse } },
    },
    async (req) => {
      await news.add(req.user!, req.body);
      return okMessage(TEXTS.added);
    },
  );
  app.route({
    method: ['PUT', 'POST'],
    url: `${N}/edit`,
    config: { access: perm(NEWS_PERMS.edit), oplog: { content: '新闻-编辑', type: 3 } },
    schema: { tags: newsTags, summary: '编辑新闻', body: newsEditBody, response: { 200: messageResponse } },
    handler: async (req) => {
      await news.edit(req.user!, req.body.id, req.body);
      return okMessage(TEXTS.edited);
    },
  });
  app.delete(
    `${N}/delete`,
    {
      config: { access: perm(NEWS_PERMS.delete), oplog: { content: '新闻-删除', type: 4 } },
      schema: { tags: newsTags, summary: '删除新闻', querystring: idQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await news.remove(req.user!, [req.query.id]);
      return okMessage(TEXTS.deleted);
    },
  );
  app.delete(
    `${N}/deleteBatch`,
    {
      config: { access: perm(NEWS_PERMS.delete), oplog: { content: '新闻-批量删除', type: 4 } },
      schema: { tags: newsTags, summary: '批量删除新闻', querystring: idsQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await news.remove(req.user!, idList(req.query.ids));
      return okMessage(TEXTS.batchDeleted);
    },
  );
  app.get(
    `${N}/queryById`,
    { config: { access: LOGIN }, schema: { tags: newsTags, summary: '新闻详情', querystring: idQuery, response: { 200: envelope(annNewsRow) } } },
    async (req) => ok(await news.get(req.query.id)),
  );
}
