import type { Database } from '../platform/db/database.js';
import { addMenus } from './helpers.js';

/** The home menu every role sees; each module adds its own menus in its seed part. */
export async function seedHomeMenu(db: Database): Promise<void> {
  await addMenus(db, [
    {
      name: '首页',
      url: '/zhome',
      component: 'dashboard/Analysis',
      componentName: 'Analysis',
      icon: 'home',
      sortNo: 0,
      menuType: 0,
      roles: ['admin', 'hr', 'dept_leader', 'staff'],
    },
  ]);
}
