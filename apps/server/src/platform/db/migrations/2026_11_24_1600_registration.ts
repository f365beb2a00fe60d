import type { Kysely } from 'kysely';
import { DT, ID } from '../migration-helpers.js';

/**
 * Public applicant registration (docs/hr.md "在线登记"): one row per submission with the hash of the
 * applicant's code, what was submitted, the stored photo and CV, the outcome and the personality-test
 * result; the file keeps its latest test type in `hy_user.mbti_type` for the lists.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('hy_registration')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('hy_user_id', ID)
    .addColumn('matched_id', ID)
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('realname', 'varchar(100)', (c) => c.notNull())
    .addColumn('org_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('apply_post', 'varchar(100)')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('photo', 'varchar(200)')
    .addColumn('cv', 'varchar(200)')
    .addColumn('cv_name', 'varchar(200)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('mbti_type', 'varchar(4)')
    .addColumn('mbti_scores', 'text')
    .addColumn('mbti_time', DT)
    .addColumn('create_time', DT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('uk_hy_registration_code')
    .on('hy_registration')
    .column('code_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('idx_hy_registration_user')
    .on('hy_registration')
    .columns(['hy_user_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_hy_registration_matched')
    .on('hy_registration')
    .column('matched_id')
    .execute();
  await db.schema.alterTable('hy_user').addColumn('mbti_type', 'varchar(4)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hy_user').dropColumn('mbti_type').execute();
  await db.schema.dropTable('hy_registration').ifExists().execute();
}
