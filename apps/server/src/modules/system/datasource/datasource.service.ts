import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../../platform/access/access.js';
import type { CrudService } from '../../../platform/query/crud.js';
import { logDataSourceFailure, openMysql, openPostgres, resolveDataSource, type HostEntry } from './datasource-access.js';
import type { SecretBox } from './secret-box.js';

export interface ConnectionTest {
  /** the saved data source whose stored password is used when none is given */
  id?: string | null;
  dbUrl: string;
  dbUsername?: string | null;
  dbPassword?: string | null;
}

const TIMEOUT_MS = 5000;

/**
 * Opens a connection to an allowed host and runs `select 1` (5 s limit). Answers whether it ran; why not
 * (a refused URL or host, a closed port, a wrong password, …) is only logged, so the answer tells nothing
 * about the network or the server's files.
 */
export async function testConnection(
  input: { dbUrl: string; dbUsername: string | null; dbPassword: string | null },
  allowed: HostEntry[],
  log: FastifyBaseLogger,
): Promise<boolean> {
  try {
    const ep = resolveDataSource(input, allowed);
    if (ep.driver === 'postgres') {
      const client = await openPostgres(ep, TIMEOUT_MS);
      try {
        await client.query('select 1');
      } finally {
        await client.end().catch(() => undefined);
      }
    } else {
      const conn = await openMysql(ep, TIMEOUT_MS);
      try {
        await conn.query({ sql: 'select 1', timeout: TIMEOUT_MS });
      } finally {
        await conn.end().catch(() => undefined);
      }
    }
    return true;
  } catch (err) {
    logDataSourceFailure(log, 'testConnection', err);
    return false;
  }
}

/**
 * Tests a data source form: with an empty password the saved one of the data source (in the caller's
 * company) is opened.
 */
export async function testDataSource(
  svc: CrudService,
  box: SecretBox,
  user: CurrentUser,
  input: ConnectionTest,
  allowed: HostEntry[],
  log: FastifyBaseLogger,
): Promise<boolean> {
  let password = input.dbPassword ?? null;
  if (!password && input.id) {
    const row = await svc.find(user, input.id);
    if (row?.dbPassword) password = box.open(String(row.dbPassword));
  }
  return testConnection({ dbUrl: input.dbUrl, dbUsername: input.dbUsername ?? null, dbPassword: password }, allowed, log);
}
