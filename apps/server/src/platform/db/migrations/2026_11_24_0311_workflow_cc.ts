import type { Kysely } from 'kysely';
import { DT, ID, withId } from '../migration-helpers.js';

/** Workflow carbon copies (抄送): one row per recipient, with read state. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('wf_cc'))
    .addColumn('inst_id', ID, (c) => c.notNull())
    .addColumn('task_id', ID)
    .addColumn('node_id', 'varchar(100)')
    .addColumn('node_name', 'varchar(200)')
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('from_username', 'varchar(100)')
    .addColumn('from_realname', 'varchar(100)')
    .addColumn('comment', 'varchar(2000)')
    .addColumn('read_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', DT, (c) => c.notNull())
    .addColumn('read_time', DT)
    .execute();
  await db.schema.createIndex('idx_wf_cc_user_read').on('wf_cc').columns(['username', 'read_flag', 'create_time']).execute();
  await db.schema.createIndex('idx_wf_cc_inst').on('wf_cc').column('inst_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wf_cc').ifExists().execute();
}
