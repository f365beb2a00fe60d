import type { Database } from '../platform/db/database.js';
import { addMenus, type MenuSeed } from './helpers.js';

/**
 * Buttons for the endpoints the stock client's screens call beyond the first system seed: the user
 * recycle bin and agents, and imports/exports of fill rules, announcements and jobs. Each hangs under the
 * menu (or button) that carries `parentPerms`; admin gets them all.
 */
const BUTTONS: { parentPerms: string; buttons: MenuSeed[] }[] = [
  {
    parentPerms: 'system:user:list',
    buttons: [
      { name: '回收站', menuType: 2, perms: 'system:user:recycle', permsType: '1' },
      { name: '代理人', menuType: 2, perms: 'system:user:agent', permsType: '1' },
    ],
  },
  {
    parentPerms: 'system:announcement:list',
    buttons: [
      { name: '导入', menuType: 2, perms: 'system:announcement:import', permsType: '1' },
      { name: '导出', menuType: 2, perms: 'system:announcement:export', permsType: '1' },
    ],
  },
  {
    parentPerms: 'system:quartzJob:list',
    buttons: [
      { name: '导入', menuType: 2, perms: 'system:quartzJob:import', permsType: '1' },
      { name: '导出', menuType: 2, perms: 'system:quartzJob:export', permsType: '1' },
    ],
  },
];

/** Fill-rule buttons live beside the other rule buttons under 系统管理. */
const TOP_LEVEL: { parentUrl: string; buttons: MenuSeed[] }[] = [
  {
    parentUrl: '/isystem',
    buttons: [
      { name: '填值规则导入', menuType: 2, perms: 'system:fillRule:import', permsType: '1' },
      { name: '填值规则导出', menuType: 2, perms: 'system:fillRule:export', permsType: '1' },
    ],
  },
];

export async function seedStockClientButtons(db: Database): Promise<void> {
  const exists = async (perms: string) => !!(await db.selectFrom('sysPermission').select('id').where('perms', '=', perms).where('delFlag', '=', 0).executeTakeFirst());
  const place = async (parentId: string | null, buttons: MenuSeed[]) => {
    const missing: MenuSeed[] = [];
    for (const b of buttons) if (!(await exists(b.perms!))) missing.push(b);
    if (!parentId || missing.length === 0) return;
    await addMenus(db, missing, parentId);
    await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parentId).execute();
  };
  for (const g of BUTTONS) {
    const parent = await db.selectFrom('sysPermission').select('id').where('perms', '=', g.parentPerms).where('menuType', '<>', 2).where('delFlag', '=', 0).executeTakeFirst();
    await place(parent?.id ?? null, g.buttons);
  }
  for (const g of TOP_LEVEL) {
    const parent = await db.selectFrom('sysPermission').select('id').where('url', '=', g.parentUrl).where('delFlag', '=', 0).executeTakeFirst();
    await place(parent?.id ?? null, g.buttons);
  }
}
