import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { useNamedStatements } from './prepared.js';
import type { DB } from './schema.js';

export type Database = Kysely<DB>;
export type DbKind = 'sqlite' | 'postgres';

// PostgreSQL returns int8 (count(*), bigint columns) as strings; our bigints are epoch ms and fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface DbHandle {
  db: Database;
  kind: DbKind;
  close(): Promise<void>;
  /** The driver underneath, for the few callers that need what Kysely does not expose (column metadata of raw report SQL). */
  native?: { kind: 'postgres'; pool: pg.Pool } | { kind: 'sqlite'; sqlite: SQLite.Database };
}

/**
 * Opens the database: PostgreSQL when the URL is `postgres://…`, otherwise the SQLite file
 * (or `:memory:`). The CamelCasePlugin maps snake_case columns to camelCase properties.
 */
export function openDatabase(url: string, dataDir: string): DbHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_MAX || 10) });
    watchConnections(pool);
    useNamedStatements(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    return { db, kind: 'postgres', close: () => db.destroy(), native: { kind: 'postgres', pool } };
  }
  const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url || path.join(dataDir, 'app.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: reusingStatements(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
  return { db, kind: 'sqlite', close: () => db.destroy(), native: { kind: 'sqlite', sqlite } };
}

/**
 * A connection the database ends (a restart, a failover, an administrator's `pg_terminate_backend`) reports
 * an error event on its client, idle in the pool or checked out by a request. Without a listener that event
 * ends the process; with one, a query in flight on it fails (its request answers an error), the pool drops
 * the client when it comes back (a client that is no longer queryable is never reused) and the next checkout
 * opens a new connection. Reported once per client, as a warning.
 */
function watchConnections(pool: pg.Pool): void {
  const report = (err: Error) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`);
  // Idle clients: the pool listens to them itself and forwards the error here.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (err: Error) => {
      if (reported) return;
      reported = true;
      report(err);
    });
  });
}

/** How many SQL texts keep their prepared statement on SQLite (the least recently used is dropped). */
const SQLITE_STATEMENTS = 500;

/**
 * SQLite: each SQL text is prepared once and its statement reused (parsing and planning a join costs
 * about as much as running it on an indexed page). Bounded, least recently used first out. A statement
 * still being iterated (a streamed export) is never handed out twice: that call gets a fresh one.
 * Only the query builder goes through this; the native handle prepares as before.
 */
export function reusingStatements(sqlite: SQLite.Database, max = SQLITE_STATEMENTS): { prepare(text: string): SQLite.Statement; close(): void } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text) {
      const known = statements.get(text);
      if (known) {
        if (known.busy) return sqlite.prepare(text);
        statements.delete(text);
        statements.set(text, known);
        return known;
      }
      const stmt = sqlite.prepare(text);
      statements.set(text, stmt);
      if (statements.size > max) statements.delete(statements.keys().next().value!);
      return stmt;
    },
    close: () => sqlite.close(),
  };
}

/** Database server version, for health and monitoring. */
export async function databaseVersion(handle: DbHandle): Promise<string> {
  if (handle.kind === 'postgres') {
    const r = await sql<{ v: string }>`select version() as v`.execute(handle.db);
    return r.rows[0]?.v ?? 'PostgreSQL';
  }
  const r = await sql<{ v: string }>`select sqlite_version() as v`.execute(handle.db);
  return `SQLite ${r.rows[0]?.v ?? ''}`;
}
