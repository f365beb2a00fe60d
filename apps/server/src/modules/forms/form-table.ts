import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { snake, type FieldDecl, type FormDeclaration } from '@go/contract/forms/index';
import type { Database } from '../../platform/db/database.js';

/**
 * The table of a declared form type, derived from its declaration: the base columns every form row has
 * (applicant, company, approval status text, soft delete, audit), one column per field (line items as
 * JSON text) and a unique index per `unique` field. Missing tables and columns are created when the form
 * type is registered (and by the seed before demo rows); nothing is ever altered or dropped.
 */
export interface ColumnDef {
  name: string;
  type: string;
  notNull?: boolean;
}

const IDENT = /^[a-z][a-z0-9_]{0,62}$/;

const BASE: ColumnDef[] = [
  { name: 'id', type: 'varchar(32)' },
  { name: 'title', type: 'varchar(255)', notNull: true },
  { name: 'applicant', type: 'varchar(100)', notNull: true },
  { name: 'applicant_name', type: 'varchar(100)' },
  { name: 'sys_org_code', type: 'varchar(64)' },
  { name: 'act_status', type: 'varchar(200)' },
  { name: 'del_flag', type: 'integer', notNull: true },
  { name: 'create_by', type: 'varchar(64)' },
  { name: 'create_time', type: 'varchar(19)' },
  { name: 'update_by', type: 'varchar(64)' },
  { name: 'update_time', type: 'varchar(19)' },
];

export function columnType(f: FieldDecl): string {
  switch (f.type) {
    case 'money':
    case 'number':
      return 'double precision';
    case 'integer':
      return 'integer';
    case 'date':
      return 'varchar(10)';
    case 'datetime':
      return 'varchar(19)';
    case 'select':
      return `varchar(${Math.max(f.max ?? 64, 1)})`;
    case 'user':
      return 'varchar(100)';
    case 'text':
      return `varchar(${Math.min(Math.max(f.max ?? 200, 1), 1000)})`;
    default:
      return 'text';
  }
}

/** Checks the names a declaration brings into SQL (they are identifiers, never values). */
export function checkDeclaration(d: FormDeclaration): void {
  if (!IDENT.test(d.key)) throw new Error(`form type key ${d.key}: lower-case letters, digits and _ only`);
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(d.slug)) throw new Error(`form type slug ${d.slug}: letters and digits only`);
  const seen = new Set(BASE.map((c) => c.name));
  if (d.groupClaim) seen.add('claim_org_code');
  const keys = [...d.fields.map((f) => f.key), ...(d.items ? [d.items.key] : [])];
  for (const k of keys) {
    const c = snake(k);
    if (!IDENT.test(c)) throw new Error(`form type ${d.key}: field ${k} is not a plain name`);
    if (seen.has(c)) throw new Error(`form type ${d.key}: field ${k} clashes with another column`);
    seen.add(c);
  }
}

export function tableColumns(d: FormDeclaration): ColumnDef[] {
  const cols = [...BASE];
  if (d.groupClaim) cols.push({ name: 'claim_org_code', type: 'varchar(64)' });
  for (const f of d.fields) cols.push({ name: snake(f.key), type: columnType(f) });
  if (d.items) cols.push({ name: snake(d.items.key), type: 'text' });
  return cols;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function existingColumns(db: AnyDb, table: string): Promise<Set<string>> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const r = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
    return new Set(r.rows.map((x) => x.name));
  }
  const r = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return new Set(r.rows.map((x) => x.name));
}

/** Creates the declaration's table, or adds the columns it lacks. */
export async function ensureFormTable(db: Database, d: FormDeclaration): Promise<void> {
  checkDeclaration(d);
  const k = db as unknown as AnyDb;
  const cols = tableColumns(d);
  const have = await existingColumns(k, d.key);
  if (!have.size) {
    let t = k.schema.createTable(d.key).ifNotExists();
    for (const c of cols) {
      t = t.addColumn(c.name, sql.raw(c.type), (col) => {
        let x = col;
        if (c.name === 'id') x = x.primaryKey();
        if (c.notNull) x = x.notNull();
        if (c.name === 'del_flag') x = x.defaultTo(0);
        return x;
      });
    }
    await t.execute();
    await k.schema.createIndex(`idx_${d.key}_org`).ifNotExists().on(d.key).columns(['sys_org_code', 'create_time']).execute();
    await k.schema.createIndex(`idx_${d.key}_applicant`).ifNotExists().on(d.key).columns(['applicant', 'create_time']).execute();
  } else {
    for (const c of cols) {
      if (!have.has(c.name)) await k.schema.alterTable(d.key).addColumn(c.name, sql.raw(c.type)).execute();
    }
  }
  for (const f of d.fields) {
    if (f.unique) await k.schema.createIndex(`uq_${d.key}_${snake(f.key)}`).ifNotExists().unique().on(d.key).column(snake(f.key)).execute();
  }
}

export async function ensureFormTables(db: Database, ds: FormDeclaration[]): Promise<void> {
  for (const d of ds) await ensureFormTable(db, d);
}
