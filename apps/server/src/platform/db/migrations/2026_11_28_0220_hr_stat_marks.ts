import { sql, type Kysely } from 'kysely';
import * as previous from './2026_11_27_1810_hr_stat_version.js';

/**
 * 人事统计 kept per statistic and company (docs/hr.md "Statistics at scale"), replacing the one roster-wide
 * version of migration 1810: `hy_stat_mark` holds a version per (company, statistic) — company '*' for all
 * companies, statistic '' for "every statistic" — that the database moves on with every write to `hy_user`
 * that can change that figure. A statistic's version is its own mark plus the '' mark, for the scope's
 * company. Triggers do it, so every writer counts (services, imports, approval hooks, scheduled moves,
 * hand-written SQL), on every server instance:
 *
 * - an insert or delete moves '' of '*' and of the row's company;
 * - an update moves, for '*' and the row's company, the marks of the statistics that read a changed column
 *   (status and del_flag: every statistic); a move to another company moves '' of both companies, and for
 *   '*' only 在招岗位 (homeStatistics) when the file names an applied position.
 *
 * So a write recomputes only the figures it can change, in the scopes it can change them. The company is the
 * org code's first three characters in upper case (a scope filter `LIKE 'A03%'` can match no other rows).
 * SQLite triggers are per row; PostgreSQL's per statement with transition tables (TRUNCATE moves every mark).
 */
const STATS: [stat: string, columns: string[]][] = [
  ['home', ['entry_date', 'dimission_date', 'create_time', 'apply_post']],
  ['group:socialSecurity', ['social_security']],
  ['group:housingFund', ['housing_fund']],
  ['group:rank', ['rank']],
  ['group:sex', ['sex']],
  ['group:degree', ['degree']],
  ['group:political', ['political']],
  ['group:jobTitle', ['job_title']],
  ['marriageChild', ['marriage', 'children']],
  ['age', ['birthday']],
  ['workTime', ['entry_date']],
  ['dimissionTime', ['dimission_date', 'entry_date']],
];
const EVERY = ['status', 'del_flag'];

async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** The marks an update moves, as VALUES rows (company, stat, hit) over the old and new row `o` and `n`. */
function updateMarks(o: string, n: string, differ: (a: string, b: string) => string): string {
  const company = (r: string) => `upper(substr(coalesce(${r}.org_code, ''), 1, 3))`;
  const moved = `${company(o)} <> ${company(n)}`;
  const changed = (cols: string[]) => [...EVERY, ...cols].map((c) => differ(`${o}.${c}`, `${n}.${c}`)).join(' or ');
  const applied = (r: string) => `trim(coalesce(${r}.apply_post, '')) <> ''`;
  const rows: string[] = [];
  for (const [stat, cols] of STATS) {
    const own = changed(cols);
    const all = stat === 'home' ? `${own} or (${differ(`${o}.org_code`, `${n}.org_code`)} and (${applied(o)} or ${applied(n)}))` : own;
    rows.push(`('*', '${stat}', ${all})`, `(${company(n)}, '${stat}', ${own})`);
  }
  rows.push(`(${company(o)}, '', ${moved})`, `(${company(n)}, '', ${moved})`);
  return `values ${rows.join(', ')}`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const pg = await isPostgres(db);
  await previous.down(db);
  await run(`create table hy_stat_mark (company varchar(8) not null, stat varchar(32) not null, version bigint not null, primary key (company, stat))`);
  // the companies on the roster now, so a TRUNCATE moves theirs too
  await run(`insert into hy_stat_mark (company, stat, version) select distinct upper(substr(coalesce(org_code, ''), 1, 3)), '', 0 from hy_user`);
  await run(`insert into hy_stat_mark (company, stat, version) values ('*', '', 0)`);
  const upsert = `on conflict (company, stat) do update set version = hy_stat_mark.version + 1`;
  if (pg) {
    const whole = (r: string) =>
      `insert into hy_stat_mark (company, stat, version) select distinct c, '', 1 from (select '*' as c union all select distinct upper(substr(coalesce(org_code, ''), 1, 3)) from ${r}) x ${upsert}`;
    await run(`create or replace function hy_stat_mark_insert() returns trigger language plpgsql as $$ begin ${whole('new_rows')}; return null; end $$`);
    await run(`create or replace function hy_stat_mark_delete() returns trigger language plpgsql as $$ begin ${whole('old_rows')}; return null; end $$`);
    await run(
      `create or replace function hy_stat_mark_update() returns trigger language plpgsql as $$ begin ` +
        `insert into hy_stat_mark (company, stat, version) select distinct m.company, m.stat, 1 from old_rows o join new_rows n on n.id = o.id ` +
        `cross join lateral (${updateMarks('o', 'n', (a, b) => `${a} is distinct from ${b}`)}) as m(company, stat, hit) where m.hit ${upsert}; return null; end $$`,
    );
    await run(`create or replace function hy_stat_mark_truncate() returns trigger language plpgsql as $$ begin update hy_stat_mark set version = version + 1; return null; end $$`);
    await run(`create trigger trg_hy_user_mark_insert after insert on hy_user referencing new table as new_rows for each statement execute function hy_stat_mark_insert()`);
    await run(`create trigger trg_hy_user_mark_update after update on hy_user referencing old table as old_rows new table as new_rows for each statement execute function hy_stat_mark_update()`);
    await run(`create trigger trg_hy_user_mark_delete after delete on hy_user referencing old table as old_rows for each statement execute function hy_stat_mark_delete()`);
    await run(`create trigger trg_hy_user_mark_truncate after truncate on hy_user for each statement execute function hy_stat_mark_truncate()`);
  } else {
    const whole = (r: string) =>
      `insert into hy_stat_mark (company, stat, version) select column1, '', 1 from (values ('*'), (upper(substr(coalesce(${r}.org_code, ''), 1, 3)))) where true ${upsert};`;
    await run(`create trigger trg_hy_user_mark_insert after insert on hy_user begin ${whole('new')} end`);
    await run(`create trigger trg_hy_user_mark_delete after delete on hy_user begin ${whole('old')} end`);
    await run(
      `create trigger trg_hy_user_mark_update after update on hy_user begin ` +
        `insert into hy_stat_mark (company, stat, version) select distinct column1, column2, 1 from (${updateMarks('old', 'new', (a, b) => `${a} is not ${b}`)}) where column3 ${upsert}; end`,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = await isPostgres(db);
  for (const op of ['insert', 'update', 'delete', 'truncate']) {
    await sql.raw(`drop trigger if exists trg_hy_user_mark_${op}${pg ? ' on hy_user' : ''}`).execute(db);
    if (pg) await sql.raw(`drop function if exists hy_stat_mark_${op}()`).execute(db);
  }
  await sql`drop table if exists hy_stat_mark`.execute(db);
  await previous.up(db);
}
