import type { Audit } from '../../platform/db/schema.js';

export interface OnlCgreportHead extends Audit {
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
}

export interface OnlCgreportItem extends Audit {
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
}

export interface OnlCgreportParam extends Audit {
  id: string;
  cgrheadId: string;
  paramName: string;
  paramTxt: string | null;
  paramValue: string | null;
  orderNum: number;
}

export interface OnlReportTable {
  id: string;
  dbSource: string;
  tableName: string;
  createBy: string | null;
  createTime: string | null;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    onlCgreportHead: OnlCgreportHead;
    onlCgreportItem: OnlCgreportItem;
    onlCgreportParam: OnlCgreportParam;
    onlReportTable: OnlReportTable;
  }
}
