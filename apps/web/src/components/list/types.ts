import type { ReactNode } from 'react';

/** Scalar shape of a list row: the server sends JSON objects keyed by camelCase field names. */
export type Row = Record<string, unknown>;

/**
 * How a column's search field is sent (docs/system-admin.md, "List query conventions": search input wrapping):
 * like → `*v*`, ne → `!v`, ge → `>=v`, le → `<=v`, eq → as typed;
 * range → `<field>_begin` / `<field>_end`; multi → `<field>_MultiString`.
 */
export type SearchMode = 'eq' | 'like' | 'ne' | 'ge' | 'le' | 'range';

/** Field type: drives the search widget, the advanced-query value widget and cell formatting. */
export type FieldType = 'string' | 'number' | 'date' | 'datetime' | 'time' | 'dict' | 'boolean';

export interface EnumOption {
  value: string;
  text: string;
  color?: string;
}

/**
 * One column declaration drives the search form, the table column, the status enum, the
 * advanced-query field list and the detail dialog.
 */
export interface ListColumn<T extends Row = Row> {
  title: string;
  dataIndex: string;
  width?: number;
  /** Sort by this column on the server (`column` / `order`). */
  sorter?: boolean;
  /** Only in the search form / detail, not as a table column. */
  hideInTable?: boolean;
  hideInDetail?: boolean;
  /** Exclude from the advanced query builder. */
  hideInSuperQuery?: boolean;
  /** Show a search field for this column, with the given match mode. */
  search?: SearchMode;
  /** Search field label when it differs from the column title. */
  searchTitle?: string;
  /** `data-testid` of the search input. */
  searchTestId?: string;
  type?: FieldType;
  /** Dictionary code ("code" or "table,text,code"): search select, cell text fallback. */
  dictCode?: string;
  /** Static status enum (value → text, optional tag colour). */
  options?: EnumOption[];
  ellipsis?: boolean;
  align?: 'left' | 'center' | 'right';
  fixed?: 'left' | 'right';
  render?: (value: unknown, record: T, index: number) => ReactNode;
  /**
   * Place on the phone card (below the mobile breakpoint): the card title (default: the first column),
   * the status (default: the first column with a coloured enum), a key figure, or left off the card.
   */
  card?: 'title' | 'status' | 'figure' | 'hidden';
  /**
   * A column people open this list for: at 1440 px it shows without sideways scrolling and never under
   * the pinned 操作 column (the layout sweeps check every header cell marked so, see docs/widgets.md).
   */
  keyColumn?: boolean;
}

/** Server URLs of a list page. Missing ones show a developer configuration error. */
export interface ListUrls {
  list?: string;
  delete?: string;
  deleteBatch?: string;
  exportXls?: string;
  importExcel?: string;
  /** Tree table: children of a node (defaults to `list`), called with the parent id. */
  childList?: string;
}

export type SortOrder = 'asc' | 'desc';

/** Everything about a list that lives in the URL. */
export interface ListState {
  pageNo: number;
  pageSize: number;
  column: string;
  order: SortOrder;
  /** Raw search form values by parameter name (range fields as `<f>_begin` / `<f>_end`). */
  filters: Record<string, string>;
  /** Advanced query, not yet encoded. */
  superQuery?: { matchType: 'and' | 'or'; records: SuperQueryRecord[] };
}

/** One advanced-query condition (docs/system-admin.md, "List query conventions": query condition). */
export interface SuperQueryRecord {
  field: string;
  rule: SuperQueryRule;
  val: string | string[];
  type?: FieldType;
  dbType?: string;
  dictCode?: string;
}

export type SuperQueryRule =
  | 'eq'
  | 'like'
  | 'right_like'
  | 'left_like'
  | 'in'
  | 'ne'
  | 'gt'
  | 'ge'
  | 'lt'
  | 'le';

export interface SavedQuery {
  title: string;
  matchType: 'and' | 'or';
  records: SuperQueryRecord[];
}
