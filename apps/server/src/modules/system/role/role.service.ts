import { recordChanges } from '../../../platform/audit/audit.js';
import type { Database } from '../../../platform/db/database.js';
import { businessError } from '../../../platform/http/errors.js';

/** Role reads and deletes beyond the generic CRUD (roles are group-wide; the administrator role stays). */
export class RoleService {
  constructor(private readonly db: Database) {}

  /** Every role, oldest first (the role picker and the user form). */
  all() {
    return this.db.selectFrom('sysRole').select(['id', 'roleName', 'roleCode', 'description']).orderBy('createTime').execute();
  }

  /** Whether another role (not `exceptId`) holds the code. */
  async codeTaken(roleCode: string, exceptId?: string): Promise<boolean> {
    let qb = this.db.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode);
    if (exceptId) qb = qb.where('id', '<>', exceptId);
    return !!(await qb.executeTakeFirst());
  }

  /** Deletes the roles with their user links and menu grants; the administrator role cannot be deleted. */
  async remove(ids: string[]): Promise<void> {
    const roles = await this.db.selectFrom('sysRole').select(['id', 'roleCode']).where('id', 'in', ids).execute();
    if (roles.length !== ids.length) throw businessError('未找到对应数据');
    if (roles.some((r) => r.roleCode === 'admin')) throw businessError('不允许删除管理员角色');
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('sysRole').selectAll().where('id', 'in', ids).execute();
      await trx.deleteFrom('sysUserRole').where('roleId', 'in', ids).execute();
      await trx.deleteFrom('sysRolePermission').where('roleId', 'in', ids).execute();
      await trx.deleteFrom('sysRole').where('id', 'in', ids).execute();
      for (const r of rows) await recordChanges(trx, { type: 'sys_role', id: r.id, name: r.roleCode }, r, null);
    });
  }
}
