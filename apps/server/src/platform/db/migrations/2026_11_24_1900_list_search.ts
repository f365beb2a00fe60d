import { sql, type Kysely } from 'kysely';

/**
 * Substring search (`*x*` → LIKE '%x%') on the big system lists served by an index on PostgreSQL: trigram GIN
 * indexes (pg_trgm) on the searched text columns of sys_user and sys_log. Where the extension is not
 * available or may not be created, nothing changes (the searches still work, by scanning).
 * SQLite keeps its plain scans: they meet the list targets there (docs/performance.md, list figures).
 */
const TRGM_INDEXES: [name: string, table: string, column: string][] = [
  ['idx_sys_user_realname_trgm', 'sys_user', 'realname'],
  ['idx_sys_user_username_trgm', 'sys_user', 'username'],
  ['idx_sys_user_phone_trgm', 'sys_user', 'phone'],
  ['idx_sys_log_content_trgm', 'sys_log', 'log_content'],
];

async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** True when pg_trgm is installed, or available and this role may create it in this database. */
async function trigramReady(db: Kysely<unknown>): Promise<boolean> {
  const r = await sql<{ installed: boolean; available: boolean; allowed: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed,
           exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available,
           (select rolsuper from pg_roles where rolname = current_user)
             or has_database_privilege(current_database(), 'CREATE') as allowed`.execute(db);
  const row = r.rows[0];
  if (!row) return false;
  if (row.installed) return true;
  if (!row.available || !row.allowed) return false;
  // Inside the migration's transaction: a refusal must not abort it.
  await sql`savepoint go_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint go_trgm`.execute(db);
    return true;
  } catch {
    await sql`rollback to savepoint go_trgm`.execute(db);
    return false;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(await isPostgres(db))) return;
  if (!(await trigramReady(db))) return;
  for (const [name, table, column] of TRGM_INDEXES) {
    await sql`create index if not exists ${sql.id(name)} on ${sql.id(table)} using gin (${sql.id(column)} gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(await isPostgres(db))) return;
  for (const [name] of TRGM_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
