import type { Database } from '../platform/db/database.js';
import { addMenus } from './helpers.js';

/** Developer pages: administrators only (part 2200 takes the grants back on older databases). */
const ADMINS = ['admin'];

/**
 * 页面示例 (administrators only): two demo pages of the application shell — a kept-alive list with permission-guarded
 * buttons (demo:add only for admin, demo:export for everyone, demo:salary a type-2 rule that disables
 * the button for those without it) and a page without keep-alive; plus an entry whose component does
 * not exist (admin only) to show the in-page message.
 */
export async function seedShellDemo(db: Database): Promise<void> {
  await addMenus(db, [
    {
      name: '页面示例',
      url: '/demo',
      component: 'layouts/RouteView',
      redirect: '/demo/list',
      menuType: 0,
      icon: 'appstore',
      sortNo: 95,
      roles: ADMINS,
      children: [
        {
          name: '示例列表',
          url: '/demo/list',
          component: 'dashboard/ShellDemo',
          componentName: 'ShellDemo',
          keepAlive: true,
          icon: 'table',
          children: [
            { name: '新增', menuType: 2, perms: 'demo:add', permsType: '1', roles: [] },
            { name: '导出', menuType: 2, perms: 'demo:export', permsType: '1', roles: ADMINS },
            { name: '查看薪资', menuType: 2, perms: 'demo:salary', permsType: '2', roles: [] },
          ],
        },
        { name: '示例说明', url: '/demo/about', component: 'dashboard/ShellAbout', componentName: 'ShellAbout', icon: 'file-text' },
        { name: '未实现页面', url: '/demo/missing', component: 'dashboard/NoSuchPage', componentName: 'NoSuchPage', roles: [] },
      ],
    },
  ]);
}
