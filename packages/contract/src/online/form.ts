import { z } from 'zod';
import { PATTERNS, type PatternName } from '../validation.js';

/** Online form designer (在线表单开发) and its generated pages: the wire shapes of `/online/cgform/*`. */

const text = (max: number) => z.string().max(max).refine((v) => !v.includes('\u0000'), '包含非法字符');
const flag = z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.boolean()]).transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));
const optFlag = (def: 0 | 1) => z.union([flag, z.literal(''), z.null()]).optional().transform((v) => (v === '' || v === null || v === undefined ? def : v));
const optText = (max: number) => z.union([text(max), z.null()]).optional().transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()));

/** Table and column names of generated tables: lower case, starting with a letter, at most 64 characters. */
export const CGFORM_IDENT = /^[a-z][a-z0-9_]{0,63}$/;
export const CGFORM_IDENT_MESSAGE = '只能以小写字母开头，包含小写字母、数字和下划线，最长64位';
/** Prefixes of the product's own tables and of the databases' system tables; a designed table may never use them. */
export const CGFORM_RESERVED_PREFIXES = ['sys_', 'act_', 'wf_', 'onl_', 'qrtz_', 'kysely_', 'pg_', 'sqlite_'] as const;
/** Names the databases keep for themselves; a designed table may never be called so. */
export const CGFORM_RESERVED_NAMES = ['information_schema'] as const;
/** Columns every generated table has; a designed field may not use these names. */
export const CGFORM_SYSTEM_COLUMNS = ['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'has_child'] as const;

export const CGFORM_DB_TYPES = ['string', 'int', 'double', 'decimal', 'date', 'datetime', 'text'] as const;
export type CgformDbType = (typeof CGFORM_DB_TYPES)[number];
export const CGFORM_DB_TYPE_TEXT: Record<CgformDbType, string> = {
  string: '字符串',
  int: '整数',
  double: '小数',
  decimal: '金额',
  date: '日期',
  datetime: '日期时间',
  text: '长文本',
};
export const CGFORM_SHOW_TYPES = [
  'text',
  'textarea',
  'password',
  'list',
  'radio',
  'checkbox',
  'date',
  'datetime',
  'popup',
  'switch',
  'sel_search',
  'sel_tree',
  'cat_tree',
  'sel_depart',
  'sel_user',
  'pca',
] as const;
export type CgformShowType = (typeof CGFORM_SHOW_TYPES)[number];
export const CGFORM_SHOW_TYPE_TEXT: Record<CgformShowType, string> = {
  text: '文本框',
  textarea: '多行文本',
  password: '密码',
  list: '下拉框',
  radio: '单选框',
  checkbox: '多选框',
  date: '日期',
  datetime: '日期时间',
  popup: '弹出报表',
  switch: '开关',
  sel_search: '下拉搜索',
  sel_tree: '下拉树',
  cat_tree: '分类字典树',
  sel_depart: '选择部门',
  sel_user: '选择用户',
  pca: '省市区',
};

/**
 * Widgets whose `dictField` / `dictTable` / `dictText` are no dictionary: `popup` keeps the report code in
 * `dictTable`, the report columns in `dictField` and the form fields they fill in `dictText` (the stock
 * JPopup columns); `cat_tree` keeps the category root code in `dictField`; pickers keep nothing.
 */
export const CGFORM_NON_DICT_TYPES: readonly string[] = ['popup', 'cat_tree', 'sel_depart', 'sel_user', 'pca'];
/** Whether a field's values are dictionary values (texts looked up as `<field>_dictText`, options sent along). */
export const isCgformDictField = (f: { dictField?: string | null; fieldShowType?: string | null }): boolean =>
  !!f.dictField && !CGFORM_NON_DICT_TYPES.includes(f.fieldShowType ?? '');

/** docs/online.md, "Design": a popup needs the report code and as many report columns as form fields to fill. */
export const POPUP_CONFIG_ERROR = '弹窗配置错误';
const splitList = (v: string | null | undefined) => (v ?? '').split(',').map((x) => x.trim()).filter(Boolean);
/** The popup's report columns and destination fields, or null when the configuration is wrong. */
export function popupFields(code: string | null | undefined, orgFields: string | null | undefined, destFields: string | null | undefined): { org: string[]; dest: string[] } | null {
  const org = splitList(orgFields);
  const dest = splitList(destFields);
  if (!code || !/^[A-Za-z0-9_]{1,100}$/.test(code) || !org.length || org.length !== dest.length) return null;
  if (![...org, ...dest].every((x) => CGFORM_IDENT.test(x))) return null;
  return { org, dest };
}

/** The shared §5 rules a field may name as its `fieldValidType` (any other value must be a `^…$` pattern). */
export const CGFORM_RULES: Record<string, PatternName> = {
  mobile: 'mobile',
  email: 'email',
  naturalNumber: 'naturalNumber',
  english: 'english',
  landline: 'landline',
  bankCard: 'bankCard',
  idNumber: 'idNumber',
  nationalId: 'nationalId',
  qq: 'qq',
  url: 'url',
  alnum20: 'alnum20',
  chineseEnglish: 'chineseEnglish',
  digitsLines: 'digitsLines',
};
export const CGFORM_RULE_TEXT: Record<string, string> = {
  mobile: '手机号',
  email: '邮箱',
  naturalNumber: '自然数',
  english: '英文字符',
  landline: '座机号',
  bankCard: '银行卡号',
  idNumber: '证件号（字母或数字）',
  nationalId: '身份证号',
  qq: 'QQ号',
  url: '网址',
  alnum20: '0到20位字母或数字',
  chineseEnglish: '中文、英文或空格',
  digitsLines: '数字和换行',
};
/** A designer-written pattern: anchored, at most 200 characters, no back-references (they may run long). */
export const CGFORM_PATTERN_MAX = 200;

/** Whether a `fieldValidType` is usable: a rule name or an anchored pattern that compiles. */
export function checkValidType(v: string): string | null {
  if (CGFORM_RULES[v]) return null;
  if (v.length > CGFORM_PATTERN_MAX) return `校验规则不能超过${CGFORM_PATTERN_MAX}个字符`;
  if (!v.startsWith('^') || !v.endsWith('$')) return '校验规则须为规则名称或以^开头、以$结尾的正则表达式';
  if (/\\[1-9]|\\k</.test(v)) return '校验规则不能包含反向引用';
  try {
    new RegExp(v);
  } catch {
    return '校验规则不是有效的正则表达式';
  }
  return null;
}

const ident = (what: string) => text(64).trim().min(1, `请输入${what}`).regex(CGFORM_IDENT, `${what}${CGFORM_IDENT_MESSAGE}`);

export const cgformFieldSchema = z
  .object({
    id: optText(32),
    dbFieldName: ident('字段名'),
    dbFieldTxt: text(100).trim().min(1, '请输入字段备注'),
    dbType: z.enum(CGFORM_DB_TYPES, { message: '请选择字段类型' }),
    dbLength: z.union([z.coerce.number().int().min(0).max(4000, '长度不能超过4000'), z.literal(''), z.null()]).optional().transform((v) => (typeof v === 'number' ? v : 0)),
    dbPointLength: z.union([z.coerce.number().int().min(0).max(10, '小数位不能超过10'), z.literal(''), z.null()]).optional().transform((v) => (typeof v === 'number' ? v : 0)),
    /** 1 = may be empty, 0 = required (the stock column's meaning) */
    dbIsNull: optFlag(1),
    fieldValidType: optText(CGFORM_PATTERN_MAX).refine((v) => v === null || checkValidType(v) === null, { message: '校验规则须为规则名称或以^开头、以$结尾的正则表达式' }),
    dictField: optText(100),
    dictTable: optText(64),
    dictText: optText(64),
    fieldShowType: z.union([z.enum(CGFORM_SHOW_TYPES), z.literal(''), z.null()]).optional().transform((v) => (v ? v : 'text')),
    isShowList: optFlag(1),
    isShowForm: optFlag(1),
    isQuery: optFlag(0),
    queryMode: z.union([z.enum(['single', 'group']), z.literal(''), z.null()]).optional().transform((v) => (v ? v : 'single')),
    mainTable: optText(64),
    mainField: optText(64),
    orderNum: z.union([z.coerce.number().int().min(0).max(10000), z.null(), z.literal('')]).optional().transform((v) => (typeof v === 'number' ? v : 0)),
  })
  .superRefine((f, ctx) => {
    if ((CGFORM_SYSTEM_COLUMNS as readonly string[]).includes(f.dbFieldName))
      ctx.addIssue({ code: 'custom', path: ['dbFieldName'], message: `字段名 ${f.dbFieldName} 为系统字段，不能使用` });
    if (f.fieldShowType === 'popup') {
      if (!popupFields(f.dictTable, f.dictField, f.dictText)) ctx.addIssue({ code: 'custom', path: ['dictText'], message: `${f.dbFieldTxt}：${POPUP_CONFIG_ERROR}` });
    } else if (CGFORM_NON_DICT_TYPES.includes(f.fieldShowType)) {
      if (f.dictField && !/^[A-Za-z0-9_]{1,100}$/.test(f.dictField)) ctx.addIssue({ code: 'custom', path: ['dictField'], message: '字典编码只能包含字母、数字和下划线' });
    } else {
      if (f.dictTable && !CGFORM_IDENT.test(f.dictTable)) ctx.addIssue({ code: 'custom', path: ['dictTable'], message: `字典表${CGFORM_IDENT_MESSAGE}` });
      if (f.dictTable && (!f.dictField || !CGFORM_IDENT.test(f.dictField) || !f.dictText || !CGFORM_IDENT.test(f.dictText)))
        ctx.addIssue({ code: 'custom', path: ['dictText'], message: '字典表须同时填写值字段和文本字段' });
      if (!f.dictTable && f.dictField && !/^[A-Za-z0-9_]{1,100}$/.test(f.dictField)) ctx.addIssue({ code: 'custom', path: ['dictField'], message: '字典编码只能包含字母、数字和下划线' });
    }
    if (f.mainTable && !CGFORM_IDENT.test(f.mainTable)) ctx.addIssue({ code: 'custom', path: ['mainTable'], message: `主表名${CGFORM_IDENT_MESSAGE}` });
    if (f.mainField && !CGFORM_IDENT.test(f.mainField)) ctx.addIssue({ code: 'custom', path: ['mainField'], message: `主表字段${CGFORM_IDENT_MESSAGE}` });
    if (f.dbType === 'string' && (f.dbLength < 1 || f.dbLength > 4000)) ctx.addIssue({ code: 'custom', path: ['dbLength'], message: '字符串长度须在1到4000之间' });
    if (f.dbType === 'decimal' && (f.dbLength < 1 || f.dbLength > 30 || f.dbPointLength > f.dbLength))
      ctx.addIssue({ code: 'custom', path: ['dbLength'], message: '金额的长度须在1到30之间且不小于小数位' });
  });
export type CgformFieldInput = z.input<typeof cgformFieldSchema>;
export type CgformField = z.output<typeof cgformFieldSchema>;

export const cgformHeadSchema = z.object({
  id: optText(32),
  tableName: ident('表名'),
  tableTxt: text(100).trim().min(1, '请输入表描述'),
  /** 1 single, 2 main, 3 sub */
  tableType: z.coerce.number().int().min(1).max(3, '表类型不正确'),
  isTree: z.union([z.enum(['Y', 'N']), z.literal(''), z.null()]).optional().transform((v) => (v === 'Y' ? 'Y' : 'N')),
  treeParentIdField: optText(64),
  treeFieldname: optText(64),
  /** sub tables of a main table, comma separated */
  subTableStr: optText(1000),
  /** a sub table's relation: 0 one-to-many, 1 one-to-one */
  relationType: z.union([z.coerce.number().int().min(0).max(1), z.null(), z.literal('')]).optional().transform((v) => (typeof v === 'number' ? v : 0)),
  formTemplate: optText(10),
  tabOrderNum: z.union([z.coerce.number().int().min(0).max(1000), z.null(), z.literal('')]).optional().transform((v) => (typeof v === 'number' ? v : 0)),
});

/** The designer's save payload (stock addAll / editAll). */
export const cgformSaveSchema = z
  .object({
    head: cgformHeadSchema,
    fields: z.array(cgformFieldSchema).min(1, '请至少添加一个字段').max(200, '字段不能超过 200 个'),
    deleteFieldIds: z.string().max(20000).optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    for (const [i, f] of v.fields.entries()) {
      if (seen.has(f.dbFieldName)) ctx.addIssue({ code: 'custom', path: ['fields', i, 'dbFieldName'], message: `字段名 ${f.dbFieldName} 重复` });
      seen.add(f.dbFieldName);
    }
    const h = v.head;
    if (h.isTree === 'Y') {
      if (h.tableType !== 1) ctx.addIssue({ code: 'custom', path: ['head', 'isTree'], message: '树表只能是单表' });
      if (!h.treeParentIdField || !seen.has(h.treeParentIdField))
        ctx.addIssue({ code: 'custom', path: ['head', 'treeParentIdField'], message: '请选择树表的父ID字段（须为表中的字段）' });
      if (h.treeFieldname && !seen.has(h.treeFieldname)) ctx.addIssue({ code: 'custom', path: ['head', 'treeFieldname'], message: '树表的显示字段须为表中的字段' });
    }
    if (h.tableType === 3 && !v.fields.some((f) => f.mainTable && f.mainField))
      ctx.addIssue({ code: 'custom', path: ['fields'], message: '附表须有一个字段填写主表名和主表字段（外键）' });
  });
export type CgformSave = z.output<typeof cgformSaveSchema>;
export type CgformSaveInput = z.input<typeof cgformSaveSchema>;

/** One column of `getColumns/{code}` (stock shape). */
export type CgformColumn = {
  title: string;
  dataIndex: string;
  align: 'center';
  customRender?: string;
  scopedSlots?: { customRender: string };
  hrefSlotName?: string;
  showLength?: number;
  sorter?: boolean;
};

/** What a field definition says about a value: the error text (Chinese) or null. Used by the form page and the server. */
export function validateCgformValue(
  f: { dbFieldTxt: string; dbType: CgformDbType; dbLength: number; dbPointLength: number; dbIsNull: number; fieldValidType: string | null },
  value: unknown,
): string | null {
  const empty = value === undefined || value === null || value === '';
  if (empty) return f.dbIsNull === 0 ? `${f.dbFieldTxt}不能为空` : null;
  if (typeof value === 'object') return `${f.dbFieldTxt}格式不正确`;
  const s = String(value);
  switch (f.dbType) {
    case 'int':
      if (!/^-?\d{1,15}$/.test(s.trim())) return `${f.dbFieldTxt}必须是整数`;
      break;
    case 'double':
    case 'decimal': {
      if (!/^-?\d+(\.\d+)?$/.test(s.trim())) return `${f.dbFieldTxt}必须是数字`;
      if (f.dbType === 'decimal') {
        const [whole, frac = ''] = s.trim().replace('-', '').split('.');
        if (frac.length > f.dbPointLength) return `${f.dbFieldTxt}最多${f.dbPointLength}位小数`;
        if (whole.replace(/^0+/, '').length > f.dbLength - f.dbPointLength) return `${f.dbFieldTxt}超出允许的范围`;
      }
      break;
    }
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(Date.parse(s))) return `${f.dbFieldTxt}日期格式不正确`;
      break;
    case 'datetime':
      if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s) || Number.isNaN(Date.parse(s.replace(' ', 'T')))) return `${f.dbFieldTxt}日期时间格式不正确`;
      break;
    case 'string':
      if (f.dbLength > 0 && s.length > f.dbLength) return `${f.dbFieldTxt}长度不能超过${f.dbLength}`;
      break;
    case 'text':
      if (s.length > 65535) return `${f.dbFieldTxt}长度不能超过65535`;
      break;
  }
  const rule = f.fieldValidType;
  if (rule) {
    const named = CGFORM_RULES[rule];
    if (named) {
      if (!PATTERNS[named].pattern.test(s)) return `${f.dbFieldTxt}：${PATTERNS[named].message}`;
    } else if (checkValidType(rule) === null && s.length <= 4000 && !new RegExp(rule).test(s)) return `${f.dbFieldTxt}格式不正确`;
  }
  return null;
}

/**
 * The change-trail record type of an online form's rows (docs/audit.md): `online:<table name>`, or
 * `online:<form id>` when the table name is too long for the trail's 50-character type.
 */
export function onlineChangeType(tableName: string, formId: string): string {
  const t = `online:${tableName}`;
  return t.length <= 50 ? t : `online:${formId}`;
}
