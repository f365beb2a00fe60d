import type { Kysely } from 'kysely';

const QUARTERS = ['first', 'second', 'third', 'fourth'];

/**
 * Ranking indexes: a year's (or a quarter's) scores in order with the org code, so the ranking page,
 * its total and each row's "how many score higher" count read the index only.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idx_user_year_perf_rank').on('user_year_perf').columns(['year_part', 'avg_count', 'sys_org_code']).execute();
  for (const q of QUARTERS) {
    await db.schema.createIndex(`idx_user_year_part_rank_${q}`).on('user_year_part').columns(['year_part', `${q}_quarter`, 'sys_org_code']).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_user_year_perf_rank').ifExists().execute();
  for (const q of QUARTERS) await db.schema.dropIndex(`idx_user_year_part_rank_${q}`).ifExists().execute();
}
