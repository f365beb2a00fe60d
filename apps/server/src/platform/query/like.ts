/**
 * LIKE conditions for hand-written filters, always with `ESCAPE '\'`: SQLite has no default escape
 * character, so an escaped `\%` without the clause would look for a backslash and a search for `50%`
 * would find nothing. Every hand-written LIKE goes through here (the list query builder does the same).
 */
import { escapeLike } from '@go/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** `ref LIKE pattern ESCAPE '\'` for a pattern whose literal parts are already escaped with `escapeLike`. */
export function likeMatch(ref: string, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(ref)} like ${pattern} escape '\\'`;
}

/** `ref` contains `value` literally (`%`, `_` and `\` in the value match themselves). */
export function likeContains(ref: string, value: string): RawBuilder<SqlBool> {
  return likeMatch(ref, `%${escapeLike(value)}%`);
}

/** `ref` starts with `value` literally. */
export function likePrefix(ref: string, value: string): RawBuilder<SqlBool> {
  return likeMatch(ref, `${escapeLike(value)}%`);
}
