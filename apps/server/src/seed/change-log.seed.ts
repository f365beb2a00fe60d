import { CHANGE_LOG_PERMS } from '@go/contract';
import type { Database } from '../platform/db/database.js';
import { addMenus, menuIdByUrl } from './helpers.js';

/** 变更记录 under 系统管理: the administrator's search over the audit trail and its export button. */
export async function seedChangeLogMenu(db: Database): Promise<void> {
  const parent = await menuIdByUrl(db, '/isystem');
  await addMenus(
    db,
    [
      {
        name: '变更记录',
        url: '/isystem/changeLog',
        component: 'system/ChangeLogList',
        componentName: 'ChangeLogList',
        menuType: 1,
        perms: CHANGE_LOG_PERMS.list,
        icon: 'history',
        sortNo: 96,
        keepAlive: true,
        roles: [],
        children: [{ name: '导出', menuType: 2, perms: CHANGE_LOG_PERMS.export, permsType: '1', roles: [] }],
      },
    ],
    parent,
  );
}
