import type { Kysely } from 'kysely';
import { DT, ID } from '../migration-helpers.js';

/**
 * 第三方账号 (stock sys_third_account): which account of an external identity provider (an OpenID Connect
 * issuer, a third-party login source, a messenger app) signs in as which user. One row per
 * (third_type, third_user_uuid).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_third_account')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('sys_user_id', ID, (c) => c.notNull())
    .addColumn('third_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('third_user_uuid', 'varchar(255)', (c) => c.notNull())
    .addColumn('third_user_id', 'varchar(255)')
    .addColumn('realname', 'varchar(100)')
    .addColumn('avatar', 'varchar(500)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', DT)
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', DT)
    .execute();
  await db.schema.createIndex('uq_sys_third_account').on('sys_third_account').columns(['third_type', 'third_user_uuid']).unique().execute();
  await db.schema.createIndex('idx_sys_third_account_user').on('sys_third_account').column('sys_user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_third_account').ifExists().execute();
}
