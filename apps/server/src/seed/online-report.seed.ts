import type { Database } from '../platform/db/database.js';
import { newId } from '../platform/db/ids.js';
import { now } from '../platform/db/time.js';
import { addMenus } from './helpers.js';

/**
 * Tables of the app database that reports may read out of the box: business records without personal
 * data. Users, sessions, logs, roles and HR files stay off until an administrator allows them.
 */
export const DEFAULT_REPORT_TABLES = [
  'fm_expense',
  'fm_performance',
  'sys_depart',
  'sys_dict',
  'sys_dict_item',
  'sys_category',
  'ld_item',
  'ld_category',
  'ld_warehouse',
  'ld_stock',
  'ld_entry',
  'oa_indicator',
  'oa_indicator_month',
  'wf_business',
];

export const DEMO_REPORT_ID = '1100000000000000000001';
export const DEMO_REPORT_CODE = 'expense_summary';

/** 在线开发 › 在线报表配置 (designer) and a demo report, 费用报销明细 (two parameters, a dictionary column, a date range, a total, the department by name). */
export async function seedOnlineReports(db: Database): Promise<void> {
  const t = now();
  for (const tableName of DEFAULT_REPORT_TABLES)
    await db.insertInto('onlReportTable').values({ id: newId(), dbSource: '', tableName, createBy: 'admin', createTime: t }).execute();

  await db
    .insertInto('onlCgreportHead')
    .values({
      id: DEMO_REPORT_ID,
      code: DEMO_REPORT_CODE,
      name: '费用报销明细',
      cgrSql:
        // the department by its name (people never read a department code)
        'select d.depart_name, e.applicant_name, e.expense_type, e.amount, e.create_time\n' +
        'from fm_expense e left join sys_depart d on d.org_code = e.sys_org_code\n' +
        "where e.del_flag = 0 and e.amount >= ${min_amount} and e.applicant_name like '%${applicant}%'",
      dbSource: null,
      content: '各公司费用报销明细，可按最低金额和申请人筛选',
      returnValField: 'applicant_name',
      returnTxtField: 'applicant_name',
      returnType: '1',
      sysOrgCode: 'A01',
      createBy: 'admin',
      createTime: t,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  const items: [string, string, string, Partial<{ isSearch: number; searchMode: string; dictCode: string; isTotal: number; fieldWidth: number }>][] = [
    ['depart_name', '部门', 'String', { isSearch: 1, searchMode: 'single' }],
    ['applicant_name', '申请人', 'String', { isSearch: 1, searchMode: 'single' }],
    ['expense_type', '费用类型', 'String', { isSearch: 1, searchMode: 'single', dictCode: 'expense_type' }],
    ['amount', '金额', 'Double', { isTotal: 1 }],
    ['create_time', '申请时间', 'Datetime', { isSearch: 1, searchMode: 'group', fieldWidth: 180 }],
  ];
  let order = 1;
  for (const [fieldName, fieldTxt, fieldType, o] of items)
    await db
      .insertInto('onlCgreportItem')
      .values({
        id: newId(),
        cgrheadId: DEMO_REPORT_ID,
        fieldName,
        fieldTxt,
        fieldType,
        fieldWidth: o.fieldWidth ?? null,
        fieldHref: null,
        searchMode: o.searchMode ?? null,
        isSearch: o.isSearch ?? 0,
        isShow: 1,
        isTotal: o.isTotal ?? 0,
        orderNum: order++,
        dictCode: o.dictCode ?? null,
        replaceVal: null,
        groupTitle: null,
        createBy: 'admin',
        createTime: t,
        updateBy: null,
        updateTime: null,
      })
      .execute();
  for (const [i, [paramName, paramTxt, paramValue]] of [
    ['min_amount', '最低金额', '0'],
    ['applicant', '申请人包含', ''],
  ].entries())
    await db
      .insertInto('onlCgreportParam')
      .values({ id: newId(), cgrheadId: DEMO_REPORT_ID, paramName, paramTxt, paramValue, orderNum: i + 1, createBy: 'admin', createTime: t, updateBy: null, updateTime: null })
      .execute();

  await addMenus(db, [
    {
      name: '在线开发',
      url: '/online',
      component: 'layouts/RouteView',
      menuType: 0,
      icon: 'cloud',
      sortNo: 90,
      roles: [],
      children: [
        {
          name: '在线报表配置',
          url: '/online/cgreport',
          component: 'online/ReportDesignList',
          componentName: 'ReportDesignList',
          menuType: 1,
          perms: 'online:report:design',
          icon: 'table',
          keepAlive: true,
          children: [{ name: '查看报表', menuType: 2, perms: 'online:report:view', permsType: '1' }],
        },
        {
          name: '费用报销明细',
          url: `/online/cgreport/${DEMO_REPORT_ID}`,
          component: 'online/ReportPage',
          componentName: 'ReportPage',
          menuType: 1,
          icon: 'bar-chart',
        },
      ],
    },
  ]);
}
