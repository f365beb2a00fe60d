import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPostgres } from '../../src/modules/system/datasource/datasource-access.js';

/** Errors nobody handled while a test ran (on the server they would end the process). */
const uncaught: unknown[] = [];
const record = (err: unknown) => void uncaught.push(err);

/**
 * Connections opened outside the pool (report data sources, the connection test) whose server ends them:
 * the error reaches the caller's query, never the process.
 */
describe.skipIf(!inject('pgTemplate'))('dedicated database connections that the server ends', () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
    await admin?.end();
  });
  afterEach(() => {
    uncaught.length = 0;
  });

  it('a data-source PostgreSQL connection terminated while idle and while querying fails its query only', async () => {
    const u = new URL(inject('pgAdminUrl'));
    const ep = { driver: 'postgres' as const, host: u.hostname, port: Number(u.port || 5432), database: inject('pgTemplate'), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password) || undefined };
    const idle = await openPostgres(ep, 5000);
    const busy = await openPostgres(ep, 5000);
    const pids = (await Promise.all([idle, busy].map((c) => c.query<{ pid: number }>('select pg_backend_pid() as pid')))).map((r) => r.rows[0].pid);
    // Its outcome is collected at once: the rejection arrives while the termination is still being awaited.
    const running = busy.query('select pg_sleep(10)').then(
      () => 'finished',
      (err: Error) => err,
    );
    await new Promise((r) => setTimeout(r, 200));
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
    expect(await running).toBeInstanceOf(Error);
    await new Promise((r) => setTimeout(r, 500));
    expect(uncaught).toEqual([]);
    await idle.end().catch(() => undefined);
    await busy.end().catch(() => undefined);
  });
});
