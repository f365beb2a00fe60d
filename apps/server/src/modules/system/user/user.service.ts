import { recordChanges } from '../../../platform/audit/audit.js';
import type { CurrentUser } from '../../../platform/access/access.js';
import { inCompanyScope } from '../../../platform/access/scope.js';
import type { AppContext } from '../../../platform/context.js';
import { now } from '../../../platform/db/time.js';
import { businessError } from '../../../platform/http/errors.js';

/** User administration (the screens build on this in the system module). */
export class UserService {
  constructor(private readonly ctx: AppContext) {}

  /** Freezes (2) or unfreezes (1) users in the caller's scope; freezing revokes their sessions. */
  async setStatus(actor: CurrentUser, ids: string[], status: 1 | 2): Promise<void> {
    const rows = await this.ctx.db.selectFrom('sysUser').select(['id', 'username', 'orgCode', 'status']).where('id', 'in', ids).execute();
    if (rows.length !== ids.length) throw businessError('未找到对应用户');
    for (const r of rows) {
      if (!inCompanyScope(actor, r.orgCode)) throw businessError('未找到对应用户');
      if (status === 2 && r.username === 'admin') throw businessError('不允许冻结超级管理员！');
    }
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('sysUser').set({ status, updateBy: actor.username, updateTime: now() }).where('id', 'in', ids).execute();
      for (const r of rows) await recordChanges(trx, { type: 'sys_user', id: r.id, name: r.username, orgCode: r.orgCode }, { status: r.status }, { status });
    });
    if (status === 2) for (const r of rows) await this.ctx.sessions.revokeUser(r.id);
  }
}
