import type { CgformColumn, OnlFormDdlPreview } from '@go/contract';
import { deleteAction, getAction, postAction, putAction } from '../../app/http/client';

export interface FormFieldDef {
  dbFieldName: string;
  dbFieldTxt: string;
  dbType: 'string' | 'int' | 'double' | 'decimal' | 'date' | 'datetime' | 'text';
  dbLength: number;
  dbPointLength: number;
  dbIsNull: number;
  fieldValidType: string | null;
  fieldShowType: string;
  dictField: string | null;
  dictTable: string | null;
  dictText: string | null;
  orderNum: number;
}

export interface DictOption {
  value: string;
  text: string;
  label: string;
}

export interface SubTableDef {
  id: string;
  tableName: string;
  tableTxt: string;
  relationType: number;
  foreignKey: string;
  fields: FormFieldDef[];
  dictOptions: Record<string, DictOption[]>;
}

/** `getColumns/{code}`: the stock reply plus the form and sub-table definitions the page draws. */
export interface FormColumns {
  code: string;
  description: string;
  currentTableName: string;
  tableType: number;
  columns: CgformColumn[];
  dictOptions: Record<string, DictOption[]>;
  pidField?: string;
  hasChildrenField?: string;
  textField?: string;
  formFields: FormFieldDef[];
  subTables: SubTableDef[];
}

export interface FormQueryItem {
  field: string;
  label: string;
  mode: 'single' | 'group';
  view: string;
  type: string;
  dictOptions?: DictOption[];
}

/** The DDL preview, as the contract declares it (online/responses). */
export type DdlPreview = OnlFormDdlPreview;

async function must<T>(p: Promise<{ success: boolean; message: string; result: T }>): Promise<T> {
  const r = await p;
  if (!r.success) throw new Error(r.message || '加载失败');
  return r.result;
}

const A = '/online/cgform/api';
const enc = encodeURIComponent;

export const formApi = {
  columns: (code: string) => must(getAction<FormColumns>(`${A}/getColumns/${enc(code)}`)),
  queryInfo: (code: string) => must(getAction<FormQueryItem[]>(`${A}/getQueryInfo/${enc(code)}`)),
  get: (code: string, id: string) => must(getAction<Record<string, unknown>>(`${A}/form/${enc(code)}/${enc(id)}`)),
  add: (code: string, body: Record<string, unknown>) => postAction<string>(`${A}/form/${enc(code)}`, body),
  edit: (code: string, body: Record<string, unknown>) => putAction(`${A}/form/${enc(code)}`, body),
  remove: (code: string, ids: string) => deleteAction(`${A}/form/${enc(code)}/${enc(ids)}`),
  fields: (headId: string) => must(getAction<Record<string, unknown>[]>('/online/cgform/field/listByHeadId', { headId })),
  preview: (headId: string) => must(getAction<DdlPreview>(`/online/cgform/head/ddlPreview/${enc(headId)}`)),
  sync: (headId: string, confirm: boolean) =>
    postAction(`${A}/doDbSynch/${enc(headId)}/${confirm ? 'force' : 'normal'}${confirm ? '?confirm=true' : ''}`, {}),
  genMenu: (headId: string) => postAction(`/online/cgform/head/genMenu/${enc(headId)}`, {}),
};
