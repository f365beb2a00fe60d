import type { Kysely } from 'kysely';
import { withAudit, withId } from '../migration-helpers.js';

/** System administration: categories, gateway routes, data sources, check rules and fill rules. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withAudit(
    withId(db.schema.createTable('sys_category'))
      .addColumn('pid', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('has_child', 'varchar(3)', (c) => c.defaultTo('0'))
      .addColumn('sys_org_code', 'varchar(64)'),
  ).execute();
  await db.schema.createIndex('idx_sys_category_pid').on('sys_category').column('pid').execute();

  await withAudit(
    withId(db.schema.createTable('sys_gateway_route'))
      .addColumn('router_id', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)')
      .addColumn('uri', 'varchar(255)')
      .addColumn('predicates', 'text')
      .addColumn('filters', 'text')
      .addColumn('retryable', 'integer', (c) => c.defaultTo(0))
      .addColumn('strip_prefix', 'integer', (c) => c.defaultTo(1))
      .addColumn('persistable', 'integer', (c) => c.defaultTo(0))
      .addColumn('show_api', 'integer', (c) => c.defaultTo(1))
      .addColumn('status', 'integer', (c) => c.defaultTo(1))
      .addColumn('sys_org_code', 'varchar(64)'),
  ).execute();

  await withAudit(
    withId(db.schema.createTable('sys_data_source'))
      .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)')
      .addColumn('remark', 'varchar(200)')
      .addColumn('db_type', 'varchar(10)')
      .addColumn('db_driver', 'varchar(100)')
      .addColumn('db_url', 'varchar(500)')
      .addColumn('db_name', 'varchar(100)')
      .addColumn('db_username', 'varchar(100)')
      .addColumn('db_password', 'varchar(500)')
      .addColumn('sys_org_code', 'varchar(64)'),
  ).execute();

  await withAudit(
    withId(db.schema.createTable('sys_check_rule'))
      .addColumn('rule_name', 'varchar(100)')
      .addColumn('rule_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('rule_json', 'varchar(1024)')
      .addColumn('rule_description', 'varchar(200)')
      .addColumn('sys_org_code', 'varchar(64)'),
  ).execute();

  await withAudit(
    withId(db.schema.createTable('sys_fill_rule'))
      .addColumn('rule_name', 'varchar(100)')
      .addColumn('rule_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('rule_class', 'varchar(100)')
      .addColumn('rule_params', 'varchar(200)')
      .addColumn('sys_org_code', 'varchar(64)'),
  ).execute();

  await db.schema.createIndex('idx_sys_user_del_time').on('sys_user').columns(['del_flag', 'create_time']).execute();
  await db.schema.createIndex('idx_sys_log_time').on('sys_log').column('create_time').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['sys_fill_rule', 'sys_check_rule', 'sys_data_source', 'sys_gateway_route', 'sys_category']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
