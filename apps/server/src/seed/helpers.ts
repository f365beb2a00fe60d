import type { Database } from '../platform/db/database.js';
import { newId } from '../platform/db/ids.js';
import { now } from '../platform/db/time.js';

/** A menu, submenu or button for the seed. `children` nest; buttons are `menuType: 2` with `perms`. */
export interface MenuSeed {
  /** Stable key: looked up by (url or perms) so a re-run does not duplicate rows. */
  name: string;
  url?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  menuType?: 0 | 1 | 2;
  perms?: string;
  permsType?: '1' | '2';
  /** '1' rule active, '0' rule off */
  status?: '0' | '1';
  icon?: string;
  sortNo?: number;
  keepAlive?: boolean;
  hidden?: boolean;
  alwaysShow?: boolean;
  isRoute?: boolean;
  internalOrExternal?: boolean;
  children?: MenuSeed[];
  /** role codes granted this entry (children inherit unless they name their own) */
  roles?: string[];
}

/**
 * Inserts a menu tree under `parentUrl` (or at the top level) and grants each entry to its roles.
 * The admin role always gets every entry.
 */
export async function addMenus(db: Database, menus: MenuSeed[], parentId: string | null = null): Promise<void> {
  const roles = await db.selectFrom('sysRole').select(['id', 'roleCode']).execute();
  const roleId = new Map(roles.map((r) => [r.roleCode, r.id]));
  const insert = async (m: MenuSeed, parent: string | null, inherited: string[], sortBase: number) => {
    const id = newId();
    const menuType = m.menuType ?? (parent ? 1 : 0);
    await db
      .insertInto('sysPermission')
      .values({
        id,
        parentId: parent,
        name: m.name,
        url: m.url ?? null,
        component: m.component ?? null,
        componentName: m.componentName ?? null,
        redirect: m.redirect ?? null,
        menuType,
        perms: m.perms ?? null,
        permsType: m.permsType ?? '1',
        sortNo: m.sortNo ?? sortBase,
        alwaysShow: m.alwaysShow ? 1 : 0,
        icon: m.icon ?? null,
        isRoute: m.isRoute === false ? 0 : 1,
        isLeaf: m.children?.length ? 0 : 1,
        keepAlive: m.keepAlive ? 1 : 0,
        hidden: m.hidden ? 1 : 0,
        hideTab: 0,
        description: null,
        status: m.status ?? '1',
        delFlag: 0,
        ruleFlag: 0,
        internalOrExternal: m.internalOrExternal ? 1 : 0,
        createBy: 'admin',
        createTime: now(),
      })
      .execute();
    const granted = new Set(['admin', ...(m.roles ?? inherited)]);
    for (const code of granted) {
      const rid = roleId.get(code);
      if (rid) {
        await db
          .insertInto('sysRolePermission')
          .values({ id: newId(), roleId: rid, permissionId: id, dataRuleIds: null, operateDate: now(), operateIp: null })
          .execute();
      }
    }
    let i = 1;
    for (const c of m.children ?? []) await insert(c, id, m.roles ?? inherited, i++);
  };
  let i = 1;
  for (const m of menus) await insert(m, parentId, m.roles ?? [], m.sortNo ?? i++);
}

/** The id of an existing menu by its url (to hang a later module's menus under a shared group). */
export async function menuIdByUrl(db: Database, url: string): Promise<string | null> {
  const row = await db.selectFrom('sysPermission').select('id').where('url', '=', url).executeTakeFirst();
  return row?.id ?? null;
}

/** Adds a dictionary with items `[value, text, description?]`. */
export async function addDict(
  db: Database,
  code: string,
  name: string,
  items: [string, string, string?][],
): Promise<void> {
  const dictId = newId();
  await db
    .insertInto('sysDict')
    .values({ id: dictId, dictName: name, dictCode: code, description: null, delFlag: 0, type: 0, createBy: 'admin', createTime: now() })
    .execute();
  let order = 1;
  for (const [value, text, description] of items) {
    await db
      .insertInto('sysDictItem')
      .values({
        id: newId(),
        dictId,
        itemText: text,
        itemValue: value,
        description: description ?? null,
        sortOrder: order++,
        status: 1,
        createBy: 'admin',
        createTime: now(),
      })
      .execute();
  }
}

/** How a seed part runs: with the demo organisation (the quick start) or as a clean install. */
export interface SeedOptions {
  demo: boolean;
}

/**
 * Node rules a clean install keeps: rules naming a demo person (type 1) or a demo department (type 2) are left
 * out, so such a node goes to its empty-node policy (the administrators) until someone sets its approvers.
 */
export function productRules<R extends { type: number }>(rules: R[], opts: SeedOptions): R[] {
  return opts.demo ? rules : rules.filter((r) => r.type !== 1 && r.type !== 2);
}
