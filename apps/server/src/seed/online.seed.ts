import type { Database } from '../platform/db/database.js';
import { addMenus, menuIdByUrl } from './helpers.js';

/** 在线用户 under 系统管理: the list and its 强制退出 button, for administrators only. */
export async function seedOnlineMenu(db: Database): Promise<void> {
  const parent = await menuIdByUrl(db, '/isystem');
  await addMenus(
    db,
    [
      {
        name: '在线用户',
        url: '/isystem/online',
        component: 'system/OnlineUserList',
        componentName: 'OnlineUserList',
        menuType: 1,
        perms: 'system:online:list',
        icon: 'team',
        sortNo: 95,
        keepAlive: true,
        roles: [],
        children: [{ name: '强制退出', menuType: 2, perms: 'system:online:forceLogout', permsType: '1', roles: [] }],
      },
    ],
    parent,
  );
}
