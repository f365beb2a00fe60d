import { sql, type Kysely, type RawBuilder } from 'kysely';
import { CGFORM_IDENT, CGFORM_RESERVED_NAMES, CGFORM_RESERVED_PREFIXES, type CgformDbType } from '@go/contract';
import type { DbKind } from '../../../platform/db/database.js';
import type { DB } from '../../../platform/db/schema.js';
import { businessError } from '../../../platform/http/errors.js';

/** The part of a field definition that decides its column. */
export interface ColumnDef {
  dbFieldName: string;
  dbType: CgformDbType;
  dbLength: number;
  dbPointLength: number;
}

export interface TableDef {
  tableName: string;
  isTree: boolean;
  fields: ColumnDef[];
}

export type StepKind = 'create' | 'add' | 'widen' | 'drop' | 'retype';

export interface DdlStep {
  table: string;
  kind: StepKind;
  column: string | null;
  /** loses data: refused unless confirmed */
  destructive: boolean;
  /** the SQL this step runs (the preview) */
  sql: string[];
  run(db: Kysely<DB>): Promise<void>;
}

/** Identifier check for tables and columns: the pattern, and never a product table's prefix. */
export function checkTableName(name: string): void {
  if (!CGFORM_IDENT.test(name)) throw businessError(`表名 ${name.slice(0, 64)} 不合法：只能以小写字母开头，包含小写字母、数字和下划线，最长64位`);
  const prefix = CGFORM_RESERVED_PREFIXES.find((p) => name.startsWith(p));
  if (prefix) throw businessError(`表名不能以 ${prefix} 开头（系统表）`);
  if ((CGFORM_RESERVED_NAMES as readonly string[]).includes(name)) throw businessError(`表名 ${name} 是数据库保留名，不能使用`);
}

export function checkColumnName(name: string): void {
  if (!CGFORM_IDENT.test(name)) throw businessError(`字段名 ${name.slice(0, 64)} 不合法：只能以小写字母开头，包含小写字母、数字和下划线，最长64位`);
}

/** The column type of a field; the numbers are validated integers, so `sql.raw` only ever sees digits. */
export function columnType(f: ColumnDef): RawBuilder<unknown> {
  const n = (v: number, lo: number, hi: number) => String(Math.min(hi, Math.max(lo, Math.trunc(v))));
  switch (f.dbType) {
    case 'string':
      return sql.raw(`varchar(${n(f.dbLength || 255, 1, 4000)})`);
    case 'int':
      return sql.raw('integer');
    case 'double':
      return sql.raw('double precision');
    case 'decimal':
      return sql.raw(`numeric(${n(f.dbLength || 10, 1, 30)}, ${n(f.dbPointLength, 0, 10)})`);
    case 'date':
      return sql.raw('varchar(10)');
    case 'datetime':
      return sql.raw('varchar(19)');
    case 'text':
      return sql.raw('text');
  }
}

type Change = 'same' | 'widen' | 'narrow' | 'retype';

function compare(a: ColumnDef, b: ColumnDef, kind: DbKind): Change {
  const stored = (t: CgformDbType) => (t === 'date' || t === 'datetime' ? 'string' : t);
  if (a.dbType !== b.dbType) {
    // A change between string-stored kinds that keeps the width is not a retype.
    if (stored(a.dbType) === 'string' && stored(b.dbType) === 'string') {
      const wa = a.dbType === 'string' ? a.dbLength : a.dbType === 'date' ? 10 : 19;
      const wb = b.dbType === 'string' ? b.dbLength : b.dbType === 'date' ? 10 : 19;
      if (wb === wa) return kind === 'postgres' ? 'widen' : 'same';
      return wb > wa ? 'widen' : 'narrow';
    }
    return 'retype';
  }
  if (a.dbType === 'string') return b.dbLength === a.dbLength ? 'same' : b.dbLength > a.dbLength ? 'widen' : 'narrow';
  if (a.dbType === 'decimal') {
    if (b.dbLength === a.dbLength && b.dbPointLength === a.dbPointLength) return 'same';
    return b.dbLength - b.dbPointLength >= a.dbLength - a.dbPointLength && b.dbPointLength >= a.dbPointLength ? 'widen' : 'narrow';
  }
  return 'same';
}

/**
 * What a synchronisation does to one table: create it, or compare the fields as last synchronised
 * with the fields now and add, widen, drop or re-create columns. Built with Kysely's schema builder on
 * a plugin-free instance, so the preview is exactly the SQL that runs.
 */
export function planTable(db: Kysely<DB>, kind: DbKind, def: TableDef, previous: ColumnDef[] | null, exists: boolean): DdlStep[] {
  checkTableName(def.tableName);
  for (const f of def.fields) checkColumnName(f.dbFieldName);
  const t = def.tableName;
  const steps: DdlStep[] = [];
  if (!exists || !previous) {
    if (exists) throw businessError(`表 ${t} 已存在于数据库中，不能使用`);
    let create = db.schema
      .createTable(t)
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('create_by', 'varchar(64)')
      .addColumn('create_time', 'varchar(19)')
      .addColumn('update_by', 'varchar(64)')
      .addColumn('update_time', 'varchar(19)')
      .addColumn('sys_org_code', 'varchar(64)');
    if (def.isTree) create = create.addColumn('has_child', 'varchar(3)', (c) => c.defaultTo('0'));
    for (const f of def.fields) create = create.addColumn(f.dbFieldName, columnType(f));
    const index = db.schema.createIndex(orgIndexName(t)).on(t).column('sys_org_code');
    steps.push({
      table: t,
      kind: 'create',
      column: null,
      destructive: false,
      sql: [create.compile().sql, index.compile().sql],
      async run(x) {
        let c = x.schema
          .createTable(t)
          .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
          .addColumn('create_by', 'varchar(64)')
          .addColumn('create_time', 'varchar(19)')
          .addColumn('update_by', 'varchar(64)')
          .addColumn('update_time', 'varchar(19)')
          .addColumn('sys_org_code', 'varchar(64)');
        if (def.isTree) c = c.addColumn('has_child', 'varchar(3)', (col) => col.defaultTo('0'));
        for (const f of def.fields) c = c.addColumn(f.dbFieldName, columnType(f));
        await c.execute();
        await x.schema.createIndex(orgIndexName(t)).on(t).column('sys_org_code').execute();
      },
    });
    return steps;
  }
  const before = new Map(previous.map((f) => [f.dbFieldName, f]));
  const now = new Map(def.fields.map((f) => [f.dbFieldName, f]));
  for (const f of def.fields) {
    const old = before.get(f.dbFieldName);
    if (!old) {
      const b = db.schema.alterTable(t).addColumn(f.dbFieldName, columnType(f));
      steps.push({ table: t, kind: 'add', column: f.dbFieldName, destructive: false, sql: [b.compile().sql], run: (x) => x.schema.alterTable(t).addColumn(f.dbFieldName, columnType(f)).execute() });
      continue;
    }
    const change = compare(old, f, kind);
    if (change === 'same') continue;
    if (change === 'widen') {
      // SQLite does not hold lengths: nothing to run there, the new width applies through validation.
      if (kind === 'sqlite') continue;
      const b = db.schema.alterTable(t).alterColumn(f.dbFieldName, (c) => c.setDataType(columnType(f)));
      steps.push({
        table: t,
        kind: 'widen',
        column: f.dbFieldName,
        destructive: false,
        sql: [b.compile().sql],
        run: (x) => x.schema.alterTable(t).alterColumn(f.dbFieldName, (c) => c.setDataType(columnType(f))).execute(),
      });
      continue;
    }
    // Narrowing or a new type: the column is dropped and added again, its values are lost.
    const drop = db.schema.alterTable(t).dropColumn(f.dbFieldName);
    const add = db.schema.alterTable(t).addColumn(f.dbFieldName, columnType(f));
    steps.push({
      table: t,
      kind: 'retype',
      column: f.dbFieldName,
      destructive: true,
      sql: [drop.compile().sql, add.compile().sql],
      async run(x) {
        await x.schema.alterTable(t).dropColumn(f.dbFieldName).execute();
        await x.schema.alterTable(t).addColumn(f.dbFieldName, columnType(f)).execute();
      },
    });
  }
  for (const old of previous) {
    if (now.has(old.dbFieldName)) continue;
    const b = db.schema.alterTable(t).dropColumn(old.dbFieldName);
    steps.push({ table: t, kind: 'drop', column: old.dbFieldName, destructive: true, sql: [b.compile().sql], run: (x) => x.schema.alterTable(t).dropColumn(old.dbFieldName).execute() });
  }
  return steps;
}

/** The index every generated table gets on `sys_org_code`. */
export const orgIndexName = (table: string) => `ix_${table.slice(0, 50)}_org`;

/**
 * Whether the name is taken by anything the database would refuse a new table for: a table, view, index
 * or sequence of the schema (on PostgreSQL also of pg_catalog and the rest of the search path, and a type).
 */
export async function nameTaken(db: Kysely<DB>, kind: DbKind, name: string): Promise<boolean> {
  const r =
    kind === 'postgres'
      ? await sql<{ n: number }>`select (select count(*) from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
            where c.relname = ${name} and n.nspname = any(current_schemas(true)))
          + (select count(*) from pg_catalog.pg_type t where t.typname = ${name} and t.typnamespace = current_schema()::regnamespace) as n`.execute(db)
      : await sql<{ n: number }>`select count(*) as n from sqlite_master where lower(name) = ${name}`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

/** The column names of a table of the app database. */
export async function tableColumns(db: Kysely<DB>, kind: DbKind, name: string): Promise<string[]> {
  const r =
    kind === 'postgres'
      ? await sql<{ c: string }>`select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ${name}`.execute(db)
      : await sql<{ c: string }>`select name as c from pragma_table_info(${name})`.execute(db);
  return r.rows.map((x) => x.c.toLowerCase());
}

/** Whether a table of this name exists in the app database. */
export async function tableExists(db: Kysely<DB>, kind: DbKind, name: string): Promise<boolean> {
  const r =
    kind === 'postgres'
      ? await sql<{ n: number }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = ${name}`.execute(db)
      : await sql<{ n: number }>`select count(*) as n from sqlite_master where type in ('table', 'view') and name = ${name}`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}
