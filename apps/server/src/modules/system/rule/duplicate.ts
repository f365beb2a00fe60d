import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Tables and columns `/sys/duplicate/check` may look at (snake_case names as the client sends them).
 * Other modules add theirs with `allowDuplicateCheck`. Anything else is refused.
 */
const ALLOWED = new Map<string, Set<string>>([
  ['sys_user', new Set(['username', 'phone', 'email', 'work_no'])],
  ['sys_role', new Set(['role_code', 'role_name'])],
  ['sys_depart', new Set(['org_code', 'depart_name'])],
  ['sys_depart_role', new Set(['role_code'])],
  ['sys_dict', new Set(['dict_code', 'dict_name'])],
  ['sys_position', new Set(['code', 'name'])],
  ['sys_category', new Set(['code'])],
  ['sys_gateway_route', new Set(['router_id'])],
  ['sys_data_source', new Set(['code'])],
  ['sys_check_rule', new Set(['rule_code'])],
  ['sys_fill_rule', new Set(['rule_code'])],
  ['sys_permission', new Set(['perms', 'url'])],
  ['sys_tenant', new Set(['name'])],
]);

export function allowDuplicateCheck(table: string, columns: string[]): void {
  const set = ALLOWED.get(table) ?? new Set<string>();
  for (const c of columns) set.add(c);
  ALLOWED.set(table, set);
}

const IDENT = /^[A-Za-z0-9_]+$/;
const toSnake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The whitelisted (table, column) pair, or null. Accepts camelCase column names too. */
export function resolveDuplicateTarget(tableName: string, fieldName: string): { table: string; column: string } | null {
  if (!IDENT.test(tableName) || !IDENT.test(fieldName)) return null;
  const table = tableName.toLowerCase();
  const cols = ALLOWED.get(table);
  if (!cols) return null;
  const column = cols.has(fieldName) ? fieldName : toSnake(fieldName);
  return cols.has(column) ? { table, column } : null;
}

/** Whether another row holds the value (identifiers come only from the whitelist; values are bound). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function valueTaken(db: Kysely<any>, table: string, column: string, value: string, dataId?: string): Promise<boolean> {
  // The whitelist guarantees plain identifiers; sql.table/sql.ref quote them (the CamelCasePlugin leaves snake_case alone).
  const exclude = dataId ? sql` and ${sql.ref('id')} <> ${dataId}` : sql``;
  const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}${exclude}`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}
