import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LOGIN, perm, type Access, type CurrentUser } from '../../platform/access/access.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import type { ApplicationService } from './application.service.js';
import type { DefinitionService } from './definition.service.js';
import type { WorkflowEngine } from './engine.js';
import * as S from './workflow.schemas.js';
import type { WorkflowQueries } from './workflow.queries.js';
import { ActionQueries, workflowActionRoutes } from './workflow.actions.js';

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

/**
 * The next node's approvers of the claimed company (getNextNode with `claimOrgCodeValue`), as a comma list,
 * when the pass names none: undefined when the next node is not one user task, nobody of that company is
 * among its approvers (the node's own approvers then apply), or the claim is group level (no filter).
 */
async function companyApprovers(app: FastifyInstance, s: WorkflowServices, username: string, taskId: string, claim: string): Promise<string | undefined> {
  if (claim.startsWith('A01')) return undefined;
  try {
    const task = await app.ctx.db.selectFrom('wfTask').select(['instId', 'nodeId']).where('id', '=', taskId).where('status', '=', 0).executeTakeFirst();
    if (!task) return undefined;
    const next = await s.queries.nextNode(username, { procInstId: task.instId, currActId: task.nodeId, claimOrgCodeValue: claim });
    if (next.type !== 1 && next.type !== 3) return undefined;
    const users = next.users.map((u) => u.username).filter(Boolean);
    return users.length ? users.join(',') : undefined;
  } catch {
    return undefined;
  }
}
const splitIds = (s: string) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))].slice(0, 500);

export async function workflowRoutes(app: FastifyInstance, s: WorkflowServices): Promise<void> {
  /** A route answering GET (query) and POST (body) with the same schema. */
  const both = <T extends z.ZodType>(
    url: string,
    access: Access,
    summary: string,
    schema: T,
    handler: (input: z.infer<T>, req: FastifyRequest) => Promise<unknown>,
  ) => {
    app.get(url, { config: { access }, schema: { tags: TAGS, summary, querystring: schema } }, async (req) =>
      handler(req.query as z.infer<T>, req),
    );
    app.post(url, { config: { access, oplog: false }, schema: { tags: TAGS, summary, body: schema } }, async (req) =>
      handler((req.body ?? {}) as z.infer<T>, req),
    );
  };

  const actionQueries = new ActionQueries(app.ctx.db);
  const canSeeInstance = async (user: CurrentUser, procInstId: string) =>
    (await s.queries.participates(procInstId, user.username)) ||
    (await actionQueries.copied(procInstId, user.username)) ||
    (await app.ctx.permissions.has(user, WF_PERMS.list));
  await workflowActionRoutes(app, s, actionQueries);

  // ------------------------------------------------------------------ to-do and actions
  both('/actTask/todoList', LOGIN, '待办任务列表', S.todoListQuery, async (q, req) =>
    ok(await s.queries.todoList(req.user!.username, q)),
  );

  both('/actTask/doneList', LOGIN, '已办任务列表', S.doneListQuery, async (q, req) =>
    ok(await s.queries.doneList(req.user!.username, { name: q.name, pageNo: q.pageNo ?? q.pageIndex, pageSize: q.pageSize })),
  );

  const passHandler = (jx: boolean) => async (req: FastifyRequest) => {
    const b = req.body as z.infer<typeof S.approvalPayload>;
    const who = actor(req.user!);
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
      // SPEC §3 claimOrgCodeValue (company, or A01 for group level) reaches the form type's approve hook and,
      // when no approver was chosen, picks the next node's approvers of that company (as getNextNode shows).
      const claim = claimOf(b);
      const payload: Record<string, unknown> = b.score !== undefined ? { score: b.score } : {};
      if (claim) payload.claimOrgCodeValue = claim;
      if (b.isClaim === true) payload.isClaim = true;
      const assignees = b.assignees || (claim && !b.variables ? await companyApprovers(app, s, req.user!.username, b.id, claim) : undefined);
      await s.engine.pass(who, { id: b.id, comment: b.comment, assignees, priority: b.priority, jx, payload, variables: b.variables });
    }
    return ok(null, '操作成功');
  };
  app.post(
    '/actTask/pass',
    { config: { access: LOGIN, oplog: { content: '审批任务', type: 3 } }, schema: { tags: TAGS, summary: '审批（通过/驳回/委托，按 type）', body: S.approvalPayload } },
    passHandler(false),
  );
  app.post(
    '/actTask/jxpass',
    { config: { access: LOGIN, oplog: { content: '绩效审批', type: 3 } }, schema: { tags: TAGS, summary: '绩效表单审批（意见必填）', body: S.approvalPayload } },
    passHandler(true),
  );

  app.post(
    '/actTask/back',
    { config: { access: LOGIN, oplog: { content: '驳回至发起人', type: 3 } }, schema: { tags: TAGS, summary: '驳回至发起人', body: S.backPayload } },
    async (req) => {
      const b = req.body as z.infer<typeof S.backPayload>;
      requireReason(b.comment);
      await s.engine.back(actor(req.user!), { id: b.id, comment: b.comment });
      return ok(null, '操作成功');
    },
  );

  app.post(
    '/actTask/backToTask',
    { config: { access: LOGIN, oplog: { content: '退回至节点', type: 3 } }, schema: { tags: TAGS, summary: '退回至之前节点', body: S.backToTaskPayload } },
    async (req) => {
      const b = req.body as z.infer<typeof S.backToTaskPayload>;
      requireReason(b.comment);
      await s.engine.backToTask(actor(req.user!), b);
      return ok(null, '操作成功');
    },
  );

  app.post(
    '/actTask/delegate',
    { config: { access: LOGIN, oplog: { content: '委托任务', type: 3 } }, schema: { tags: TAGS, summary: '委托他人处理', body: S.delegatePayload } },
    async (req) => {
      const b = req.body as z.infer<typeof S.delegatePayload>;
      await s.engine.delegate(actor(req.user!), { id: b.id, userId: b.userId, comment: b.comment });
      return ok(null, '操作成功');
    },
  );

  app.route({
    method: ['GET', 'POST', 'PUT'],
    url: '/actTask/passAll/:ids',
    config: { access: perm(WF_PERMS.batch), oplog: { content: '批量审批通过', type: 3 } },
    schema: { tags: TAGS, summary: '批量通过（任务id逗号分隔），逐项返回结果', params: S.idsParam },
    handler: async (req) => {
      const items = await s.engine.passAll(actor(req.user!), splitIds((req.params as { ids: string }).ids));
      const okCount = items.filter((i) => i.success).length;
      return ok(items, `成功${okCount}条，失败${items.length - okCount}条`);
    },
  });

  app.route({
    method: ['GET', 'POST', 'PUT'],
    url: '/actTask/backAll/:procInstIds',
    config: { access: perm(WF_PERMS.batch), oplog: { content: '批量驳回', type: 3 } },
    schema: { tags: TAGS, summary: '批量驳回至发起人（流程实例id逗号分隔，驳回理由 comment 必填），逐项返回结果', params: S.procInstIdsParam, querystring: S.reasonQuery },
    handler: async (req) => {
      // the reason comes in the query (GET) or the body (POST/PUT)
      const body = S.reasonQuery.safeParse(req.body ?? {});
      const comment = requireReason((body.success ? body.data.comment : undefined) ?? (req.query as z.infer<typeof S.reasonQuery>).comment);
      const items = await s.engine.backAll(actor(req.user!), splitIds((req.params as { procInstIds: string }).procInstIds), comment);
      const okCount = items.filter((i) => i.success).length;
      return ok(items, `成功${okCount}条，失败${items.length - okCount}条`);
    },
  });

  // Long selections exceed the router's path-parameter limit: the same calls accept the ids in the body.
  app.post(
    '/actTask/passAll',
    { config: { access: perm(WF_PERMS.batch), oplog: { content: '批量审批通过', type: 3 } }, schema: { tags: TAGS, summary: '批量通过（body.ids，可带决策变量 variables）', body: S.passAllBody } },
    async (req) => {
      const body = req.body as z.infer<typeof S.passAllBody>;
      const items = await s.engine.passAll(actor(req.user!), splitIds(body.ids), body.variables);
      const okCount = items.filter((i) => i.success).length;
      return ok(items, `成功${okCount}条，失败${items.length - okCount}条`);
    },
  );
  app.post(
    '/actTask/backAll',
    { config: { access: perm(WF_PERMS.batch), oplog: { content: '批量驳回', type: 3 } }, schema: { tags: TAGS, summary: '批量驳回（body.procInstIds，驳回理由 comment 必填）', body: S.backAllBody } },
    async (req) => {
      const b = req.body as z.infer<typeof S.backAllBody>;
      const items = await s.engine.backAll(actor(req.user!), splitIds(b.procInstIds), requireReason(b.comment));
      const okCount = items.filter((i) => i.success).length;
      return ok(items, `成功${okCount}条，失败${items.length - okCount}条`);
    },
  );

  app.get(
    '/actTask/getBackList/:procInstId',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '可退回的节点', params: S.procInstIdParam } },
    async (req) => {
      const { procInstId } = req.params as { procInstId: string };
      if (!(await canSeeInstance(req.user!, procInstId))) throw businessError('流程实例不存在');
      return ok(await s.engine.backList(app.ctx.db, procInstId));
    },
  );

  app.get(
    '/actTask/historicFlow/:procInstId',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '审批历史（时间线、节点状态、BPMN XML）', params: S.procInstIdParam } },
    async (req) => {
      const { procInstId } = req.params as { procInstId: string };
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
    both(url, LOGIN, '下一节点及其审批人', S.nextNodeQuery, async (q, req) => {
      if (q.procInstId && !(await canSeeInstance(req.user!, q.procInstId))) throw businessError('流程实例不存在');
      return ok(await s.queries.nextNode(req.user!.username, q));
    });
  }

  app.get(
    '/activiti_process/getNode/:nodeId',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '节点审批人', params: S.nodeIdParam, querystring: S.nodeQuery } },
    async (req) => {
      const q = req.query as z.infer<typeof S.nodeQuery>;
      if (q.procInstId && !(await canSeeInstance(req.user!, q.procInstId))) throw businessError('流程实例不存在');
      return ok(await s.queries.nodeUsers(req.user!.username, (req.params as { nodeId: string }).nodeId, q));
    },
  );

  both('/activiti_process/getBackNodeUser', LOGIN, '退回节点的原审批人', S.backNodeUserQuery, async (q, req) => {
    if (!(await canSeeInstance(req.user!, q.procInstId))) throw businessError('流程实例不存在');
    return ok(await s.queries.backNodeUsers(q.procInstId, q.nodeId));
  });

  app.post(
    '/activiti/chooseMark/add',
    { config: { access: LOGIN, oplog: { content: '添加审批标记', type: 2 } }, schema: { tags: TAGS, summary: '保存审批标记', body: S.chooseMarkBody } },
    async (req) => {
      const b = req.body as z.infer<typeof S.chooseMarkBody>;
      if (b.procInstId && !(await canSeeInstance(req.user!, b.procInstId))) throw businessError('流程实例不存在');
      const id = newId();
      await app.ctx.db
        .insertInto('wfChooseMark')
        .values({
          id,
          chooseMarkName: b.chooseMarkName ?? null,
          formDataJson: typeof b.formDataJson === 'string' ? b.formDataJson : b.formDataJson ? JSON.stringify(b.formDataJson) : null,
          processName: b.processName ?? null,
          applyer: b.applyer ?? null,
          procInstId: b.procInstId ?? null,
          currTaskName: b.currTaskName ?? null,
          priority: b.priority ?? null,
          status: b.status === undefined || b.status === null ? null : String(b.status),
          tableId: b.tableId ?? null,
          routeName: b.routeName ?? null,
          createBy: req.user!.username,
          createTime: now(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
      return ok({ id }, '添加成功！');
    },
  );

  // ------------------------------------------------------------------ applications
  app.post(
    '/actBusiness/add',
    { config: { access: LOGIN, oplog: { content: '保存申请草稿', type: 2 } }, schema: { tags: TAGS, summary: '保存申请草稿（表单字段平铺）', body: S.businessAddBody } },
    async (req) => {
      const { tableName, procDefId, ...data } = req.body as z.infer<typeof S.businessAddBody>;
      return ok(await s.applications.add(req.user!, { tableName, procDefId, data }), '保存成功');
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/actBusiness/editForm',
    config: { access: LOGIN, oplog: { content: '修改申请', type: 3 } },
    schema: { tags: TAGS, summary: '修改申请表单（草稿、被驳回或已撤回）', body: S.businessEditBody },
    handler: async (req) => {
      const { id, ...data } = req.body as z.infer<typeof S.businessEditBody>;
      await s.applications.edit(req.user!, { id, data });
      return ok(null, '修改成功');
    },
  });

  app.get(
    '/actBusiness/getForm',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '申请表单数据', querystring: S.businessGetQuery } },
    async (req) => {
      const q = req.query as z.infer<typeof S.businessGetQuery>;
      const user = req.user!;
      const form = await s.applications.getForm(q, async (b) => b.userId === user.username || (!!b.procInstId && (await canSeeInstance(user, b.procInstId))));
      return ok(form);
    },
  );

  app.delete(
    '/actBusiness/delByIds',
    { config: { access: LOGIN, oplog: { content: '删除申请草稿', type: 4 } }, schema: { tags: TAGS, summary: '删除草稿', querystring: S.businessIdsQuery } },
    async (req) => {
      await s.applications.removeDrafts(req.user!, splitIds((req.query as { ids: string }).ids));
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/actBusiness/apply',
    { config: { access: LOGIN, oplog: { content: '提交申请', type: 2 } }, schema: { tags: TAGS, summary: '提交申请（发起流程）', body: S.applyBody } },
    async (req) => ok(await s.applications.apply(req.user!, req.body as z.infer<typeof S.applyBody>), '操作成功'),
  );

  app.post(
    '/actBusiness/cancel',
    { config: { access: LOGIN, oplog: { content: '撤回申请', type: 3 } }, schema: { tags: TAGS, summary: '撤回申请（尚无人审批时）', body: S.cancelBody } },
    async (req) => {
      const b = req.body as z.infer<typeof S.cancelBody>;
      if (!b.id && !b.procInstId) throw new AppError('BAD_REQUEST', '缺少申请id');
      await s.applications.cancel(req.user!, b);
      return ok(null, '操作成功');
    },
  );

  both('/actBusiness/listData', LOGIN, '我的申请', S.myApplicationsQuery, async (q, req) =>
    ok(await s.queries.myApplications(req.user!.username, q)),
  );

  // ------------------------------------------------------------------ definitions
  app.get(
    '/activiti_process/startable',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '我可发起的流程', querystring: S.startableQuery } },
    async (req) => ok(await s.definitions.startable(req.user!.username, (req.query as { tableName?: string }).tableName)),
  );

  app.get(
    '/activiti_process/formTypes',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '已注册的表单类型' } },
    async () => ok(s.definitions.formTypes()),
  );

  app.get(
    '/activiti_process/listData',
    { config: { access: perm(WF_PERMS.list) }, schema: { tags: TAGS, summary: '流程定义列表', querystring: S.definitionListQuery } },
    async (req) => ok(await s.definitions.list(req.query as z.infer<typeof S.definitionListQuery>)),
  );

  app.get(
    '/activiti_process/queryById/:id',
    { config: { access: perm(WF_PERMS.list) }, schema: { tags: TAGS, summary: '流程定义详情（含XML）', params: S.idParam } },
    async (req) => ok(await s.definitions.get((req.params as { id: string }).id)),
  );

  app.get(
    '/activiti_process/versions/:key',
    { config: { access: perm(WF_PERMS.list) }, schema: { tags: TAGS, summary: '流程的全部版本', params: S.keyParam } },
    async (req) => ok(await s.definitions.versions((req.params as { key: string }).key)),
  );

  app.post(
    '/activiti_process/deploy',
    { config: { access: perm(WF_PERMS.deploy), oplog: { content: '部署流程定义', type: 2 } }, schema: { tags: TAGS, summary: '上传/编辑BPMN XML（部署为新版本）', body: S.deployBody } },
    async (req) => {
      const def = await s.definitions.deploy(req.user!, req.body as z.infer<typeof S.deployBody>);
      return ok({ ...(await s.definitions.get(def.id)), warnings: def.warnings }, '部署成功');
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/activiti_process/updateInfo',
    config: { access: perm(WF_PERMS.edit), oplog: { content: '修改流程定义信息', type: 3 } },
    schema: { tags: TAGS, summary: '设置表单类型、发起角色、分类、名称', body: S.updateInfoBody },
    handler: async (req) => ok(await s.definitions.updateInfo(req.user!, req.body as z.infer<typeof S.updateInfoBody>), '修改成功'),
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/activiti_process/updateStatus',
    config: { access: perm(WF_PERMS.status), oplog: { content: '激活/挂起流程定义', type: 3 } },
    schema: { tags: TAGS, summary: '激活(1)或挂起(0)', body: S.updateStatusBody },
    handler: async (req) => {
      const b = req.body as z.infer<typeof S.updateStatusBody>;
      await s.definitions.setStatus(req.user!, b.id, b.status as 0 | 1);
      return ok(null, b.status === 1 ? '激活成功' : '挂起成功');
    },
  });

  app.delete(
    '/activiti_process/delByIds',
    { config: { access: perm(WF_PERMS.remove), oplog: { content: '删除流程定义', type: 4 } }, schema: { tags: TAGS, summary: '删除未被使用的流程定义', querystring: S.businessIdsQuery } },
    async (req) => {
      await s.definitions.remove(splitIds((req.query as { ids: string }).ids));
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/activiti_process/getProcessNode/:id',
    { config: { access: perm(WF_PERMS.list) }, schema: { tags: TAGS, summary: '流程节点及审批人规则', params: S.idParam } },
    async (req) => ok(await s.definitions.nodes((req.params as { id: string }).id)),
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/activiti_process/editNodeUser',
    config: { access: perm(WF_PERMS.edit), noEncrypt: true, oplog: { content: '设置节点审批人', type: 3 } },
    schema: { tags: TAGS, summary: '设置节点审批人规则与策略', body: S.editNodeBody },
    handler: async (req) => {
      const b = req.body as z.infer<typeof S.editNodeBody>;
      await s.definitions.editNode({ ...b, rules: b.rules.map((r) => ({ type: r.type, relateId: r.relateId ?? null })) });
      return ok(null, '操作成功');
    },
  });
}
