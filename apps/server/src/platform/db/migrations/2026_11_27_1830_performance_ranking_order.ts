import { sql, type Kysely } from 'kysely';

const QUARTERS = ['first', 'second', 'third', 'fourth'];

/**
 * The ranking page in the ranking's own order (docs/performance.md "Ranking at scale"): a year's (or a
 * quarter's) scores highest first, then name and id — the page's full order — with the org code for the
 * company scope. A page is then an index range walked in order (no sort of the year's rows), its ids are
 * read from the index alone (deep pages skip their offset inside the index) and only the page's rows are
 * read from the table; the total and the "how many score higher" count read the same index. Replaces the
 * rank indexes of migration 1401 (score and org code only), which it contains.
 */
const indexes = [
  { name: 'idx_user_year_perf_order', table: 'user_year_perf', score: 'avg_count', old: 'idx_user_year_perf_rank' },
  ...QUARTERS.map((q) => ({ name: `idx_user_year_part_order_${q}`, table: 'user_year_part', score: `${q}_quarter`, old: `idx_user_year_part_rank_${q}` })),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const i of indexes) {
    await sql.raw(`create index if not exists ${i.name} on ${i.table} (year_part, ${i.score} desc, user_name, id, sys_org_code)`).execute(db);
    await sql.raw(`drop index if exists ${i.old}`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of indexes) {
    await sql.raw(`create index if not exists ${i.old} on ${i.table} (year_part, ${i.score}, sys_org_code)`).execute(db);
    await sql.raw(`drop index if exists ${i.name}`).execute(db);
  }
}
