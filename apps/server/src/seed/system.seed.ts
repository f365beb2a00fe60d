import type { Database } from '../platform/db/database.js';
import { newId } from '../platform/db/ids.js';
import { now } from '../platform/db/time.js';
import { addDict, addMenus, type MenuSeed } from './helpers.js';

/**
 * Permission codes of the system administration screens. A menu row carries its `list` code (granted
 * with the menu: it opens the list endpoints); each write action is a button (menu_type 2).
 */
export const SYSTEM_PERMS = {
  user: ['list', 'add', 'edit', 'delete', 'import', 'export', 'frozen', 'password'],
  role: ['list', 'add', 'edit', 'delete', 'auth', 'import', 'export'],
  permission: ['list', 'add', 'edit', 'delete', 'datarule'],
  depart: ['list', 'add', 'edit', 'delete', 'auth', 'role', 'import', 'export'],
  dict: ['list', 'add', 'edit', 'delete', 'import', 'export'],
  category: ['list', 'add', 'edit', 'delete', 'import', 'export'],
  position: ['list', 'add', 'edit', 'delete', 'import', 'export'],
  tenant: ['list', 'add', 'edit', 'delete'],
  log: ['list', 'delete'],
  gateway: ['list', 'add', 'edit', 'delete'],
  datasource: ['list', 'add', 'edit', 'delete', 'test'],
  checkRule: ['list', 'add', 'edit', 'delete'],
  fillRule: ['list', 'add', 'edit', 'delete'],
} as const;

const ACTION_NAMES: Record<string, string> = {
  add: '添加',
  edit: '编辑',
  delete: '删除',
  import: '导入',
  export: '导出',
  frozen: '冻结/解冻',
  password: '重置密码',
  auth: '授权',
  datarule: '数据规则',
  role: '部门角色',
  test: '连接测试',
  list: '查询',
};

type Entity = keyof typeof SYSTEM_PERMS;

function buttons(entity: Entity, grants: Partial<Record<string, string[]>> = {}): MenuSeed[] {
  return SYSTEM_PERMS[entity]
    .filter((a) => a !== 'list')
    .map((a) => ({
      name: ACTION_NAMES[a] ?? a,
      menuType: 2 as const,
      perms: `system:${entity}:${a}`,
      permsType: '1' as const,
      roles: grants[a] ?? [],
    }));
}

function screen(
  entity: Entity,
  name: string,
  path: string,
  component: string,
  icon: string,
  roles: string[] = [],
  buttonGrants: Partial<Record<string, string[]>> = {},
): MenuSeed {
  return {
    name,
    url: `/isystem/${path}`,
    component,
    componentName: component.slice(component.lastIndexOf('/') + 1),
    menuType: 1,
    perms: `system:${entity}:list`,
    icon,
    keepAlive: true,
    roles,
    children: buttons(entity, buttonGrants),
  };
}

/**
 * 系统管理: the top menu and its screens with a button for every write action. Only the admin role
 * gets the whole group (addMenus grants admin everything); HR gets the user list and its export, so a
 * restricted-but-nonempty role exists.
 */
export const SYSTEM_MENUS: MenuSeed[] = [
  {
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    redirect: '/isystem/user',
    menuType: 0,
    icon: 'setting',
    sortNo: 90,
    roles: ['hr'],
    children: [
      screen('user', '用户管理', 'user', 'system/UserList', 'user', ['hr'], { export: ['hr'] }),
      screen('role', '角色管理', 'role', 'system/RoleList', 'team'),
      screen('permission', '菜单管理', 'permission', 'system/PermissionList', 'menu'),
      screen('depart', '部门管理', 'depart', 'system/DepartList', 'apartment'),
      screen('dict', '数据字典', 'dict', 'system/DictList', 'book'),
      screen('category', '分类字典', 'category', 'system/CategoryList', 'cluster'),
      screen('position', '职务管理', 'position', 'system/PositionList', 'idcard'),
      screen('tenant', '租户管理', 'tenant', 'system/TenantList', 'bank'),
      screen('log', '系统日志', 'log', 'system/LogList', 'file-search'),
      screen('gateway', '网关路由', 'gateway', 'system/GatewayRouteList', 'gateway'),
      screen('datasource', '多数据源管理', 'datasource', 'system/DataSourceList', 'database'),
      // Rule maintenance has no screen of its own: buttons that open the check/fill rule endpoints.
      ...buttons('checkRule'),
      { name: '编码校验规则查询', menuType: 2, perms: 'system:checkRule:list', permsType: '1', roles: [] },
      ...buttons('fillRule'),
      { name: '填值规则查询', menuType: 2, perms: 'system:fillRule:list', permsType: '1', roles: [] },
    ],
  },
];

export async function seedSystemMenus(db: Database): Promise<void> {
  await addMenus(db, SYSTEM_MENUS);
}

/** Dictionaries of the system screens and demo records of the 0200 tables. */
export async function seedSystemData(db: Database): Promise<void> {
  await addDict(db, 'rule_conditions', '数据规则条件', [
    ['>', '大于'],
    ['>=', '大于等于'],
    ['<', '小于'],
    ['<=', '小于等于'],
    ['=', '等于'],
    ['!=', '不等于'],
    ['IN', '包含'],
    ['LIKE', '模糊'],
    ['LEFT_LIKE', '左模糊'],
    ['RIGHT_LIKE', '右模糊'],
  ]);
  await addDict(db, 'perms_type', '授权策略', [
    ['1', '显示'],
    ['2', '禁用'],
  ]);
  await addDict(db, 'database_type', '数据库类型', [
    ['postgres', 'PostgreSQL'],
    ['sqlite', 'SQLite'],
  ]);
  const t = now();
  const base = { createBy: 'admin', createTime: t, updateBy: null, updateTime: null, sysOrgCode: 'A01' };

  // A two-level category tree (codes A01…, A01A01…).
  const roots: [string, string, [string, string][]][] = [
    ['A01', '办公用品', [['A01A01', '文具'], ['A01A02', '耗材']]],
    ['A02', '电子设备', [['A02A01', '电脑'], ['A02A02', '打印机'], ['A02A03', '手机']]],
    ['A03', '家具', []],
  ];
  for (const [code, name, kids] of roots) {
    const id = newId();
    await db.insertInto('sysCategory').values({ id, pid: '0', name, code, hasChild: kids.length ? '1' : '0', ...base }).execute();
    for (const [kcode, kname] of kids) {
      await db.insertInto('sysCategory').values({ id: newId(), pid: id, name: kname, code: kcode, hasChild: '0', ...base }).execute();
    }
  }

  await db
    .insertInto('sysGatewayRoute')
    .values({
      id: newId(),
      routerId: 'office-system',
      name: '系统服务',
      uri: 'lb://office-system',
      predicates: JSON.stringify([{ name: 'Path', args: ['/sys/**'] }]),
      filters: JSON.stringify([]),
      retryable: 0,
      stripPrefix: 0,
      persistable: 1,
      showApi: 1,
      status: 1,
      ...base,
    })
    .execute();

  await db
    .insertInto('sysCheckRule')
    .values([
      {
        id: newId(),
        ruleName: '工号规则',
        ruleCode: 'work_no',
        ruleJson: JSON.stringify([
          { digits: 2, pattern: '[A-Z]{2}', message: '前2位必须是大写字母' },
          { digits: '*', pattern: '\\d{4,8}', message: '后面必须是4到8位数字' },
        ]),
        ruleDescription: '两位大写字母加4到8位数字',
        ...base,
      },
    ])
    .execute();

  await db
    .insertInto('sysFillRule')
    .values([
      { id: newId(), ruleName: '机构编码生成', ruleCode: 'org_num_role', ruleClass: 'org_code', ruleParams: '{}', ...base },
      { id: newId(), ruleName: '分类字典编码生成', ruleCode: 'category_code_rule', ruleClass: 'category_code', ruleParams: '{}', ...base },
      { id: newId(), ruleName: '订单流水号', ruleCode: 'shop_order_num', ruleClass: 'order_num', ruleParams: '{"prefix":"CN"}', ...base },
    ])
    .execute();
}
