import { sql, type Kysely } from 'kysely';

/**
 * The big system lists without full-table work on either database:
 *
 * - `idx_sys_user_del_status (del_flag, status)`: the user list's exact total (`del_flag = 0`, often with a
 *   status) is counted from this small index alone (an index-only scan on PostgreSQL once the table is
 *   vacuumed, a covering index on SQLite) instead of reading every row of the table.
 * - SQLite only: trigram full-text tables (FTS5, `tokenize='trigram'`) over the columns the lists search with
 *   `*x*` — `sys_user_search` (realname, username, phone) and `sys_log_search` (log_content). PostgreSQL has
 *   its trigram GIN indexes (migration 1900). The lists use them only to narrow the candidate rows of a term of
 *   three characters or more and keep their LIKE, so the answers are exactly those of the LIKE alone.
 *
 * The full-text tables are contentless; their integer row ids come from a key table (`…_search_key`,
 * INTEGER PRIMARY KEY, so VACUUM never renumbers them) mapping each row id to the table's own id. Triggers
 * keep both in step with every insert, update of a searched column and delete.
 */
interface Searched {
  table: string;
  columns: string[];
}

const SEARCHED: Searched[] = [
  { table: 'sys_user', columns: ['realname', 'username', 'phone'] },
  { table: 'sys_log', columns: ['log_content'] },
];

async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}

async function createSearch(db: Kysely<unknown>, { table, columns }: Searched): Promise<void> {
  const fts = `${table}_search`;
  const key = `${table}_search_key`;
  const cols = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
  const rid = (row: 'new' | 'old') => `(select rid from ${key} where id = ${row}.id)`;
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`create table ${key} (rid integer primary key, id varchar(32) not null unique)`);
  await run(`create virtual table ${fts} using fts5(${cols}, content='', contentless_delete=1, tokenize='trigram')`);
  await run(`insert into ${key} (id) select id from ${table}`);
  await run(`insert into ${fts} (rowid, ${cols}) select k.rid, ${columns.map((c) => `t.${c}`).join(', ')} from ${table} t join ${key} k on k.id = t.id`);
  // An insert that replaces a row (INSERT OR REPLACE) does not fire the delete trigger: drop a stale entry first.
  await run(`create trigger trg_${table}_search_insert after insert on ${table} begin
    insert or ignore into ${key} (id) values (new.id);
    delete from ${fts} where rowid = ${rid('new')};
    insert into ${fts} (rowid, ${cols}) values (${rid('new')}, ${values('new')});
  end`);
  await run(`create trigger trg_${table}_search_update after update of id, ${cols} on ${table} begin
    delete from ${fts} where rowid = ${rid('old')};
    update ${key} set id = new.id where id = old.id;
    insert or ignore into ${key} (id) values (new.id);
    insert into ${fts} (rowid, ${cols}) values (${rid('new')}, ${values('new')});
  end`);
  await run(`create trigger trg_${table}_search_delete after delete on ${table} begin
    delete from ${fts} where rowid = ${rid('old')};
    delete from ${key} where id = old.id;
  end`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('idx_sys_user_del_status').ifNotExists().on('sys_user').columns(['del_flag', 'status']).execute();
  if (await isPostgres(db)) return;
  for (const s of SEARCHED) await createSearch(db, s);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idx_sys_user_del_status').ifExists().execute();
  if (await isPostgres(db)) return;
  for (const { table } of SEARCHED) {
    for (const op of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists trg_${table}_search_${op}`).execute(db);
    await sql.raw(`drop table if exists ${table}_search`).execute(db);
    await sql.raw(`drop table if exists ${table}_search_key`).execute(db);
  }
}
