import { sql, type Kysely } from 'kysely';

/**
 * Usernames are unique ignoring case (`Admin` cannot join `admin`): a unique index on `lower(username)`, on
 * SQLite and PostgreSQL alike, so registration, administration and import cannot race past the checks.
 * Usernames are letters, digits and `_` only, so SQLite's ASCII `lower()` is exact. Accounts that already
 * clash by case keep the oldest name; each later twin is renamed `<name>_<id>` first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update sys_user set username = substr(username, 1, 60) || '_' || id
    where exists (select 1 from sys_user o where lower(o.username) = lower(sys_user.username) and o.id < sys_user.id)`.execute(db);
  await sql`create unique index uq_sys_user_username_ci on sys_user (lower(username))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('uq_sys_user_username_ci').execute();
}
