import type { Database } from '../../../platform/db/database.js';
import type { SysPermission } from '../../../platform/db/schema.js';

/** The sys_permission rows granted to a user through their roles and department roles. */
export async function findUserPermissions(db: Database, userId: string): Promise<SysPermission[]> {
  return db
    .selectFrom('sysPermission')
    .selectAll()
    .where('delFlag', '=', 0)
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb
            .selectFrom('sysRolePermission as rp')
            .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
            .select('rp.permissionId')
            .where('ur.userId', '=', userId),
        ),
        eb(
          'id',
          'in',
          eb
            .selectFrom('sysDepartRolePermission as drp')
            .innerJoin('sysDepartRoleUser as dru', 'dru.droleId', 'drp.roleId')
            .select('drp.permissionId')
            .where('dru.userId', '=', userId),
        ),
      ]),
    )
    .orderBy('sortNo')
    .execute();
}

/** Every button (menu_type 2) in the system. */
export async function findAllButtons(db: Database): Promise<Pick<SysPermission, 'perms' | 'permsType' | 'status' | 'name'>[]> {
  return db
    .selectFrom('sysPermission')
    .select(['perms', 'permsType', 'status', 'name'])
    .where('delFlag', '=', 0)
    .where('menuType', '=', 2)
    .orderBy('sortNo')
    .execute();
}

export async function findHomeMenu(db: Database): Promise<SysPermission | undefined> {
  return db
    .selectFrom('sysPermission')
    .selectAll()
    .where('delFlag', '=', 0)
    .where('name', '=', '首页')
    .where('menuType', '=', 0)
    .executeTakeFirst();
}
