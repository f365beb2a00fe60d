/** Queries of the user agents (sys_user_agent) and the users they name. */
import type { CurrentUser } from '../../../platform/access/access.js';
import { scopeToCompany } from '../../../platform/access/scope.js';
import type { Database } from '../../../platform/db/database.js';
import { applyFilters, applySort, paging, runPage, type Params, type Whitelist } from '../../../platform/query/query-builder.js';
import type { UserAgentRow } from './user-agent.tables.js';

const WHITELIST: Whitelist = {
  id: 'id',
  userName: 'userName',
  agentUserName: 'agentUserName',
  status: 'status',
  startTime: { column: 'startTime', type: 'datetime' },
  endTime: { column: 'endTime', type: 'datetime' },
  createTime: { column: 'createTime', type: 'datetime' },
};

export class UserAgentRepo {
  constructor(private readonly db: Database) {}

  /** An active (not deleted) user by name. */
  activeUser(username: string) {
    return this.db.selectFrom('sysUser').select(['id', 'username', 'orgCode']).where('username', '=', username).where('delFlag', '=', 0).executeTakeFirst();
  }

  /** A page of the agents of the caller's company, filtered and sorted by the list query builder. */
  page(actor: CurrentUser, params: Params) {
    let qb = scopeToCompany(this.db.selectFrom('sysUserAgent'), actor, 'sysOrgCode');
    qb = applyFilters(qb, params, WHITELIST);
    return runPage<typeof qb, UserAgentRow>(qb, (q) => applySort(q.selectAll(), params, WHITELIST, { field: 'createTime', order: 'desc' }), paging(params));
  }

  find(where: { id?: string; userName?: string }): Promise<UserAgentRow | undefined> {
    let q = this.db.selectFrom('sysUserAgent').selectAll();
    if (where.id) q = q.where('id', '=', where.id);
    if (where.userName) q = q.where('userName', '=', where.userName);
    return q.executeTakeFirst();
  }

  scopes(ids: string[]) {
    return this.db.selectFrom('sysUserAgent').select(['id', 'sysOrgCode']).where('id', 'in', ids).execute();
  }

  async insert(row: UserAgentRow): Promise<void> {
    await this.db.insertInto('sysUserAgent').values(row).execute();
  }

  async update(id: string, changes: Partial<Omit<UserAgentRow, 'id'>>): Promise<void> {
    await this.db.updateTable('sysUserAgent').set(changes).where('id', '=', id).execute();
  }

  async remove(ids: string[]): Promise<void> {
    await this.db.deleteFrom('sysUserAgent').where('id', 'in', ids).execute();
  }
}
