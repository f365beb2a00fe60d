import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type mysql from 'mysql2/promise';
import type pg from 'pg';
import type { DbHandle } from '../../../platform/db/database.js';
import { AppError, businessError } from '../../../platform/http/errors.js';
import {
  DATASOURCE_FAILED,
  logDataSourceFailure,
  openMysql,
  openPostgres,
  resolveDataSource,
  type DataSourceEndpoint,
  type HostEntry,
} from '../../system/datasource/datasource-access.js';
import type { ReportDialect } from './report-sql.js';

/** Limits every report query runs under (docs/online.md, docs/security.md). */
export const REPORT_LIMITS = {
  /** REPORT_STATEMENT_TIMEOUT_MS: a report statement is cancelled after this long (PostgreSQL, MySQL/MariaDB). */
  statementTimeoutMs: Number(process.env.REPORT_STATEMENT_TIMEOUT_MS || 5000),
  /** REPORT_MAX_ROWS: rows one call may return (a page, an export, a dictionary query). */
  maxRows: Number(process.env.REPORT_MAX_ROWS || 10000),
  /** Connecting to a configured data source gives up after this long. */
  connectTimeoutMs: 5000,
};

export interface QueryResult {
  columns: string[];
  rows: Record<string, unknown>[];
}

/** A read-only place to run report SQL: the app database or one configured data source. */
export interface ReportTarget {
  dialect: ReportDialect;
  /** Runs the statements in one read-only transaction with the statement timeout; returns each result. */
  run(statements: { sql: string; values: unknown[] }[]): Promise<QueryResult[]>;
}

const lower = (row: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k.toLowerCase()] = v instanceof Date ? formatDate(v) : typeof v === 'bigint' ? Number(v) : v;
  return out;
};
const formatDate = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

function explain(err: unknown): never {
  const e = err as { code?: string; message?: string; errno?: number };
  if (e.code === '57014' || e.errno === 1969 || e.errno === 3024 || /timeout|interrupted/i.test(e.message ?? ''))
    throw businessError('报表查询超时，请缩小查询范围');
  if (e.code === '25006' || /read-only|readonly|READ ONLY/i.test(e.message ?? '')) throw businessError('报表只能读取数据');
  throw businessError(`报表查询失败：${String(e.message ?? err).split('\n')[0].slice(0, 200)}`);
}

async function runPg(client: pg.ClientBase, statements: { sql: string; values: unknown[] }[], timeoutMs: number): Promise<QueryResult[]> {
  await client.query('BEGIN READ ONLY');
  try {
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
    const out: QueryResult[] = [];
    for (const s of statements) {
      const r = await client.query({ text: s.sql, values: s.values });
      out.push({ columns: r.fields.map((f) => f.name.toLowerCase()), rows: r.rows.map(lower) });
    }
    return out;
  } catch (err) {
    explain(err);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
  }
}

function runSqlite(conn: SQLite.Database, statements: { sql: string; values: unknown[] }[]): QueryResult[] {
  const out: QueryResult[] = [];
  const deadline = Date.now() + REPORT_LIMITS.statementTimeoutMs;
  for (const s of statements) {
    let stmt: SQLite.Statement;
    try {
      stmt = conn.prepare(s.sql);
    } catch (err) {
      explain(err);
    }
    // better-sqlite3 knows whether a prepared statement can write; a report never may.
    if (!stmt.readonly || !stmt.reader) throw businessError('报表只能读取数据');
    const columns = stmt.columns().map((c) => c.name.toLowerCase());
    const rows: Record<string, unknown>[] = [];
    try {
      for (const r of stmt.iterate(...s.values) as Iterable<Record<string, unknown>>) {
        rows.push(lower(r));
        if (rows.length > REPORT_LIMITS.maxRows) break;
        if ((rows.length & 255) === 0 && Date.now() > deadline) throw businessError('报表查询超时，请缩小查询范围');
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      explain(err);
    }
    out.push({ columns, rows });
  }
  return out;
}

const readers = new Map<string, SQLite.Database>();
/** A read-only connection to a SQLite file, kept open per file. */
function sqliteReader(file: string): SQLite.Database {
  let c = readers.get(file);
  if (!c || !c.open) {
    c = new SQLite(file, { readonly: true, fileMustExist: true, timeout: REPORT_LIMITS.connectTimeoutMs });
    c.pragma('query_only = ON');
    readers.set(file, c);
  }
  return c;
}

/** The app database as a report target. */
export function appTarget(handle: DbHandle): ReportTarget {
  const native = handle.native;
  if (!native) throw new Error('database driver not exposed');
  if (native.kind === 'postgres') {
    return {
      dialect: 'postgres',
      async run(statements) {
        const client = await native.pool.connect();
        try {
          return await runPg(client, statements, REPORT_LIMITS.statementTimeoutMs);
        } finally {
          client.release();
        }
      },
    };
  }
  const file = native.sqlite.name;
  const memory = native.sqlite.memory || !file || file === ':memory:';
  return {
    dialect: 'sqlite',
    async run(statements) {
      return runSqlite(memory ? native.sqlite : sqliteReader(file), statements);
    },
  };
}

export interface DataSourceConfig {
  code: string;
  dbUrl: string;
  dbUsername: string | null;
  dbPassword: string | null;
}

/**
 * A configured data source (多数据源) as a report target; a new connection per call, closed after. Only a
 * PostgreSQL or MySQL/MariaDB server on an allowed host is used (datasource-access.ts); anything else, and
 * any failed connection, answers the one generic text (the reason is logged).
 */
export function dataSourceTarget(ds: DataSourceConfig, allowed: HostEntry[], log: FastifyBaseLogger): ReportTarget {
  const refuse = (err: unknown): never => {
    logDataSourceFailure(log, ds.code, err);
    throw businessError(DATASOURCE_FAILED);
  };
  let ep: DataSourceEndpoint;
  try {
    ep = resolveDataSource(ds, allowed);
  } catch (err) {
    return refuse(err);
  }
  if (ep.driver === 'postgres') {
    return {
      dialect: 'postgres',
      async run(statements) {
        let client: pg.Client;
        try {
          client = await openPostgres(ep, REPORT_LIMITS.connectTimeoutMs);
        } catch (err) {
          return refuse(err);
        }
        try {
          return await runPg(client, statements, REPORT_LIMITS.statementTimeoutMs);
        } finally {
          await client.end().catch(() => undefined);
        }
      },
    };
  }
  return {
    dialect: 'mysql',
    async run(statements) {
      let conn: mysql.Connection;
      try {
        conn = await openMysql(ep, REPORT_LIMITS.connectTimeoutMs, { dateStrings: true, supportBigNumbers: true });
      } catch (err) {
        return refuse(err);
      }
      try {
        const [v] = await conn.query('SELECT VERSION() AS v');
        const version = String((v as { v: string }[])[0]?.v ?? '');
        const secs = Math.max(1, Math.ceil(REPORT_LIMITS.statementTimeoutMs / 1000));
        if (/mariadb/i.test(version)) await conn.query(`SET SESSION max_statement_time = ${secs}`);
        else await conn.query(`SET SESSION max_execution_time = ${secs * 1000}`);
        await conn.query('SET SESSION TRANSACTION READ ONLY');
        await conn.query('START TRANSACTION READ ONLY');
        const out: QueryResult[] = [];
        for (const s of statements) {
          const [rows, fields] = await conn.execute(s.sql, s.values as (string | number | null)[]);
          out.push({
            columns: (fields ?? []).map((f) => f.name.toLowerCase()),
            rows: (rows as Record<string, unknown>[]).map(lower),
          });
        }
        return out;
      } catch (err) {
        if (err instanceof AppError) throw err;
        explain(err);
      } finally {
        await conn.query('ROLLBACK').catch(() => undefined);
        await conn.end().catch(() => undefined);
      }
    },
  };
}
