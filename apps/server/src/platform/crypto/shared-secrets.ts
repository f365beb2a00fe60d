import { sql } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Database, DbKind } from '../db/database.js';

/** The secrets an instance signs and encrypts with, by their environment names. */
const SECRETS = {
  JWT_SECRET: 'jwtSecret',
  SIGNATURE_SECRET: 'signatureSecret',
  AES_KEY: 'aesKey',
  AES_IV: 'aesIv',
} as const;
type SecretName = keyof typeof SECRETS;

interface SysSecretTable {
  name: string;
  value: string;
  createdAt: number;
}

/** Any constant: the PostgreSQL advisory lock that serialises the first instances creating the set. */
const LOCK_KEY = 7_301_450_211;

/** An instance was given a secret in its environment that is not the one the other instances use. */
export class SecretMismatchError extends Error {}

/**
 * Makes the instance use the secrets stored in the database (table sys_secret), so every instance on one
 * database signs tokens and encrypts the same way with no operator step. The first instance stores its
 * candidates (explicit settings, else DATA_DIR/secrets.json, else freshly generated) with an insert-if-absent
 * under a lock; every instance then reads the stored set. A secret given explicitly must equal the stored
 * one, otherwise this refuses (naming the secret, never its value). Answers the stored set by name.
 */
export async function settleSharedSecrets(db: Database, kind: DbKind, config: AppConfig): Promise<Record<string, string>> {
  const t = db.withTables<{ sysSecret: SysSecretTable }>();
  const names = Object.keys(SECRETS) as SecretName[];
  // One statement inserts the whole set unless a row is there; the set is then read back. Rows never change
  // once stored, so whoever inserted first is what everyone reads.
  const insertAndRead = async (q: typeof t) => {
    await q
      .insertInto('sysSecret')
      .values(names.map((name) => ({ name, value: config[SECRETS[name]], createdAt: Date.now() })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return q.selectFrom('sysSecret').select(['name', 'value']).where('name', 'in', names).execute();
  };
  // PostgreSQL: first starts of several instances queue on an advisory lock held to the end of the transaction.
  // SQLite: the single statement holds the database's write lock until it commits.
  const stored =
    kind === 'postgres'
      ? await t.transaction().execute(async (trx) => {
          await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
          return insertAndRead(trx);
        })
      : await insertAndRead(t);
  const byName = Object.fromEntries(stored.map((r) => [r.name, r.value])) as Record<string, string>;
  const explicit = new Set(config.explicitSecrets ?? []);
  for (const name of names) {
    const value = byName[name];
    if (!value) throw new Error(`${name} is missing from the secrets stored in the database (table sys_secret)`);
    if (explicit.has(name) && config[SECRETS[name]] !== value) {
      throw new SecretMismatchError(
        `${name} differs from the secret stored in the database (table sys_secret) that the other instances use: ` +
          `give every instance the same ${name}, or remove the setting to use the stored one`,
      );
    }
    config[SECRETS[name]] = value;
  }
  return byName;
}
