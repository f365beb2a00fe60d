import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DbKind } from '../../platform/db/database.js';
import { conditionsFromParams, type Params, type Whitelist } from '../../platform/query/query-builder.js';

/** A trigram table on SQLite (migration 2100): its name, its key table, and the list fields it holds. */
export interface SearchTable {
  /** the FTS5 table, e.g. `sys_user_search` */
  table: string;
  /** the table mapping its row ids to the listed table's ids, e.g. `sys_user_search_key` */
  key: string;
  /** list field → column of the FTS5 table */
  fields: Record<string, string>;
}

export const USER_SEARCH: SearchTable = {
  table: 'sys_user_search',
  key: 'sys_user_search_key',
  fields: { realname: 'realname', username: 'username', phone: 'phone' },
};

export const LOG_SEARCH: SearchTable = {
  table: 'sys_log_search',
  key: 'sys_log_search_key',
  fields: { logContent: 'log_content' },
};

/** The trigram tokenizer finds a term only from three characters on; shorter terms keep the plain LIKE. */
export const MIN_TRIGRAM_CHARS = 3;

const SUBSTRING_RULES = new Set(['like', 'left_like', 'right_like']);

/** The substring terms (`*x*`, `*x`, `x*`) of the plain list parameters on the table's fields. */
export function substringTerms(params: Params, wl: Whitelist, search: SearchTable): { column: string; term: string }[] {
  const out: { column: string; term: string }[] = [];
  for (const c of conditionsFromParams(params, wl)) {
    const column = Object.prototype.hasOwnProperty.call(search.fields, c.field) ? search.fields[c.field] : undefined;
    if (column && SUBSTRING_RULES.has(c.rule) && typeof c.value === 'string') out.push({ column, term: c.value });
  }
  return out;
}

/**
 * `idRef IN (ids whose column holds every term)`, served by the SQLite trigram table, or null where it cannot
 * help (PostgreSQL, which has its GIN indexes, or no term of three characters or more). The trigram match
 * folds case at least as widely as SQLite's LIKE, so it finds a superset of the LIKE's rows: callers keep
 * their LIKE conditions, and this one only narrows the rows they are checked on — the answer is the same.
 */
export function trigramNarrowing(
  kind: DbKind,
  search: SearchTable,
  idRef: string,
  terms: { column: string; term: string }[],
): RawBuilder<SqlBool> | null {
  if (kind !== 'sqlite') return null;
  const usable = terms.filter((t) => [...t.term].length >= MIN_TRIGRAM_CHARS);
  if (usable.length === 0) return null;
  // FTS5 query syntax: `column : "phrase"`, a double quote doubled inside the phrase; everything else is literal.
  const match = usable.map((t) => `${t.column} : "${t.term.replace(/"/g, '""')}"`).join(' AND ');
  return sql<SqlBool>`${sql.ref(idRef)} in (select k.id from ${sql.table(search.table)} s join ${sql.table(search.key)} k on k.rid = s.rowid where ${sql.table(search.table)} match ${match})`;
}
