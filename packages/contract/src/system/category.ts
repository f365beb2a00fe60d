import { z } from 'zod';

/** Wire shapes of the category dictionary (`/sys/category/*`). */

/** A category row (sys_category): `pid` is '0' for roots, `hasChild` '1' when it has children. */
export const sysCategoryRow = z.looseObject({
  id: z.string(),
  pid: z.string(),
  name: z.string(),
  code: z.string(),
  hasChild: z.string().nullable(),
  sysOrgCode: z.string().nullable().optional(),
  createBy: z.string().nullable().optional(),
  createTime: z.string().nullable().optional(),
  updateBy: z.string().nullable().optional(),
  updateTime: z.string().nullable().optional(),
});
export type SysCategoryRow = z.infer<typeof sysCategoryRow>;

/** A node of the category tree selects (`loadTreeRoot`, `loadTreeChildren`, `loadTreeData`). */
export const sysCategoryNode = z.looseObject({
  key: z.string(),
  title: z.string(),
  value: z.string(),
  label: z.string(),
  code: z.string(),
  leaf: z.boolean(),
  parentId: z.string(),
  get children() {
    return z.array(sysCategoryNode).optional();
  },
});
export type SysCategoryNode = z.infer<typeof sysCategoryNode>;
