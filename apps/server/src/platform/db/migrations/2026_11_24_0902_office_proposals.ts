import type { Kysely } from 'kysely';
import { DT, ID, withId } from '../migration-helpers.js';

/**
 * Adopted proposals (owner and follow-up mission) and likes. The proposal form's own table `oa_proposal`
 * is created from its declaration when the form type registers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oa_proposal_adoption')
    .addColumn('proposal_id', ID, (c) => c.primaryKey())
    .addColumn('adopt_time', DT)
    .addColumn('owner', 'varchar(100)')
    .addColumn('owner_name', 'varchar(100)')
    .addColumn('mission_id', ID)
    .addColumn('assign_by', 'varchar(64)')
    .addColumn('assign_time', DT)
    .execute();
  await withId(db.schema.createTable('oa_proposal_like'))
    .addColumn('proposal_id', ID, (c) => c.notNull())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('create_time', DT)
    .execute();
  await db.schema.createIndex('uq_oa_proposal_like').on('oa_proposal_like').columns(['proposal_id', 'username']).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oa_proposal_like').ifExists().execute();
  await db.schema.dropTable('oa_proposal_adoption').ifExists().execute();
}
