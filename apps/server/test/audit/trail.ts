import type { ChangeLogRow } from '@go/contract';
import { sql, type Kysely } from 'kysely';

/** One row of a record's change trail, as `/sys/changeLog/record` answers it. */
export type Change = ChangeLogRow;

/**
 * Makes the audit insert fail while `fn` runs (the trail's table is renamed away), then puts the table back:
 * a change whose audit row cannot be written must not be committed either.
 */
export async function withAuditDown(db: Kysely<any>, fn: () => Promise<void>): Promise<void> {
  await sql`alter table sys_change_log rename to sys_change_log_away`.execute(db);
  try {
    await fn();
  } finally {
    await sql`alter table sys_change_log_away rename to sys_change_log`.execute(db);
  }
}
