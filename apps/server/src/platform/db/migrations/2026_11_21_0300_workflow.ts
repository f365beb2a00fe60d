import type { Kysely } from 'kysely';
import { DT, ID, withAudit, withId } from '../migration-helpers.js';

/**
 * Approval workflow engine (definitions, node rules, runtime state, action log) and the first two
 * form types (expense 费用, performance 绩效).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withAudit(
    db.schema
      .createTable('wf_definition')
      .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('process_key', 'varchar(100)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('latest', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)')
      .addColumn('category_id', 'varchar(100)')
      .addColumn('xml', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('business_table', 'varchar(100)')
      .addColumn('route_name', 'varchar(200)')
      .addColumn('roles', 'varchar(1000)'),
  ).execute();
  await db.schema
    .createIndex('uq_wf_definition_key_version')
    .on('wf_definition')
    .columns(['process_key', 'version'])
    .unique()
    .execute();

  await withId(db.schema.createTable('wf_node'))
    .addColumn('proc_def_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)')
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('empty_policy', 'varchar(16)', (c) => c.notNull().defaultTo('admin'))
    .addColumn('repeat_policy', 'varchar(16)', (c) => c.notNull().defaultTo('again'))
    .addColumn('choose_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('uq_wf_node_def_node').on('wf_node').columns(['proc_def_id', 'node_id']).unique().execute();

  await withId(db.schema.createTable('wf_node_rule'))
    .addColumn('proc_def_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('relate_id', 'varchar(255)')
    .execute();
  await db.schema.createIndex('idx_wf_node_rule_def_node').on('wf_node_rule').columns(['proc_def_id', 'node_id']).execute();

  await withAudit(
    withId(db.schema.createTable('wf_business'))
      .addColumn('proc_def_id', 'varchar(100)')
      .addColumn('proc_inst_id', ID)
      .addColumn('user_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('title', 'varchar(255)')
      .addColumn('table_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('table_id', ID, (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('result', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('apply_time', DT)
      .addColumn('sys_org_code', 'varchar(64)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_wf_business_user').on('wf_business').columns(['user_id', 'create_time']).execute();
  await db.schema.createIndex('idx_wf_business_table').on('wf_business').columns(['table_name', 'table_id']).execute();

  await withId(db.schema.createTable('wf_instance'))
    .addColumn('proc_def_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('business_id', ID, (c) => c.notNull())
    .addColumn('starter', 'varchar(100)', (c) => c.notNull())
    .addColumn('starter_name', 'varchar(100)')
    .addColumn('title', 'varchar(255)')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', DT)
    .addColumn('end_time', DT)
    .addColumn('end_reason', 'varchar(100)')
    .execute();
  await db.schema.createIndex('idx_wf_instance_state').on('wf_instance').column('state').execute();
  await db.schema.createIndex('idx_wf_instance_business').on('wf_instance').column('business_id').execute();

  await withId(db.schema.createTable('wf_token'))
    .addColumn('inst_id', ID, (c) => c.notNull())
    .addColumn('node_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('via_flow', 'varchar(100)')
    .addColumn('create_time', DT)
    .execute();
  await db.schema.createIndex('idx_wf_token_inst').on('wf_token').column('inst_id').execute();

  await withId(db.schema.createTable('wf_task'))
    .addColumn('inst_id', ID, (c) => c.notNull())
    .addColumn('proc_def_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('token_id', ID)
    .addColumn('node_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)')
    .addColumn('assignee', 'varchar(100)')
    .addColumn('owner', 'varchar(100)')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', DT)
    .addColumn('end_time', DT)
    .addColumn('outcome', 'varchar(32)')
    .addColumn('executor', 'varchar(100)')
    .addColumn('comment', 'text')
    .execute();
  await db.schema.createIndex('idx_wf_task_inst_status').on('wf_task').columns(['inst_id', 'status']).execute();
  await db.schema.createIndex('idx_wf_task_assignee_status').on('wf_task').columns(['assignee', 'status']).execute();
  await db.schema.createIndex('idx_wf_task_executor').on('wf_task').columns(['executor', 'end_time']).execute();

  await withId(db.schema.createTable('wf_task_candidate'))
    .addColumn('task_id', ID, (c) => c.notNull())
    .addColumn('inst_id', ID, (c) => c.notNull())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('open', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('idx_wf_task_candidate_user_open')
    .on('wf_task_candidate')
    .columns(['username', 'open', 'task_id'])
    .execute();
  await db.schema.createIndex('idx_wf_task_candidate_task').on('wf_task_candidate').column('task_id').execute();

  await withId(db.schema.createTable('wf_action'))
    .addColumn('inst_id', ID, (c) => c.notNull())
    .addColumn('task_id', ID)
    .addColumn('node_id', 'varchar(100)')
    .addColumn('node_name', 'varchar(200)')
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('username', 'varchar(100)')
    .addColumn('realname', 'varchar(100)')
    .addColumn('comment', 'text')
    .addColumn('detail', 'text')
    .addColumn('create_time', DT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_wf_action_inst').on('wf_action').column('inst_id').execute();

  await withId(db.schema.createTable('wf_variable'))
    .addColumn('inst_id', ID, (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('value', 'text')
    .execute();
  await db.schema.createIndex('uq_wf_variable_inst_name').on('wf_variable').columns(['inst_id', 'name']).unique().execute();

  await withId(db.schema.createTable('wf_node_sign'))
    .addColumn('inst_id', ID, (c) => c.notNull())
    .addColumn('node_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(200)')
    .addColumn('username', 'varchar(100)')
    .addColumn('realname', 'varchar(100)')
    .addColumn('sign_time', DT)
    .addColumn('value', 'text')
    .execute();
  await db.schema.createIndex('idx_wf_node_sign_inst').on('wf_node_sign').column('inst_id').execute();

  await withAudit(
    withId(db.schema.createTable('wf_choose_mark'))
      .addColumn('choose_mark_name', 'varchar(200)')
      .addColumn('form_data_json', 'text')
      .addColumn('process_name', 'varchar(200)')
      .addColumn('applyer', 'varchar(100)')
      .addColumn('proc_inst_id', ID)
      .addColumn('curr_task_name', 'varchar(200)')
      .addColumn('priority', 'integer')
      .addColumn('status', 'varchar(32)')
      .addColumn('table_id', ID)
      .addColumn('route_name', 'varchar(200)'),
  ).execute();
  await db.schema.createIndex('idx_wf_choose_mark_inst').on('wf_choose_mark').column('proc_inst_id').execute();

  await withAudit(
    withId(db.schema.createTable('fm_expense'))
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('applicant', 'varchar(100)', (c) => c.notNull())
      .addColumn('applicant_name', 'varchar(100)')
      .addColumn('sys_org_code', 'varchar(64)')
      .addColumn('expense_type', 'varchar(32)')
      .addColumn('amount', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('reason', 'text')
      .addColumn('items', 'text')
      .addColumn('attachments', 'text')
      .addColumn('act_status', 'varchar(200)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_fm_expense_org').on('fm_expense').columns(['sys_org_code', 'create_time']).execute();

  await withAudit(
    withId(db.schema.createTable('fm_performance'))
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('applicant', 'varchar(100)', (c) => c.notNull())
      .addColumn('applicant_name', 'varchar(100)')
      .addColumn('sys_org_code', 'varchar(64)')
      .addColumn('year_part', 'varchar(4)', (c) => c.notNull())
      .addColumn('quarter', 'integer', (c) => c.notNull())
      .addColumn('self_score', 'double precision')
      .addColumn('summary', 'text')
      .addColumn('score', 'double precision')
      .addColumn('final_score', 'double precision')
      .addColumn('eval_time', DT)
      .addColumn('act_status', 'varchar(200)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_fm_performance_org').on('fm_performance').columns(['sys_org_code', 'create_time']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'fm_performance',
    'fm_expense',
    'wf_choose_mark',
    'wf_node_sign',
    'wf_variable',
    'wf_action',
    'wf_task_candidate',
    'wf_task',
    'wf_token',
    'wf_instance',
    'wf_business',
    'wf_node_rule',
    'wf_node',
    'wf_definition',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
