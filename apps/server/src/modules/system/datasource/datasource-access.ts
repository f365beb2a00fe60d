import mysql from 'mysql2/promise';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../config.js';

/**
 * Where a data source (多数据源) may connect (docs/security.md, Data sources): only PostgreSQL and
 * MySQL/MariaDB servers on an allowed host, never a local file; every failed connection answers one text.
 */

/** The one answer for every data source that cannot be used, whatever the cause (the cause goes to the log). */
export const DATASOURCE_FAILED = '数据库连接失败，请检查数据源地址、用户名和密码，以及该主机是否允许连接';
export const DATASOURCE_URL_MESSAGE = '仅支持 postgres://、mysql:// 或 mariadb:// 地址（不支持 SQLite 等文件型数据源）';

export type DataSourceDriver = 'postgres' | 'mysql';

export interface DataSourceEndpoint {
  driver: DataSourceDriver;
  /** lower case; an IPv6 address without brackets */
  host: string;
  port: number;
  database: string | undefined;
  user: string | undefined;
  password: string | undefined;
}

/** A data source that may not be connected; `reason` is for the log and the designer's save message. */
export class DataSourceRefused extends Error {}

const DEFAULT_PORT: Record<DataSourceDriver, number> = { postgres: 5432, mysql: 3306 };
const HOST = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^[0-9a-f:.]+$/;

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new DataSourceRefused('数据源地址格式不正确');
  }
};

/**
 * Reads a data source URL into the parts a driver is given one by one (never the URL itself, so no
 * `?host=`, `?sslcert=` or socket path reaches the driver). Throws DataSourceRefused with the reason.
 */
export function parseDataSourceUrl(raw: string): DataSourceEndpoint {
  const url = raw.trim();
  const scheme = /^(postgres|postgresql|mysql|mariadb):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (!scheme) throw new DataSourceRefused(DATASOURCE_URL_MESSAGE);
  const driver: DataSourceDriver = scheme.startsWith('postgres') ? 'postgres' : 'mysql';
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new DataSourceRefused('数据源地址格式不正确');
  }
  if (u.search || u.hash || url.includes('?') || url.includes('#')) throw new DataSourceRefused('数据源地址不能带 ? 参数');
  const host = u.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new DataSourceRefused('数据源地址缺少主机名');
  if (!HOST.test(host)) throw new DataSourceRefused('数据源地址的主机名不正确');
  const path = decode(u.pathname.replace(/^\//, ''));
  if (path.includes('/')) throw new DataSourceRefused('数据源地址格式不正确');
  return {
    driver,
    host,
    port: u.port ? Number(u.port) : DEFAULT_PORT[driver],
    database: path || undefined,
    user: u.username ? decode(u.username) : undefined,
    password: u.password ? decode(u.password) : undefined,
  };
}

/** One allowed host; `port` null: any port. */
export interface HostEntry {
  host: string;
  port: number | null;
}

function parseEntry(entry: string): HostEntry | null {
  const e = entry.trim().toLowerCase();
  if (!e) return null;
  const v6 = /^\[([0-9a-f:.]+)\](?::(\d+))?$/.exec(e);
  if (v6) return { host: v6[1], port: v6[2] ? Number(v6[2]) : null };
  if ((e.match(/:/g) ?? []).length > 1) return { host: e, port: null };
  const [host, port] = e.split(':');
  return { host, port: port && /^\d+$/.test(port) ? Number(port) : null };
}

/** The hosts data sources may reach: DATASOURCE_ALLOWED_HOSTS, or else DATABASE_URL's host and port only. */
export function allowedDataSourceHosts(config: Pick<AppConfig, 'dataSourceHosts' | 'databaseUrl'>): HostEntry[] {
  if (config.dataSourceHosts?.length) return config.dataSourceHosts.map(parseEntry).filter((e): e is HostEntry => !!e);
  try {
    const own = parseDataSourceUrl(config.databaseUrl);
    return [{ host: own.host, port: own.port }];
  } catch {
    return [];
  }
}

export function hostAllowed(ep: Pick<DataSourceEndpoint, 'host' | 'port'>, allowed: HostEntry[]): boolean {
  return allowed.some((a) => a.host === ep.host && (a.port === null || a.port === ep.port));
}

/** The endpoint of a data source with the form's credentials, if its host is allowed; else DataSourceRefused. */
export function resolveDataSource(
  input: { dbUrl: string; dbUsername?: string | null; dbPassword?: string | null },
  allowed: HostEntry[],
): DataSourceEndpoint {
  const ep = parseDataSourceUrl(input.dbUrl);
  if (!hostAllowed(ep, allowed)) {
    const where = ep.host.includes(':') ? `[${ep.host}]:${ep.port}` : `${ep.host}:${ep.port}`;
    throw new DataSourceRefused(`数据源主机 ${where} 不在允许连接的主机中（DATASOURCE_ALLOWED_HOSTS）`);
  }
  return { ...ep, user: input.dbUsername || ep.user, password: input.dbPassword || ep.password };
}

/**
 * Opens PostgreSQL with exactly these parts: nothing is taken from PG* variables or ~/.pgpass (a missing
 * user or password stays missing instead of becoming the server's own).
 */
export async function openPostgres(ep: DataSourceEndpoint, timeoutMs: number): Promise<pg.Client> {
  if (!ep.user) throw new DataSourceRefused('数据源没有用户名');
  const password = ep.password ?? '';
  const client = new pg.Client({
    host: ep.host,
    port: ep.port,
    database: ep.database ?? ep.user,
    user: ep.user,
    password: async () => password,
    connectionTimeoutMillis: timeoutMs,
  });
  // The server ending the connection fails the query in flight; the client's error event must not end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
}

/** Opens MySQL/MariaDB; the server may not ask for local files (LOAD DATA LOCAL). */
export async function openMysql(ep: DataSourceEndpoint, timeoutMs: number, extra: mysql.ConnectionOptions = {}): Promise<mysql.Connection> {
  if (!ep.user) throw new DataSourceRefused('数据源没有用户名');
  return mysql.createConnection({
    ...extra,
    host: ep.host,
    port: ep.port,
    database: ep.database,
    user: ep.user,
    password: ep.password ?? '',
    connectTimeout: timeoutMs,
    flags: ['-LOCAL_FILES'],
    multipleStatements: false,
  });
}

/** Logs why a data source could not be used (never sent to the client). */
export function logDataSourceFailure(log: FastifyBaseLogger, what: string, err: unknown): void {
  const e = err as { message?: string; code?: string };
  log.warn({ dataSource: what, reason: String(e?.message ?? err).slice(0, 300), code: e?.code }, 'data source connection refused or failed');
}
