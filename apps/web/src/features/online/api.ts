import type { ReportColumnsResult, ReportDataResult, ReportQueryInfo } from '@go/contract';
import { groupRequest } from '../../app/http/group-request';
import { getAction } from '../../app/http/client';

export interface ReportParam {
  id: string;
  paramName: string;
  paramTxt: string | null;
  paramValue: string | null;
  orderNum: number;
}

export interface ReportHead {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  dbSource: string | null;
  content: string | null;
  returnValField: string | null;
  returnTxtField: string | null;
  returnType: string | null;
  createTime: string | null;
}

export interface ReportItem {
  id?: string;
  fieldName: string;
  fieldTxt: string;
  fieldType: string;
  isShow: number;
  isSearch: number;
  isTotal: number;
  searchMode: string | null;
  dictCode: string | null;
  fieldHref?: string | null;
  fieldWidth?: number | null;
  orderNum: number;
}

async function must<T>(p: Promise<{ success: boolean; message: string; result: T }>): Promise<T> {
  const r = await p;
  if (!r.success) throw new Error(r.message || '加载失败');
  return r.result;
}

export const reportApi = {
  columns: (codeOrId: string) => must(getAction<ReportColumnsResult>(`/online/cgreport/api/getRpColumns/${encodeURIComponent(codeOrId)}`)),
  queryInfo: (id: string) => must(getAction<ReportQueryInfo[]>(`/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`)),
  params: (id: string) => must(getAction<ReportParam[]>(`/online/cgreport/api/getParamsInfo/${encodeURIComponent(id)}`)),
  /** With a group id the same page is asked once in 30 s (docs/online.md), e.g. by the popup cells of one grid. */
  data: (id: string, query: Record<string, string | number>, groupId?: string) =>
    groupRequest(groupId ? `${groupId}|getData/${id}|${JSON.stringify(query)}` : null, () =>
      must(getAction<ReportDataResult>(`/online/cgreport/api/getData/${encodeURIComponent(id)}`, query)),
    ),
  /** One page of a report by its code for the popup report selector; `fields` are the columns it copies. */
  popupData: (code: string, query: Record<string, string | number>) =>
    must(getAction<ReportDataResult>(`/online/cgreport/api/getPopupData/${encodeURIComponent(code)}`, query)),
  items: (headId: string) => must(getAction<ReportItem[]>('/online/cgreport/item/listByHeadId', { headId })),
  headParams: (headId: string) => must(getAction<ReportParam[]>('/online/cgreport/param/listByHeadId', { headId })),
};
