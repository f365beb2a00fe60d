import type { Kysely } from 'kysely';

/**
 * The generated secrets (JWT_SECRET, SIGNATURE_SECRET, AES_KEY, AES_IV) of a PostgreSQL deployment, created
 * once by the first instance so every instance on the database shares them (platform/crypto/shared-secrets.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_secret')
    .ifNotExists()
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_secret').ifExists().execute();
}
