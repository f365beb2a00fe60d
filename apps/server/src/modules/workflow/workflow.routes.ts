import {
  envelope,
  listResponse,
  messageResponse,
  pageResponse,
  wfApplicationForm,
  wfApplicationRow,
  wfApplyResult,
  wfBackNode,
  wfBatchItem,
  wfDefinitionNode,
  wfDefinitionRow,
  wfDeployResult,
  wfDoneRow,
  wfDraftResult,
  wfFormType,
  wfHistoricFlow,
  wfIdResult,
  wfNextNode,
  wfNextUser,
  wfNodeUsers,
  wfTodoRow,
} from '@go/contract';
import type { FastifyRequest, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { LOGIN, perm, type Access, type CurrentUser } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import type { ApplicationService } from './application.service.js';
import type { DefinitionService } from './definition.service.js';
import type { WorkflowEngine } from './engine.js';
import * as S from './workflow.schemas.js';
import type { WorkflowQueries } from './workflow.queries.js';
import type { ActionQueries } from './action.queries.js';
import { workflowActionRoutes } from './workflow.actions.js';
import { canSeeInstance as instanceVisible } from './change-log-readers.js';

/** Permission codes of the workflow admin screens (seeded as menu/button perms). */
export const WF_PERMS = {
  list: 'workflow:process:list',
  deploy: 'workflow:process:deploy',
  edit: 'workflow:process:edit',
  status: 'workflow:process:status',
  remove: 'workflow:process:delete',
  /** batch approve / batch reject on the to-do screen */
  batch: 'workflow:todo:batch',
} as const;

export interface WorkflowServices {
  engine: WorkflowEngine;
  queries: WorkflowQueries;
  definitions: DefinitionService;
  applications: ApplicationService;
  actions: ActionQueries;
}

const TAGS = ['流程'];

/** A rejection (驳回 or 退回, one or in a batch) must say why; the applicant is told the reason. */
export const REJECT_REASON_REQUIRED = '请填写驳回理由';
/** Refuses a blank reason (the performance form keeps its own wording: 请输入审批意见). */
const requireReason = (comment: string | null | undefined, jx = false): string => {
  const text = (comment ?? '').trim();
  if (!text) throw businessError(jx ? '请输入审批意见' : REJECT_REASON_REQUIRED);
  return text;
};

const actor = (u: CurrentUser) => ({ username: u.username, realname: u.realname });

/** The approval payload's `claimOrgCodeValue` when it names a company (A01…A09), else undefined. */
const claimOf = (b: Record<string, unknown>): string | undefined => {
  const v = typeof b.claimOrgCodeValue === 'string' ? b.claimOrgCodeValue.trim() : '';
  return /^A\d{2}/.test(v) && v.length <= 64 ? v : undefined;
};

/** What a route's request schema gives the handler (`z.infer` of the schema, as the type provider sees it). */
type Validated<T extends z.ZodType> = FastifyRequest<RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, { querystring: T }, ZodTypeProvider>['query'];

const splitIds = (s: string) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))].slice(0, 500);

export async function workflowRoutes(app: Api, s: WorkflowServices): Promise<void> {
  /** A route answering GET (query) and POST (body) with the same schema. */
  const both = <T extends z.ZodType, R>(
    url: string,
    access: Access,
    summary: string,
    schema: T,
    response: z.ZodType<R>,
    handler: (input: Validated<T>, user: CurrentUser) => Promise<R>,
  ) => {
    app.get(url, { config: { access }, schema: { tags: TAGS, summary, querystring: schema, response: { 200: response } } }, async (req) =>
      handler(req.query, req.user!),
    );
    app.post(url, { config: { access, oplog: false }, schema: { tags: TAGS, summary, body: schema, response: { 200: response } } }, async (req) =>
      handler(req.body, req.user!),
    );
  };

  const actionQueries = s.actions;
  const canSeeInstance = (user: CurrentUser, procInstId: string) =>
    instanceVisible(s, (code) => app.ctx.permissions.has(user, code), user.username, procInstId);
  await workflowActionRoutes(app, s, actionQueries);

  // ------------------------------------------------------------------ to-do and actions
  both('/actTask/todoList', LOGIN, '待办任务列表', S.todoListQuery, pageResponse(wfTodoRow), async (q, user) =>
    ok(await s.queries.todoList(user.username, q)),
  );

  both('/actTask/doneList', LOGIN, '已办任务列表', S.doneListQuery, pageResponse(wfDoneRow), async (q, user) =>
    ok(await s.queries.doneList(user.username, { name: q.name, pageNo: q.pageNo ?? q.pageIndex, pageSize: q.pageSize })),
  );

  const passHandler = (jx: boolean) => async (b: z.infer<typeof S.approvalPayload>, user: CurrentUser) => {
    const who = actor(user);
    // The shared submit payload carries `type`: 0 pass, 1 reject, 2 delegate.
    if (b.type === 1) {
      requireReason(b.comment, jx);
      if (b.backTaskKey && b.backTaskKey !== '-1') {
        await s.engine.backToTask(who, { id: b.id, backTaskKey: b.backTaskKey, assignees: b.assignees, priority: b.priority, comment: b.comment });
      } else {
        await s.engine.back(who, { id: b.id, comment: b.comment }, jx);
      }
    } else if (b.type === 2) {
      await s.engine.delegate(who, { id: b.id, userId: b.userId ?? '', comment: b.comment });
    } else {
      // claimOrgCodeValue (docs/workflow.md, `POST /actTask/pass`): (company, or A01 for group level) reaches the form type's approve hook and,
      // when no approver was chosen, picks the next node's approvers of that company (as getNextNode shows).
      const claim = claimOf(b);
      const payload: Record<string, unknown> = b.score !== undefined ? { score: b.score } : {};
      if (claim) payload.claimOrgCodeValue = claim;
      if (b.isClaim === true) payload.isClaim = true;
      const assignees = b.assignees || (claim && !b.variables && !Object.keys(b.formProperties ?? {}).length ? await s.queries.companyApprovers(user.username, b.id, claim) : undefined);
      await s.engine.pass(who, { id: b.id, comment: b.comment, assignees, priority: b.priority, jx, payload, variables: b.variables, formProperties: b.formProperties });
    }
    return ok(null, '操作成功');
  };
  app.post(
    '/actTask/pass',
    { config: { access: LOGIN, oplog: { content: '审批任务', type: 3 } }, schema: { tags: TAGS, summary: '审批（通过/驳回/委托，按 type）', body: S.approvalPayload, response: { 200: messageResponse } } },
    async (req) => passHandler(false)(req.body, req.user!),
  );
  app.post(
    '/actTask/jxpass',
    { config: { access: LOGIN, oplog: { content: '绩效审批', type: 3 } }, schema: { tags: TAGS, summary: '绩效表单审批（意见必填）', body: S.approvalPayload, response: { 200: messageResponse } } },
    async (req) => passHandler(true)(req.body, req.user!),
  );

  app.post(
    '/actTask/back',
    { config: { access: LOGIN, oplog: { content: '驳回至发起人', type: 3 } }, schema: { tags: TAGS, summary: '驳回至发起人', body: S.backPayload, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      requireReason(b.comment);
      await s.engine.back(actor(req.user!), { id: b.id, comment: b.comment });
      return ok(null, '操作成功');
    },
  );

  app.post(
    '/actTask/backToTask',
    { config: { access: LOGIN, oplog: { content: '退回至节点', type: 3 } }, schema: { tags: TAGS, summary: '退回至之前节点', body: S.backToTaskPayload, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      requireReason(b.comment);
      await s.engine.backToTask(actor(req.user!), b);
      return ok(null, '操作成功');
    },
  );

  app.post(
    '/actTask/delegate',
    { config: { access: LOGIN, oplog: { content: '委托任务', type: 3 } }, schema: { tags: TAGS, summary: '委托他人处理', body: S.delegatePayload, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      await s.engine.delegate(actor(req.user!), { id: b.id, userId: b.userId, comment: b.comment });
      return ok(null, '操作成功');
    },
  );

  app.route({
    method: ['GET', 'POST', 'PUT'],
    url: '/actTask/passAll/:ids',
    config: { access: perm(WF_PERMS.batch), oplog: { content: '批量审批通过', type: 3 } },
    schema: { tags: TAGS, summary: '批量通过（任务id逗号分隔），逐项返回结果', params: S.idsParam, response: { 200: listResponse(wfBatchItem) } },
    handler: async (req) => {
      const items = await s.engine.passAll(actor(req.user!), splitIds(req.params.ids));
      const okCount = items.filter((i) => i.success).length;
      return ok(items, `成功${okCount}条，失败${items.length - okCount}条`);
    },
  });

  app.route({
    method: ['GET', 'POST', 'PUT'],
    url: '/actTask/backAll/:procInstIds',
    config: { access: perm(WF_PERMS.batch), oplog: { content: '批量驳回', type: 3 } },
    schema: { tags: TAGS, summary: '批量驳回至发起人（流程实例id逗号分隔，驳回理由 comment 必填），逐项返回结果', params: S.procInstIdsParam, querystring: S.reasonQuery, response: { 200: listResponse(wfBatchItem) } },
    handler: async (req) => {
      // the reason comes in the query (GET) or the body (POST/PUT)
      const body = S.reasonQuery.safeParse(req.body ?? {});
      const comment = requireReason((body.success ? body.data.comment : undefined) ?? req.query.comment);
      const items = await s.engine.backAll(actor(req.user!), splitIds(req.params.procInstIds), comment);
      const okCount = items.filter((i) => i.success).length;
      return ok(items, `成功${okCount}条，失败${items.length - okCount}条`);
    },
  });

  // Long selections exceed the router's path-parameter limit: the same calls accept the ids in the body.
  app.post(
    '/actTask/passAll',
    { config: { access: perm(WF_PERMS.batch), oplog: { content: '批量审批通过', type: 3 } }, schema: { tags: TAGS, summary: '批量通过（body.ids，可带决策变量 variables）', body: S.passAllBody, response: { 200: listResponse(wfBatchItem) } } },
    async (req) => {
      const body = req.body;
      const items = await s.engine.passAll(actor(req.user!), splitIds(body.ids), body.variables);
      const okCount = items.filter((i) => i.success).length;
      return ok(items, `成功${okCount}条，失败${items.length - okCount}条`);
    },
  );
  app.post(
    '/actTask/backAll',
    { config: { access: perm(WF_PERMS.batch), oplog: { content: '批量驳回', type: 3 } }, schema: { tags: TAGS, summary: '批量驳回（body.procInstIds，驳回理由 comment 必填）', body: S.backAllBody, response: { 200: listResponse(wfBatchItem) } } },
    async (req) => {
      const b = req.body;
      const items = await s.engine.backAll(actor(req.user!), splitIds(b.procInstIds), requireReason(b.comment));
      const okCount = items.filter((i) => i.success).length;
      return ok(items, `成功${okCount}条，失败${items.length - okCount}条`);
    },
  );

  app.get(
    '/actTask/getBackList/:procInstId',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '可退回的节点', params: S.procInstIdParam, response: { 200: listResponse(wfBackNode) } } },
    async (req) => {
      const { procInstId } = req.params;
      if (!(await canSeeInstance(req.user!, procInstId))) throw businessError('流程实例不存在');
      return ok(await s.queries.backList(procInstId));
    },
  );

  app.get(
    '/actTask/historicFlow/:procInstId',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '审批历史（时间线、节点状态、BPMN XML）', params: S.procInstIdParam, response: { 200: envelope(wfHistoricFlow) } } },
    async (req) => {
      const { procInstId } = req.params;
      if (!(await canSeeInstance(req.user!, procInstId))) throw businessError('流程实例不存在');
      return ok(await s.queries.historicFlow(procInstId));
    },
  );

  for (const url of [
    '/activiti_process/getNextNode',
    '/activiti_process/getNextNodeWander',
    '/activiti_process/getPerfNextNodeWander',
    '/activiti_process/getPartNextNodeWander',
  ]) {
    both(url, LOGIN, '下一节点及其审批人', S.nextNodeQuery, envelope(wfNextNode), async (q, user) => {
      if (q.procInstId && !(await canSeeInstance(user, q.procInstId))) throw businessError('流程实例不存在');
      return ok(await s.queries.nextNode(user.username, q));
    });
  }

  app.get(
    '/activiti_process/getNode/:nodeId',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '节点审批人', params: S.nodeIdParam, querystring: S.nodeQuery, response: { 200: envelope(wfNodeUsers) } } },
    async (req) => {
      const q = req.query;
      if (q.procInstId && !(await canSeeInstance(req.user!, q.procInstId))) throw businessError('流程实例不存在');
      return ok(await s.queries.nodeUsers(req.user!.username, req.params.nodeId, q));
    },
  );

  both('/activiti_process/getBackNodeUser', LOGIN, '退回节点的原审批人', S.backNodeUserQuery, listResponse(wfNextUser), async (q, user) => {
    if (!(await canSeeInstance(user, q.procInstId))) throw businessError('流程实例不存在');
    return ok(await s.queries.backNodeUsers(q.procInstId, q.nodeId));
  });

  app.post(
    '/activiti/chooseMark/add',
    { config: { access: LOGIN, oplog: { content: '添加审批标记', type: 2 } }, schema: { tags: TAGS, summary: '保存审批标记', body: S.chooseMarkBody, response: { 200: envelope(wfIdResult) } } },
    async (req) => {
      const b = req.body;
      if (b.procInstId && !(await canSeeInstance(req.user!, b.procInstId))) throw businessError('流程实例不存在');
      const id = await actionQueries.addChooseMark(req.user!.username, b);
      return ok({ id }, '添加成功！');
    },
  );

  // ------------------------------------------------------------------ applications
  app.post(
    '/actBusiness/add',
    { config: { access: LOGIN, oplog: { content: '保存申请草稿', type: 2 } }, schema: { tags: TAGS, summary: '保存申请草稿（表单字段平铺）', body: S.businessAddBody, response: { 200: envelope(wfDraftResult) } } },
    async (req) => {
      const { tableName, procDefId, ...data } = req.body;
      return ok(await s.applications.add(req.user!, { tableName, procDefId, data }), '保存成功');
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/actBusiness/editForm',
    config: { access: LOGIN, oplog: { content: '修改申请', type: 3 } },
    schema: { tags: TAGS, summary: '修改申请表单（草稿、被驳回或已撤回）', body: S.businessEditBody, response: { 200: messageResponse } },
    handler: async (req) => {
      const { id, ...data } = req.body;
      await s.applications.edit(req.user!, { id, data });
      return ok(null, '修改成功');
    },
  });

  app.get(
    '/actBusiness/getForm',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '申请表单数据', querystring: S.businessGetQuery, response: { 200: envelope(wfApplicationForm) } } },
    async (req) => {
      const q = req.query;
      const user = req.user!;
      const form = await s.applications.getForm(q, async (b) => b.userId === user.username || (!!b.procInstId && (await canSeeInstance(user, b.procInstId))));
      return ok(form);
    },
  );

  app.delete(
    '/actBusiness/delByIds',
    { config: { access: LOGIN, oplog: { content: '删除申请草稿', type: 4 } }, schema: { tags: TAGS, summary: '删除草稿', querystring: S.businessIdsQuery, response: { 200: messageResponse } } },
    async (req) => {
      await s.applications.removeDrafts(req.user!, splitIds(req.query.ids));
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/actBusiness/apply',
    { config: { access: LOGIN, oplog: { content: '提交申请', type: 2 } }, schema: { tags: TAGS, summary: '提交申请（发起流程）', body: S.applyBody, response: { 200: envelope(wfApplyResult) } } },
    async (req) => ok(await s.applications.apply(req.user!, req.body), '操作成功'),
  );

  app.post(
    '/actBusiness/cancel',
    { config: { access: LOGIN, oplog: { content: '撤回申请', type: 3 } }, schema: { tags: TAGS, summary: '撤回申请（尚无人审批时）', body: S.cancelBody, response: { 200: messageResponse } } },
    async (req) => {
      const b = req.body;
      if (!b.id && !b.procInstId) throw new AppError('BAD_REQUEST', '缺少申请id');
      await s.applications.cancel(req.user!, b);
      return ok(null, '操作成功');
    },
  );

  both('/actBusiness/listData', LOGIN, '我的申请', S.myApplicationsQuery, pageResponse(wfApplicationRow), async (q, user) =>
    ok(await s.queries.myApplications(user.username, q)),
  );

  // ------------------------------------------------------------------ definitions
  app.get(
    '/activiti_process/startable',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '我可发起的流程', querystring: S.startableQuery, response: { 200: listResponse(wfDefinitionRow) } } },
    async (req) => ok(await s.definitions.startable(req.user!.username, req.query.tableName)),
  );

  app.get(
    '/activiti_process/formTypes',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '已注册的表单类型', response: { 200: listResponse(wfFormType) } } },
    async () => ok(s.definitions.formTypes()),
  );

  app.get(
    '/activiti_process/listData',
    { config: { access: perm(WF_PERMS.list) }, schema: { tags: TAGS, summary: '流程定义列表', querystring: S.definitionListQuery, response: { 200: pageResponse(wfDefinitionRow) } } },
    async (req) => ok(await s.definitions.list(req.query)),
  );

  app.get(
    '/activiti_process/queryById/:id',
    { config: { access: perm(WF_PERMS.list) }, schema: { tags: TAGS, summary: '流程定义详情（含XML）', params: S.idParam, response: { 200: envelope(wfDefinitionRow) } } },
    async (req) => ok(await s.definitions.get(req.params.id)),
  );

  app.get(
    '/activiti_process/versions/:key',
    { config: { access: perm(WF_PERMS.list) }, schema: { tags: TAGS, summary: '流程的全部版本', params: S.keyParam, response: { 200: listResponse(wfDefinitionRow) } } },
    async (req) => ok(await s.definitions.versions(req.params.key)),
  );

  app.post(
    '/activiti_process/deploy',
    { config: { access: perm(WF_PERMS.deploy), oplog: { content: '部署流程定义', type: 2 } }, schema: { tags: TAGS, summary: '上传/编辑BPMN XML（部署为新版本）', body: S.deployBody, response: { 200: envelope(wfDeployResult) } } },
    async (req) => {
      const def = await s.definitions.deploy(req.user!, req.body);
      return ok({ ...(await s.definitions.get(def.id)), warnings: def.warnings }, '部署成功');
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/activiti_process/updateInfo',
    config: { access: perm(WF_PERMS.edit), oplog: { content: '修改流程定义信息', type: 3 } },
    schema: { tags: TAGS, summary: '设置表单类型、发起角色、分类、名称', body: S.updateInfoBody, response: { 200: envelope(wfDefinitionRow) } },
    handler: async (req) => ok(await s.definitions.updateInfo(req.user!, req.body), '修改成功'),
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/activiti_process/updateStatus',
    config: { access: perm(WF_PERMS.status), oplog: { content: '激活/挂起流程定义', type: 3 } },
    schema: { tags: TAGS, summary: '激活(1)或挂起(0)', body: S.updateStatusBody, response: { 200: messageResponse } },
    handler: async (req) => {
      const b = req.body;
      await s.definitions.setStatus(req.user!, b.id, b.status === 1 ? 1 : 0);
      return ok(null, b.status === 1 ? '激活成功' : '挂起成功');
    },
  });

  app.delete(
    '/activiti_process/delByIds',
    { config: { access: perm(WF_PERMS.remove), oplog: { content: '删除流程定义', type: 4 } }, schema: { tags: TAGS, summary: '删除未被使用的流程定义', querystring: S.businessIdsQuery, response: { 200: messageResponse } } },
    async (req) => {
      await s.definitions.remove(splitIds(req.query.ids));
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/activiti_process/getProcessNode/:id',
    { config: { access: perm(WF_PERMS.list) }, schema: { tags: TAGS, summary: '流程节点及审批人规则', params: S.idParam, response: { 200: listResponse(wfDefinitionNode) } } },
    async (req) => ok(await s.definitions.nodes(req.params.id)),
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/activiti_process/editNodeUser',
    config: { access: perm(WF_PERMS.edit), noEncrypt: true, oplog: { content: '设置节点审批人', type: 3 } },
    schema: { tags: TAGS, summary: '设置节点审批人规则与策略', body: S.editNodeBody, response: { 200: messageResponse } },
    handler: async (req) => {
      const b = req.body;
      await s.definitions.editNode({ ...b, rules: b.rules.map((r) => ({ type: r.type, relateId: r.relateId ?? null })) });
      return ok(null, '操作成功');
    },
  });
}
