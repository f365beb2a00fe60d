/**
 * 用户代理人: both users must be active users of the caller's company; one agent row per user.
 */
import { z } from 'zod';
import type { CurrentUser } from '../../../platform/access/access.js';
import { inCompanyScope } from '../../../platform/access/scope.js';
import type { Database } from '../../../platform/db/database.js';
import { newId } from '../../../platform/db/ids.js';
import { now } from '../../../platform/db/time.js';
import { businessError } from '../../../platform/http/errors.js';
import type { Params } from '../../../platform/query/query-builder.js';
import { UserAgentRepo } from './user-agent.repo.js';
import type { UserAgentRow } from './user-agent.tables.js';

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

export class UserAgentService {
  private readonly repo: UserAgentRepo;

  constructor(db: Database) {
    this.repo = new UserAgentRepo(db);
  }

  private async activeUser(actor: CurrentUser, username: string) {
    const u = await this.repo.activeUser(username);
    if (!u || !inCompanyScope(actor, u.orgCode)) throw businessError(`用户${username}不存在`);
    return u;
  }

  list(actor: CurrentUser, params: Params) {
    return this.repo.page(actor, params);
  }

  private async find(actor: CurrentUser, where: { id?: string; userName?: string }): Promise<UserAgentRow | null> {
    const row = await this.repo.find(where);
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
    if (await this.repo.find({ userName: input.userName })) throw businessError('该用户已设置代理人');
    const id = newId();
    await this.repo.insert({
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
    });
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
    await this.repo.update(existing.id, { agentUserName, startTime, endTime, status: input.status ?? existing.status, updateBy: actor.username, updateTime: now() });
  }

  async remove(actor: CurrentUser, ids: string[]): Promise<void> {
    const rows = ids.length ? await this.repo.scopes(ids) : [];
    if (rows.length === 0 || rows.length !== new Set(ids).size || rows.some((r) => !inCompanyScope(actor, r.sysOrgCode))) throw businessError('未找到对应数据');
    await this.repo.remove(ids);
  }
}
