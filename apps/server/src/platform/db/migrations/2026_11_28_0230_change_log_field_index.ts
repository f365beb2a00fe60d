import type { Kysely } from 'kysely';

/**
 * The administrator's change search by record type and field over a time range (docs/audit.md, Scale): one
 * index on (record_type, field, create_time, id), so the capped count reads only the matching rows and the
 * page (newest first, then id) is a backward range scan of the same index with no sort. Without it the search
 * read the whole (record_type, create_time) range and filtered the field.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idx_change_log_type_field').on('sys_change_log').columns(['record_type', 'field', 'create_time', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_change_log_type_field').execute();
}
