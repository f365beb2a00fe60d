import {
  binaryResponse,
  commentSchema,
  envelope,
  listResponse,
  messageResponse,
  oaCommentRow,
  oaWeeklyPrefill,
  oaWeeklyReceivedRow,
  oaWeeklyRow,
  oaWeeklySaved,
  oaWeeklyUnsubmitted,
  pageResponse,
  weeklyRemindSchema,
  weeklySaveSchema,
  weeklySubmitSchema,
} from '@go/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { perm } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { attachmentHeader, XLSX_MIME } from '../../platform/excel/excel.js';
import { ok, okMessage } from '../../platform/http/envelope.js';
import { WEEKLY_TEXTS } from '@go/contract';
import type { WeeklyService } from './weekly.service.js';

export const WEEKLY_PERMS = {
  list: 'office:weekly:list',
  add: 'office:weekly:add',
  team: 'office:weekly:team',
  search: 'office:weekly:search',
} as const;

const zs = () => z.string().refine((v) => !v.includes('\u0000'), '包含非法字符');
const day = zs().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd');
const pageQ = z.object({
  pageNo: z.coerce.number().int().min(1).max(100000).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
  _t: z.union([zs(), z.number()]).optional(),
});
const idQ = z.object({ id: zs().min(1).max(32), _t: z.union([zs(), z.number()]).optional() });
const myQ = pageQ.extend({ weekStart: day.optional().or(z.literal('')) });
const weekQ = z.object({ weekStart: day, orgCode: zs().max(64).optional(), _t: z.union([zs(), z.number()]).optional() });
const receivedQ = pageQ.extend({
  readFlag: z.enum(['0', '1', '']).optional(),
  realname: zs().max(100).optional(),
  weekStart: day.optional().or(z.literal('')),
});
const searchQ = pageQ.extend({
  username: zs().max(100).optional(),
  realname: zs().max(100).optional(),
  weekStart: day.optional().or(z.literal('')),
  weekFrom: day.optional().or(z.literal('')),
  weekTo: day.optional().or(z.literal('')),
});
const remindBody = weeklyRemindSchema.extend({ orgCode: zs().max(64).optional() });
const editBody = weeklySaveSchema.extend({ id: z.string().min(1).max(32) });

const tags = ['周报'];
const blank = <T extends Record<string, unknown>>(q: T): T =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined)) as T;

/** `/office/weekly/*`: see docs/office.md. */
export async function weeklyRoutes(app: Api, svc: WeeklyService): Promise<void> {
  const W = '/office/weekly';
  const canSearch = (req: Pick<FastifyRequest, 'user'>) => app.ctx.permissions.has(req.user!, WEEKLY_PERMS.search);

  app.get(`${W}/my`, { config: { access: perm(WEEKLY_PERMS.list) }, schema: { tags, summary: '我的周报', querystring: myQ, response: { 200: pageResponse(oaWeeklyRow) } } }, async (req) =>
    ok(await svc.my(req.user!, blank(req.query))),
  );

  app.get(`${W}/prefill`, { config: { access: perm(WEEKLY_PERMS.list) }, schema: { tags, summary: '本周周报或上周计划', querystring: weekQ, response: { 200: envelope(oaWeeklyPrefill) } } }, async (req) =>
    ok(await svc.prefill(req.user!, req.query.weekStart)),
  );

  // docs/security.md, "AES payload envelope": the weekly add call is exempt from the encrypted envelope.
  app.post(
    `${W}/add`,
    { config: { access: perm(WEEKLY_PERMS.add), noEncrypt: true, oplog: { content: '周报-保存', type: 2 } }, schema: { tags, summary: '新建周报（草稿或提交）', body: weeklySaveSchema, response: { 200: envelope(oaWeeklySaved) } } },
    async (req) => {
      const body = req.body;
      const r = await svc.save(req.user!, { ...body, id: undefined });
      return ok(r, body.submit ? WEEKLY_TEXTS.submitted : WEEKLY_TEXTS.saved);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: `${W}/edit`,
    config: { access: perm(WEEKLY_PERMS.add), noEncrypt: true, oplog: { content: '周报-编辑', type: 3 } },
    schema: { tags, summary: '编辑周报', body: editBody, response: { 200: envelope(oaWeeklySaved) } },
    handler: async (req) => {
      const body = req.body;
      const r = await svc.save(req.user!, body);
      return ok(r, body.submit ? WEEKLY_TEXTS.submitted : WEEKLY_TEXTS.saved);
    },
  });

  app.post(
    `${W}/submit`,
    { config: { access: perm(WEEKLY_PERMS.add), oplog: { content: '周报-提交', type: 3 } }, schema: { tags, summary: '提交周报', body: weeklySubmitSchema, response: { 200: messageResponse } } },
    async (req) => {
      const body = req.body;
      await svc.submit(req.user!, body.id, body.recipients);
      return okMessage(WEEKLY_TEXTS.submitted);
    },
  );

  app.delete(
    `${W}/delete`,
    { config: { access: perm(WEEKLY_PERMS.add), oplog: { content: '周报-删除', type: 4 } }, schema: { tags, summary: '删除周报草稿', querystring: idQ, response: { 200: messageResponse } } },
    async (req) => {
      await svc.remove(req.user!, req.query.id);
      return okMessage(WEEKLY_TEXTS.deleted);
    },
  );

  app.get(`${W}/received`, { config: { access: perm(WEEKLY_PERMS.list) }, schema: { tags, summary: '收到的周报', querystring: receivedQ, response: { 200: pageResponse(oaWeeklyReceivedRow) } } }, async (req) =>
    ok(await svc.received(req.user!, blank(req.query))),
  );

  app.get(`${W}/queryById`, { config: { access: perm(WEEKLY_PERMS.list) }, schema: { tags, summary: '周报详情（接收人打开即已读）', querystring: idQ, response: { 200: envelope(oaWeeklyRow) } } }, async (req) =>
    ok(await svc.get(req.user!, req.query.id, await canSearch(req))),
  );

  app.get(`${W}/comments`, { config: { access: perm(WEEKLY_PERMS.list) }, schema: { tags, summary: '周报评论', querystring: idQ, response: { 200: listResponse(oaCommentRow) } } }, async (req) =>
    ok(await svc.listComments(req.user!, req.query.id, await canSearch(req))),
  );

  app.post(
    `${W}/comment`,
    { config: { access: perm(WEEKLY_PERMS.list), oplog: { content: '周报-评论', type: 2 } }, schema: { tags, summary: '评论或回复周报', body: commentSchema, response: { 200: envelope(oaCommentRow) } } },
    async (req) => ok(await svc.comment(req.user!, req.body, await canSearch(req)), '评论成功'),
  );

  app.get(`${W}/unsubmitted`, { config: { access: perm(WEEKLY_PERMS.team) }, schema: { tags, summary: '团队未提交名单', querystring: weekQ, response: { 200: envelope(oaWeeklyUnsubmitted) } } }, async (req) => {
    const q = req.query;
    return ok(await svc.unsubmitted(req.user!, q.weekStart, q.orgCode || undefined));
  });

  app.post(
    `${W}/remind`,
    { config: { access: perm(WEEKLY_PERMS.team), oplog: { content: '周报-提醒', type: 3 } }, schema: { tags, summary: '提醒未提交的人', body: remindBody, response: { 200: envelope(z.number()) } } },
    async (req) => {
      const b = req.body;
      const n = await svc.remind(req.user!, b.weekStart, b.usernames, b.orgCode || undefined);
      return ok(n, `${WEEKLY_TEXTS.reminded} ${n} 人`);
    },
  );

  app.get(`${W}/list`, { config: { access: perm(WEEKLY_PERMS.search) }, schema: { tags, summary: '周报查询', querystring: searchQ, response: { 200: pageResponse(oaWeeklyRow) } } }, async (req) =>
    ok(await svc.search(req.user!, blank(req.query))),
  );

  app.get(
    `${W}/exportXls`,
    { config: { access: perm(WEEKLY_PERMS.search), oplog: { content: '周报-导出', type: 6 } }, schema: { tags, summary: '导出周报（.xlsx，筛选同查询）', querystring: searchQ, response: { 200: binaryResponse } } },
    async (req, reply) => {
      const stream = await svc.export(req.user!, blank(req.query));
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('周报.xlsx'));
      return reply.send(stream);
    },
  );
}
