import { z } from 'zod';

/** Wire shapes of the role administration (`/sys/role/*`). */

/** A role as the role list, its detail and the role pickers read it. */
export const sysRoleRow = z.looseObject({
  id: z.string(),
  roleName: z.string().nullable(),
  roleCode: z.string(),
  description: z.string().nullable(),
  createBy: z.string().nullable().optional(),
  createTime: z.string().nullable().optional(),
  updateBy: z.string().nullable().optional(),
  updateTime: z.string().nullable().optional(),
});
export type SysRoleRow = z.infer<typeof sysRoleRow>;
