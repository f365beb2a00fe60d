import { sql, type Kysely } from 'kysely';
import { DT, ID, withAudit, withId } from '../migration-helpers.js';

/**
 * Goods ledger (docs/ledger.md): categories, items, warehouses, suppliers, the stock balance, the
 * append-only entries, assets one by one, the procure pool, and the goods forms with their lines.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withAudit(
    withId(db.schema.createTable('ld_category'))
      .addColumn('parent_id', ID)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('code', 'varchar(50)')
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await withAudit(
    withId(db.schema.createTable('ld_item'))
      .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('category_id', ID)
      .addColumn('spec', 'varchar(200)')
      .addColumn('unit', 'varchar(20)', (c) => c.notNull())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('price', 'numeric(14, 2)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(500)'),
  ).execute();
  await db.schema.createIndex('idx_ld_item_category').on('ld_item').column('category_id').execute();

  await withAudit(
    withId(db.schema.createTable('ld_warehouse'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('type', 'varchar(10)', (c) => c.notNull().defaultTo('main'))
      .addColumn('sys_org_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('address', 'varchar(200)')
      .addColumn('keeper', 'varchar(64)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await db.schema.createIndex('idx_ld_warehouse_org').on('ld_warehouse').column('sys_org_code').execute();

  await withAudit(
    withId(db.schema.createTable('ld_supplier'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('credit_code', 'varchar(18)', (c) => c.notNull().unique())
      .addColumn('contacts', 'varchar(50)')
      .addColumn('phone', 'varchar(20)')
      .addColumn('email', 'varchar(100)')
      .addColumn('bank_name', 'varchar(100)')
      .addColumn('bank_account', 'varchar(20)')
      .addColumn('address', 'varchar(200)')
      .addColumn('qualification_files', 'text')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(500)')
      .addColumn('sys_org_code', 'varchar(64)'),
  ).execute();

  await db.schema
    .createTable('ld_stock')
    .addColumn('item_id', ID, (c) => c.notNull())
    .addColumn('warehouse_id', ID, (c) => c.notNull())
    .addColumn('sys_org_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_time', DT)
    .addPrimaryKeyConstraint('pk_ld_stock', ['item_id', 'warehouse_id'])
    .addCheckConstraint('ck_ld_stock_qty', sql`qty >= 0`)
    .execute();
  await db.schema
    .createIndex('idx_ld_stock_org')
    .on('ld_stock')
    .columns(['sys_org_code', 'item_id'])
    .execute();

  await db.schema
    .createTable('ld_entry')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('item_id', ID, (c) => c.notNull())
    .addColumn('warehouse_id', ID)
    .addColumn('sys_org_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('asset_id', ID)
    .addColumn('movement', 'varchar(20)', (c) => c.notNull())
    .addColumn('qty_change', 'integer', (c) => c.notNull())
    .addColumn('qty_before', 'integer', (c) => c.notNull())
    .addColumn('qty_after', 'integer', (c) => c.notNull())
    .addColumn('form_type', 'varchar(40)')
    .addColumn('form_id', ID)
    .addColumn('form_title', 'varchar(200)')
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .addColumn('holder_before', 'varchar(64)')
    .addColumn('holder_after', 'varchar(64)')
    .addColumn('price', 'numeric(14, 2)')
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_time', DT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_ld_entry_item')
    .on('ld_entry')
    .columns(['item_id', 'create_time'])
    .execute();
  await db.schema.createIndex('idx_ld_entry_asset').on('ld_entry').column('asset_id').execute();
  await db.schema.createIndex('idx_ld_entry_form').on('ld_entry').column('form_id').execute();

  await withAudit(
    withId(db.schema.createTable('ld_asset'))
      .addColumn('asset_no', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('item_id', ID, (c) => c.notNull())
      .addColumn('warehouse_id', ID)
      .addColumn('sys_org_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('holder', 'varchar(64)')
      .addColumn('holder_name', 'varchar(100)')
      .addColumn('location', 'varchar(200)')
      .addColumn('price', 'numeric(14, 2)')
      .addColumn('supplier_id', ID)
      .addColumn('state_time', DT),
  ).execute();
  await db.schema
    .createIndex('idx_ld_asset_state')
    .on('ld_asset')
    .columns(['state', 'sys_org_code'])
    .execute();
  await db.schema
    .createIndex('idx_ld_asset_item')
    .on('ld_asset')
    .columns(['item_id', 'warehouse_id', 'state'])
    .execute();
  await db.schema.createIndex('idx_ld_asset_holder').on('ld_asset').column('holder').execute();

  await withAudit(
    withId(db.schema.createTable('ld_procure_pool'))
      .addColumn('item_id', ID)
      .addColumn('item_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('spec', 'varchar(200)')
      .addColumn('unit', 'varchar(20)')
      .addColumn('qty', 'integer', (c) => c.notNull())
      .addColumn('price', 'numeric(14, 2)')
      .addColumn('supplier_id', ID)
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mark_name', 'varchar(200)')
      .addColumn('marked_by', 'varchar(64)')
      .addColumn('marked_time', DT)
      .addColumn('source_form_id', ID)
      .addColumn('source_title', 'varchar(200)')
      .addColumn('applicant', 'varchar(64)')
      .addColumn('applicant_name', 'varchar(100)')
      .addColumn('entry_form_id', ID)
      .addColumn('remark', 'varchar(500)')
      .addColumn('sys_org_code', 'varchar(64)', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('idx_ld_procure_pool_org')
    .on('ld_procure_pool')
    .columns(['sys_org_code', 'status'])
    .execute();

  await withAudit(
    withId(db.schema.createTable('ld_form'))
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('applicant', 'varchar(64)', (c) => c.notNull())
      .addColumn('applicant_name', 'varchar(100)')
      .addColumn('sys_org_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('reason', 'varchar(2000)')
      .addColumn('receiver', 'varchar(64)')
      .addColumn('duties', 'varchar(2000)')
      .addColumn('photos', 'text')
      .addColumn('claim_org_code', 'varchar(64)')
      .addColumn('cross_company', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('act_status', 'varchar(200)')
      .addColumn('last_approver', 'varchar(64)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_ld_form_kind').on('ld_form').columns(['kind', 'sys_org_code']).execute();

  await db.schema
    .createTable('ld_form_line')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('form_id', ID, (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('item_id', ID)
    .addColumn('item_name', 'varchar(100)')
    .addColumn('spec', 'varchar(200)')
    .addColumn('unit', 'varchar(20)')
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('price', 'numeric(14, 2)')
    .addColumn('supplier_id', ID)
    .addColumn('warehouse_id', ID)
    .addColumn('to_warehouse_id', ID)
    .addColumn('asset_id', ID)
    .addColumn('pool_id', ID)
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema.createIndex('idx_ld_form_line_form').on('ld_form_line').column('form_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'ld_form_line',
    'ld_form',
    'ld_procure_pool',
    'ld_asset',
    'ld_entry',
    'ld_stock',
    'ld_supplier',
    'ld_warehouse',
    'ld_item',
    'ld_category',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
