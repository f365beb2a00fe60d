import type { Kysely } from 'kysely';
import { ID, withAudit, withId } from '../migration-helpers.js';

/** Online reports (在线报表): the designer's head, columns and parameters, and the tables reports may read. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withAudit(
    withId(db.schema.createTable('onl_cgreport_head'))
      .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('cgr_sql', 'text', (c) => c.notNull())
      .addColumn('db_source', 'varchar(100)')
      .addColumn('content', 'varchar(500)')
      .addColumn('return_val_field', 'varchar(64)')
      .addColumn('return_txt_field', 'varchar(64)')
      .addColumn('return_type', 'varchar(10)')
      .addColumn('sys_org_code', 'varchar(64)'),
  ).execute();
  await withAudit(
    withId(db.schema.createTable('onl_cgreport_item'))
      .addColumn('cgrhead_id', ID, (c) => c.notNull())
      .addColumn('field_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('field_txt', 'varchar(100)')
      .addColumn('field_type', 'varchar(20)')
      .addColumn('field_width', 'integer')
      .addColumn('field_href', 'varchar(500)')
      .addColumn('search_mode', 'varchar(10)')
      .addColumn('is_search', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_show', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('dict_code', 'varchar(200)')
      .addColumn('replace_val', 'varchar(200)')
      .addColumn('group_title', 'varchar(100)'),
  ).execute();
  await db.schema.createIndex('uq_onl_cgreport_item').on('onl_cgreport_item').columns(['cgrhead_id', 'field_name']).unique().execute();
  await withAudit(
    withId(db.schema.createTable('onl_cgreport_param'))
      .addColumn('cgrhead_id', ID, (c) => c.notNull())
      .addColumn('param_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('param_txt', 'varchar(100)')
      .addColumn('param_value', 'varchar(500)')
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('uq_onl_cgreport_param').on('onl_cgreport_param').columns(['cgrhead_id', 'param_name']).unique().execute();
  await withId(db.schema.createTable('onl_report_table'))
    .addColumn('db_source', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('uq_onl_report_table').on('onl_report_table').columns(['db_source', 'table_name']).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['onl_report_table', 'onl_cgreport_param', 'onl_cgreport_item', 'onl_cgreport_head']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
