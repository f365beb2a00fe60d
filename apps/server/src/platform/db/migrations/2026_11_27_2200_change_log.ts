import { sql, type Kysely } from 'kysely';
import { DT, ID } from '../migration-helpers.js';

/**
 * The field-level audit trail of business records (docs/audit.md): one row per changed field, written in the
 * same transaction as the change. Reads are by record (type + id, newest first) and the administrator's
 * search (time range with user, type, record or field). Each read path has its own index ending in the time,
 * so a page is an index range scan at any table size; on PostgreSQL a BRIN index on the time also serves
 * plain time-range searches with a few pages of index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_change_log')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('create_time', DT, (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)')
    .addColumn('user_name', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('org_code', 'varchar(64)')
    .addColumn('record_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_name', 'varchar(200)')
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('field', 'varchar(100)', (c) => c.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .execute();
  await db.schema.createIndex('idx_change_log_record').on('sys_change_log').columns(['record_type', 'record_id', 'create_time']).execute();
  await db.schema.createIndex('idx_change_log_time').on('sys_change_log').columns(['create_time', 'id']).execute();
  await db.schema.createIndex('idx_change_log_user').on('sys_change_log').columns(['user_id', 'create_time']).execute();
  await db.schema.createIndex('idx_change_log_type').on('sys_change_log').columns(['record_type', 'create_time']).execute();
  await db.schema.createIndex('idx_change_log_field').on('sys_change_log').columns(['field', 'create_time']).execute();
  const pg = await sql<{ v: string }>`select version() as v`.execute(db).then(
    (r) => /postgres/i.test(r.rows[0]?.v ?? ''),
    () => false,
  );
  if (pg) await sql`create index idx_change_log_time_brin on sys_change_log using brin (create_time)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_change_log').execute();
}
