import type { Kysely } from 'kysely';

/**
 * The online-user list: the browser a session signed in with and its last activity (written at most
 * once a minute per session).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_session').addColumn('user_agent', 'varchar(255)').execute();
  await db.schema.alterTable('sys_session').addColumn('last_seen_at', 'bigint').execute();
  await db.schema.createIndex('idx_sys_session_created').on('sys_session').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_sys_session_created').execute();
  await db.schema.alterTable('sys_session').dropColumn('last_seen_at').execute();
  await db.schema.alterTable('sys_session').dropColumn('user_agent').execute();
}
