import type { Kysely } from 'kysely';
import { DT, ID, withId } from '../migration-helpers.js';

/**
 * KPI rounds: HR or a manager starts the 季度KPI考评 of a department or company for one period; each
 * member's outcome (created, skipped, failed) is kept. `period_key` (username|year|quarter, only on
 * created items) is unique, so two rounds started at once never file a member twice.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('pf_kpi_round'))
    .addColumn('year_part', 'integer', (c) => c.notNull())
    .addColumn('quarter', 'integer', (c) => c.notNull())
    .addColumn('org_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('depart_name', 'varchar(100)')
    .addColumn('kpi_goal', 'text')
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_by_name', 'varchar(100)')
    .addColumn('create_time', DT)
    .execute();
  await db.schema.createIndex('idx_pf_kpi_round_org').on('pf_kpi_round').columns(['org_code', 'create_time']).execute();
  await withId(db.schema.createTable('pf_kpi_round_item'))
    .addColumn('round_id', ID, (c) => c.notNull())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('realname', 'varchar(100)')
    .addColumn('org_code', 'varchar(64)')
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('application_id', ID)
    .addColumn('form_id', ID)
    .addColumn('period_key', 'varchar(140)')
    .addColumn('create_time', DT)
    .execute();
  await db.schema.createIndex('idx_pf_kpi_round_item_round').on('pf_kpi_round_item').columns(['round_id']).execute();
  await db.schema.createIndex('uq_pf_kpi_round_item_period').on('pf_kpi_round_item').columns(['period_key']).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pf_kpi_round_item').ifExists().execute();
  await db.schema.dropTable('pf_kpi_round').ifExists().execute();
}
