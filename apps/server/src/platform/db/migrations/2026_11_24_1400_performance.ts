import type { Kysely } from 'kysely';
import { DT, ID, withAudit, withId } from '../migration-helpers.js';

const MONTHS = ['jan', 'february', 'march', 'april', 'mar', 'june', 'july', 'august', 'septem', 'october', 'november', 'decem'];
const QUARTERS = ['first', 'second', 'third', 'fourth'];

/**
 * Performance evaluation: the yearly sheet (user_year_perf, one score per month; May is `mar_branch`
 * as on the wire), the quarterly sheet (user_year_part), the ledger that makes an evaluation's score
 * land once, and questionnaires (问卷评价) with their surveys, raters and answers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let perf = withAudit(
    withId(db.schema.createTable('user_year_perf'))
      .addColumn('user_id', ID, (c) => c.notNull())
      .addColumn('user_name', 'varchar(100)')
      .addColumn('org_name', 'varchar(100)')
      .addColumn('year_part', 'varchar(4)', (c) => c.notNull())
      .addColumn('sys_org_code', 'varchar(64)')
      .addColumn('depart_name', 'varchar(100)'),
  );
  for (const m of MONTHS) perf = perf.addColumn(`${m}_branch`, 'double precision');
  await perf.addColumn('avg_count', 'double precision').execute();
  await db.schema.createIndex('uq_user_year_perf_user_year').on('user_year_perf').columns(['user_id', 'year_part']).unique().execute();
  await db.schema.createIndex('idx_user_year_perf_org').on('user_year_perf').columns(['year_part', 'sys_org_code']).execute();

  let part = withAudit(
    withId(db.schema.createTable('user_year_part'))
      .addColumn('user_id', ID, (c) => c.notNull())
      .addColumn('user_name', 'varchar(100)')
      .addColumn('org_name', 'varchar(100)')
      .addColumn('year_part', 'varchar(4)', (c) => c.notNull())
      .addColumn('sys_org_code', 'varchar(64)')
      .addColumn('depart_name', 'varchar(100)')
      .addColumn('post_name', 'varchar(100)'),
  );
  for (const q of QUARTERS) part = part.addColumn(`${q}_quarter`, 'double precision').addColumn(`${q}_quarter_id`, 'varchar(64)');
  await part.execute();
  await db.schema.createIndex('uq_user_year_part_user_year').on('user_year_part').columns(['user_id', 'year_part']).unique().execute();
  await db.schema.createIndex('idx_user_year_part_org').on('user_year_part').columns(['year_part', 'sys_org_code']).execute();

  // One row per finished evaluation: its unique key makes the score land exactly once.
  await withId(db.schema.createTable('pf_score_entry'))
    .addColumn('evaluation_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', ID, (c) => c.notNull())
    .addColumn('year_part', 'varchar(4)', (c) => c.notNull())
    .addColumn('month', 'integer')
    .addColumn('quarter', 'integer')
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('create_time', DT)
    .execute();

  await withAudit(
    withId(db.schema.createTable('pf_questionnaire'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('sys_org_code', 'varchar(64)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await withId(db.schema.createTable('pf_question'))
    .addColumn('questionnaire_id', ID, (c) => c.notNull())
    .addColumn('sort_no', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('weight', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('options', 'text')
    .execute();
  await db.schema.createIndex('idx_pf_question_questionnaire').on('pf_question').columns(['questionnaire_id', 'sort_no']).execute();

  await withAudit(
    withId(db.schema.createTable('pf_survey'))
      .addColumn('questionnaire_id', ID, (c) => c.notNull())
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('year_part', 'varchar(4)')
      .addColumn('target_user_id', ID, (c) => c.notNull())
      .addColumn('target_username', 'varchar(100)', (c) => c.notNull())
      .addColumn('target_realname', 'varchar(100)')
      .addColumn('sys_org_code', 'varchar(64)')
      .addColumn('depart_name', 'varchar(100)'),
  ).execute();
  await db.schema.createIndex('idx_pf_survey_org').on('pf_survey').columns(['sys_org_code', 'create_time']).execute();

  await withId(db.schema.createTable('pf_survey_rater'))
    .addColumn('survey_id', ID, (c) => c.notNull())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('relation', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer_time', DT)
    .addColumn('create_time', DT)
    .execute();
  await db.schema.createIndex('uq_pf_survey_rater').on('pf_survey_rater').columns(['survey_id', 'username']).unique().execute();
  await db.schema.createIndex('idx_pf_survey_rater_user').on('pf_survey_rater').columns(['username', 'status']).execute();

  // Answers are kept by survey, not by rater: the person evaluated can never be told who said what.
  await withId(db.schema.createTable('pf_survey_answer'))
    .addColumn('survey_id', ID, (c) => c.notNull())
    .addColumn('sheet_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('question_id', ID, (c) => c.notNull())
    .addColumn('value', 'text')
    .execute();
  await db.schema.createIndex('idx_pf_survey_answer_survey').on('pf_survey_answer').columns(['survey_id', 'question_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['pf_survey_answer', 'pf_survey_rater', 'pf_survey', 'pf_question', 'pf_questionnaire', 'pf_score_entry', 'user_year_part', 'user_year_perf']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
