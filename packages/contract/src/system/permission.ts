import { z } from 'zod';

/** Wire shapes of the menu and permission administration (`/sys/permission/*`). */

const text = z.string().nullable();
const flag = z.number().nullable();

/**
 * A menu row as the stock client reads it: the table columns, the tree keys (`key`, `title`, `value`,
 * `leaf`), `route` (is_route) and the four display flags as booleans (as the Java entity serialises them).
 */
export const sysPermissionRow = z.looseObject({
  id: z.string(),
  parentId: text,
  name: text,
  url: text,
  component: text,
  componentName: text,
  redirect: text,
  /** 0 menu, 1 submenu, 2 button */
  menuType: z.number(),
  perms: text,
  permsType: text,
  sortNo: z.number().nullable(),
  icon: text,
  isRoute: flag,
  isLeaf: flag,
  hideTab: flag,
  description: text,
  status: text,
  ruleFlag: flag,
  key: z.string(),
  title: z.string(),
  value: z.string(),
  leaf: z.boolean(),
  route: z.boolean(),
  hidden: z.boolean(),
  keepAlive: z.boolean(),
  alwaysShow: z.boolean(),
  internalOrExternal: z.boolean(),
  /** first-level and submenu lists: whether the row has children to load */
  hasChildren: z.boolean().optional(),
  get children() {
    return z.array(sysPermissionRow).optional();
  },
});
export type SysPermissionRow = z.infer<typeof sysPermissionRow>;

/** A node of the authorisation tree (role, department and department-role grant screens). */
export const sysPermissionAuthNode = z.looseObject({
  key: z.string(),
  value: z.string(),
  title: z.string(),
  slotTitle: z.string(),
  isLeaf: z.boolean(),
  parentId: z.string(),
  ruleFlag: z.number(),
  status: z.string(),
  menuType: z.number(),
  icon: z.string().nullable().optional(),
  get children() {
    return z.array(sysPermissionAuthNode).optional();
  },
});

export type SysPermissionAuthNode = z.infer<typeof sysPermissionAuthNode>;

/** `{treeList, ids}`: the authorisation tree and every id in it. */
export const sysPermissionAuthTree = z.object({ treeList: z.array(sysPermissionAuthNode), ids: z.array(z.string()) });

/** A data rule of a menu (sys_permission_data_rule). */
export const sysPermissionDataRuleRow = z.looseObject({
  id: z.string(),
  permissionId: z.string(),
  ruleName: text,
  ruleColumn: text,
  ruleConditions: text,
  ruleValue: text,
  status: text,
  createBy: text,
  createTime: text,
});

export type SysPermissionDataRuleRow = z.infer<typeof sysPermissionDataRuleRow>;

/** A grant's data rules: the rules offered and the checked ones as the comma list the stock client splits. */
export const sysGrantDataRules = z.object({ datarule: z.array(sysPermissionDataRuleRow), drChecked: z.string() });

/** A node of the signed-in user's menu (`getUserPermissionByToken`). */
export const sysMenuNode = z.looseObject({
  id: z.string(),
  route: z.enum(['0', '1']),
  path: z.string(),
  name: z.string(),
  component: z.string(),
  redirect: z.string().nullable().optional(),
  hidden: z.literal(true).optional(),
  alwaysShow: z.literal(true).optional(),
  meta: z.looseObject({
    keepAlive: z.boolean(),
    internalOrExternal: z.boolean(),
    title: z.string(),
    componentName: z.string(),
    icon: z.string().optional(),
    url: z.string().optional(),
    hideMenu: z.boolean().optional(),
    hideTab: z.boolean().optional(),
  }),
  get children() {
    return z.array(sysMenuNode).optional();
  },
});

const authEntry = z.object({ action: z.string(), type: z.string(), describe: z.string() });

/** The signed-in user's menu, button codes and every button code of the system. */
export const sysUserPermissions = z.object({
  menu: z.array(sysMenuNode),
  auth: z.array(authEntry),
  allAuth: z.array(authEntry.extend({ status: z.string() })),
  sysSafeMode: z.boolean(),
});
