import type { Kysely } from 'kysely';
import { DT, ID } from '../migration-helpers.js';

/**
 * Users whose password was set by someone else (an administrator creating the account, resetting the
 * password or importing users): they must choose their own at the next sign-in.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_user_password_state')
    .addColumn('user_id', ID, (c) => c.primaryKey())
    // 1: must change at the next sign-in
    .addColumn('must_change', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('set_by', 'varchar(100)')
    .addColumn('update_time', DT)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_user_password_state').execute();
}
