import { z } from 'zod';

/** Wire shapes of the user administration (`/sys/user/*`) and the user agents (`/sys/sysUserAgent/*`). */

const text = z.string().nullable();

/**
 * A user as the user pickers read it (`queryUserComponentData`): never password or salt; the dictionary
 * texts and the department name are added to the columns.
 */
export const sysUserPickRow = z.looseObject({
  id: z.string(),
  username: z.string(),
  realname: text,
  sex: z.number().nullable(),
  phone: text,
  birthday: text,
  orgCode: text,
  post: text,
  departIds: text,
  status: z.number(),
  createTime: text,
  sex_dictText: z.string(),
  status_dictText: z.string(),
  userIdentity_dictText: z.string(),
  post_dictText: z.string(),
  departIds_dictText: z.string(),
  /** the name of the department of `orgCode` (also as `deptName`, `deptName_dictText`) */
  orgCodeTxt: z.string(),
  deptName: z.string(),
  deptName_dictText: z.string(),
});

/** A user as the user list, its detail, the recycle bin and the user lookups read it. */
export const sysUserRow = sysUserPickRow.extend({
  avatar: text,
  email: text,
  workNo: text,
  telephone: text,
  userIdentity: z.number().nullable(),
  relTenantIds: text,
  createBy: text,
  updateBy: text,
  updateTime: text,
});
export type SysUserRow = z.infer<typeof sysUserRow>;

/** A department of a user as `userDepartList` answers it. */
export const sysUserDepartOption = z.object({ key: z.string(), value: z.string(), title: z.string() });

/** 用户代理人 (sys_user_agent): `agentUserName` acts for `userName` between the times while `status` is '1'. */
export const sysUserAgentRow = z.looseObject({
  id: z.string(),
  userName: z.string(),
  agentUserName: z.string(),
  startTime: text,
  endTime: text,
  status: z.string(),
  sysOrgCode: text,
  createBy: text,
  createTime: text,
  updateBy: text,
  updateTime: text,
});
export type SysUserAgentRow = z.infer<typeof sysUserAgentRow>;

/**
 * `/sys/user/searchPeople`: the person pickers' search (real name, account, pinyin, initials). Active
 * accounts within the caller's reach only; `phone` masked as the HR lists (138****1234), `birthday` to the
 * year (1996-**-**).
 */
export const personSearchQuery = z.object({
  keyword: z.string().max(50).optional(),
  departId: z.string().max(64).optional(),
  /** '1': the group company (A01) only */
  forceA01: z.enum(['0', '1']).optional(),
  /** an instance the caller takes part in: the reach grows by the group company (A01) */
  procInstId: z.string().max(64).optional(),
  /** comma-separated usernames to read back within reach */
  usernames: z.string().max(5000).optional(),
  pageNo: z.coerce.number().int().min(1).max(10000).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).optional(),
});
export type PersonSearchQuery = z.infer<typeof personSearchQuery>;

export const personRow = z.object({
  id: z.string(),
  username: z.string(),
  realname: text,
  sex: z.number().nullable(),
  sex_dictText: z.string(),
  phone: text,
  birthday: text,
  orgCode: text,
  orgCodeTxt: z.string(),
  deptName: z.string(),
  post: text,
  post_dictText: z.string(),
});
export type PersonRow = z.infer<typeof personRow>;

/** What a workflow action answers when a picked person is outside the caller's reach. */
export const PERSON_OUT_OF_REACH_TEXT = '所选人员不在可选范围内';
