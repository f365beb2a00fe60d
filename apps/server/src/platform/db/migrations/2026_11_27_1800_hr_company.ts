import { sql, type Kysely } from 'kysely';

/**
 * The HR roster by company without reading every file (docs/hr.md "Roster at scale"): indexes led by the
 * company part of the org code, `substr(org_code, 1, 3)` — the expression the roster's company scope and
 * company filter compare with `=` (a `LIKE 'A03%'` is served by no index here: SQLite's LIKE with ESCAPE
 * and PostgreSQL's non-C collation both refuse a prefix range). Being an index on an expression of the
 * row, it is exact after every write by construction and needs no backfill: creating it reads the files
 * already there.
 *
 * - `idx_hy_user_company_entry (company, del_flag, entry_date desc, id, status, depart_name, org_code)`:
 *   the roster sorted by entry date (the page is an index range walked in order) and its exact total
 *   (counted from this index alone: the in-service status and the department name are checked in it;
 *   org_code is carried so PostgreSQL can answer from the index only — its planner wants every column a
 *   query names, also inside the expression).
 * - `idx_hy_user_company_created`: the same for the default order (newest file first).
 */
const INDEXES = {
  idx_hy_user_company_entry: 'entry_date desc',
  idx_hy_user_company_created: 'create_time desc',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, order] of Object.entries(INDEXES)) {
    await sql
      .raw(`create index if not exists ${name} on hy_user (substr(org_code, 1, 3), del_flag, ${order}, id, status, depart_name, org_code)`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await sql.raw(`drop index if exists ${name}`).execute(db);
}
