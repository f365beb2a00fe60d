import { z } from 'zod';

/** Wire shapes of the departments (`/sys/sysDepart/*`) and the department roles (`/sys/sysDepartRole/*`). */

const text = z.string().nullable();

/** A department (sys_depart): companies A01…, their departments A01A01… (`orgCode`). */
export const sysDepartRow = z.looseObject({
  id: z.string(),
  parentId: text,
  departName: z.string(),
  departNameEn: text,
  departNameAbbr: text,
  departOrder: z.number().nullable(),
  description: text,
  /** '1' company, '2' department, '3' post */
  orgCategory: text,
  orgType: text,
  orgCode: z.string(),
  mobile: text,
  fax: text,
  address: text,
  memo: text,
  status: text,
  createBy: text,
  createTime: text,
  updateBy: text,
  updateTime: text,
});
export type SysDepartRow = z.infer<typeof sysDepartRow>;

/** A node of the department trees (`queryTreeList`, `queryDepartTreeSync`, `searchBy`, `queryMyDeptTreeList`). */
export const sysDepartTreeNode = sysDepartRow.extend({
  key: z.string(),
  value: z.string(),
  title: z.string(),
  isLeaf: z.boolean(),
  get children() {
    return z.array(sysDepartTreeNode).optional();
  },
});

/** A node of the department id tree (`queryIdTree`). */
export const sysDepartIdNode = z.object({
  key: z.string(),
  value: z.string(),
  title: z.string(),
  get children() {
    return z.array(sysDepartIdNode).optional();
  },
});

/** A department role (sys_depart_role). */
export const sysDepartRoleRow = z.looseObject({
  id: z.string(),
  departId: z.string(),
  roleName: text,
  roleCode: text,
  description: text,
  createBy: text,
  createTime: text,
  updateBy: text,
  updateTime: text,
});

/** A user's link to a department role (`getDeptRoleByUserId`). */
export const sysDepartRoleUserLink = z.object({ id: z.string(), userId: z.string(), droleId: z.string() });

/** A user of a department role (`roleUsers`). */
export const sysDepartRoleUser = z.looseObject({ id: z.string(), username: z.string(), realname: text, orgCode: text });
