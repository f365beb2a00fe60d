import type { Database } from '../platform/db/database.js';
import { addMenus, menuIdByUrl, type MenuSeed } from './helpers.js';

/** 组件示例: the shared widgets with their live values (admin only). */
const EXAMPLES_MENU: MenuSeed = {
  name: '组件示例',
  url: '/isystem/examples',
  component: 'examples/ComponentExamples',
  componentName: 'ComponentExamples',
  menuType: 1,
  icon: 'appstore',
  sortNo: 99,
  keepAlive: false,
  roles: [],
};

/** Hangs 组件示例 under 系统管理 when that group exists, else at the top level. */
export async function seedExamplesMenu(db: Database): Promise<void> {
  const parent = await menuIdByUrl(db, '/isystem');
  if (parent) {
    await addMenus(db, [EXAMPLES_MENU], parent);
    await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parent).execute();
  } else {
    await addMenus(db, [{ ...EXAMPLES_MENU, menuType: 0 }]);
  }
}
