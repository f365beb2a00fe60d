import { sql } from 'kysely';
import type { Database, DbKind } from '../../platform/db/database.js';

/** The database server's version line; the kind when it cannot be read. */
export async function databaseVersionOf(db: Database, kind: DbKind): Promise<string> {
  try {
    if (kind === 'postgres') {
      const r = await sql<{ v: string }>`select version() as v`.execute(db);
      return r.rows[0]?.v ?? 'PostgreSQL';
    }
    const r = await sql<{ v: string }>`select sqlite_version() as v`.execute(db);
    return `SQLite ${r.rows[0]?.v ?? ''}`;
  } catch {
    return kind;
  }
}
