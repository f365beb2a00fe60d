import { sql, type Kysely } from 'kysely';

/**
 * Security hardening: unique keys on the user-role and user-department link tables, so concurrent edits can
 * never leave a duplicate pair. Existing duplicates are removed first (the row with the smallest id stays).
 */
const LINKS: [table: string, a: string, b: string][] = [
  ['sys_user_role', 'user_id', 'role_id'],
  ['sys_user_depart', 'user_id', 'dep_id'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, a, b] of LINKS) {
    await sql`delete from ${sql.table(table)} where id in (
      select t.id from ${sql.table(table)} t
      where exists (select 1 from ${sql.table(table)} o where o.${sql.ref(a)} = t.${sql.ref(a)} and o.${sql.ref(b)} = t.${sql.ref(b)} and o.id < t.id)
    )`.execute(db);
    await db.schema.createIndex(`uq_${table}_pair`).on(table).columns([a, b]).unique().execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of LINKS) await db.schema.dropIndex(`uq_${table}_pair`).execute();
}
