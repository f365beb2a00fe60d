import { z } from 'zod';

/** Online report designer (在线报表) and its generated report pages: the wire shapes of `/online/cgreport/*`. */

const text = (max: number) => z.string().max(max).refine((v) => !v.includes('\u0000'), '包含非法字符');
const flag = z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)]).transform((v) => Number(v));
const optFlag = z.union([flag, z.literal(''), z.null()]).optional().transform((v) => (v === '' || v === null || v === undefined ? 0 : v));

export const REPORT_FIELD_TYPES = ['String', 'Integer', 'Long', 'Double', 'BigDecimal', 'Date', 'Datetime'] as const;

/** A report code: starts with a letter; letters, digits, underscore and dash (the stock designer's rule). */
export const reportCode = text(100)
  .trim()
  .min(1, '请输入编码')
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, '编码必须以字母开头，可包含数字、下划线、横杠');

export const reportItemSchema = z.object({
  id: text(32).optional().nullable(),
  fieldName: text(64).trim().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '字段名只能包含字母、数字和下划线，且不能以数字开头'),
  fieldTxt: text(100).trim().min(1, '字段文本不能为空'),
  fieldType: z.enum(REPORT_FIELD_TYPES).optional().nullable(),
  isShow: optFlag,
  isSearch: optFlag,
  isTotal: optFlag,
  searchMode: z.enum(['single', 'group', '']).optional().nullable(),
  dictCode: text(200).optional().nullable(),
  fieldHref: text(500).optional().nullable(),
  replaceVal: text(200).optional().nullable(),
  groupTitle: text(100).optional().nullable(),
  fieldWidth: z.union([z.coerce.number().int().min(0).max(2000), z.literal(''), z.null()]).optional(),
  orderNum: z.union([z.coerce.number().int().min(0).max(10000), z.null()]).optional(),
});
export type ReportItemInput = z.input<typeof reportItemSchema>;

export const reportParamSchema = z.object({
  id: text(32).optional().nullable(),
  paramName: text(64).trim().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '参数名只能包含字母、数字和下划线，且不能以数字开头'),
  paramTxt: text(100).trim().min(1, '参数文本不能为空'),
  paramValue: text(500).optional().nullable(),
  orderNum: z.union([z.coerce.number().int().min(0).max(10000), z.null()]).optional(),
});

export const reportHeadSchema = z.object({
  id: text(32).optional().nullable(),
  code: reportCode,
  name: text(100).trim().min(1, '请输入报表名称'),
  cgrSql: text(20000).trim().min(1, '请输入查询SQL'),
  dbSource: text(100).optional().nullable(),
  content: text(500).optional().nullable(),
  returnValField: text(64).optional().nullable(),
  returnTxtField: text(64).optional().nullable(),
  returnType: z.union([text(10), z.number()]).optional().nullable(),
});

/** The stock designer's save payload (add and editAll). */
export const reportSaveSchema = z
  .object({
    head: reportHeadSchema,
    items: z.array(reportItemSchema).max(200, '字段不能超过 200 个').optional().default([]),
    params: z.array(reportParamSchema).max(50, '参数不能超过 50 个').optional().default([]),
    deleteItemIds: text(10000).optional().nullable(),
    deleteParamIds: text(10000).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    const dup = (names: string[]) => names.find((n, i) => names.indexOf(n) !== i);
    const f = dup(v.items.map((i) => i.fieldName.toLowerCase()));
    if (f) ctx.addIssue({ code: 'custom', path: ['items'], message: `字段名重复：${f}` });
    const p = dup(v.params.map((i) => i.paramName.toLowerCase()));
    if (p) ctx.addIssue({ code: 'custom', path: ['params'], message: `参数名重复：${p}` });
  });
export type ReportSave = z.infer<typeof reportSaveSchema>;

/** A table the reports of one data source may read (the allow-list); '' is the app database. */
export const reportTableSchema = z.object({
  dbSource: text(100).optional().nullable(),
  tableName: text(64).trim().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '表名只能包含字母、数字和下划线'),
});

export type ReportColumn = {
  title: string;
  dataIndex: string;
  fieldType: string;
  align: 'center';
  sorter: 'true';
  isTotal: string;
  groupTitle: string | null;
  fieldWidth?: number;
  customRender?: string;
};

export type ReportColumnsResult = {
  columns: ReportColumn[];
  dictOptions: Record<string, { value: string; text: string; title?: string; label?: string }[]>;
  fieldHrefSlots: { slotName: string; href: string }[];
  isGroupTitle: boolean;
  cgRpConfigId: string;
  cgRpConfigName: string;
};

export type ReportQueryInfo = {
  label: string;
  field: string;
  mode: 'single' | 'group';
  view: string;
  dictCode?: string;
  hidden?: '1';
};

export type ReportDataResult = {
  total: number;
  records: Record<string, unknown>[];
  /** Sums over every matching row of the columns marked as totals. */
  totals?: Record<string, number | null>;
};
