import { sql, type Kysely } from 'kysely';

/**
 * The to-do list at a million open tasks: a partial index of the open tasks (`status = 0`) keyed by id and
 * carrying the columns of the to-do order. The list reads a user's task ids from the candidate and assignee
 * indexes and checks each against this index alone (an index-only lookup, no table row), so the page and
 * its total cost what the user's own open tasks cost, not the task table. Closed tasks leave the index.
 * PostgreSQL carries the order columns as INCLUDE columns; SQLite keys them (and `status`, so the lookup
 * is covering).
 */
async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (await isPostgres(db)) {
    await sql`create index if not exists idx_wf_task_open on wf_task (id) include (priority, create_time) where status = 0`.execute(db);
  } else {
    await sql`create index if not exists idx_wf_task_open on wf_task (id, priority, create_time, status) where status = 0`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists idx_wf_task_open`.execute(db);
}
