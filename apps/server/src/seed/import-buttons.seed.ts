import type { Database } from '../platform/db/database.js';
import { PERF_PERMS } from '../modules/performance/performance.perms.js';
import { addMenus, type MenuSeed } from './helpers.js';

/**
 * 导入 buttons of the lists whose export imports back (supplier, yearly and quarterly sheets), each under its
 * menu (found by url); a button already there is left as it is. Admin gets them all.
 */
const BUTTONS: { menuUrl: string; buttons: MenuSeed[] }[] = [
  { menuUrl: '/adminstration/library/supplier', buttons: [{ name: '导入', menuType: 2, perms: 'ledger:supplier:import', permsType: '1', roles: ['admin'] }] },
  { menuUrl: '/performance/userYearPerf', buttons: [{ name: '年度绩效-导入', menuType: 2, perms: PERF_PERMS.yearImport, permsType: '1', roles: ['admin', 'hr'] }] },
  { menuUrl: '/performance/userYearPart', buttons: [{ name: '季度绩效-导入', menuType: 2, perms: PERF_PERMS.partImport, permsType: '1', roles: ['admin', 'hr'] }] },
];

export async function seedImportButtons(db: Database): Promise<void> {
  for (const g of BUTTONS) {
    const menu = await db.selectFrom('sysPermission').select('id').where('url', '=', g.menuUrl).where('menuType', '<>', 2).where('delFlag', '=', 0).executeTakeFirst();
    if (!menu) continue;
    const missing: MenuSeed[] = [];
    for (const b of g.buttons) {
      const taken = await db.selectFrom('sysPermission').select('id').where('perms', '=', b.perms!).where('delFlag', '=', 0).executeTakeFirst();
      if (!taken) missing.push(b);
    }
    if (missing.length === 0) continue;
    await addMenus(db, missing, menu.id);
    await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', menu.id).execute();
  }
}
