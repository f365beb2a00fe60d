/**
 * Grants of the department roles (stock SysDepartPermissionController, SysDepartRoleController): a role
 * gets menus and data rules only within what its department was granted.
 */
import type { CurrentUser } from '../../../platform/access/access.js';
import { businessError } from '../../../platform/http/errors.js';
import type { PermissionAdminService } from '../permission/permission-admin.service.js';
import type { DepartService } from './depart.service.js';

export class DepartGrantService {
  constructor(
    private readonly departs: DepartService,
    private readonly perms: PermissionAdminService,
  ) {}

  /** The authorisation tree of a department role: only the menus the department was granted. */
  async authTree(user: CurrentUser, departId: string) {
    await this.departs.get(user, departId);
    return this.perms.authTree(new Set(await this.perms.grantedIds('sysDepartPermission', 'departId', departId)));
  }

  /** The menus granted to a department role. */
  async rolePermissionIds(user: CurrentUser, roleId: string): Promise<string[]> {
    await this.departs.role(user, roleId);
    return this.perms.grantedIds('sysDepartRolePermission', 'roleId', roleId);
  }

  /** Replaces a department role's menus, refusing any its department was not granted. */
  async saveRolePermissions(user: CurrentUser, roleId: string, permissionIds: string[], ip: string | null): Promise<void> {
    const role = await this.departs.role(user, roleId);
    const ceiling = new Set(await this.perms.grantedIds('sysDepartPermission', 'departId', role.departId));
    if (permissionIds.some((p) => !ceiling.has(p))) throw businessError('只能授予部门已拥有的权限');
    await this.perms.saveGrants('sysDepartRolePermission', 'roleId', roleId, permissionIds, ip, { departId: role.departId });
  }

  /** The data rules the department checked on a menu (the ceiling of its roles' rules). */
  private async departCeiling(departId: string, permissionId: string): Promise<string[]> {
    return (await this.perms.grantDataRules('sysDepartPermission', 'departId', departId, permissionId)).drChecked.split(',').filter(Boolean);
  }

  /** A department's own data rules on one menu. */
  async departDataRules(user: CurrentUser, permissionId: string, departId: string) {
    await this.departs.get(user, departId);
    return this.perms.grantDataRules('sysDepartPermission', 'departId', departId, permissionId);
  }

  async saveDepartDataRules(user: CurrentUser, permissionId: string, departId: string, ruleIds: string[]): Promise<void> {
    await this.departs.get(user, departId);
    await this.perms.saveGrantDataRules('sysDepartPermission', 'departId', departId, permissionId, ruleIds);
  }

  /** A department role's data rules on one menu, offered within its department's checked rules. */
  async roleDataRules(user: CurrentUser, permissionId: string, roleId: string, departId?: string) {
    const role = await this.departs.role(user, roleId);
    if (departId !== undefined && role.departId !== departId) throw businessError('部门角色不存在');
    return this.perms.grantDataRules('sysDepartRolePermission', 'roleId', roleId, permissionId, await this.departCeiling(role.departId, permissionId));
  }

  async saveRoleDataRules(user: CurrentUser, permissionId: string, roleId: string, ruleIds: string[]): Promise<void> {
    const role = await this.departs.role(user, roleId);
    const ceiling = new Set(await this.departCeiling(role.departId, permissionId));
    if (ruleIds.some((id) => !ceiling.has(id))) throw businessError('只能授予部门已拥有的数据规则');
    await this.perms.saveGrantDataRules('sysDepartRolePermission', 'roleId', roleId, permissionId, ruleIds);
  }
}
