/**
 * Row types are type aliases (not interfaces, not extending the `Audit` interface) so rows satisfy the
 * index signature of the loose response schemas.
 */
type Audit = { createBy: string | null; createTime: string | null; updateBy: string | null; updateTime: string | null };

export type OnlCgreportHead = Audit & {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  dbSource: string | null;
  content: string | null;
  returnValField: string | null;
  returnTxtField: string | null;
  returnType: string | null;
  sysOrgCode: string | null;
};

export type OnlCgreportItem = Audit & {
  id: string;
  cgrheadId: string;
  fieldName: string;
  fieldTxt: string | null;
  fieldType: string | null;
  fieldWidth: number | null;
  fieldHref: string | null;
  searchMode: string | null;
  isSearch: number;
  isShow: number;
  isTotal: number;
  orderNum: number;
  dictCode: string | null;
  replaceVal: string | null;
  groupTitle: string | null;
};

export type OnlCgreportParam = Audit & {
  id: string;
  cgrheadId: string;
  paramName: string;
  paramTxt: string | null;
  paramValue: string | null;
  orderNum: number;
};

export type OnlReportTable = {
  id: string;
  dbSource: string;
  tableName: string;
  createBy: string | null;
  createTime: string | null;
};

declare module '../../platform/db/schema.js' {
  interface DB {
    onlCgreportHead: OnlCgreportHead;
    onlCgreportItem: OnlCgreportItem;
    onlCgreportParam: OnlCgreportParam;
    onlReportTable: OnlReportTable;
  }
}
