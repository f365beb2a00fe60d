import type { Kysely } from 'kysely';
import { DT, ID, withAudit, withId } from '../migration-helpers.js';

/** Announcements and their per-user read state, ticker news, scheduled jobs and their runs, message templates and the outbox. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withAudit(
    withId(db.schema.createTable('sys_announcement'))
      .addColumn('titile', 'varchar(200)')
      .addColumn('msg_content', 'text')
      .addColumn('start_time', DT)
      .addColumn('end_time', DT)
      .addColumn('sender', 'varchar(100)')
      .addColumn('priority', 'varchar(2)')
      .addColumn('msg_category', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
      .addColumn('msg_type', 'varchar(10)', (c) => c.notNull().defaultTo('ALL'))
      .addColumn('send_status', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
      .addColumn('send_time', DT)
      .addColumn('cancel_time', DT)
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bus_type', 'varchar(20)')
      .addColumn('bus_id', 'varchar(50)')
      .addColumn('open_type', 'varchar(20)')
      .addColumn('open_page', 'varchar(255)')
      .addColumn('msg_abstract', 'text')
      .addColumn('user_ids', 'text'),
  ).execute();
  await db.schema
    .createIndex('idx_sys_announcement_status')
    .on('sys_announcement')
    .columns(['send_status', 'del_flag', 'msg_type'])
    .execute();

  await withAudit(
    withId(db.schema.createTable('sys_announcement_send'))
      .addColumn('annt_id', ID, (c) => c.notNull())
      .addColumn('user_id', ID, (c) => c.notNull())
      .addColumn('read_flag', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
      .addColumn('read_time', DT),
  ).execute();
  await db.schema
    .createIndex('uq_sys_announcement_send')
    .on('sys_announcement_send')
    .columns(['annt_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('idx_sys_announcement_send_user')
    .on('sys_announcement_send')
    .columns(['user_id', 'read_flag'])
    .execute();

  await withAudit(
    withId(db.schema.createTable('announcement_news'))
      .addColumn('notice_type', 'varchar(32)')
      .addColumn('notice_title', 'varchar(200)', (c) => c.notNull())
      .addColumn('notice_person', 'varchar(100)')
      .addColumn('notice_describe', 'varchar(500)')
      .addColumn('notice_content', 'text')
      .addColumn('sys_org_code', 'varchar(64)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_announcement_news_time').on('announcement_news').column('create_time').execute();

  await withAudit(
    withId(db.schema.createTable('sys_quartz_job'))
      .addColumn('job_class_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('cron_expression', 'varchar(255)', (c) => c.notNull())
      .addColumn('parameter', 'text')
      .addColumn('description', 'varchar(255)')
      // 0 running, -1 paused
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      // epoch ms of the next firing; the claim `UPDATE … WHERE next_fire = old` makes each firing run once
      .addColumn('next_fire', 'bigint')
      .addColumn('last_fire', 'bigint'),
  ).execute();
  await db.schema.createIndex('idx_sys_quartz_job_due').on('sys_quartz_job').columns(['status', 'next_fire']).execute();

  await withId(db.schema.createTable('sys_quartz_job_log'))
    .addColumn('job_id', ID, (c) => c.notNull())
    .addColumn('job_class_name', 'varchar(255)')
    // 'cron' or 'manual'
    .addColumn('trigger_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('fire_time', 'bigint', (c) => c.notNull())
    .addColumn('start_time', DT)
    .addColumn('end_time', DT)
    .addColumn('cost_time', 'integer')
    // 'success' or 'fail'
    .addColumn('status', 'varchar(10)')
    .addColumn('message', 'text')
    .addColumn('instance', 'varchar(100)')
    .execute();
  await db.schema
    .createIndex('uq_sys_quartz_job_log_fire')
    .on('sys_quartz_job_log')
    .columns(['job_id', 'trigger_type', 'fire_time'])
    .unique()
    .execute();

  await withAudit(
    withId(db.schema.createTable('sys_sms_template'))
      .addColumn('template_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('template_code', 'varchar(32)', (c) => c.notNull().unique())
      // 1 SMS, 2 e-mail, 3 messenger, 4 in-app
      .addColumn('template_type', 'varchar(1)', (c) => c.notNull())
      .addColumn('template_content', 'text', (c) => c.notNull())
      .addColumn('template_test_json', 'text'),
  ).execute();

  await withAudit(
    withId(db.schema.createTable('sys_message'))
      .addColumn('es_title', 'varchar(200)')
      // channel: system, messenger, email, record
      .addColumn('es_type', 'varchar(20)')
      .addColumn('es_receiver', 'varchar(1000)')
      .addColumn('es_param', 'text')
      .addColumn('es_content', 'text')
      .addColumn('es_send_time', DT)
      // 0 pending, 1 sent, 2 failed
      .addColumn('es_send_status', 'varchar(2)')
      .addColumn('es_send_num', 'integer')
      .addColumn('es_result', 'varchar(500)')
      .addColumn('remark', 'varchar(500)'),
  ).execute();
}
