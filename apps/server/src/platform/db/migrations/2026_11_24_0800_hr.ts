import type { Kysely } from 'kysely';
import { DT, ID, withAudit, withId } from '../migration-helpers.js';

/**
 * HR records (docs/hr.md): the employee file, its change log (timeline), interview rounds, move requests
 * (pending approvals and applied moves) and transfer records.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withAudit(
    withId(db.schema.createTable('hy_user'))
      .addColumn('user_id', ID)
      .addColumn('username', 'varchar(64)')
      .addColumn('realname', 'varchar(100)', (c) => c.notNull())
      .addColumn('sex', 'varchar(2)')
      .addColumn('birthday', 'varchar(10)')
      .addColumn('id_card', 'varchar(18)')
      .addColumn('native_place', 'varchar(100)')
      .addColumn('nation', 'varchar(50)')
      .addColumn('political', 'varchar(10)')
      .addColumn('marriage', 'varchar(10)')
      .addColumn('children', 'integer')
      .addColumn('mobile', 'varchar(20)')
      .addColumn('telephone', 'varchar(30)')
      .addColumn('email', 'varchar(100)')
      .addColumn('qq', 'varchar(20)')
      .addColumn('address', 'varchar(255)')
      .addColumn('emergency_contact', 'varchar(100)')
      .addColumn('emergency_phone', 'varchar(20)')
      .addColumn('degree', 'varchar(10)')
      .addColumn('school', 'varchar(100)')
      .addColumn('major', 'varchar(100)')
      .addColumn('graduation_date', 'varchar(10)')
      .addColumn('educations', 'text')
      .addColumn('work_history', 'text')
      .addColumn('org_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('depart_name', 'varchar(100)')
      .addColumn('post', 'varchar(100)')
      .addColumn('rank', 'varchar(10)')
      .addColumn('job_title', 'varchar(100)')
      .addColumn('entry_date', 'varchar(10)')
      .addColumn('regular_date', 'varchar(10)')
      .addColumn('employ_type', 'varchar(10)')
      .addColumn('probation_months', 'integer')
      .addColumn('bank_name', 'varchar(100)')
      .addColumn('bank_card', 'varchar(20)')
      .addColumn('social_security', 'varchar(2)')
      .addColumn('social_security_base', 'numeric(12, 2)')
      .addColumn('housing_fund', 'varchar(2)')
      .addColumn('housing_fund_base', 'numeric(12, 2)')
      .addColumn('contract_no', 'varchar(64)')
      .addColumn('contract_type', 'varchar(10)')
      .addColumn('contract_start', 'varchar(10)')
      .addColumn('contract_end', 'varchar(10)')
      .addColumn('contract_renewals', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('photo', 'varchar(500)')
      .addColumn('attachments', 'text')
      .addColumn('apply_post', 'varchar(100)')
      .addColumn('source', 'varchar(50)')
      .addColumn('offer_date', 'varchar(10)')
      .addColumn('onboarding', 'text')
      // applicant, talent, interview, new, probation, regular, dimission, blacklist
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('status_date', 'varchar(10)')
      .addColumn('pending_move', 'varchar(16)')
      .addColumn('dimission_type', 'varchar(10)')
      .addColumn('dimission_date', 'varchar(10)')
      .addColumn('dimission_reason', 'varchar(500)')
      .addColumn('handover', 'varchar(500)')
      .addColumn('blacklist_reason', 'varchar(500)')
      .addColumn('blacklist_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duplicate_of', ID)
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_hy_user_status_org').on('hy_user').columns(['status', 'org_code']).execute();
  await db.schema.createIndex('idx_hy_user_org').on('hy_user').columns(['org_code', 'create_time']).execute();
  await db.schema.createIndex('idx_hy_user_id_card').on('hy_user').column('id_card').execute();
  await db.schema.createIndex('idx_hy_user_mobile').on('hy_user').column('mobile').execute();
  await db.schema.createIndex('idx_hy_user_user').on('hy_user').column('user_id').execute();

  // The change log and timeline: one row per changed field (moves: `status` plus the job fields they change).
  await withId(db.schema.createTable('hy_user_log'))
    .addColumn('hy_user_id', ID)
    .addColumn('realname', 'varchar(100)')
    .addColumn('org_code', 'varchar(64)')
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('field', 'varchar(64)')
    .addColumn('field_label', 'varchar(64)')
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('reason', 'varchar(500)')
    .addColumn('effective_date', 'varchar(10)')
    .addColumn('operator', 'varchar(64)')
    .addColumn('operator_name', 'varchar(100)')
    .addColumn('create_time', DT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_hy_user_log_user').on('hy_user_log').columns(['hy_user_id', 'create_time']).execute();
  await db.schema.createIndex('idx_hy_user_log_org').on('hy_user_log').columns(['org_code', 'create_time']).execute();

  await withAudit(
    withId(db.schema.createTable('hy_interview'))
      .addColumn('hy_user_id', ID, (c) => c.notNull())
      .addColumn('org_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('interview_date', DT)
      .addColumn('interviewers', 'varchar(255)')
      .addColumn('score', 'integer')
      // pass, fail, pending
      .addColumn('verdict', 'varchar(10)', (c) => c.notNull())
      .addColumn('comment', 'varchar(1000)'),
  ).execute();
  await db.schema.createIndex('idx_hy_interview_user').on('hy_interview').columns(['hy_user_id', 'round']).execute();

  // A move that needs approval (hire, transfer, dimission): pending until its process ends.
  await withAudit(
    withId(db.schema.createTable('hy_move'))
      .addColumn('hy_user_id', ID, (c) => c.notNull())
      .addColumn('org_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('reason', 'varchar(500)')
      .addColumn('effective_date', 'varchar(10)')
      // pending, done, rejected
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('operator', 'varchar(64)')
      .addColumn('operator_name', 'varchar(100)')
      .addColumn('act_status', 'varchar(100)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_hy_move_user').on('hy_move').columns(['hy_user_id', 'status']).execute();

  await withId(db.schema.createTable('hy_transfer'))
    .addColumn('hy_user_id', ID, (c) => c.notNull())
    .addColumn('realname', 'varchar(100)')
    .addColumn('from_org_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_depart_name', 'varchar(100)')
    .addColumn('to_org_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('to_depart_name', 'varchar(100)')
    .addColumn('from_post', 'varchar(100)')
    .addColumn('to_post', 'varchar(100)')
    .addColumn('from_rank', 'varchar(10)')
    .addColumn('to_rank', 'varchar(10)')
    .addColumn('effective_date', 'varchar(10)')
    .addColumn('reason', 'varchar(500)')
    .addColumn('operator', 'varchar(64)')
    .addColumn('operator_name', 'varchar(100)')
    .addColumn('create_time', DT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_hy_transfer_from').on('hy_transfer').columns(['from_org_code', 'create_time']).execute();
  await db.schema.createIndex('idx_hy_transfer_to').on('hy_transfer').columns(['to_org_code', 'create_time']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['hy_transfer', 'hy_move', 'hy_interview', 'hy_user_log', 'hy_user']) await db.schema.dropTable(t).ifExists().execute();
}
