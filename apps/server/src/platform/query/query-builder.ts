/**
 * The list query builder: turns request parameters into Kysely where/order clauses from a per-entity
 * WHITELIST of fields (docs/contract.md, "Paging, sorting and filters"). Only whitelisted properties become conditions or
 * sort columns; every value is bound; identifiers never come from the request.
 *
 * Supported:
 * - plain values (see `parseQueryValue` in the contract): operators with or without a space, `*v*` like
 *   (with `%` and `_` escaped), comma = in, `!` = ne, `,a,b,` any-of LIKEs, `++` = a literal comma;
 * - `<prop>_begin` / `<prop>_end` (a bare date is completed to 00:00:00 / 23:59:59), `<prop>_MultiString` = in;
 * - `superQueryParams` (URI-encoded JSON) with `superQueryMatchType` and/or, values converted by type/dbType;
 * - `column` / `order` sorting on whitelisted fields only (`_dictText` stripped), otherwise the stock error
 *   `请注意，将要排序的列字段不存在：x`;
 * - data rules (sys_permission_data_rule) through the same conditions, see `data-rules.ts`.
 */
import {
  escapeLike,
  parseQueryValue,
  parseSuperQuery,
  RESERVED_QUERY_PARAMS,
  type QueryRule,
  type SuperQueryCondition,
} from '@go/contract';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { AppError, businessError } from '../http/errors.js';
import { page, type Page } from '../http/envelope.js';

export type FieldType = 'string' | 'number' | 'date' | 'datetime';

export interface FieldSpec {
  /** the column reference as Kysely sees it, e.g. `u.username` or `createTime` */
  column: string;
  type?: FieldType;
  /** may be used in `column`/`order` (default true) */
  sortable?: boolean;
  /** may be used as a filter (default true) */
  filterable?: boolean;
}

/** Entity property → column. A string is shorthand for a string-typed column of that name. */
export type Whitelist = Record<string, FieldSpec | string>;

export type Params = Record<string, unknown>;

export interface Condition {
  field: string;
  rule: QueryRule | 'like_any';
  value: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQB = SelectQueryBuilder<any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EB = ExpressionBuilder<any, any>;

export function fieldSpec(wl: Whitelist, prop: string): FieldSpec | null {
  if (!Object.prototype.hasOwnProperty.call(wl, prop)) return null;
  const f = wl[prop];
  return typeof f === 'string' ? { column: f, type: 'string' } : { type: 'string', ...f };
}

/** A parameter value as one string (arrays from repeated parameters: the first non-empty one). */
function str(v: unknown): string | null {
  if (Array.isArray(v)) v = v.find((x) => x !== '' && x !== undefined && x !== null);
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

function badValue(prop: string): AppError {
  return new AppError('BAD_REQUEST', `查询条件格式不正确：${prop}`);
}

/** Converts one value to the field's type; throws 400 on a value that cannot be that type. */
function convert(spec: FieldSpec, prop: string, v: unknown, dbType?: string | null): string | number {
  const s = typeof v === 'number' ? String(v) : typeof v === 'boolean' ? (v ? '1' : '0') : String(v ?? '');
  const numeric = spec.type === 'number' || (dbType && /^(int|integer|long|double|bigdecimal|number)$/i.test(dbType));
  if (dbType && /^boolean$/i.test(dbType)) return s === 'true' || s === '1' ? 1 : 0;
  if (numeric) {
    const n = Number(s.trim());
    if (s.trim() === '' || !Number.isFinite(n)) throw badValue(prop);
    return n;
  }
  if (spec.type === 'date' || spec.type === 'datetime') {
    const t = s.trim();
    if (!DATE_RE.test(t) && !DATETIME_RE.test(t)) throw badValue(prop);
    return t.replace('T', ' ');
  }
  return s;
}

/** One bound condition as a Kysely expression. */
function conditionExpr(eb: EB, spec: FieldSpec, prop: string, rule: Condition['rule'], value: unknown, dbType?: string | null): Expression<SqlBool> {
  const ref = sql.ref(spec.column);
  const one = (v: unknown) => convert(spec, prop, v, dbType);
  const likeExpr = (pattern: string) => sql<SqlBool>`${ref} like ${pattern} escape '\\'`;
  switch (rule) {
    case 'eq':
      return eb(spec.column, '=', one(value));
    case 'ne':
      return eb(spec.column, '<>', one(value));
    case 'gt':
      return eb(spec.column, '>', one(value));
    case 'ge':
      return eb(spec.column, '>=', one(value));
    case 'lt':
      return eb(spec.column, '<', one(value));
    case 'le':
      return eb(spec.column, '<=', one(value));
    case 'like':
      return likeExpr(`%${escapeLike(String(value ?? ''))}%`);
    case 'left_like':
      return likeExpr(`%${escapeLike(String(value ?? ''))}`);
    case 'right_like':
      return likeExpr(`${escapeLike(String(value ?? ''))}%`);
    case 'in': {
      const list = (Array.isArray(value) ? value : String(value ?? '').split(',')).filter((x) => x !== '');
      if (list.length === 0) return sql<SqlBool>`1 = 0`;
      if (list.length > 1000) throw badValue(prop);
      return eb(spec.column, 'in', list.map(one));
    }
    case 'like_any': {
      const list = (value as string[]).slice(0, 100);
      return eb.or(list.map((x) => likeExpr(`%${escapeLike(x)}%`)));
    }
  }
}

/** The plain-parameter conditions (reference §3 rules) for every whitelisted, filterable property. */
export function conditionsFromParams(params: Params, wl: Whitelist): Condition[] {
  const out: Condition[] = [];
  for (const [key, rawValue] of Object.entries(params)) {
    if (RESERVED_QUERY_PARAMS.has(key)) continue;
    const raw = str(rawValue);
    if (raw === null || raw === '') continue;
    let m: RegExpExecArray | null;
    if ((m = /^(.+)_(begin|end)$/.exec(key)) && fieldSpec(wl, m[1])) {
      const spec = fieldSpec(wl, m[1])!;
      if (spec.filterable === false) continue;
      let v = raw.trim();
      if (DATE_RE.test(v) && spec.type !== 'date') v += m[2] === 'begin' ? ' 00:00:00' : ' 23:59:59';
      out.push({ field: m[1], rule: m[2] === 'begin' ? 'ge' : 'le', value: v });
      continue;
    }
    if ((m = /^(.+)_MultiString$/.exec(key)) && fieldSpec(wl, m[1])) {
      if (fieldSpec(wl, m[1])!.filterable === false) continue;
      out.push({ field: m[1], rule: 'in', value: raw.split(',').filter(Boolean) });
      continue;
    }
    const spec = fieldSpec(wl, key);
    if (!spec || spec.filterable === false) continue; // unknown fields are skipped
    const parsed = parseQueryValue(raw);
    out.push({ field: key, rule: parsed.rule, value: parsed.value });
  }
  return out;
}

/** Applies conditions (AND) to a query; fields outside the whitelist are skipped. */
export function applyConditions<QB extends AnyQB>(qb: QB, conds: Condition[], wl: Whitelist): QB {
  for (const c of conds) {
    const spec = fieldSpec(wl, c.field);
    if (!spec) continue;
    qb = qb.where((eb: EB) => conditionExpr(eb, spec, c.field, c.rule, c.value)) as QB;
  }
  return qb;
}

/** The advanced query group: `superQueryParams` joined by `superQueryMatchType`, in parentheses. */
export function applySuperQuery<QB extends AnyQB>(qb: QB, params: Params, wl: Whitelist): QB {
  const raw = str(params.superQueryParams);
  if (!raw) return qb;
  let conds: SuperQueryCondition[];
  try {
    conds = parseSuperQuery(raw);
  } catch {
    throw new AppError('BAD_REQUEST', '高级查询条件格式不正确');
  }
  const usable = conds.filter((c) => {
    const spec = fieldSpec(wl, c.field);
    return spec && spec.filterable !== false;
  });
  if (usable.length === 0) return qb;
  const matchOr = str(params.superQueryMatchType)?.toLowerCase() === 'or';
  return qb.where((eb: EB) => {
    const parts = usable.map((c) => {
      const spec = fieldSpec(wl, c.field)!;
      const t = c.type?.toLowerCase();
      const effective: FieldSpec = t === 'date' || t === 'datetime' ? { ...spec, type: t } : spec;
      return conditionExpr(eb, effective, c.field, c.rule, c.val, c.dbType);
    });
    return matchOr ? eb.or(parts) : eb.and(parts);
  }) as QB;
}

export interface SortDefault {
  field: string;
  order: 'asc' | 'desc';
  /** A column the list cannot sort by falls back to this default instead of being refused. */
  lenient?: boolean;
}

/**
 * `column`/`order`: only whitelisted, sortable fields (a `_dictText` suffix is stripped); `a,b` sorts by
 * both. Anything else is refused with the stock text (or, with a lenient default, sorted by the default).
 * Without a column the default applies.
 */
export function applySort<QB extends AnyQB>(qb: QB, params: Params, wl: Whitelist, def?: SortDefault): QB {
  const column = str(params.column);
  const order = str(params.order)?.toLowerCase() === 'asc' ? 'asc' : 'desc';
  const byDefault = () => {
    const spec = def ? fieldSpec(wl, def.field) : null;
    return spec && def ? (qb.orderBy(sql.ref(spec.column), def.order) as QB) : qb;
  };
  if (!column) return byDefault();
  const columns: string[] = [];
  for (const part of column.split(',')) {
    const name = part.trim().replace(/_dictText$/, '');
    if (!name) continue;
    let spec = fieldSpec(wl, name);
    if (!spec && name === 'createTime') spec = fieldSpec(wl, 'id');
    if (!spec || spec.sortable === false) {
      if (def?.lenient) return byDefault();
      throw businessError(`请注意，将要排序的列字段不存在：${part.trim().slice(0, 64)}`);
    }
    columns.push(spec.column);
  }
  for (const c of columns) qb = qb.orderBy(sql.ref(c), order) as QB;
  return qb;
}

/** Filters from params + advanced query (no sorting, no paging): for counts and exports. */
export function applyFilters<QB extends AnyQB>(qb: QB, params: Params, wl: Whitelist): QB {
  return applySuperQuery(applyConditions(qb, conditionsFromParams(params, wl), wl), params, wl);
}

export interface Paging {
  pageNo: number;
  pageSize: number;
}

/** `pageNo` (default 1) and `pageSize` (default 10, at most `max`). */
export function paging(params: Params, max = 10000): Paging {
  const pageNo = Math.max(1, Math.floor(Number(str(params.pageNo) ?? 1)) || 1);
  const size = Math.floor(Number(str(params.pageSize) ?? 10)) || 10;
  return { pageNo, pageSize: Math.min(Math.max(1, size), max) };
}

/**
 * Runs a filtered query as a page: `base` is the filtered query without select/order, `select` adds the
 * columns and ordering for the records.
 */
export async function runPage<QB extends AnyQB, R>(
  base: QB,
  select: (qb: QB) => AnyQB,
  p: Paging,
): Promise<Page<R>> {
  // The count and the page are independent statements: on PostgreSQL they run at once on two connections
  // (a page past the end is simply empty), so a list costs one round trip of waiting, not two. Both are
  // built before either runs: a sort the builder refuses must not leave a started count behind, whose
  // failure nobody would await.
  const counted = base.clearSelect().select((eb: EB) => eb.fn.countAll().as('total'));
  const paged = select(base).limit(p.pageSize).offset((p.pageNo - 1) * p.pageSize);
  const [countRow, records] = await Promise.all([counted.executeTakeFirst(), paged.execute()]);
  const total = Number((countRow as { total?: unknown } | undefined)?.total ?? 0);
  return page(total === 0 ? [] : (records as R[]), total, p.pageNo, p.pageSize);
}

/** Rows counted past the current page before a list's total stops being exact (see `runPageCapped`). */
export const TOTAL_LOOKAHEAD = 10_000;

/**
 * `runPage` for very large, append-only lists (system logs): the total is counted only up to
 * `offset + lookahead` rows, so a page never costs a count over the whole filtered table. When more rows
 * match, the total is that bound (a lower bound): the pager offers the pages up to it and the bound moves on
 * as the user pages forward. Below the bound the total is exact.
 */
export async function runPageCapped<QB extends AnyQB, R>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  base: QB,
  select: (qb: QB) => AnyQB,
  p: Paging,
  lookahead = TOTAL_LOOKAHEAD,
): Promise<Page<R>> {
  const offset = (p.pageNo - 1) * p.pageSize;
  const bound = offset + Math.max(lookahead, p.pageSize);
  const limited = base.clearSelect().select(sql<number>`1`.as('one')).limit(bound + 1);
  // As in `runPage`, the capped count and the page run at once (on PostgreSQL, on two connections), both
  // built before either starts.
  const counted = db.selectFrom(limited.as('capped')).select((eb: EB) => eb.fn.countAll().as('total'));
  const paged = select(base).limit(p.pageSize).offset(offset);
  const [countRow, records] = await Promise.all([counted.executeTakeFirst(), paged.execute()]);
  const total = Math.min(bound, Number((countRow as { total?: unknown } | undefined)?.total ?? 0));
  return page(total <= offset ? [] : (records as R[]), total, p.pageNo, p.pageSize);
}
