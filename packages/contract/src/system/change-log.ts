import { z } from 'zod';

/**
 * The field-level audit trail (docs/audit.md): one row per changed field of a business record, written in the
 * same transaction as the change. Values of sensitive fields are stored masked as the lists show them.
 */

/** Record types with a change trail, and how the screens name them. */
export const CHANGE_RECORD_TYPES = {
  sys_user: '用户',
  sys_role: '角色',
  sys_depart: '部门',
  sys_dict: '数据字典',
  sys_dict_item: '字典项',
  oa_weekly: '周报',
  oa_mission: '任务',
  oa_indicator: '战略指标',
  oa_proposal: '合理化建议',
  hy_user: '人事档案',
  wf_variable: '流程变量',
  user_year_perf: '年度绩效',
  user_year_part: '季度绩效',
  pf_questionnaire: '问卷设计',
  pf_question: '问卷题目',
  pf_survey: '问卷评价',
  pf_kpi_round: 'KPI考评',
  ld_category: '物品分类',
  ld_item: '物品目录',
  ld_warehouse: '仓库',
  ld_supplier: '供应商',
  ld_stock: '总库',
  ld_entry: '出入库流水',
  ld_asset: '资产',
  ld_procure_pool: '采购池',
} as const;
export type ChangeRecordType = keyof typeof CHANGE_RECORD_TYPES;

/** What a change did: add/edit/delete, or the HR move that made it (the HR change log's actions). */
export const CHANGE_ACTIONS: Record<string, string> = {
  add: '新增',
  edit: '修改',
  delete: '删除',
  create: '建档',
  import: '导入',
  apply: '再次应聘',
  register: '在线登记',
  mbti: '性格测试',
  interview: '面试记录',
  toTalent: '入人才库',
  toInterview: '安排面试',
  hire: '录用',
  entry: '办理入职',
  regular: '转正',
  transfer: '调动',
  dimission: '离职',
  blacklist: '拉黑',
  unblacklist: '移出黑名单',
  approval: '审批',
};

/** Permission codes of the administrator's search (系统管理 → 变更记录) and its export. */
export const CHANGE_LOG_PERMS = { list: 'system:changeLog:list', export: 'system:changeLog:export' } as const;

export const changeLogRow = z.looseObject({
  id: z.string(),
  createTime: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  ip: z.string().nullable(),
  recordType: z.string(),
  recordType_dictText: z.string(),
  recordId: z.string(),
  recordName: z.string().nullable(),
  action: z.string(),
  action_dictText: z.string(),
  field: z.string(),
  fieldLabel: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});
export type ChangeLogRow = z.infer<typeof changeLogRow>;

const text = (max: number) => z.string().trim().max(max).optional();
const time = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, { message: '时间格式应为 yyyy-MM-dd HH:mm:ss' })
  .optional();

/** The changes of one record (`/sys/changeLog/record`). */
export const changeLogRecordQuery = z.object({
  recordType: z.string().min(1).max(50),
  recordId: z.string().min(1).max(64),
  pageNo: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

/** The administrator's search (`/sys/changeLog/list`, `/sys/changeLog/exportXls`). */
export const changeLogSearchQuery = z.object({
  userId: text(64),
  recordType: text(50),
  recordId: text(64),
  /** The changed field's name (`field` itself is the list's column selection in the stock wire contract). */
  fieldName: text(100),
  createTime_begin: time,
  createTime_end: time,
  pageNo: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
});
export type ChangeLogSearch = z.infer<typeof changeLogSearchQuery>;
