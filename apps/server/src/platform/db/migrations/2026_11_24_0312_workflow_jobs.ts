import type { Kysely } from 'kysely';
import { DT, ID, withId } from '../migration-helpers.js';

/**
 * Workflow timers and jobs (`wf_job`: boundary timers, due dates) claimed by any number of server
 * processes, and the parent/child link of call activities on `wf_instance`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('wf_job'))
    .addColumn('inst_id', ID, (c) => c.notNull())
    // timer (boundary timer event) | due (a task's due date)
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('element_id', 'varchar(100)')
    .addColumn('task_id', ID)
    // epoch ms when the job is due
    .addColumn('due_time', 'bigint', (c) => c.notNull())
    // the process that claimed it (`UPDATE … WHERE locked_by IS NULL`), until lock_until (epoch ms)
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('lock_until', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('create_time', DT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_wf_job_due').on('wf_job').columns(['due_time']).execute();
  await db.schema.createIndex('idx_wf_job_inst').on('wf_job').columns(['inst_id', 'node_id']).execute();
  await db.schema.createIndex('idx_wf_job_task').on('wf_job').column('task_id').execute();

  await db.schema.alterTable('wf_instance').addColumn('parent_id', ID).execute();
  await db.schema.alterTable('wf_instance').addColumn('root_id', ID).execute();
  await db.schema.alterTable('wf_instance').addColumn('parent_node_id', 'varchar(100)').execute();
  await db.schema.alterTable('wf_instance').addColumn('parent_token_id', ID).execute();
  await db.schema.createIndex('idx_wf_instance_parent').on('wf_instance').column('parent_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wf_job').ifExists().execute();
  await db.schema.dropIndex('idx_wf_instance_parent').ifExists().execute();
  for (const c of ['parent_token_id', 'parent_node_id', 'root_id', 'parent_id']) await db.schema.alterTable('wf_instance').dropColumn(c).execute();
}
