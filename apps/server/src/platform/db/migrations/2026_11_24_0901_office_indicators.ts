import type { Kysely } from 'kysely';
import { DT, ID, withAudit, withId } from '../migration-helpers.js';

/** Strategic indicators (yearly, per company or department) and their monthly targets and actuals. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withAudit(
    withId(db.schema.createTable('oa_indicator'))
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('unit', 'varchar(20)')
      .addColumn('target', 'double precision', (c) => c.notNull())
      .addColumn('weight', 'double precision', (c) => c.notNull())
      .addColumn('owner', 'varchar(100)', (c) => c.notNull())
      .addColumn('owner_name', 'varchar(100)')
      // the company or department the indicator belongs to (also its company scope)
      .addColumn('sys_org_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_oa_indicator_year').on('oa_indicator').columns(['year', 'sys_org_code']).execute();

  await withId(db.schema.createTable('oa_indicator_month'))
    .addColumn('indicator_id', ID, (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('target', 'double precision')
    .addColumn('actual', 'double precision')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', DT)
    .execute();
  await db.schema.createIndex('uq_oa_indicator_month').on('oa_indicator_month').columns(['indicator_id', 'month']).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oa_indicator_month').ifExists().execute();
  await db.schema.dropTable('oa_indicator').ifExists().execute();
}
