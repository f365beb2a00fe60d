import { Migrator, SqliteAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import { migrations } from './migrations/index.js';

/** Migrations are listed in ./migrations/index.ts so the bundled build carries them. */
class StaticProvider implements MigrationProvider {
  constructor(private readonly list: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.list;
  }
}

export async function migrateToLatest(db: Database): Promise<void> {
  // Each domain owns a hundred block of names, so a migration added later may sort before one a database
  // has already run (a new workflow 03xx after performance 14xx). Blocks never depend on a later block's
  // tables, so such a migration simply runs next.
  const migrator = new Migrator({ db, provider: new StaticProvider(migrations), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration failed: ${failed?.migrationName ?? ''} ${String(error)}`);
  }
  // A new index on an existing SQLite database has no statistics beside the older ones', and the planner may
  // then prefer it where it sorts a whole table. Refresh the statistics of the tables that need it, on a
  // bounded sample, whenever a migration ran.
  if (results?.length && db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`PRAGMA analysis_limit = 1000`.execute(db);
    await sql`PRAGMA optimize = 0x10002`.execute(db);
    await sql`PRAGMA analysis_limit = 0`.execute(db);
  }
}
