/**
 * Row types are type aliases (not interfaces, not extending the `Audit` interface) so rows satisfy the
 * index signature of the loose response schemas.
 */
type Audit = { createBy: string | null; createTime: string | null; updateBy: string | null; updateTime: string | null };

export type OnlCgformHead = Audit & {
  id: string;
  tableName: string;
  tableTxt: string;
  tableType: number;
  isTree: string;
  treeParentIdField: string | null;
  treeFieldname: string | null;
  subTableStr: string | null;
  relationType: number;
  tabOrderNum: number;
  formTemplate: string | null;
  isDbSynch: string;
  tableVersion: number;
  syncedFields: string | null;
  sysOrgCode: string | null;
};

export type OnlCgformField = Audit & {
  id: string;
  cgformHeadId: string;
  dbFieldName: string;
  dbFieldTxt: string;
  dbType: string;
  dbLength: number;
  dbPointLength: number;
  dbIsNull: number;
  fieldValidType: string | null;
  dictField: string | null;
  dictTable: string | null;
  dictText: string | null;
  fieldShowType: string;
  isShowList: number;
  isShowForm: number;
  isQuery: number;
  queryMode: string;
  mainTable: string | null;
  mainField: string | null;
  orderNum: number;
};

declare module '../../../platform/db/schema.js' {
  interface DB {
    onlCgformHead: OnlCgformHead;
    onlCgformField: OnlCgformField;
  }
}
