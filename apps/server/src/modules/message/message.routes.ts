import { envelope, messageEndpoints, messageResponse, msgChannel, msgTemplateRow, pageResponse } from '@go/contract';
import { z } from 'zod';
import { perm, type CurrentUser } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { ok, okMessage } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { idList, zs } from '../../platform/http/list-params.js';
import { MESSAGE_TEXTS, type MessageService } from './message.service.js';

export const MESSAGE_PERMS = {
  list: 'system:messageTemplate:list',
  add: 'system:messageTemplate:add',
  edit: 'system:messageTemplate:edit',
  delete: 'system:messageTemplate:delete',
  send: 'system:messageTemplate:send',
} as const;

// The template routes' schemas: the endpoint declarations (packages/contract/src/message/endpoints.ts).
const E = messageEndpoints;
const templateBody = E.add.body;
const templateEditBody = E.edit.body;
const idQuery = E.delete.query;
const idsQuery = E.deleteBatch.query;
const listQuery = E.list.query;
const sendMsgBody = E.sendMsg.body;
const boolish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])]).transform((v) => v === true || v === 'true' || v === '1');
const sendTestParams = z.object({
  app: zs().max(30).optional(),
  title: zs().max(200).optional(),
  content: zs().min(1, '消息内容不能为空').max(20_000),
  receiver: zs().max(5000).optional(),
  sendAll: boolish.optional(),
  _t: z.any().optional(),
});
/**
 * sendMessageTest's query and body as they arrive (a GET has no body; a POST may have none, or a JSON
 * body with booleans): each part may be missing and may carry other keys; the merged parameters are
 * checked with `sendTestParams`, whose messages the caller sees.
 */
const sendTestInput = z.looseObject({
  app: z.unknown().optional(),
  title: z.unknown().optional(),
  content: z.unknown().optional(),
  receiver: z.unknown().optional(),
  sendAll: z.unknown().optional(),
});
const wxBody = z.object({
  userName: zs().min(1).max(100),
  csUserName: zs().max(1000).nullish(),
  nodeName: zs().max(200).nullish(),
  processName: zs().max(200).nullish(),
  applyer: zs().max(100).nullish(),
  createTime: zs().max(30).nullish(),
});

const tags = ['消息模板'];

export async function messageRoutes(app: Api, messages: MessageService): Promise<void> {
  const T = '/sys/message/sysMessageTemplate';

  app.get(
    `${T}/list`,
    { config: { access: perm(MESSAGE_PERMS.list) }, schema: { tags, summary: '消息模板列表', querystring: listQuery, response: { 200: pageResponse(msgTemplateRow) } } },
    async (req) => ok(await messages.listTemplates(req.query)),
  );
  app.get(
    `${T}/queryById`,
    { config: { access: perm(MESSAGE_PERMS.list) }, schema: { tags, summary: '消息模板详情', querystring: idQuery, response: { 200: envelope(msgTemplateRow) } } },
    async (req) => ok(await messages.getTemplate(req.query.id)),
  );
  app.post(
    `${T}/add`,
    {
      config: { access: perm(MESSAGE_PERMS.add), oplog: { content: '消息模板-添加', type: 2 } },
      schema: { tags, summary: '添加消息模板', body: templateBody, response: { 200: messageResponse } },
    },
    async (req) => {
      await messages.addTemplate(req.user!, req.body);
      return okMessage(MESSAGE_TEXTS.added);
    },
  );
  app.route({
    method: ['PUT', 'POST'],
    url: `${T}/edit`,
    config: { access: perm(MESSAGE_PERMS.edit), oplog: { content: '消息模板-编辑', type: 3 } },
    schema: { tags, summary: '编辑消息模板', body: templateEditBody, response: { 200: messageResponse } },
    handler: async (req) => {
      await messages.editTemplate(req.user!, req.body.id, req.body);
      return okMessage(MESSAGE_TEXTS.edited);
    },
  });
  app.delete(
    `${T}/delete`,
    {
      config: { access: perm(MESSAGE_PERMS.delete), oplog: { content: '消息模板-删除', type: 4 } },
      schema: { tags, summary: '删除消息模板', querystring: idQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await messages.removeTemplates([req.query.id]);
      return okMessage(MESSAGE_TEXTS.deleted);
    },
  );
  app.delete(
    `${T}/deleteBatch`,
    {
      config: { access: perm(MESSAGE_PERMS.delete), oplog: { content: '消息模板-批量删除', type: 4 } },
      schema: { tags, summary: '批量删除消息模板', querystring: idsQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await messages.removeTemplates(idList(req.query.ids));
      return okMessage(MESSAGE_TEXTS.batchDeleted);
    },
  );
  app.post(
    `${T}/sendMsg`,
    {
      config: { access: perm(MESSAGE_PERMS.send), oplog: { content: '消息模板-发送测试', type: 2 } },
      schema: { tags, summary: '按模板发送', body: sendMsgBody, response: { 200: messageResponse } },
    },
    async (req) => {
      await messages.sendByTemplate(req.user!, req.body);
      return okMessage(MESSAGE_TEXTS.sent);
    },
  );
  app.get(
    `${T}/channels`,
    { config: { access: perm(MESSAGE_PERMS.list) }, schema: { tags, summary: '已配置的消息通道', response: { 200: envelope(z.array(msgChannel)) } } },
    async () => ok(messages.channelNames()),
  );

  // Third-app sending (docs/realtime-and-jobs.md, 5): the parameters come in the query, the body or both.
  const sendTest = async (user: CurrentUser, raw: Record<string, unknown>) => {
    const parsed = sendTestParams.safeParse(raw);
    if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues.map((i) => i.message).join('; '));
    return ok(await messages.sendTest(user, parsed.data), MESSAGE_TEXTS.sent);
  };
  const sendTestConfig = { access: perm(MESSAGE_PERMS.send), oplog: { content: '消息-发送测试', type: 2 } };
  const sendTestSummary = '发送测试消息 {app, content, receiver, sendAll}';
  app.get(
    '/sys/thirdApp/sendMessageTest',
    { config: sendTestConfig, schema: { tags, summary: sendTestSummary, querystring: sendTestInput, response: { 200: envelope(z.number()) } } },
    async (req) => sendTest(req.user!, req.query),
  );
  app.post(
    '/sys/thirdApp/sendMessageTest',
    {
      config: sendTestConfig,
      schema: { tags, summary: sendTestSummary, querystring: sendTestInput, body: sendTestInput.nullish(), response: { 200: envelope(z.number()) } },
    },
    async (req) => sendTest(req.user!, { ...req.query, ...(req.body ?? {}) }),
  );

  app.post(
    '/sys/thirdApp/sendWXMessage',
    // The engine sends task notices itself; over HTTP this is a messaging permission, limited to
    // recipients in the caller's company scope and rate limited per sender.
    {
      config: { access: perm(MESSAGE_PERMS.send), oplog: { content: '待办提醒消息', type: 2 } },
      schema: { tags, summary: '待办提醒（站内 + 企业消息）', body: wxBody, response: { 200: envelope(z.number()) } },
    },
    async (req) => {
      const n = await messages.sendTaskNoticeOverHttp(req.user!, req.body);
      return ok(n, MESSAGE_TEXTS.sent);
    },
  );
}
