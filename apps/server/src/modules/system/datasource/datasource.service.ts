import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { CurrentUser } from '../../../platform/access/access.js';
import type { CrudService } from '../../../platform/query/crud.js';
import type { SecretBox } from './secret-box.js';

export interface ConnectionTest {
  /** the saved data source whose stored password is used when none is given */
  id?: string | null;
  dbUrl: string;
  dbUsername?: string | null;
  dbPassword?: string | null;
}

/** Opens a connection and runs `select 1` (5 s limit). */
export async function testConnection(url: string, user: string | null, password: string | null): Promise<string | null> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const client = new pg.Client({
      connectionString: url,
      ...(user ? { user } : {}),
      ...(password ? { password } : {}),
      connectionTimeoutMillis: 5000,
      statement_timeout: 5000,
    });
    try {
      await client.connect();
      await client.query('select 1');
      return null;
    } catch (err) {
      return (err as Error).message.slice(0, 200);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  if (/^(mysql|mariadb):\/\//.test(url)) {
    const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
    try {
      const conn = await mysql.createConnection({
        host: u.hostname,
        port: Number(u.port || 3306),
        database: decodeURIComponent(u.pathname.slice(1)) || undefined,
        user: user || decodeURIComponent(u.username) || undefined,
        password: password || decodeURIComponent(u.password) || undefined,
        connectTimeout: 5000,
      });
      try {
        await conn.query('select 1');
      } finally {
        await conn.end().catch(() => undefined);
      }
      return null;
    } catch (err) {
      return (err as Error).message.slice(0, 200);
    }
  }
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (!file || !existsSync(file)) return '数据库文件不存在';
  try {
    const conn = new SQLite(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    try {
      conn.prepare('select 1').get();
    } finally {
      conn.close();
    }
    return null;
  } catch (err) {
    return (err as Error).message.slice(0, 200);
  }
}

/**
 * Tests a data source form: with an empty password the saved one of the data source (in the caller's
 * company) is opened. Answers the failure reason, or null when `select 1` ran.
 */
export async function testDataSource(svc: CrudService, box: SecretBox, user: CurrentUser, input: ConnectionTest): Promise<string | null> {
  let password = input.dbPassword ?? null;
  if (!password && input.id) {
    const row = await svc.find(user, input.id);
    if (row?.dbPassword) password = box.open(String(row.dbPassword));
  }
  return testConnection(input.dbUrl, input.dbUsername ?? null, password);
}
