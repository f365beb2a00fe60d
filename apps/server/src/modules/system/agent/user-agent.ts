/**
 * 用户代理人 (stock `/sys/sysUserAgent`): the user screen's 代理人 dialog reads a user's agent with
 * `queryByUserName` and saves it with `add` or `edit`. Both users must be active users of the caller's
 * company; one agent row per user.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm, type CurrentUser } from '../../../platform/access/access.js';
import { inCompanyScope, scopeToCompany } from '../../../platform/access/scope.js';
import type { Database } from '../../../platform/db/database.js';
import { newId } from '../../../platform/db/ids.js';
import { now } from '../../../platform/db/time.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import { businessError } from '../../../platform/http/errors.js';
import { idQuery, idsQuery, splitIds } from '../../../platform/query/crud.js';
import { applyFilters, applySort, paging, runPage, type Params, type Whitelist } from '../../../platform/query/query-builder.js';
import type { SysUserAgent } from './user-agent.tables.js';

const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const time = z
  .string()
  .trim()
  .regex(DATETIME, { message: '时间格式应为yyyy-MM-dd HH:mm:ss' })
  .transform((v) => (v.length === 10 ? `${v} 00:00:00` : v.length === 16 ? `${v}:00` : v));
const fields = {
  userName: z.string().trim().min(1, { message: '请输入用户名' }).max(100),
  agentUserName: z.string().trim().min(1, { message: '请选择代理人' }).max(100),
  startTime: time.optional().nullable(),
  endTime: time.optional().nullable(),
  status: z.coerce.string().pipe(z.enum(['0', '1'], { error: '状态只能是0或1' })).default('1'),
};
const checkTimes = (v: { startTime?: string | null; endTime?: string | null }) => !v.startTime || !v.endTime || v.startTime <= v.endTime;
const timesMessage = { message: '代理结束时间不能早于开始时间', path: ['endTime'] };
export const agentAddSchema = z.object(fields).refine(checkTimes, timesMessage);
export const agentEditSchema = z
  .object({ id: z.string().min(1).max(64), ...fields, userName: fields.userName.optional(), agentUserName: fields.agentUserName.optional(), status: z.coerce.string().pipe(z.enum(['0', '1'])).optional() })
  .refine(checkTimes, timesMessage);
const byUserQuery = z.object({ userName: z.string().min(1).max(100) });

const WHITELIST: Whitelist = {
  id: 'id',
  userName: 'userName',
  agentUserName: 'agentUserName',
  status: 'status',
  startTime: { column: 'startTime', type: 'datetime' },
  endTime: { column: 'endTime', type: 'datetime' },
  createTime: { column: 'createTime', type: 'datetime' },
};

export class UserAgentService {
  constructor(private readonly db: Database) {}

  private async activeUser(actor: CurrentUser, username: string) {
    const u = await this.db.selectFrom('sysUser').select(['id', 'username', 'orgCode']).where('username', '=', username).where('delFlag', '=', 0).executeTakeFirst();
    if (!u || !inCompanyScope(actor, u.orgCode)) throw businessError(`用户${username}不存在`);
    return u;
  }

  async list(actor: CurrentUser, params: Params) {
    let qb = scopeToCompany(this.db.selectFrom('sysUserAgent'), actor, 'sysOrgCode');
    qb = applyFilters(qb, params, WHITELIST);
    return runPage<typeof qb, SysUserAgent>(qb, (q) => applySort(q.selectAll(), params, WHITELIST, { field: 'createTime', order: 'desc' }), paging(params));
  }

  private async find(actor: CurrentUser, where: { id?: string; userName?: string }): Promise<SysUserAgent | null> {
    let q = this.db.selectFrom('sysUserAgent').selectAll();
    if (where.id) q = q.where('id', '=', where.id);
    if (where.userName) q = q.where('userName', '=', where.userName);
    const row = await q.executeTakeFirst();
    return row && inCompanyScope(actor, row.sysOrgCode) ? row : null;
  }

  byId(actor: CurrentUser, id: string) {
    return this.find(actor, { id });
  }

  byUserName(actor: CurrentUser, userName: string) {
    return this.find(actor, { userName });
  }

  async add(actor: CurrentUser, input: z.infer<typeof agentAddSchema>): Promise<string> {
    const user = await this.activeUser(actor, input.userName);
    await this.activeUser(actor, input.agentUserName);
    if (input.userName === input.agentUserName) throw businessError('代理人不能是自己');
    if (await this.db.selectFrom('sysUserAgent').select('id').where('userName', '=', input.userName).executeTakeFirst()) throw businessError('该用户已设置代理人');
    const id = newId();
    await this.db
      .insertInto('sysUserAgent')
      .values({
        id,
        userName: input.userName,
        agentUserName: input.agentUserName,
        startTime: input.startTime ?? null,
        endTime: input.endTime ?? null,
        status: input.status,
        sysOrgCode: user.orgCode,
        createBy: actor.username,
        createTime: now(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    return id;
  }

  async edit(actor: CurrentUser, input: z.infer<typeof agentEditSchema>): Promise<void> {
    const existing = await this.find(actor, { id: input.id });
    if (!existing) throw businessError('未找到对应数据');
    const userName = input.userName ?? existing.userName;
    if (userName !== existing.userName) throw businessError('不能修改被代理的用户');
    const agentUserName = input.agentUserName ?? existing.agentUserName;
    if (input.agentUserName) await this.activeUser(actor, input.agentUserName);
    if (agentUserName === userName) throw businessError('代理人不能是自己');
    const startTime = input.startTime === undefined ? existing.startTime : input.startTime;
    const endTime = input.endTime === undefined ? existing.endTime : input.endTime;
    if (startTime && endTime && startTime > endTime) throw businessError('代理结束时间不能早于开始时间');
    await this.db
      .updateTable('sysUserAgent')
      .set({ agentUserName, startTime, endTime, status: input.status ?? existing.status, updateBy: actor.username, updateTime: now() })
      .where('id', '=', existing.id)
      .execute();
  }

  async remove(actor: CurrentUser, ids: string[]): Promise<void> {
    const rows = ids.length ? await this.db.selectFrom('sysUserAgent').select(['id', 'sysOrgCode']).where('id', 'in', ids).execute() : [];
    if (rows.length === 0 || rows.length !== new Set(ids).size || rows.some((r) => !inCompanyScope(actor, r.sysOrgCode))) throw businessError('未找到对应数据');
    await this.db.deleteFrom('sysUserAgent').where('id', 'in', ids).execute();
  }
}

export async function userAgentRoutes(fastify: FastifyInstance, svc: UserAgentService): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['用户代理人'];
  const access = perm('system:user:agent');
  app.get('/sys/sysUserAgent/list', { config: { access }, schema: { tags, summary: '代理人列表' } }, async (req) => ok(await svc.list(req.user!, req.query as Params), '查询成功'));
  app.get('/sys/sysUserAgent/queryById', { config: { access }, schema: { tags, summary: '代理人详情', querystring: idQuery } }, async (req) => {
    const row = await svc.byId(req.user!, req.query.id);
    return row ? ok(row) : fail('未找到对应数据');
  });
  app.get('/sys/sysUserAgent/queryByUserName', { config: { access }, schema: { tags, summary: '用户的代理人（无则 success:false）', querystring: byUserQuery } }, async (req) => {
    const row = await svc.byUserName(req.user!, req.query.userName);
    return row ? ok(row) : fail('未找到对应数据');
  });
  app.post('/sys/sysUserAgent/add', { config: { access }, schema: { tags, summary: '添加代理人', body: agentAddSchema } }, async (req) => {
    await svc.add(req.user!, req.body);
    return ok(null, '代理人设置成功！');
  });
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysUserAgent/edit',
    config: { access },
    schema: { tags, summary: '编辑代理人', body: agentEditSchema },
    handler: async (req) => {
      await svc.edit(req.user!, req.body);
      return ok(null, '代理人设置成功！');
    },
  });
  app.delete('/sys/sysUserAgent/delete', { config: { access }, schema: { tags, summary: '删除代理人', querystring: idQuery } }, async (req) => {
    await svc.remove(req.user!, [req.query.id]);
    return ok(null, '删除成功!');
  });
  app.delete('/sys/sysUserAgent/deleteBatch', { config: { access }, schema: { tags, summary: '批量删除代理人', querystring: idsQuery } }, async (req) => {
    await svc.remove(req.user!, splitIds(req.query.ids));
    return ok(null, '批量删除成功!');
  });
}
