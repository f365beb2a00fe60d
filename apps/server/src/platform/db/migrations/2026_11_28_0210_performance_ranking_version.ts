import { sql, type Kysely } from 'kysely';

/**
 * The ranking kept exact without counting a year's rows per page (docs/performance.md "Ranking at scale"): a
 * table `pf_rank_version` with one row per sheet whose version the database moves on with every write that
 * can change a ranking — an insert, a delete, or an update of a column the ranking reads or filters on.
 * Triggers do it, so every writer counts (the sheet services, evaluations, KPI rounds, imports, hand-written
 * SQL), on every server instance. The ranking keeps, per filter, how many rows have each score, with the
 * version it was counted at, and answers totals, ranks and the start of a deep page from it while the
 * version holds.
 *
 * SQLite triggers are per row; PostgreSQL's are per statement (one bump per statement, also on TRUNCATE).
 */
const SHEETS = [
  { sheet: 'perf', table: 'user_year_perf', columns: ['year_part', 'avg_count', 'user_name', 'sys_org_code', 'depart_name', 'org_name', 'user_id'] },
  {
    sheet: 'part',
    table: 'user_year_part',
    columns: ['year_part', 'first_quarter', 'second_quarter', 'third_quarter', 'fourth_quarter', 'user_name', 'sys_org_code', 'depart_name', 'org_name', 'user_id'],
  },
];

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
  const pg = await isPostgres(db);
  await run(`create table pf_rank_version (sheet varchar(8) primary key, version bigint not null)`);
  for (const s of SHEETS) {
    await run(`insert into pf_rank_version (sheet, version) values ('${s.sheet}', 0)`);
    const bump = `update pf_rank_version set version = version + 1 where sheet = '${s.sheet}'`;
    const t = `trg_${s.table}_rank`;
    const cols = s.columns.join(', ');
    if (pg) {
      await run(`create or replace function pf_rank_bump_${s.sheet}() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`);
      await run(`create trigger ${t}_insert after insert on ${s.table} for each statement execute function pf_rank_bump_${s.sheet}()`);
      await run(`create trigger ${t}_update after update of ${cols} on ${s.table} for each statement execute function pf_rank_bump_${s.sheet}()`);
      await run(`create trigger ${t}_delete after delete on ${s.table} for each statement execute function pf_rank_bump_${s.sheet}()`);
      await run(`create trigger ${t}_truncate after truncate on ${s.table} for each statement execute function pf_rank_bump_${s.sheet}()`);
    } else {
      await run(`create trigger ${t}_insert after insert on ${s.table} begin ${bump}; end`);
      await run(`create trigger ${t}_update after update of ${cols} on ${s.table} begin ${bump}; end`);
      await run(`create trigger ${t}_delete after delete on ${s.table} begin ${bump}; end`);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = await isPostgres(db);
  for (const s of SHEETS) {
    for (const op of ['insert', 'update', 'delete', 'truncate']) await sql.raw(`drop trigger if exists trg_${s.table}_rank_${op}${pg ? ` on ${s.table}` : ''}`).execute(db);
    if (pg) await sql.raw(`drop function if exists pf_rank_bump_${s.sheet}()`).execute(db);
  }
  await sql`drop table if exists pf_rank_version`.execute(db);
}
