import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { reusingStatements } from '../src/platform/db/database.js';

describe('SQLite statements reused per SQL text', () => {
  const open: SQLite.Database[] = [];
  const fresh = () => {
    const db = new SQLite(':memory:');
    open.push(db);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    db.exec("INSERT INTO t (name) VALUES ('a'), ('b'), ('c')");
    return db;
  };
  afterEach(() => {
    for (const db of open.splice(0)) if (db.open) db.close();
  });

  it('hands out the same statement for the same text and a new one for another text', () => {
    const r = reusingStatements(fresh());
    const a = r.prepare('SELECT name FROM t WHERE id = ?');
    expect(r.prepare('SELECT name FROM t WHERE id = ?')).toBe(a);
    expect(r.prepare('SELECT id FROM t WHERE name = ?')).not.toBe(a);
    expect(a.get(2)).toEqual({ name: 'b' });
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const r = reusingStatements(fresh());
    const text = 'SELECT name FROM t ORDER BY id';
    const first = r.prepare(text);
    const iter = first.iterate();
    expect((iter.next().value as { name: string }).name).toBe('a');
    const second = r.prepare(text);
    expect(second).not.toBe(first);
    expect(second.all()).toHaveLength(3);
    expect([...iter].map((row) => (row as { name: string }).name)).toEqual(['b', 'c']);
    expect(r.prepare(text)).toBe(first);
  });

  it('keeps at most the bound, dropping the least recently used', () => {
    const r = reusingStatements(fresh(), 2);
    const one = r.prepare('SELECT 1');
    const two = r.prepare('SELECT 2');
    expect(r.prepare('SELECT 1')).toBe(one);
    r.prepare('SELECT 3');
    expect(r.prepare('SELECT 1')).toBe(one);
    expect(r.prepare('SELECT 2')).not.toBe(two);
  });

  it('serves the query builder: reads, writes, schema changes and streams see current data', async () => {
    const sqlite = fresh();
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: reusingStatements(sqlite) }),
      plugins: [new CamelCasePlugin()],
    });
    const names = () => db.selectFrom('t').select('name').orderBy('id').execute();
    expect((await names()).map((r) => r.name)).toEqual(['a', 'b', 'c']);
    await db.insertInto('t').values({ name: 'd' }).execute();
    await db.updateTable('t').set({ name: 'x' }).where('id', '=', 1).execute();
    expect((await names()).map((r) => r.name)).toEqual(['x', 'b', 'c', 'd']);
    await sql`ALTER TABLE t ADD COLUMN note TEXT`.execute(db);
    expect((await names()).map((r) => r.name)).toEqual(['x', 'b', 'c', 'd']);
    const streamed: string[] = [];
    for await (const row of db.selectFrom('t').select('name').orderBy('id').stream()) streamed.push(row.name);
    expect(streamed).toEqual(['x', 'b', 'c', 'd']);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('t').where('id', '=', 2).execute();
    });
    expect((await names()).map((r) => r.name)).toEqual(['x', 'c', 'd']);
    await db.destroy();
  });
});
