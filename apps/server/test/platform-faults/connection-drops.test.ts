import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startServer, type ServerProcess } from './server-process.js';

const LISTS = ['/sys/user/list?pageNo=1&pageSize=10', '/ledger/item/list?pageNo=1&pageSize=10', '/sys/dict/list?pageNo=1&pageSize=10', '/sys/role/list?pageNo=1&pageSize=10'];
const USERS = 20;

/**
 * PostgreSQL restarting or failing over ends every connection of the server at once. The server keeps
 * running: the requests in flight answer an error, the pool opens new connections, later requests succeed.
 */
describe.skipIf(!inject('pgTemplate'))('dropped database connections (postgres)', () => {
  let s: ServerProcess;
  let admin: pg.Client;
  beforeAll(async () => {
    s = await startServer('postgres', { env: { DB_POOL_MAX: '10' } });
    admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await s?.stop();
  });

  const terminate = async () => {
    const r = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [s.databaseName]);
    return r.rowCount ?? 0;
  };

  it('survives every backend being terminated three times under load, and answers normally afterwards', async () => {
    const token = await s.login();
    let stop = false;
    const answers = { ok: 0, failed: 0, refused: 0 };
    const user = async (n: number) => {
      for (let i = n; !stop; i++) {
        try {
          const r = await s.call('GET', LISTS[i % LISTS.length], token);
          if (r.body?.success === true) answers.ok++;
          else answers.failed++; // an error envelope: the request met a dropped connection
        } catch {
          answers.refused++; // no answer at all (the process is gone)
          if (!s.alive()) return;
        }
      }
    };
    const load = Array.from({ length: USERS }, (_, n) => user(n));
    let terminated = 0;
    for (let round = 0; round < 3; round++) {
      await new Promise((r) => setTimeout(r, 700));
      terminated += await terminate();
    }
    await new Promise((r) => setTimeout(r, 700));
    stop = true;
    await Promise.all(load);

    expect(terminated).toBeGreaterThan(0);
    expect(s.alive(), s.output().slice(-3000)).toBe(true);
    // Survived by handling the dropped connections, not by the last-resort handler of uncaught errors.
    expect(s.output()).not.toMatch(/uncaught exception|unhandled promise rejection/);
    expect(answers.refused).toBe(0);
    expect(answers.ok).toBeGreaterThan(0);
    // After the drops, every request succeeds on fresh connections.
    for (let i = 0; i < 3 * LISTS.length; i++) {
      const r = await s.call('GET', LISTS[i % LISTS.length], token);
      expect(r.body?.success, `${LISTS[i % LISTS.length]}: ${r.raw.slice(0, 200)}`).toBe(true);
    }
    const health = await s.call('GET', '/actuator/health');
    expect(health.status).toBe(200);
  }, 120_000);
});
