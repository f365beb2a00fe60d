import type { Kysely } from 'kysely';
import { DT, ID, withAudit, withId } from '../migration-helpers.js';

/** Weekly reports with per-recipient read state, comments shared by office records, missions with items, kanban boards. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withAudit(
    withId(db.schema.createTable('oa_weekly'))
      .addColumn('username', 'varchar(100)', (c) => c.notNull())
      .addColumn('realname', 'varchar(100)')
      .addColumn('sys_org_code', 'varchar(64)')
      // Monday of the week in GMT+8, yyyy-MM-dd
      .addColumn('week_start', 'varchar(10)', (c) => c.notNull())
      .addColumn('done_content', 'text')
      .addColumn('plan_content', 'text')
      .addColumn('problem_content', 'text')
      .addColumn('attachments', 'text')
      // 0 draft, 1 submitted
      .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
      .addColumn('submit_time', DT),
  ).execute();
  await db.schema.createIndex('uq_oa_weekly_user_week').on('oa_weekly').columns(['username', 'week_start']).unique().execute();
  await db.schema.createIndex('idx_oa_weekly_week').on('oa_weekly').columns(['week_start', 'status']).execute();

  await withId(db.schema.createTable('oa_weekly_recipient'))
    .addColumn('weekly_id', ID, (c) => c.notNull())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('realname', 'varchar(100)')
    .addColumn('read_flag', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
    .addColumn('read_time', DT)
    .addColumn('create_time', DT)
    .execute();
  await db.schema.createIndex('uq_oa_weekly_recipient').on('oa_weekly_recipient').columns(['weekly_id', 'username']).unique().execute();
  await db.schema.createIndex('idx_oa_weekly_recipient_user').on('oa_weekly_recipient').columns(['username', 'read_flag']).execute();

  await withId(db.schema.createTable('oa_comment'))
    // weekly | mission
    .addColumn('biz_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('biz_id', ID, (c) => c.notNull())
    .addColumn('parent_id', ID)
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('realname', 'varchar(100)')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('create_time', DT)
    .execute();
  await db.schema.createIndex('idx_oa_comment_biz').on('oa_comment').columns(['biz_type', 'biz_id']).execute();

  await withAudit(
    withId(db.schema.createTable('oa_board'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)')
      .addColumn('sys_org_code', 'varchar(64)')
      // JSON [{key, title, status}] or null for the status columns
      .addColumn('columns', 'text')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await withAudit(
    withId(db.schema.createTable('oa_mission'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('owner', 'varchar(100)', (c) => c.notNull())
      .addColumn('owner_name', 'varchar(100)')
      // comma-separated usernames
      .addColumn('participants', 'text')
      .addColumn('priority', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
      .addColumn('start_date', 'varchar(10)')
      // calendar day in GMT+8, yyyy-MM-dd
      .addColumn('due_date', 'varchar(10)')
      // 0 未开始 1 进行中 2 已完成 3 已逾期 4 已取消
      .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('attachments', 'text')
      .addColumn('board_id', ID)
      .addColumn('column_key', 'varchar(50)')
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('finish_time', DT)
      .addColumn('due_reminded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('overdue_reminded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sys_org_code', 'varchar(64)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_oa_mission_board').on('oa_mission').columns(['board_id', 'del_flag']).execute();
  await db.schema.createIndex('idx_oa_mission_due').on('oa_mission').columns(['status', 'due_date']).execute();

  await withId(db.schema.createTable('oa_mission_item'))
    .addColumn('mission_id', ID, (c) => c.notNull())
    // task (sub-task) | check (checklist item)
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', DT)
    .execute();
  await db.schema.createIndex('idx_oa_mission_item').on('oa_mission_item').column('mission_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['oa_mission_item', 'oa_mission', 'oa_board', 'oa_comment', 'oa_weekly_recipient', 'oa_weekly']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
