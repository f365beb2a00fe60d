import type { Database } from '../platform/db/database.js';

/** Menus that only administrators see: the shell demo (页面示例, with its pages and buttons) and 组件示例. */
export const ADMIN_ONLY_MENU_URLS = ['/demo', '/isystem/examples'] as const;

/**
 * 页面示例 and 组件示例 are developer pages: only the admin role keeps them. Removes every other role's
 * grant of those menus and of everything under them (pages and buttons), on databases seeded before.
 */
export async function seedExamplesAdminOnly(db: Database): Promise<void> {
  const roots = await db.selectFrom('sysPermission').select('id').where('url', 'in', [...ADMIN_ONLY_MENU_URLS]).execute();
  const ids = new Set(roots.map((r) => r.id));
  let frontier = [...ids];
  while (frontier.length) {
    const kids = await db.selectFrom('sysPermission').select('id').where('parentId', 'in', frontier).execute();
    frontier = kids.map((k) => k.id).filter((id) => !ids.has(id));
    frontier.forEach((id) => ids.add(id));
  }
  if (!ids.size) return;
  const admin = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirst();
  let q = db.deleteFrom('sysRolePermission').where('permissionId', 'in', [...ids]);
  if (admin) q = q.where('roleId', '<>', admin.id);
  await q.execute();
}
