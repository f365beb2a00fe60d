/**
 * Kysely table types, camelCase (the CamelCasePlugin maps them to the snake_case columns).
 * Each module adds its tables here next to the migration that creates them.
 * `T | null` columns are optional on insert.
 */

export interface Audit {
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SysUser extends Audit {
  id: string;
  username: string;
  realname: string | null;
  password: string | null;
  salt: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  status: number;
  delFlag: number;
  workNo: string | null;
  post: string | null;
  telephone: string | null;
  userIdentity: number | null;
  departIds: string | null;
  relTenantIds: string | null;
  clientId: string | null;
  /** pinyin of `realname` (`zhulin`), initials (`zl`) and the name they were computed from (person search) */
  namePinyin: string | null;
  nameInitials: string | null;
  pinyinOf: string | null;
}

export interface SysRole extends Audit {
  id: string;
  roleName: string | null;
  roleCode: string;
  description: string | null;
  tenantId: number | null;
}

export interface SysUserRole {
  id: string;
  userId: string;
  roleId: string;
}

export interface SysPermission extends Audit {
  id: string;
  parentId: string | null;
  name: string | null;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  /** 0 menu, 1 submenu, 2 button */
  menuType: number;
  perms: string | null;
  /** '1' show/hide, '2' disable */
  permsType: string | null;
  sortNo: number | null;
  alwaysShow: number | null;
  icon: string | null;
  isRoute: number | null;
  isLeaf: number | null;
  keepAlive: number | null;
  hidden: number | null;
  hideTab: number | null;
  description: string | null;
  /** '1' rule active, '0' rule off (everyone allowed) */
  status: string | null;
  delFlag: number;
  ruleFlag: number | null;
  internalOrExternal: number | null;
}

export interface SysRolePermission {
  id: string;
  roleId: string;
  permissionId: string;
  dataRuleIds: string | null;
  operateDate: string | null;
  operateIp: string | null;
}

export interface SysDepart extends Audit {
  id: string;
  parentId: string | null;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: number | null;
  description: string | null;
  /** '1' company, '2' department, '3' post */
  orgCategory: string | null;
  orgType: string | null;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string | null;
  delFlag: number;
}

export interface SysUserDepart {
  id: string;
  userId: string;
  depId: string;
}

export interface SysDepartPermission {
  id: string;
  departId: string;
  permissionId: string;
  dataRuleIds: string | null;
}

export interface SysDepartRole extends Audit {
  id: string;
  departId: string;
  roleName: string | null;
  roleCode: string | null;
  description: string | null;
}

export interface SysDepartRoleUser {
  id: string;
  userId: string;
  droleId: string;
}

export interface SysDepartRolePermission {
  id: string;
  departId: string | null;
  roleId: string;
  permissionId: string;
  dataRuleIds: string | null;
  operateDate: string | null;
  operateIp: string | null;
}

export interface SysPermissionDataRule extends Audit {
  id: string;
  permissionId: string;
  ruleName: string | null;
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
  status: string | null;
}

export interface SysDict extends Audit {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  delFlag: number;
  type: number | null;
}

export interface SysDictItem extends Audit {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  /** Comma-separated org codes the item is offered to (empty: everyone). */
  description: string | null;
  sortOrder: number | null;
  status: number | null;
}

export interface SysPosition extends Audit {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  companyId: string | null;
  sysOrgCode: string | null;
}

export interface SysTenant {
  id: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  status: number | null;
  createBy: string | null;
  createTime: string | null;
}

export interface SysLog {
  id: string;
  /** 1 login, 2 operation */
  logType: number;
  logContent: string | null;
  /** 1 query, 2 add, 3 edit, 4 delete, 5 import, 6 export */
  operateType: number | null;
  /** the username */
  userid: string | null;
  /** the real name */
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestParam: string | null;
  requestType: string | null;
  costTime: number | null;
  outcome: string | null;
  createBy: string | null;
  createTime: string | null;
}

export interface SysSession {
  id: string;
  userId: string;
  username: string;
  tenantId: number | null;
  ip: string | null;
  createdAt: number;
  expiresAt: number;
}

export interface KvStore {
  k: string;
  v: string;
  expiresAt: number;
}

export interface SysSeedLog {
  name: string;
  appliedAt: string;
}

export interface DB {
  sysUser: SysUser;
  sysRole: SysRole;
  sysUserRole: SysUserRole;
  sysPermission: SysPermission;
  sysRolePermission: SysRolePermission;
  sysDepart: SysDepart;
  sysUserDepart: SysUserDepart;
  sysDepartPermission: SysDepartPermission;
  sysDepartRole: SysDepartRole;
  sysDepartRoleUser: SysDepartRoleUser;
  sysDepartRolePermission: SysDepartRolePermission;
  sysPermissionDataRule: SysPermissionDataRule;
  sysDict: SysDict;
  sysDictItem: SysDictItem;
  sysPosition: SysPosition;
  sysTenant: SysTenant;
  sysLog: SysLog;
  sysSession: SysSession;
  kvStore: KvStore;
  sysSeedLog: SysSeedLog;
}
