import type { Kysely } from 'kysely';
import { ID, withAudit, withId } from '../migration-helpers.js';

/** Online forms (在线表单开发): the designer's table heads and fields. The generated tables are created by 同步数据库. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withAudit(
    withId(db.schema.createTable('onl_cgform_head'))
      .addColumn('table_name', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('table_txt', 'varchar(100)', (c) => c.notNull())
      .addColumn('table_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_tree', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('tree_parent_id_field', 'varchar(64)')
      .addColumn('tree_fieldname', 'varchar(64)')
      .addColumn('sub_table_str', 'varchar(1000)')
      .addColumn('relation_type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tab_order_num', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('form_template', 'varchar(10)')
      .addColumn('is_db_synch', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('table_version', 'integer', (c) => c.notNull().defaultTo(1))
      // the fields as last synchronised (JSON), what the next synchronisation compares against
      .addColumn('synced_fields', 'text')
      .addColumn('sys_org_code', 'varchar(64)'),
  ).execute();
  await withAudit(
    withId(db.schema.createTable('onl_cgform_field'))
      .addColumn('cgform_head_id', ID, (c) => c.notNull())
      .addColumn('db_field_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('db_field_txt', 'varchar(100)', (c) => c.notNull())
      .addColumn('db_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('db_length', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('db_point_length', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('db_is_null', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('field_valid_type', 'varchar(200)')
      .addColumn('dict_field', 'varchar(100)')
      .addColumn('dict_table', 'varchar(64)')
      .addColumn('dict_text', 'varchar(64)')
      .addColumn('field_show_type', 'varchar(20)', (c) => c.notNull().defaultTo('text'))
      .addColumn('is_show_list', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_show_form', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_query', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('query_mode', 'varchar(10)', (c) => c.notNull().defaultTo('single'))
      .addColumn('main_table', 'varchar(64)')
      .addColumn('main_field', 'varchar(64)')
      .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('uq_onl_cgform_field').on('onl_cgform_field').columns(['cgform_head_id', 'db_field_name']).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['onl_cgform_field', 'onl_cgform_head']) await db.schema.dropTable(t).ifExists().execute();
}
