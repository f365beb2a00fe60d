/**
 * Table dictionaries (`table,text,code[,where]`): options read from a WHITELIST of tables and columns.
 * Identifiers must be plain names in the whitelist; the optional where part accepts only
 * `col='value'` terms joined by `and`, with whitelisted columns and bound values. Everything else is
 * refused with 字典Code格式不正确！ (stock concatenated these into SQL).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isGroupLevel, type CurrentUser } from '../../../platform/access/access.js';
import { likeContains, likePrefix } from '../../../platform/query/like.js';

interface TableSpec {
  columns: Set<string>;
  /** column holding an org code, for company scoping of option lists */
  orgColumn?: string;
  /** rows to leave out (soft-deleted) */
  activeWhere?: [string, number];
}

export const TABLE_DICTS = new Map<string, TableSpec>([
  ['sys_user', { columns: new Set(['id', 'username', 'realname', 'org_code', 'work_no', 'post']), orgColumn: 'org_code', activeWhere: ['del_flag', 0] }],
  ['sys_depart', { columns: new Set(['id', 'depart_name', 'org_code', 'parent_id', 'org_category']), orgColumn: 'org_code', activeWhere: ['del_flag', 0] }],
  ['sys_position', { columns: new Set(['id', 'code', 'name', 'post_rank']) }],
  ['sys_role', { columns: new Set(['id', 'role_code', 'role_name']) }],
  ['sys_category', { columns: new Set(['id', 'code', 'name', 'pid', 'has_child']) }],
  ['sys_dict', { columns: new Set(['id', 'dict_code', 'dict_name']), activeWhere: ['del_flag', 0] }],
  ['sys_tenant', { columns: new Set(['id', 'name', 'status']) }],
]);

/**
 * Personal data is never dictionary-readable, whatever a table's allow-list says: a dictionary path answers
 * any signed-in user, so phone numbers, e-mail addresses, national IDs and birthdays stay behind the
 * scoped user endpoints.
 */
export const PERSONAL_COLUMNS = new Set(['phone', 'mobile', 'telephone', 'email', 'id_card', 'idcard', 'id_number', 'birthday', 'password', 'salt']);

/** Lets another module offer one of its tables as a table dictionary (personal columns are refused). */
export function allowTableDict(table: string, columns: string[], orgColumn?: string): void {
  const personal = columns.filter((c) => PERSONAL_COLUMNS.has(c.toLowerCase()));
  if (personal.length) throw new Error(`table dictionary ${table} may not expose ${personal.join(', ')}`);
  TABLE_DICTS.set(table, { columns: new Set(columns), ...(orgColumn ? { orgColumn } : {}) });
}

export interface TableDictRef {
  table: string;
  text: string;
  code: string;
  filters: [string, string][];
  spec: TableSpec;
}

const IDENT = /^[a-z][a-z0-9_]*$/;
const TERM = /^\s*([a-z][a-z0-9_]*)\s*=\s*'([^'\\]*)'\s*$/i;

/** Parses `table,text,code[,where]`; null when malformed or not whitelisted. */
export function parseTableDict(spec: string): TableDictRef | null {
  const parts = spec.split(',');
  if (parts.length < 3) return null;
  const [table, text, code] = parts.slice(0, 3).map((s) => s.trim().toLowerCase());
  const where = parts.slice(3).join(',').trim();
  if (![table, text, code].every((s) => IDENT.test(s))) return null;
  const t = TABLE_DICTS.get(table);
  if (!t || !t.columns.has(text) || !t.columns.has(code)) return null;
  if (PERSONAL_COLUMNS.has(text) || PERSONAL_COLUMNS.has(code)) return null;
  const filters: [string, string][] = [];
  if (where) {
    for (const term of where.split(/\s+and\s+/i)) {
      const m = TERM.exec(term);
      if (!m || !t.columns.has(m[1].toLowerCase()) || PERSONAL_COLUMNS.has(m[1].toLowerCase())) return null;
      filters.push([m[1].toLowerCase(), m[2]]);
    }
  }
  return { table, text, code, filters, spec: t };
}

function conditions(ref: TableDictRef, user: CurrentUser | null, scoped: boolean): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (ref.spec.activeWhere) out.push(sql`${sql.ref(ref.spec.activeWhere[0])} = ${ref.spec.activeWhere[1]}`);
  for (const [col, val] of ref.filters) out.push(sql`${sql.ref(col)} = ${val}`);
  if (scoped && ref.spec.orgColumn && !(user && isGroupLevel(user))) {
    // No user, or a user without a company: no org-coded row at all.
    if (!user || !/^[A-Z][0-9]{2}$/.test(user.company)) out.push(sql`1 = 0`);
    else out.push(likePrefix(ref.spec.orgColumn, user.company));
  }
  return out;
}

function whereSql(conds: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
}

export type DictItem = {
  value: string;
  text: string;
  title: string;
  label: string;
};

const item = (value: unknown, text: unknown): DictItem => {
  const t = text === null || text === undefined ? '' : String(text);
  return { value: value === null || value === undefined ? '' : String(value), text: t, title: t, label: t };
};

/** The options of a table dictionary (company-scoped for org-coded tables), at most `limit`. */
export async function tableDictItems(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  ref: TableDictRef,
  user: CurrentUser | null,
  opts: { keyword?: string; limit?: number } = {},
): Promise<DictItem[]> {
  const conds = conditions(ref, user, true);
  if (opts.keyword) {
    const k = opts.keyword.trim();
    if (k.includes(',')) {
      const list = k.split(',').filter(Boolean).slice(0, 500);
      if (list.length) conds.push(sql`${sql.ref(ref.code)} in (${sql.join(list)})`);
    } else {
      conds.push(sql`(${likeContains(ref.text, k)} or ${likeContains(ref.code, k)})`);
    }
  }
  const limit = Math.min(Math.max(1, opts.limit ?? 1000), 5000);
  const r = await sql<{ v: unknown; t: unknown }>`select ${sql.ref(ref.code)} as v, ${sql.ref(ref.text)} as t from ${sql.table(ref.table)} ${whereSql(conds)} order by ${sql.ref(ref.code)} limit ${limit}`.execute(db);
  return r.rows.map((row) => item(row.v, row.t));
}

/**
 * Texts for the given keys, in key order (`delNotExist=false` echoes unknown keys). Company-scoped like
 * the option lists: a key of another company's row is treated as unknown.
 */
export async function tableDictTexts(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  ref: TableDictRef,
  keys: string[],
  delNotExist: boolean,
  user: CurrentUser | null,
): Promise<string[]> {
  if (keys.length === 0) return [];
  const conds = conditions(ref, user, true);
  conds.push(sql`${sql.ref(ref.code)} in (${sql.join(keys.slice(0, 1000))})`);
  const r = await sql<{ v: unknown; t: unknown }>`select ${sql.ref(ref.code)} as v, ${sql.ref(ref.text)} as t from ${sql.table(ref.table)} ${whereSql(conds)}`.execute(db);
  const map = new Map(r.rows.map((row) => [String(row.v), row.t === null ? '' : String(row.t)]));
  const out: string[] = [];
  for (const k of keys) {
    if (map.has(k)) out.push(map.get(k)!);
    else if (!delNotExist) out.push(k);
  }
  return out;
}

export interface TreeDataParams {
  tableName: string;
  text: string;
  code: string;
  pidField: string;
  pid?: string;
  hasChildField?: string;
  condition?: Record<string, unknown>;
}

/** `loadTreeData`: children of `pid` (roots when empty) as `{key, title, leaf, parentId}`. */
export async function tableTreeData(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  user: CurrentUser,
  p: TreeDataParams,
): Promise<{ key: string; title: string; value: string; label: string; leaf: boolean; parentId: string }[] | null> {
  const ref = parseTableDict(`${p.tableName},${p.text},${p.code}`);
  if (!ref) return null;
  const pidField = p.pidField.toLowerCase();
  const hasChild = p.hasChildField?.toLowerCase();
  if (!ref.spec.columns.has(pidField) || (hasChild && !ref.spec.columns.has(hasChild))) return null;
  for (const [k, v] of Object.entries(p.condition ?? {})) {
    const col = k.toLowerCase();
    if (!IDENT.test(col) || !ref.spec.columns.has(col) || PERSONAL_COLUMNS.has(col) || (typeof v !== 'string' && typeof v !== 'number')) return null;
    ref.filters.push([col, String(v)]);
  }
  const conds = conditions(ref, user, true);
  conds.push(p.pid ? sql`${sql.ref(pidField)} = ${p.pid}` : sql`(${sql.ref(pidField)} is null or ${sql.ref(pidField)} = '' or ${sql.ref(pidField)} = '0')`);
  const hasChildSel = hasChild ? sql`, ${sql.ref(hasChild)} as hc` : sql``;
  const r = await sql<{ v: unknown; t: unknown; p: unknown; hc?: unknown }>`select ${sql.ref(ref.code)} as v, ${sql.ref(ref.text)} as t, ${sql.ref(pidField)} as p${hasChildSel} from ${sql.table(ref.table)} ${whereSql(conds)} order by ${sql.ref(ref.code)} limit 2000`.execute(db);
  return r.rows.map((row) => {
    const t = row.t === null ? '' : String(row.t);
    return {
      key: String(row.v),
      title: t,
      value: String(row.v),
      label: t,
      leaf: hasChild ? String(row.hc ?? '0') !== '1' : false,
      parentId: row.p === null ? '' : String(row.p),
    };
  });
}
