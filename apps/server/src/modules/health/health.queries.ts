import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

/** Whether the database answers `select 1`. */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
