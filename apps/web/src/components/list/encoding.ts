import { encodeSearchValue, encodeSuperQuery } from '@go/contract/query';
import type { SuperQueryCondition } from '@go/contract/query';
import type { ListColumn, ListState, Row, SearchMode, SortOrder, SuperQueryRecord } from './types';

/** Page sizes (docs/contract.md, "Limits and constants"). */
export const PAGE_SIZES = [10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_SORT = { column: 'createTime', order: 'desc' as SortOrder };

/** Parameter names the list owns; every other search param is a filter. */
const RESERVED = new Set(['pageNo', 'pageSize', 'column', 'order', 'superQueryParams', 'superQueryMatchType', '_t']);

/** Wraps a search input for the server's query rules (docs/system-admin.md, "List query conventions"); empty input sends nothing. */
export function encodeSearchInput(mode: SearchMode | undefined, raw: string): string | undefined {
  const v = raw.trim();
  if (v === '') return undefined;
  return mode === 'like' || mode === 'ne' || mode === 'ge' || mode === 'le' ? encodeSearchValue(mode, v) : v;
}

function toInt(s: string | null, fallback: number): number {
  if (s == null || !/^\d{1,9}$/.test(s)) return fallback;
  const n = Number(s);
  return n >= 1 ? n : fallback;
}

/**
 * Reads list state from URL search params, leniently: an unknown page size, a column that is not
 * sortable, a malformed advanced query fall back to defaults instead of failing the page.
 */
export function parseListState(
  sp: URLSearchParams,
  columns: ListColumn<Row>[],
  defaults: { column: string; order: SortOrder; pageSize?: number } = DEFAULT_SORT,
): ListState {
  const sortable = new Set(columns.filter((c) => c.sorter).map((c) => c.dataIndex));
  sortable.add(defaults.column);
  const size = toInt(sp.get('pageSize'), defaults.pageSize ?? DEFAULT_PAGE_SIZE);
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : (defaults.pageSize ?? DEFAULT_PAGE_SIZE);
  const columnParam = sp.get('column') ?? '';
  const column = sortable.has(columnParam) ? columnParam : defaults.column;
  const orderParam = (sp.get('order') ?? '').toLowerCase();
  const order: SortOrder = orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaults.order;
  const filters: Record<string, string> = {};
  sp.forEach((value, key) => {
    if (!RESERVED.has(key) && value !== '') filters[key] = value;
  });
  let superQuery: ListState['superQuery'];
  const sq = sp.get('superQueryParams');
  if (sq) {
    try {
      const records = JSON.parse(sq) as unknown;
      if (Array.isArray(records)) {
        const mt = sp.get('superQueryMatchType') === 'or' ? 'or' : 'and';
        superQuery = {
          matchType: mt,
          records: records.filter(
            (r): r is SuperQueryRecord => !!r && typeof r === 'object' && typeof (r as SuperQueryRecord).field === 'string',
          ),
        };
      }
    } catch {
      superQuery = undefined;
    }
  }
  return { pageNo: toInt(sp.get('pageNo'), 1), pageSize, column, order, filters, superQuery };
}

/** Writes list state as search params (defaults left out to keep URLs short). */
export function serializeListState(
  state: ListState,
  defaults: { column: string; order: SortOrder; pageSize?: number } = DEFAULT_SORT,
): URLSearchParams {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(state.filters)) if (v !== '') sp.set(k, v);
  if (state.pageNo !== 1) sp.set('pageNo', String(state.pageNo));
  if (state.pageSize !== (defaults.pageSize ?? DEFAULT_PAGE_SIZE)) sp.set('pageSize', String(state.pageSize));
  if (state.column !== defaults.column) sp.set('column', state.column);
  if (state.order !== defaults.order) sp.set('order', state.order);
  if (state.superQuery && state.superQuery.records.length > 0) {
    sp.set('superQueryParams', JSON.stringify(state.superQuery.records));
    sp.set('superQueryMatchType', state.superQuery.matchType);
  }
  return sp;
}

/**
 * The request parameters of a list call (reference: JeecgListMixin.getQueryParams): encoded
 * filters, sort, page, advanced query, the column list in `field`, fixed extras. Empty values dropped.
 */
export function buildListParams(
  state: ListState,
  columns: ListColumn<Row>[],
  extra: Record<string, unknown> = {},
): Record<string, string | number> {
  const modeOf = new Map(columns.map((c) => [c.dataIndex, c.search]));
  const out: Record<string, string | number> = {};
  for (const [key, raw] of Object.entries(state.filters)) {
    const mode = modeOf.get(key);
    const enc = /_(begin|end)$/.test(key) ? raw.trim() || undefined : encodeSearchInput(mode, raw);
    if (enc !== undefined) out[key] = enc;
  }
  for (const [k, v] of Object.entries(extra)) {
    if (v !== undefined && v !== null && v !== '') out[k] = v as string | number;
  }
  if (state.superQuery && state.superQuery.records.length > 0) {
    const sq = encodeSuperQuery(state.superQuery.records as SuperQueryCondition[], state.superQuery.matchType);
    out.superQueryParams = sq.superQueryParams;
    out.superQueryMatchType = sq.superQueryMatchType;
  }
  out.column = state.column;
  out.order = state.order;
  out.field = ['id', '', ...columns.filter((c) => !c.hideInTable).map((c) => c.dataIndex)].join(',');
  out.pageNo = state.pageNo;
  out.pageSize = state.pageSize;
  return out;
}

/** Rows of a list answer: `result.records` or a bare array (reference: list mixin). */
export function readRows(result: unknown): { rows: Row[]; total: number } | undefined {
  if (Array.isArray(result)) return { rows: result as Row[], total: result.length };
  if (result && typeof result === 'object') {
    const r = result as { records?: unknown; total?: unknown };
    if (Array.isArray(r.records)) return { rows: r.records as Row[], total: Number(r.total) || 0 };
  }
  return undefined;
}
