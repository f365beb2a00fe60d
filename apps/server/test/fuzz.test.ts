import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from './helpers.js';

/** Tables that legitimately change while requests are refused: logs, sessions, throttling counters, traces, the scheduler's next firings and runs. */
const VOLATILE = new Set([
  'sys_log',
  // the system log's trigram full-text index on SQLite, kept in step with sys_log by triggers
  'sys_log_search',
  'sys_log_search_data',
  'sys_log_search_idx',
  'sys_log_search_docsize',
  'sys_log_search_config',
  'sys_log_search_key',
  'kv_store',
  'sys_session',
  'sys_quartz_job_log',
  'kysely_migration',
  'kysely_migration_lock',
]);
/** Scheduler bookkeeping written by the running scheduler itself, not by requests. */
const SCHEDULER_COLUMNS: Record<string, string[]> = { sys_quartz_job: ['next_fire', 'last_fire', 'nextFire', 'lastFire'] };

const INJECTIONS = [
  "' OR '1'='1",
  "1; DROP TABLE sys_user; --",
  "admin'--",
  '" onmouseover="alert(1)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '${7*7}{{7*7}}',
  '\u0000\uffff',
];
const BIG = 'x'.repeat(200_000);
const KEYS = ['id', 'ids', 'username', 'password', 'name', 'title', 'orgCode', 'code', 'roleName', 'roleCode', 'status', 'pageNo', 'pageSize', 'column', 'order', 'superQueryParams', 'parentId', 'pid', 'type', 'comment', 'procInstId', 'anntId', 'field', 'value', 'tableName', 'fieldName', 'fieldVal'];

function shaped(value: unknown): Record<string, unknown> {
  return Object.fromEntries(KEYS.map((k) => [k, value]));
}

/** Bodies of the wrong shape: nothing here is a valid request for any endpoint. */
const MALFORMED: { payload: string; type: string }[] = [
  { payload: '{"a":', type: 'application/json' },
  { payload: '[1,2,3]', type: 'application/json' },
  { payload: '"just a string"', type: 'application/json' },
  { payload: '12345', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: JSON.stringify(shaped({ nested: { deeper: [1, { x: null }] } })), type: 'application/json' },
  { payload: JSON.stringify(shaped(BIG)), type: 'application/json' },
  { payload: JSON.stringify(shaped([1, 2])), type: 'application/json' },
  { payload: JSON.stringify({ encryptData: 'not-base64-@@@' }), type: 'application/json' },
  { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nzz', type: 'multipart/form-data; boundary=y' },
];

async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const db = t.app.ctx.db;
  const tables = (await db.introspection.getTables()).map((x) => x.name).filter((n) => !VOLATILE.has(n));
  const out: Record<string, string> = {};
  for (const name of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    const skip = SCHEDULER_COLUMNS[name] ?? [];
    const lines = rows.rows
      .map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => !skip.includes(k)))))
      .sort();
    out[name] = `${lines.length}:${createHash('sha1').update(lines.join('\n')).digest('hex')}`;
  }
  return out;
}

function fillPath(url: string, value: string): string {
  return url
    .replace(/:[A-Za-z0-9_]+/g, encodeURIComponent(value))
    .replace(/\*$/, encodeURIComponent(value));
}

describe.each(dbKinds)('[FUZZ] every route against bad input on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never answers 5xx, stays up, and changes no row', { timeout: 600_000 }, async () => {
    const before = await snapshot(t);
    let admin = await t.login('admin');
    let staff = await t.login('zhulin');
    const failures: string[] = [];
    const routes = t.app.routeTable.filter((r) => !r.url.includes('/doc'));
    let requests = 0;
    const send = async (method: string, url: string, token: string | null, payload?: string, type?: string) => {
      requests++;
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...(token ? { 'x-access-token': token } : {}), ...(type ? { 'content-type': type } : {}) },
        ...(payload !== undefined ? { payload } : {}),
      });
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${method} ${url.slice(0, 120)} ${res.body.slice(0, 160)}`);
      return res.statusCode;
    };
    for (const route of routes) {
      // Logging out would end the sessions the fuzzing uses; it is covered by the auth tests.
      const tokens = route.url.endsWith('/sys/logout') ? [null] : [admin, staff, null];
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      for (const inj of INJECTIONS.slice(0, 5)) {
        const url = `${fillPath(route.url, inj)}?id=${encodeURIComponent(inj)}&pageNo=${encodeURIComponent(inj)}&column=${encodeURIComponent(inj)}&order=${encodeURIComponent(inj)}&superQueryParams=${encodeURIComponent(inj)}`;
        for (const token of tokens) {
          if (hasBody) {
            // Injection strings in a plausible shape, sent only by a user without permissions or by nobody.
            if (token !== admin) await send(route.method, url, token, JSON.stringify(shaped(inj)), 'application/json');
          } else {
            await send(route.method, url, token);
          }
        }
      }
      // A malformed percent-encoding straight into the path.
      if (/[:*]/.test(route.url)) await send(route.method, route.url.replace(/:[A-Za-z0-9_]+|\*$/g, '%E0%A4%A'), admin);
      if (hasBody) {
        const url = fillPath(route.url, INJECTIONS[9]);
        for (const m of MALFORMED) for (const token of tokens) await send(route.method, url, token, m.payload, m.type);
      }
      // Sessions must survive the fuzzing of the next route.
      if ((await t.call(admin, 'GET', '/sys/user/getCurrentUserDeparts')).status === 401) admin = await t.login('admin');
      if ((await t.call(staff, 'GET', '/sys/user/getCurrentUserDeparts')).status === 401) staff = await t.login('zhulin');
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(100);
    const health = await t.app.inject({ method: 'GET', url: '/jeecg-boot/actuator/health' });
    expect(health.statusCode).toBe(200);
    expect(await snapshot(t)).toEqual(before);
  });
});
