/**
 * List-query encoding shared by the search forms and the server's query builder
 * (docs/contract.md, "Paging, sorting and filters" and "Limits and constants").
 *
 * - Plain search values: like → `*v*`, ne → `!v`, ge → `>=v`, le → `<=v` (the server also accepts the
 *   operator followed by a space), ranges as `<field>_begin` / `<field>_end`.
 * - Advanced query (高级查询构造器): conditions `{field, rule, val, type, dbType}` joined by and/or,
 *   sent as `superQueryParams` (URI-encoded JSON) plus `superQueryMatchType`.
 */
import { z } from 'zod';

export const QUERY_RULES = ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
export type QueryRule = (typeof QUERY_RULES)[number];

export const QUERY_RULE_LABELS: Record<QueryRule, string> = {
  eq: '等于',
  like: '包含',
  right_like: '以..开始',
  left_like: '以..结尾',
  in: '在...中',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
};

export const MATCH_TYPES = ['and', 'or'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export const SUPER_QUERY_TEXTS = {
  title: '高级查询构造器',
  emptyQuery: '不能查询空条件',
  emptySave: '空条件不能保存',
  emptyName: '保存名称不能为空',
  overwrite: (name: string) => `${name} 已存在，是否覆盖？`,
  deleteConfirm: '是否删除当前查询？',
  saved: '保存成功',
} as const;

/** localStorage key of the saved queries of a list (saveCode or the page's full path). */
export const superQueryStorageKey = (code: string) => `JSuperQuerySaved_${code}`;

/** Value types the server converts `val` to before comparing. */
export const QUERY_DB_TYPES = ['string', 'int', 'long', 'double', 'bigdecimal', 'boolean', 'date', 'datetime'] as const;

export const superQueryConditionSchema = z.object({
  field: z.string().min(1).max(64),
  rule: z.enum(QUERY_RULES),
  val: z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]).optional().nullable(),
  type: z.string().max(32).optional().nullable(),
  dbType: z.string().max(32).optional().nullable(),
  dictCode: z.string().max(200).optional().nullable(),
});
export type SuperQueryCondition = z.infer<typeof superQueryConditionSchema>;

export interface SavedSuperQuery {
  title: string;
  matchType: MatchType;
  records: SuperQueryCondition[];
}

/** Drops conditions without a field or value (the stock builder ignores them). */
export function nonEmptyConditions(conds: SuperQueryCondition[]): SuperQueryCondition[] {
  return conds.filter((c) => {
    if (!c.field) return false;
    const v = c.val;
    if (v === undefined || v === null || v === '') return false;
    if (Array.isArray(v) && v.length === 0) return false;
    return true;
  });
}

/** The request parameters of an advanced query; array values are comma-joined as the stock client sends them. */
export function encodeSuperQuery(
  conds: SuperQueryCondition[],
  matchType: MatchType = 'and',
): { superQueryParams: string; superQueryMatchType: MatchType } {
  const records = nonEmptyConditions(conds).map((c) => ({
    ...c,
    val: Array.isArray(c.val) ? c.val.join(',') : c.val,
  }));
  return { superQueryParams: encodeURI(JSON.stringify(records)), superQueryMatchType: matchType };
}

/**
 * Parses `superQueryParams` (URI-encoded JSON, as sent) into validated conditions. Throws on malformed
 * input; the server answers 400.
 */
export function parseSuperQuery(raw: string): SuperQueryCondition[] {
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // already decoded or not URI-encoded
  }
  const data: unknown = JSON.parse(text);
  return nonEmptyConditions(z.array(superQueryConditionSchema).max(50).parse(data));
}

/** When the rule changes away from `in`, only the first value is kept (docs/contract.md, "Validation texts"). */
export function switchRule(cond: SuperQueryCondition, rule: QueryRule): SuperQueryCondition {
  let val = cond.val;
  if (cond.rule === 'in' && rule !== 'in') {
    if (Array.isArray(val)) val = val[0] ?? '';
    else if (typeof val === 'string' && val.includes(',')) val = val.split(',')[0];
  }
  return { ...cond, rule, val };
}

/** Search input wrapping of JInput: like → `*v*`, ne → `!v`, ge → `>=v`, le → `<=v`, eq → `v`. */
export type SearchInputRule = 'eq' | 'like' | 'ne' | 'ge' | 'le';

export function encodeSearchValue(rule: SearchInputRule, value: string): string {
  switch (rule) {
    case 'like':
      return `*${value}*`;
    case 'ne':
      return `!${value}`;
    case 'ge':
      return `>=${value}`;
    case 'le':
      return `<=${value}`;
    default:
      return value;
  }
}

/** The inverse of `encodeSearchValue` for putting a URL value back into the search input. */
export function decodeSearchValue(raw: string): { rule: SearchInputRule; value: string } {
  if (raw.length >= 2 && raw.startsWith('*') && raw.endsWith('*')) return { rule: 'like', value: raw.slice(1, -1) };
  if (raw.startsWith('>=')) return { rule: 'ge', value: raw.slice(2).trimStart() };
  if (raw.startsWith('<=')) return { rule: 'le', value: raw.slice(2).trimStart() };
  if (raw.startsWith('!')) return { rule: 'ne', value: raw.slice(1) };
  return { rule: 'eq', value: raw };
}

/** `{field_begin, field_end}` for a range search; empty ends are left out. */
export function rangeParams(field: string, begin?: string | null, end?: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (begin) out[`${field}_begin`] = begin;
  if (end) out[`${field}_end`] = end;
  return out;
}

/** A parsed plain search value, as the server's query builder reads it. */
export type ParsedValue =
  | { rule: Exclude<QueryRule, 'in'>; value: string }
  | { rule: 'in'; value: string[] }
  | { rule: 'like_any'; value: string[] };

const OP_WORDS: Record<string, Exclude<QueryRule, 'in'>> = {
  '>=': 'ge',
  '<=': 'le',
  '!=': 'ne',
  '>': 'gt',
  '<': 'lt',
  '=': 'eq',
  ge: 'ge',
  le: 'le',
  gt: 'gt',
  lt: 'lt',
  eq: 'eq',
  ne: 'ne',
};

/**
 * Reads a plain search parameter value (reference §3), in order:
 * 1. an operator `>= <= != > < =` with or without a following space, or `ge le gt lt eq ne` + space;
 * 2. `*` alone → equals `*`; `*v*` like, `*v` ends with (left_like), `v*` starts with (right_like);
 * 3. `,a,b,` → any of the LIKEs (multi-select columns);
 * 4. a comma → in;
 * 5. a leading `!` → not equal;
 * 6. `++` → equals with `++` meaning a comma;
 * 7. otherwise equals.
 */
export function parseQueryValue(raw: string): ParsedValue {
  const s = raw;
  const sym = /^(>=|<=|!=|>|<|=)\s?([\s\S]*)$/.exec(s);
  if (sym) return { rule: OP_WORDS[sym[1]], value: sym[2] };
  const word = /^(ge|le|gt|lt|eq|ne) ([\s\S]*)$/.exec(s);
  if (word) return { rule: OP_WORDS[word[1]], value: word[2] };
  if (s === '*') return { rule: 'eq', value: '*' };
  if (s.length >= 2 && s.startsWith('*') && s.endsWith('*')) return { rule: 'like', value: s.slice(1, -1) };
  if (s.startsWith('*')) return { rule: 'left_like', value: s.slice(1) };
  if (s.endsWith('*')) return { rule: 'right_like', value: s.slice(0, -1) };
  if (s.length > 2 && s.startsWith(',') && s.endsWith(',')) {
    return { rule: 'like_any', value: s.split(',').filter(Boolean) };
  }
  if (s.includes(',')) return { rule: 'in', value: s.split(',').filter((x) => x !== '') };
  if (s.startsWith('!')) return { rule: 'ne', value: s.slice(1) };
  if (s.includes('++')) return { rule: 'eq', value: s.replace(/\+\+/g, ',') };
  return { rule: 'eq', value: s };
}

/** Escapes `%`, `_` and the escape character itself for a LIKE pattern (used with `ESCAPE '\'`). */
export function escapeLike(v: string): string {
  return v.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Request parameters that are never conditions. */
export const RESERVED_QUERY_PARAMS = new Set([
  'pageNo',
  'pageSize',
  'column',
  'order',
  'field',
  'class',
  'ids',
  'page',
  'rows',
  'sort',
  '_t',
  'superQueryParams',
  'superQueryMatchType',
  'selections',
  'paramsStr',
]);
