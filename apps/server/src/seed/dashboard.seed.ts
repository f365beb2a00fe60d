import { HR_DASHBOARD_PERM } from '@go/contract';
import type { Database } from '../platform/db/database.js';
import { addMenus, menuIdByUrl } from './helpers.js';

/** The HR statistics dashboard permission (a button of the home menu), granted to admin and the HR roles. */
export async function seedDashboardPermission(db: Database): Promise<void> {
  const home = await menuIdByUrl(db, '/zhome');
  await addMenus(db, [{ name: '人事统计看板', menuType: 2, perms: HR_DASHBOARD_PERM, permsType: '1', roles: ['admin', 'hr', 'hr_assistant'] }], home);
}
