import { PERSON_OUT_OF_REACH_TEXT, envelope, listResponse, messageResponse, pageResponse, wfCcPage, wfCountResult, wfDecisionField, wfInstanceRow, wfUrgeResult } from '@go/contract';
import { z } from 'zod';
import { LOGIN, perm, type CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope } from '../../platform/access/scope.js';
import type { Api } from '../../platform/http/api.js';
import { ok } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import { PersonSearch } from '../system/user/person-search.js';
import type { ActionQueries } from './action.queries.js';
import type { WorkflowEngine } from './engine.js';
import type { WorkflowQueries } from './workflow.queries.js';

/** Permission codes of the running-instance admin screen. */
export const WF_INSTANCE_PERMS = {
  list: 'workflow:instance:list',
  /** terminate 终止 and reassign 重新分配 */
  admin: 'workflow:instance:admin',
} as const;

const TAGS = ['流程'];
const id = z.string().trim().min(1, '缺少id').max(100);
const optText = (max: number) => z.string().max(max).optional().nullable().transform((v) => v ?? undefined);
/** usernames or user ids, as an array or comma-separated */
const userList = z
  .union([z.string().max(4000), z.array(z.string().max(100)).max(100)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.string()).min(1, '请至少选择一个人员').max(100));
const pageNum = z.union([z.number(), z.string().regex(/^\d+$/)]).optional().transform((v) => (v === undefined ? undefined : Number(v)));

export const transferBody = z.looseObject({ id, userId: z.string().trim().min(1, '请选择转办人').max(100), comment: optText(2000) });
export const addSignBody = z.looseObject({
  id,
  userIds: userList,
  position: z.enum(['before', 'after', 'parallel'], { message: '请选择加签方式' }).default('parallel'),
  comment: optText(2000),
});
export const ccBody = z.looseObject({ procInstId: id, userIds: userList, comment: optText(2000) });
export const ccListQuery = z.looseObject({
  title: optText(200),
  readFlag: z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.literal('')]).optional().transform((v) => (v === '' || v === undefined ? undefined : Number(v))),
  pageNo: pageNum,
  pageSize: pageNum,
});
export const ccReadBody = z.looseObject({ ids: z.union([z.string().max(20000), z.array(z.string().max(100)).max(500)]).optional(), all: z.boolean().optional() });
export const urgeBody = z.looseObject({ id: optText(100), procInstId: optText(100), comment: optText(500) });
export const instancesQuery = z.looseObject({
  title: optText(200),
  processName: optText(200),
  applyer: optText(100),
  state: z.enum(['running', 'passed', 'rejected', 'canceled', '']).optional(),
  pageNo: pageNum,
  pageSize: pageNum,
});
export const terminateBody = z.looseObject({ procInstId: id, reason: optText(500) });
export const reassignBody = z.looseObject({ id, userIds: userList, comment: optText(2000) });

/** Transfer, add-sign, CC (and the CC inbox), urge, and the administrator's instance screen. */
export async function workflowActionRoutes(
  app: Api,
  s: { engine: WorkflowEngine; queries: WorkflowQueries },
  aq: ActionQueries,
): Promise<void> {
  /** Administrators act on instances of their company (A01: all). */
  const inScope = async (user: CurrentUser, procInstId: string) => {
    const row = await aq.instanceOrgCode(procInstId);
    if (!row || !inCompanyScope(user, row.sysOrgCode)) throw businessError('流程实例不存在');
  };
  const actor = (u: CurrentUser) => ({ username: u.username, realname: u.realname });
  /** 转办, 加签 and 抄送 name only people of the caller's reach: their company, plus A01 for a participant. */
  const people = new PersonSearch(app.ctx.db, (id, username) => s.queries.participates(id, username));
  const requireReach = async (user: CurrentUser, picked: string[], procInstId: string | undefined) => {
    const outside = await people.outOfReach(user, picked, procInstId);
    if (outside.length) throw businessError(`${PERSON_OUT_OF_REACH_TEXT}：${outside.join('、')}`);
  };
  const taskInstance = async (taskId: string) =>
    (await app.ctx.db.selectFrom('wfTask').select('instId').where('id', '=', taskId).executeTakeFirst())?.instId;

  app.get(
    '/actTask/decisionFields/:id',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '任务节点的决策字段（审批时填写，值成为流程变量）', params: z.object({ id }), response: { 200: listResponse(wfDecisionField) } } },
    async (req) => ok(await s.engine.decisionFieldsOf(req.params.id, req.user!.username)),
  );

  app.post(
    '/actTask/transfer',
    { config: { access: LOGIN, oplog: { content: '转办任务', type: 3 } }, schema: { tags: TAGS, summary: '转办：任务交给他人以其本人名义处理', body: transferBody, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      await requireReach(req.user!, [b.userId], await taskInstance(b.id));
      await s.engine.transfer(actor(req.user!), b);
      return ok(null, '转办成功');
    },
  );

  app.post(
    '/actTask/addSign',
    { config: { access: LOGIN, oplog: { content: '加签', type: 3 } }, schema: { tags: TAGS, summary: '加签：前加签、后加签或并行加签', body: addSignBody, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      await requireReach(req.user!, b.userIds, await taskInstance(b.id));
      await s.engine.addSign(actor(req.user!), b);
      return ok(null, '加签成功');
    },
  );

  app.post(
    '/actTask/cc',
    { config: { access: LOGIN, oplog: { content: '抄送', type: 2 } }, schema: { tags: TAGS, summary: '抄送给他人（申请人或参与人）', body: ccBody, response: { 200: envelope(wfCountResult) } } },
    async (req) => {
      const b = req.body;
      const user = req.user!;
      await requireReach(user, b.userIds, b.procInstId);
      const n = await s.engine.cc(actor(user), b, async (username) => s.queries.participates(b.procInstId, username));
      return ok({ count: n }, n ? `已抄送${n}人` : '所选人员均已抄送过');
    },
  );

  const ccList = async (input: z.infer<typeof ccListQuery>, user: CurrentUser) => ok(await aq.ccList(user.username, input));
  const ccPage = { 200: envelope(wfCcPage) };
  app.get('/actTask/ccList', { config: { access: LOGIN }, schema: { tags: TAGS, summary: '抄送我的（含未读数）', querystring: ccListQuery, response: ccPage } }, async (req) =>
    ccList(req.query, req.user!),
  );
  app.post(
    '/actTask/ccList',
    { config: { access: LOGIN, oplog: false }, schema: { tags: TAGS, summary: '抄送我的（含未读数）', body: ccListQuery, response: ccPage } },
    async (req) => ccList(req.body, req.user!),
  );

  app.post(
    '/actTask/ccRead',
    { config: { access: LOGIN, oplog: false }, schema: { tags: TAGS, summary: '抄送标记为已读（ids 或 all）', body: ccReadBody, response: { 200: envelope(wfCountResult) } } },
    async (req) => {
      const b = req.body;
      const ids = b.all ? 'all' : (Array.isArray(b.ids) ? b.ids : (b.ids ?? '').split(',')).map((x) => x.trim()).filter(Boolean);
      return ok({ count: await aq.markRead(req.user!.username, ids) }, '操作成功');
    },
  );

  app.post(
    '/actBusiness/urge',
    { config: { access: LOGIN, oplog: { content: '催办', type: 2 } }, schema: { tags: TAGS, summary: '催办当前审批人（每10分钟一次）', body: urgeBody, response: { 200: envelope(wfUrgeResult) } } },
    async (req) => {
      const b = req.body;
      let procInstId = b.procInstId;
      if (!procInstId && b.id) {
        procInstId = await aq.businessInstance(b.id);
      }
      if (!procInstId) throw businessError('申请不存在');
      const users = await s.engine.urge(actor(req.user!), { procInstId, comment: b.comment });
      return ok({ users }, '已催办');
    },
  );

  app.get(
    '/activiti_process/instances',
    { config: { access: perm(WF_INSTANCE_PERMS.list) }, schema: { tags: TAGS, summary: '流程实例（管理员）', querystring: instancesQuery, response: { 200: pageResponse(wfInstanceRow) } } },
    async (req) => ok(await aq.instances(req.user!, req.query)),
  );

  app.post(
    '/activiti_process/terminate',
    { config: { access: perm(WF_INSTANCE_PERMS.admin), oplog: { content: '终止流程', type: 3 } }, schema: { tags: TAGS, summary: '终止运行中的流程（管理员）', body: terminateBody, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      await inScope(req.user!, b.procInstId);
      await s.engine.terminate(actor(req.user!), b);
      return ok(null, '流程已终止');
    },
  );

  app.post(
    '/activiti_process/reassign',
    { config: { access: perm(WF_INSTANCE_PERMS.admin), oplog: { content: '重新分配任务', type: 3 } }, schema: { tags: TAGS, summary: '重新分配待办任务（管理员）', body: reassignBody, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      const instId = await aq.taskInstance(b.id);
      if (!instId) throw businessError('任务不存在或已被处理');
      await inScope(req.user!, instId);
      await s.engine.reassign(actor(req.user!), b);
      return ok(null, '已重新分配');
    },
  );
}
