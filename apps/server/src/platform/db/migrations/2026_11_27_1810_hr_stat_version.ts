import { sql, type Kysely } from 'kysely';

/**
 * 人事统计 kept exact without recounting the roster per call (docs/hr.md "Statistics at scale"): a one-row
 * table `hy_stat_version` whose version the database moves on with every write to `hy_user` that can change a
 * statistic — an insert, a delete, or an update of a column the twelve statistics read. Triggers do it, so
 * every writer counts (the services, imports, approval hooks, scheduled moves, hand-written SQL), on every
 * server instance. The dashboard keeps its computed figures per statistic and scope with the version and
 * the day they were computed for, and answers from them while both still hold; otherwise it computes
 * them again from the roster.
 *
 * SQLite triggers are per row; PostgreSQL's are per statement (one bump per statement, also on TRUNCATE).
 */
const COLUMNS = [
  'status',
  'del_flag',
  'org_code',
  'sex',
  'degree',
  'political',
  'job_title',
  'rank',
  'social_security',
  'housing_fund',
  'marriage',
  'children',
  'birthday',
  'entry_date',
  'dimission_date',
  'create_time',
  'apply_post',
].join(', ');

async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`create table hy_stat_version (id integer primary key, version bigint not null)`);
  await run(`insert into hy_stat_version (id, version) values (1, 0)`);
  const bump = `update hy_stat_version set version = version + 1 where id = 1`;
  if (await isPostgres(db)) {
    await run(`create or replace function hy_stat_bump() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`);
    await run(`create trigger trg_hy_user_stat_insert after insert on hy_user for each statement execute function hy_stat_bump()`);
    await run(`create trigger trg_hy_user_stat_update after update of ${COLUMNS} on hy_user for each statement execute function hy_stat_bump()`);
    await run(`create trigger trg_hy_user_stat_delete after delete on hy_user for each statement execute function hy_stat_bump()`);
    await run(`create trigger trg_hy_user_stat_truncate after truncate on hy_user for each statement execute function hy_stat_bump()`);
  } else {
    await run(`create trigger trg_hy_user_stat_insert after insert on hy_user begin ${bump}; end`);
    await run(`create trigger trg_hy_user_stat_update after update of ${COLUMNS} on hy_user begin ${bump}; end`);
    await run(`create trigger trg_hy_user_stat_delete after delete on hy_user begin ${bump}; end`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = await isPostgres(db);
  for (const op of ['insert', 'update', 'delete', 'truncate']) await sql.raw(`drop trigger if exists trg_hy_user_stat_${op}${pg ? ' on hy_user' : ''}`).execute(db);
  if (pg) await sql`drop function if exists hy_stat_bump()`.execute(db);
  await sql`drop table if exists hy_stat_version`.execute(db);
}
