import type { Kysely } from 'kysely';
import { DT, ID, withAudit, withId } from '../migration-helpers.js';

/** Identity, organisation, permissions, dictionaries, logs, sessions and the key-value store. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withAudit(
    withId(db.schema.createTable('sys_user'))
      .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('realname', 'varchar(100)')
      .addColumn('password', 'varchar(255)')
      .addColumn('salt', 'varchar(64)')
      .addColumn('avatar', 'varchar(255)')
      .addColumn('birthday', 'varchar(10)')
      .addColumn('sex', 'integer')
      .addColumn('email', 'varchar(100)')
      .addColumn('phone', 'varchar(45)')
      .addColumn('org_code', 'varchar(64)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('work_no', 'varchar(100)')
      .addColumn('post', 'varchar(100)')
      .addColumn('telephone', 'varchar(45)')
      .addColumn('user_identity', 'integer')
      .addColumn('depart_ids', 'varchar(1000)')
      .addColumn('rel_tenant_ids', 'varchar(100)')
      .addColumn('client_id', 'varchar(64)'),
  ).execute();
  await db.schema.createIndex('idx_sys_user_org_code').on('sys_user').column('org_code').execute();
  await db.schema.createIndex('idx_sys_user_create_time').on('sys_user').column('create_time').execute();

  await withAudit(
    withId(db.schema.createTable('sys_role'))
      .addColumn('role_name', 'varchar(200)')
      .addColumn('role_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(255)')
      .addColumn('tenant_id', 'integer'),
  ).execute();

  await withId(db.schema.createTable('sys_user_role'))
    .addColumn('user_id', ID, (c) => c.notNull())
    .addColumn('role_id', ID, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_user_role_user').on('sys_user_role').column('user_id').execute();
  await db.schema.createIndex('idx_sys_user_role_role').on('sys_user_role').column('role_id').execute();

  await withAudit(
    withId(db.schema.createTable('sys_permission'))
      .addColumn('parent_id', ID)
      .addColumn('name', 'varchar(255)')
      .addColumn('url', 'varchar(255)')
      .addColumn('component', 'varchar(255)')
      .addColumn('component_name', 'varchar(100)')
      .addColumn('redirect', 'varchar(255)')
      .addColumn('menu_type', 'integer', (c) => c.notNull())
      .addColumn('perms', 'varchar(1000)')
      .addColumn('perms_type', 'varchar(10)', (c) => c.defaultTo('1'))
      .addColumn('sort_no', 'double precision', (c) => c.defaultTo(0))
      .addColumn('always_show', 'integer', (c) => c.defaultTo(0))
      .addColumn('icon', 'varchar(100)')
      .addColumn('is_route', 'integer', (c) => c.defaultTo(1))
      .addColumn('is_leaf', 'integer', (c) => c.defaultTo(1))
      .addColumn('keep_alive', 'integer', (c) => c.defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.defaultTo(0))
      .addColumn('hide_tab', 'integer', (c) => c.defaultTo(0))
      .addColumn('description', 'varchar(255)')
      .addColumn('status', 'varchar(2)', (c) => c.defaultTo('1'))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rule_flag', 'integer', (c) => c.defaultTo(0))
      .addColumn('internal_or_external', 'integer', (c) => c.defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_sys_permission_parent').on('sys_permission').column('parent_id').execute();

  await withId(db.schema.createTable('sys_role_permission'))
    .addColumn('role_id', ID, (c) => c.notNull())
    .addColumn('permission_id', ID, (c) => c.notNull())
    .addColumn('data_rule_ids', 'varchar(1000)')
    .addColumn('operate_date', DT)
    .addColumn('operate_ip', 'varchar(100)')
    .execute();
  await db.schema.createIndex('idx_sys_role_permission_role').on('sys_role_permission').column('role_id').execute();

  await withAudit(
    withId(db.schema.createTable('sys_depart'))
      .addColumn('parent_id', ID)
      .addColumn('depart_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('depart_name_en', 'varchar(500)')
      .addColumn('depart_name_abbr', 'varchar(500)')
      .addColumn('depart_order', 'integer', (c) => c.defaultTo(0))
      .addColumn('description', 'varchar(500)')
      .addColumn('org_category', 'varchar(10)', (c) => c.defaultTo('2'))
      .addColumn('org_type', 'varchar(10)')
      .addColumn('org_code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('mobile', 'varchar(32)')
      .addColumn('fax', 'varchar(32)')
      .addColumn('address', 'varchar(100)')
      .addColumn('memo', 'varchar(500)')
      .addColumn('status', 'varchar(2)', (c) => c.defaultTo('1'))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_sys_depart_parent').on('sys_depart').column('parent_id').execute();

  await withId(db.schema.createTable('sys_user_depart'))
    .addColumn('user_id', ID, (c) => c.notNull())
    .addColumn('dep_id', ID, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_user_depart_user').on('sys_user_depart').column('user_id').execute();
  await db.schema.createIndex('idx_sys_user_depart_dep').on('sys_user_depart').column('dep_id').execute();

  await withId(db.schema.createTable('sys_depart_permission'))
    .addColumn('depart_id', ID, (c) => c.notNull())
    .addColumn('permission_id', ID, (c) => c.notNull())
    .addColumn('data_rule_ids', 'varchar(1000)')
    .execute();

  await withAudit(
    withId(db.schema.createTable('sys_depart_role'))
      .addColumn('depart_id', ID, (c) => c.notNull())
      .addColumn('role_name', 'varchar(200)')
      .addColumn('role_code', 'varchar(100)')
      .addColumn('description', 'varchar(255)'),
  ).execute();

  await withId(db.schema.createTable('sys_depart_role_user'))
    .addColumn('user_id', ID, (c) => c.notNull())
    .addColumn('drole_id', ID, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_depart_role_user_user').on('sys_depart_role_user').column('user_id').execute();

  await withId(db.schema.createTable('sys_depart_role_permission'))
    .addColumn('depart_id', ID)
    .addColumn('role_id', ID, (c) => c.notNull())
    .addColumn('permission_id', ID, (c) => c.notNull())
    .addColumn('data_rule_ids', 'varchar(1000)')
    .addColumn('operate_date', DT)
    .addColumn('operate_ip', 'varchar(100)')
    .execute();
  await db.schema
    .createIndex('idx_sys_depart_role_permission_role')
    .on('sys_depart_role_permission')
    .column('role_id')
    .execute();

  await withAudit(
    withId(db.schema.createTable('sys_permission_data_rule'))
      .addColumn('permission_id', ID, (c) => c.notNull())
      .addColumn('rule_name', 'varchar(50)')
      .addColumn('rule_column', 'varchar(50)')
      .addColumn('rule_conditions', 'varchar(50)')
      .addColumn('rule_value', 'varchar(300)')
      .addColumn('status', 'varchar(3)', (c) => c.defaultTo('1')),
  ).execute();

  await withAudit(
    withId(db.schema.createTable('sys_dict'))
      .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('dict_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(255)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('type', 'integer', (c) => c.defaultTo(0)),
  ).execute();

  await withAudit(
    withId(db.schema.createTable('sys_dict_item'))
      .addColumn('dict_id', ID, (c) => c.notNull())
      .addColumn('item_text', 'varchar(100)', (c) => c.notNull())
      .addColumn('item_value', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(255)')
      .addColumn('sort_order', 'integer', (c) => c.defaultTo(0))
      .addColumn('status', 'integer', (c) => c.defaultTo(1)),
  ).execute();
  await db.schema.createIndex('idx_sys_dict_item_dict').on('sys_dict_item').column('dict_id').execute();

  await withAudit(
    withId(db.schema.createTable('sys_position'))
      .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('post_rank', 'varchar(2)')
      .addColumn('company_id', ID)
      .addColumn('sys_org_code', 'varchar(64)'),
  ).execute();

  await db.schema
    .createTable('sys_tenant')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('begin_date', DT)
    .addColumn('end_date', DT)
    .addColumn('status', 'integer', (c) => c.defaultTo(1))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', DT)
    .execute();

  await withId(db.schema.createTable('sys_log'))
    .addColumn('log_type', 'integer', (c) => c.notNull())
    .addColumn('log_content', 'varchar(1000)')
    .addColumn('operate_type', 'integer')
    .addColumn('userid', 'varchar(64)')
    .addColumn('username', 'varchar(100)')
    .addColumn('ip', 'varchar(100)')
    .addColumn('method', 'varchar(500)')
    .addColumn('request_url', 'varchar(255)')
    .addColumn('request_param', 'text')
    .addColumn('request_type', 'varchar(10)')
    .addColumn('cost_time', 'integer')
    .addColumn('outcome', 'varchar(10)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', DT)
    .execute();
  await db.schema.createIndex('idx_sys_log_type_time').on('sys_log').columns(['log_type', 'create_time']).execute();

  await db.schema
    .createTable('sys_session')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', ID, (c) => c.notNull())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer')
    .addColumn('ip', 'varchar(100)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_session_user').on('sys_session').column('user_id').execute();
  await db.schema.createIndex('idx_sys_session_expires').on('sys_session').column('expires_at').execute();

  await db.schema
    .createTable('sys_seed_log')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('applied_at', DT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('kv_store')
    .addColumn('k', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('v', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_kv_store_expires').on('kv_store').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'kv_store',
    'sys_seed_log',
    'sys_session',
    'sys_log',
    'sys_tenant',
    'sys_position',
    'sys_dict_item',
    'sys_dict',
    'sys_permission_data_rule',
    'sys_depart_role_permission',
    'sys_depart_role_user',
    'sys_depart_role',
    'sys_depart_permission',
    'sys_user_depart',
    'sys_depart',
    'sys_role_permission',
    'sys_permission',
    'sys_user_role',
    'sys_role',
    'sys_user',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
