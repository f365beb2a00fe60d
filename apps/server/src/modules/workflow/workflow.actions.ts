import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOGIN, perm, type CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope, scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import { now } from '../../platform/db/time.js';
import { ok, page } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import type { WorkflowEngine } from './engine.js';
import type { WorkflowQueries } from './workflow.queries.js';
import { likeContains } from '../../platform/query/like.js';

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

/** contains-search; `%`/`_` typed by the user only widen the match (SQLite has no default LIKE escape) */
const paging = (pageNo?: number, pageSize?: number) => ({
  pageNo: Math.max(1, Math.floor(pageNo ?? 1)),
  pageSize: Math.min(200, Math.max(1, Math.floor(pageSize ?? 10))),
});

/** The CC inbox and the running-instance list. */
export class ActionQueries {
  constructor(private readonly db: Database) {}

  async ccList(username: string, input: z.infer<typeof ccListQuery>) {
    const { pageNo, pageSize } = paging(input.pageNo, input.pageSize);
    let q = this.db
      .selectFrom('wfCc as c')
      .innerJoin('wfInstance as i', 'i.id', 'c.instId')
      .innerJoin('wfDefinition as d', 'd.id', 'i.procDefId')
      .leftJoin('wfBusiness as b', 'b.id', 'i.businessId')
      .where('c.username', '=', username);
    if (input.readFlag !== undefined) q = q.where('c.readFlag', '=', input.readFlag);
    if (input.title?.trim()) q = q.where(likeContains('i.title', input.title.trim()));
    const [rows, count, unread] = await Promise.all([
      q
        .select([
          'c.id',
          'c.instId as procInstId',
          'c.fromUsername',
          'c.fromRealname',
          'c.comment',
          'c.readFlag',
          'c.createTime',
          'c.readTime',
          'i.title',
          'i.starterName as applyer',
          'i.state',
          'd.name as processName',
          'b.id as businessId',
          'b.tableName',
          'b.tableId',
          'b.status',
          'b.result',
        ])
        .orderBy('c.createTime', 'desc')
        .orderBy('c.id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      this.db.selectFrom('wfCc').select((eb) => eb.fn.countAll<number>().as('n')).where('username', '=', username).where('readFlag', '=', 0).executeTakeFirst(),
    ]);
    return { ...page(rows, Number(count?.n ?? 0), pageNo, pageSize), unread: Number(unread?.n ?? 0) };
  }

  async markRead(username: string, ids: string[] | 'all'): Promise<number> {
    let q = this.db.updateTable('wfCc').set({ readFlag: 1, readTime: now() }).where('username', '=', username).where('readFlag', '=', 0);
    if (ids !== 'all') {
      if (!ids.length) return 0;
      q = q.where('id', 'in', ids);
    }
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async instances(user: CurrentUser, input: z.infer<typeof instancesQuery>) {
    const { pageNo, pageSize } = paging(input.pageNo, input.pageSize);
    let q = this.db
      .selectFrom('wfInstance as i')
      .innerJoin('wfDefinition as d', 'd.id', 'i.procDefId')
      .innerJoin('wfBusiness as b', 'b.id', 'i.businessId');
    q = scopeToCompany(q, user, 'b.sysOrgCode');
    if (input.title?.trim()) q = q.where(likeContains('i.title', input.title.trim()));
    if (input.processName?.trim()) q = q.where(likeContains('d.name', input.processName.trim()));
    if (input.applyer?.trim()) {
      const a = input.applyer.trim();
      q = q.where((eb) => eb.or([eb('i.starter', '=', a), likeContains('i.starterName', a)]));
    }
    if (input.state) q = q.where('i.state', '=', input.state);
    const [rows, count] = await Promise.all([
      q
        .select([
          'i.id as procInstId',
          'i.procDefId',
          'i.title',
          'i.starter as applyerUsername',
          'i.starterName as applyer',
          'i.state',
          'i.startTime',
          'i.endTime',
          'i.endReason',
          'd.name as processName',
          'd.version',
          'b.id as businessId',
          'b.tableName',
          'b.sysOrgCode',
        ])
        .orderBy('i.startTime', 'desc')
        .orderBy('i.id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    const ids = rows.map((r) => r.procInstId);
    const open = ids.length
      ? await this.db
          .selectFrom('wfTask as t')
          .leftJoin('wfTaskCandidate as c', (j) => j.onRef('c.taskId', '=', 't.id').on('c.open', '=', 1))
          .leftJoin('sysUser as u', (j) => j.on((eb) => eb('u.username', '=', eb.fn.coalesce('t.assignee', 'c.username'))))
          .select(['t.id', 't.instId', 't.nodeId', 't.name', 't.createTime', 'u.username', 'u.realname'])
          .where('t.instId', 'in', ids)
          .where('t.status', '=', 0)
          .orderBy('t.createTime')
          .execute()
      : [];
    const STATE_TEXT: Record<string, string> = { running: '审批中', passed: '已通过', rejected: '已驳回', canceled: '已取消' };
    return page(
      rows.map((r) => {
        const tasks = new Map<string, { id: string; key: string; name: string; createTime: string | null; users: { username: string; realname: string }[] }>();
        for (const o of open.filter((x) => x.instId === r.procInstId)) {
          const t = tasks.get(o.id) ?? { id: o.id, key: o.nodeId, name: o.name ?? o.nodeId, createTime: o.createTime, users: [] };
          if (o.username) t.users.push({ username: o.username, realname: o.realname ?? o.username });
          tasks.set(o.id, t);
        }
        return { ...r, state_dictText: STATE_TEXT[r.state] ?? r.state, tasks: [...tasks.values()] };
      }),
      Number(count?.n ?? 0),
      pageNo,
      pageSize,
    );
  }

  /** A user who was copied may read the application. */
  async copied(procInstId: string, username: string): Promise<boolean> {
    const row = await this.db.selectFrom('wfCc').select('id').where('instId', '=', procInstId).where('username', '=', username).executeTakeFirst();
    return !!row;
  }
}

/** Transfer, add-sign, CC (and the CC inbox), urge, and the administrator's instance screen. */
export async function workflowActionRoutes(
  app: FastifyInstance,
  s: { engine: WorkflowEngine; queries: WorkflowQueries },
  aq: ActionQueries,
): Promise<void> {
  /** Administrators act on instances of their company (A01: all). */
  const inScope = async (user: CurrentUser, procInstId: string) => {
    const row = await app.ctx.db
      .selectFrom('wfInstance as i')
      .innerJoin('wfBusiness as b', 'b.id', 'i.businessId')
      .select('b.sysOrgCode')
      .where('i.id', '=', procInstId)
      .executeTakeFirst();
    if (!row || !inCompanyScope(user, row.sysOrgCode)) throw businessError('流程实例不存在');
  };
  const actor = (u: CurrentUser) => ({ username: u.username, realname: u.realname });

  app.get(
    '/actTask/decisionFields/:id',
    { config: { access: LOGIN }, schema: { tags: TAGS, summary: '任务节点的决策字段（审批时填写，值成为流程变量）', params: z.object({ id }) } },
    async (req) => ok(await s.engine.decisionFieldsOf((req.params as { id: string }).id, req.user!.username)),
  );

  app.post(
    '/actTask/transfer',
    { config: { access: LOGIN, oplog: { content: '转办任务', type: 3 } }, schema: { tags: TAGS, summary: '转办：任务交给他人以其本人名义处理', body: transferBody } },
    async (req) => {
      const b = req.body as z.infer<typeof transferBody>;
      await s.engine.transfer(actor(req.user!), b);
      return ok(null, '转办成功');
    },
  );

  app.post(
    '/actTask/addSign',
    { config: { access: LOGIN, oplog: { content: '加签', type: 3 } }, schema: { tags: TAGS, summary: '加签：前加签、后加签或并行加签', body: addSignBody } },
    async (req) => {
      const b = req.body as z.infer<typeof addSignBody>;
      await s.engine.addSign(actor(req.user!), b);
      return ok(null, '加签成功');
    },
  );

  app.post(
    '/actTask/cc',
    { config: { access: LOGIN, oplog: { content: '抄送', type: 2 } }, schema: { tags: TAGS, summary: '抄送给他人（申请人或参与人）', body: ccBody } },
    async (req) => {
      const b = req.body as z.infer<typeof ccBody>;
      const user = req.user!;
      const n = await s.engine.cc(actor(user), b, async (username) => s.queries.participates(b.procInstId, username));
      return ok({ count: n }, n ? `已抄送${n}人` : '所选人员均已抄送过');
    },
  );

  const ccList = async (input: z.infer<typeof ccListQuery>, user: CurrentUser) => ok(await aq.ccList(user.username, input));
  app.get('/actTask/ccList', { config: { access: LOGIN }, schema: { tags: TAGS, summary: '抄送我的（含未读数）', querystring: ccListQuery } }, async (req) =>
    ccList(req.query as z.infer<typeof ccListQuery>, req.user!),
  );
  app.post('/actTask/ccList', { config: { access: LOGIN, oplog: false }, schema: { tags: TAGS, summary: '抄送我的（含未读数）', body: ccListQuery } }, async (req) =>
    ccList((req.body ?? {}) as z.infer<typeof ccListQuery>, req.user!),
  );

  app.post(
    '/actTask/ccRead',
    { config: { access: LOGIN, oplog: false }, schema: { tags: TAGS, summary: '抄送标记为已读（ids 或 all）', body: ccReadBody } },
    async (req) => {
      const b = req.body as z.infer<typeof ccReadBody>;
      const ids = b.all ? 'all' : (Array.isArray(b.ids) ? b.ids : (b.ids ?? '').split(',')).map((x) => x.trim()).filter(Boolean);
      return ok({ count: await aq.markRead(req.user!.username, ids) }, '操作成功');
    },
  );

  app.post(
    '/actBusiness/urge',
    { config: { access: LOGIN, oplog: { content: '催办', type: 2 } }, schema: { tags: TAGS, summary: '催办当前审批人（每10分钟一次）', body: urgeBody } },
    async (req) => {
      const b = req.body as z.infer<typeof urgeBody>;
      let procInstId = b.procInstId;
      if (!procInstId && b.id) {
        const biz = await app.ctx.db.selectFrom('wfBusiness').select(['procInstId', 'userId']).where('id', '=', b.id).executeTakeFirst();
        procInstId = biz?.procInstId ?? undefined;
      }
      if (!procInstId) throw businessError('申请不存在');
      const users = await s.engine.urge(actor(req.user!), { procInstId, comment: b.comment });
      return ok({ users }, '已催办');
    },
  );

  app.get(
    '/activiti_process/instances',
    { config: { access: perm(WF_INSTANCE_PERMS.list) }, schema: { tags: TAGS, summary: '流程实例（管理员）', querystring: instancesQuery } },
    async (req) => ok(await aq.instances(req.user!, req.query as z.infer<typeof instancesQuery>)),
  );

  app.post(
    '/activiti_process/terminate',
    { config: { access: perm(WF_INSTANCE_PERMS.admin), oplog: { content: '终止流程', type: 3 } }, schema: { tags: TAGS, summary: '终止运行中的流程（管理员）', body: terminateBody } },
    async (req) => {
      const b = req.body as z.infer<typeof terminateBody>;
      await inScope(req.user!, b.procInstId);
      await s.engine.terminate(actor(req.user!), b);
      return ok(null, '流程已终止');
    },
  );

  app.post(
    '/activiti_process/reassign',
    { config: { access: perm(WF_INSTANCE_PERMS.admin), oplog: { content: '重新分配任务', type: 3 } }, schema: { tags: TAGS, summary: '重新分配待办任务（管理员）', body: reassignBody } },
    async (req) => {
      const b = req.body as z.infer<typeof reassignBody>;
      const task = await app.ctx.db.selectFrom('wfTask').select('instId').where('id', '=', b.id).executeTakeFirst();
      if (!task) throw businessError('任务不存在或已被处理');
      await inScope(req.user!, task.instId);
      await s.engine.reassign(actor(req.user!), b);
      return ok(null, '已重新分配');
    },
  );
}
