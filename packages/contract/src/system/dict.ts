import { z } from 'zod';

/** Wire shapes of the dictionaries (`/sys/dict/*`, `/sys/dictItem/*`). */

const text = z.string().nullable();

/** A dictionary (sys_dict). */
export const sysDictRow = z.looseObject({
  id: z.string(),
  dictName: z.string(),
  dictCode: z.string(),
  description: text,
  type: z.number().nullable(),
  delFlag: z.number().optional(),
  createBy: text.optional(),
  createTime: text.optional(),
  updateBy: text.optional(),
  updateTime: text.optional(),
});

/** An item of a dictionary (sys_dict_item); `status_dictText` passes through. */
export const sysDictItemRow = z.looseObject({
  id: z.string(),
  dictId: z.string(),
  itemText: z.string(),
  itemValue: z.string(),
  description: text,
  sortOrder: z.number().nullable(),
  status: z.number().nullable(),
  createBy: text.optional(),
  createTime: text.optional(),
  updateBy: text.optional(),
  updateTime: text.optional(),
});

export type SysDictItemRow = z.infer<typeof sysDictItemRow>;

/** An option of a dictionary as the selects read it (`description`: org codes it is offered to). */
export const sysDictOption = z.looseObject({
  value: z.string(),
  text: z.string(),
  title: z.string(),
  label: z.string(),
  description: z.string().optional(),
  disabled: z.boolean().optional(),
});

export type SysDictOption = z.infer<typeof sysDictOption>;

/** Every dictionary's options by code (`queryAllDictItems`). */
export const sysDictOptionsByCode = z.record(z.string(), z.array(sysDictOption));

/** A node of a table dictionary tree (`loadTreeData`). */
export const sysDictTreeNode = z.looseObject({
  key: z.string(),
  title: z.string(),
  value: z.string(),
  label: z.string(),
  leaf: z.boolean(),
  parentId: z.string(),
});
