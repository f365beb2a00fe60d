import type { Kysely } from 'kysely';
import { DT, ID } from '../migration-helpers.js';

/** 用户代理人 (stock sys_user_agent): who acts for a user between two times. One row per user. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_user_agent')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('agent_user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('start_time', DT)
    .addColumn('end_time', DT)
    .addColumn('status', 'varchar(2)', (c) => c.notNull())
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', DT)
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', DT)
    .execute();
  await db.schema.createIndex('uk_sys_user_agent_user').on('sys_user_agent').column('user_name').unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_user_agent').ifExists().execute();
}
