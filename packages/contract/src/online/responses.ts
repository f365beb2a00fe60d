import { z } from 'zod';

/**
 * Response shapes of the online report and online form calls (designer and generated pages): the fields
 * the clients read; rows are loose, so the other columns pass through.
 */

const str = z.string();
const opt = z.string().nullable();
const dictOption = z.looseObject({ value: str, text: str, title: z.string().optional(), label: z.string().optional() });

// ------------------------------------------------------------------ online reports

export const onlReportHeadRow = z.looseObject({
  id: str,
  code: str,
  name: str,
  cgrSql: str,
  dbSource: opt,
  returnValField: opt,
  returnTxtField: opt,
  returnType: opt,
});

export const onlReportItemRow = z.looseObject({
  id: str,
  cgrheadId: str,
  fieldName: str,
  fieldTxt: opt,
  fieldType: opt,
  isSearch: z.number(),
  isShow: z.number(),
  isTotal: z.number(),
  orderNum: z.number(),
  dictCode: opt,
});

export const onlReportParamRow = z.looseObject({
  id: str,
  cgrheadId: str,
  paramName: str,
  paramTxt: opt,
  paramValue: opt,
  orderNum: z.number(),
});

/** A table the reports of one data source may read ('' = the app database). */
export const onlReportTableRow = z.looseObject({ id: str, dbSource: str, tableName: str });

/** 解析SQL: the columns of a dry run and the `${…}` parameters. */
export const onlReportParsed = z.looseObject({
  fields: z.array(z.looseObject({ fieldName: str, fieldTxt: str, fieldType: str, isShow: z.number(), isSearch: z.number(), isTotal: z.number(), searchMode: str, orderNum: z.number() })),
  params: z.array(z.looseObject({ paramName: str, paramTxt: str, paramValue: str, orderNum: z.number() })),
});

export const onlReportColumns = z.looseObject({
  columns: z.array(
    z.looseObject({
      title: str,
      dataIndex: str,
      fieldType: str,
      align: z.literal('center'),
      sorter: z.literal('true'),
      isTotal: str,
      groupTitle: opt,
      fieldWidth: z.number().optional(),
      customRender: z.string().optional(),
    }),
  ),
  dictOptions: z.record(z.string(), z.array(dictOption)),
  fieldHrefSlots: z.array(z.looseObject({ slotName: str, href: str })),
  isGroupTitle: z.boolean(),
  cgRpConfigId: str,
  cgRpConfigName: str,
});

export const onlReportQueryInfo = z.looseObject({
  label: str,
  field: str,
  mode: z.enum(['single', 'group']),
  view: str,
  dictCode: z.string().optional(),
  hidden: z.literal('1').optional(),
});

export const onlReportData = z.looseObject({
  total: z.number(),
  records: z.array(z.record(z.string(), z.unknown())),
  totals: z.record(z.string(), z.number().nullable()).optional(),
});

/** One page of a report for the popup report selector (by report code). */
export const onlReportPopupData = z.looseObject({
  total: z.number(),
  records: z.array(z.record(z.string(), z.unknown())),
  current: z.number(),
  size: z.number(),
  pages: z.number(),
});

// ------------------------------------------------------------------ online forms

export const onlFormHeadRow = z.looseObject({
  id: str,
  tableName: str,
  tableTxt: str,
  tableType: z.number(),
  isTree: str,
  isDbSynch: str,
  tableVersion: z.number(),
  subTableStr: opt,
  relationType: z.number(),
});

/** A form of the designer list, with whether its menu exists. */
export const onlFormListRow = onlFormHeadRow.extend({ hasMenu: z.boolean() });

export const onlFormFieldRow = z.looseObject({
  id: str,
  cgformHeadId: str,
  dbFieldName: str,
  dbFieldTxt: str,
  dbType: str,
  dbLength: z.number(),
  dbIsNull: z.number(),
  fieldShowType: str,
  isShowList: z.number(),
  isShowForm: z.number(),
  isQuery: z.number(),
  queryMode: str,
  dictField: opt,
  dictTable: opt,
  dictText: opt,
  orderNum: z.number(),
});

/** The DDL preview: every statement, and which of them lose data. */
export const onlFormDdlPreview = z.looseObject({
  steps: z.array(z.looseObject({ table: str, kind: str, column: opt, destructive: z.boolean(), sql: z.array(str) })),
  sql: str,
  destructive: z.boolean(),
});
export type OnlFormDdlPreview = z.infer<typeof onlFormDdlPreview>;

/** getColumns: the generated list page's columns and the form page's fields. */
export const onlFormColumns = z.looseObject({
  code: str,
  formTemplate: str,
  description: str,
  currentTableName: str,
  tableType: z.number(),
  columns: z.array(z.looseObject({ title: str, dataIndex: str })),
  dictOptions: z.record(z.string(), z.array(dictOption)),
  foreignKeys: z.array(z.looseObject({ table: str, field: str })),
  formFields: z.array(z.looseObject({})),
  subTables: z.array(z.looseObject({ id: str, tableName: str, tableTxt: str, foreignKey: str })),
});

export const onlFormQueryInfo = z.looseObject({ field: str, label: str, mode: str, view: str, type: str });

/** A form row (columns by their database names, with `*_dictText`). */
export const onlFormDataRow = z.record(z.string(), z.unknown());

export const onlFormData = z.looseObject({
  total: z.number(),
  records: z.array(onlFormDataRow),
  current: z.number(),
  size: z.number(),
  pages: z.number(),
});
