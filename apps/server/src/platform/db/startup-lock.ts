import { sql } from 'kysely';
import type { DbHandle } from './database.js';

/** The advisory lock key every instance takes while it migrates and seeds ("go-startup" as a number). */
const STARTUP_LOCK_KEY = 7_301_944_215;

/**
 * Runs `fn` while holding a PostgreSQL session advisory lock, so instances of a cluster that start together
 * migrate and seed one after another (the second finds the work done). The lock lives on one pooled
 * connection and ends with it, so an instance killed mid-start never leaves it taken. SQLite has one
 * instance per file and runs `fn` directly.
 */
export async function withStartupLock<T>(database: DbHandle, fn: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return fn();
  return database.db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
    }
  });
}
