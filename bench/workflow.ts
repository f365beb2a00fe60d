// bpmn-moddle ships no types for its main export; the server declares them in this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../apps/server/src/modules/workflow/bpmn-moddle.d.ts" />
/**
 * The to-do list at scale: 2,000 users and 100,000 and 1,000,000 open tasks (one candidate each, so 50 and
 * 500 open tasks per user), on SQLite and PostgreSQL. For each size it prints the p95 of
 * `POST /actTask/todoList` (page 1 of 10, through the whole route: guard, token, validation, handler,
 * serialisation, response signature; response checks off as in the served product) beside the p95 of the
 * limit: the raw SQL of the same page (the statement the route runs, compiled once and executed on the same
 * pool) plus one call of a bare Fastify route made the same way (inject, JSON in and out) — where the SQL
 * takes well under a millisecond no route can come within 2× of it alone — all three sampled alternately
 * for the same users; the ratio (and the ratio against the SQL alone), the target (≤ 2×) and met / not met;
 * then the SQL and
 * its plan. (The approval pass is measured by bench/approval.ts.)
 *
 *   npx tsx bench/workflow.ts
 *     BENCH_DBS=sqlite,postgres  BENCH_TASKS=100000,1000000 (one or more sizes)  BENCH_USERS=2000
 *     BENCH_SAMPLES=400  BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL  BENCH_KEEP=1 keeps the data
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql, type CompiledQuery } from 'kysely';
import { buildApp, type App } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { workflowOf } from '../apps/server/src/modules/workflow/workflow.module.js';
import { hashPassword, newSalt } from '../apps/server/src/platform/auth/password.js';
import { openDatabase, type Database, type DbHandle, type DbKind } from '../apps/server/src/platform/db/database.js';
import { formatDateTime } from '../apps/server/src/platform/db/time.js';
import { createPgDatabase, pct } from './lib/scratch.js';

const USERS = Number(process.env.BENCH_USERS || 2000);
const SIZES = (process.env.BENCH_TASKS || '100000,1000000').split(',').map((s) => Number(s.replace(/_/g, '')));
const SAMPLES = Number(process.env.BENCH_SAMPLES || 400);
/** Signed-in users the samples rotate over (each sample: one HTTP call, then the raw SQL, for the same user). */
const SAMPLE_USERS = 20;
const dbs = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as DbKind[];
const TARGET_RATIO = 2;

const BPMN =
  '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="b">' +
  '<process id="bench" name="压测流程" isExecutable="true"><startEvent id="start"/><userTask id="a" name="一审"/>' +
  '<userTask id="b" name="二审"/><endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="a"/>' +
  '<sequenceFlow id="f2" sourceRef="a" targetRef="b"/><sequenceFlow id="f3" sourceRef="b" targetRef="end"/></process></definitions>';

const ms = (n: number) => `${n.toFixed(2)} ms`;
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' / ');

interface Env {
  app: App;
  handle: DbHandle;
  db: Database;
  drop: () => Promise<void>;
}

async function openFresh(kind: DbKind): Promise<Env> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-wfbench-'));
  const pgDb = kind === 'postgres' ? await createPgDatabase('wf') : null;
  const handle = openDatabase(pgDb ? pgDb.url : path.join(dir, 'bench.db'), dir);
  // The served product runs with response checks off (CHECK_RESPONSES defaults to off outside tests).
  const config = testConfig({ dataDir: dir, uploadDir: path.join(dir, 'upload'), checkResponses: false });
  const app = await buildApp({ config, database: handle, logger: false });
  await app.ready();
  return {
    app,
    handle,
    db: handle.db,
    drop: async () => {
      await app.close();
      if (process.env.BENCH_KEEP) {
        console.log(`kept ${pgDb ? pgDb.url : dir}`);
        return;
      }
      if (pgDb) await pgDb.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------- seed
// Task i (0-based): approver bench_u{i % USERS} (the only candidate), applicant bench_u{(7i + 3) % USERS},
// priority i % 3, created one second after task i - 1. The same rows on both databases.

const uname = (i: number) => `bench_u${String(i).padStart(4, '0')}`;
/** 19-digit ids like the product's, one digit of table prefix and the task number. */
const idOf = (prefix: number, i: number) => `${prefix}${String(i).padStart(18, '0')}`;
const BUSINESS = 2;
const INSTANCE = 3;
const TASK = 4;
const CANDIDATE = 5;
const FORM_ROW = 6;
const BASE_MS = Date.UTC(2026, 0, 1);

async function seedUsers(db: Database) {
  const salt = newSalt();
  const password = await hashPassword('123456', salt);
  const t = formatDateTime();
  const users = Array.from({ length: USERS }, (_, i) => ({
    id: idOf(1, i),
    username: uname(i),
    realname: `压测用户${i}`,
    password,
    salt,
    orgCode: `A0${(i % 9) + 1}A01`,
    status: 1,
    delFlag: 0,
    userIdentity: 1,
    createBy: 'bench',
    createTime: t,
  }));
  for (let i = 0; i < users.length; i += 500) await db.insertInto('sysUser').values(users.slice(i, i + 500)).execute();
}

/** SQLite: one transaction, one prepared statement per table. */
function seedTasksSqlite(handle: DbHandle, procDefId: string, from: number, to: number) {
  if (handle.native?.kind !== 'sqlite') throw new Error('not SQLite');
  const s = handle.native.sqlite;
  const biz = s.prepare(
    'insert into wf_business (id, proc_def_id, proc_inst_id, user_id, title, table_name, table_id, status, result, apply_time, sys_org_code, del_flag, create_by, create_time) values (?, ?, ?, ?, ?, ?, ?, 1, 1, ?, ?, 0, ?, ?)',
  );
  const inst = s.prepare(
    "insert into wf_instance (id, proc_def_id, business_id, starter, starter_name, title, state, version, priority, start_time) values (?, ?, ?, ?, ?, ?, 'running', 1, ?, ?)",
  );
  const task = s.prepare(
    "insert into wf_task (id, inst_id, proc_def_id, node_id, name, priority, status, create_time) values (?, ?, ?, 'a', '一审', ?, 0, ?)",
  );
  const cand = s.prepare('insert into wf_task_candidate (id, task_id, inst_id, username, open) values (?, ?, ?, ?, 1)');
  s.transaction(() => {
    for (let i = from; i < to; i++) {
      const st = (i * 7 + 3) % USERS;
      const starter = uname(st);
      const title = `压测用户${st}的费用报销${i}`;
      const created = formatDateTime(BASE_MS + i * 1000);
      const bid = idOf(BUSINESS, i);
      const iid = idOf(INSTANCE, i);
      const tid = idOf(TASK, i);
      biz.run(bid, procDefId, iid, starter, title, 'fm_expense', idOf(FORM_ROW, i), created, `A0${(st % 9) + 1}A01`, starter, created);
      inst.run(iid, procDefId, bid, starter, `压测用户${st}`, title, i % 3, created);
      task.run(tid, iid, procDefId, i % 3, created);
      cand.run(idOf(CANDIDATE, i), tid, iid, uname(i % USERS));
    }
  })();
}

/** PostgreSQL: one INSERT … SELECT FROM generate_series per table (the same rows as on SQLite). */
async function seedTasksPg(db: Database, procDefId: string, from: number, to: number) {
  const id = (prefix: number) => sql.raw(`'${prefix}' || lpad(g::text, 18, '0')`);
  const st = sql.raw(`((g * 7 + 3) % ${USERS})`);
  const starter = sql`'bench_u' || lpad(${st}::text, 4, '0')`;
  const created = sql`to_char(${formatDateTime(BASE_MS)}::timestamp + make_interval(secs => g), 'YYYY-MM-DD HH24:MI:SS')`;
  const series = sql`generate_series(${from}::int, ${to - 1}::int) as g`;
  await sql`insert into wf_business (id, proc_def_id, proc_inst_id, user_id, title, table_name, table_id, status, result, apply_time, sys_org_code, del_flag, create_by, create_time)
    select ${id(BUSINESS)}, ${procDefId}, ${id(INSTANCE)}, ${starter}, '压测用户' || ${st} || '的费用报销' || g, 'fm_expense', ${id(FORM_ROW)}, 1, 1, ${created},
      'A0' || (${st} % 9 + 1) || 'A01', 0, ${starter}, ${created} from ${series}`.execute(db);
  await sql`insert into wf_instance (id, proc_def_id, business_id, starter, starter_name, title, state, version, priority, start_time)
    select ${id(INSTANCE)}, ${procDefId}, ${id(BUSINESS)}, ${starter}, '压测用户' || ${st}, '压测用户' || ${st} || '的费用报销' || g, 'running', 1, g % 3, ${created}
    from ${series}`.execute(db);
  await sql`insert into wf_task (id, inst_id, proc_def_id, node_id, name, priority, status, create_time)
    select ${id(TASK)}, ${id(INSTANCE)}, ${procDefId}, 'a', '一审', g % 3, 0, ${created} from ${series}`.execute(db);
  await sql`insert into wf_task_candidate (id, task_id, inst_id, username, open)
    select ${id(CANDIDATE)}, ${id(TASK)}, ${id(INSTANCE)}, 'bench_u' || lpad((g % ${sql.raw(String(USERS))})::text, 4, '0'), 1 from ${series}`.execute(db);
}

async function seed(env: Env, kind: DbKind, procDefId: string, tasks: number) {
  await seedUsers(env.db);
  const step = 250_000;
  for (let from = 0; from < tasks; from += step) {
    const to = Math.min(tasks, from + step);
    if (kind === 'sqlite') seedTasksSqlite(env.handle, procDefId, from, to);
    else await seedTasksPg(env.db, procDefId, from, to);
  }
  // What autovacuum / a periodic ANALYZE leave behind on a database that grew to this size.
  if (kind === 'postgres') await sql`VACUUM ANALYZE`.execute(env.db);
  else await sql`ANALYZE`.execute(env.db);
}

// ---------------------------------------------------------------------------------------------- plans

async function plan(kind: DbKind, db: Database, compiled: CompiledQuery): Promise<string> {
  if (kind === 'sqlite') {
    const r = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${inline(compiled)}`).execute(db);
    return r.rows.map((x) => `  ${x.detail}`).join('\n');
  }
  const r = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${inline(compiled)}`).execute(db);
  return r.rows.map((x) => `  ${x['QUERY PLAN']}`).join('\n');
}

/** The compiled query with its parameters inlined (bench-only, for EXPLAIN; values are our own). */
function inline(c: CompiledQuery): string {
  const lit = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  let i = 0;
  return c.sql.replace(/\$(\d+)|\?/g, (m, n: string | undefined) => lit(c.parameters[n ? Number(n) - 1 : i++]));
}

// ---------------------------------------------------------------------------------------------- figures

interface Row {
  kind: DbKind;
  tasks: number;
  perUser: number;
  httpP50: number;
  httpP95: number;
  rawP50: number;
  rawP95: number;
  /** one round trip through a bare Fastify route the same way (inject, JSON body and answer) */
  bareP95: number;
}

/** One round trip and no work: a bare Fastify route in this process, called the same way as the to-do route. */
const bare = Fastify();
bare.post('/bare', async () => ({ success: true, message: '', code: 200, result: { records: [], total: 0 }, timestamp: Date.now() }));
await bare.ready();

async function todoFigures(kind: DbKind, tasks: number): Promise<Row> {
  const env = await openFresh(kind);
  try {
    const wf = workflowOf(env.app.ctx);
    const def = await wf.definitions.deploy({ username: 'admin' }, { xml: BPMN, businessTable: 'fm_expense' });
    const t0 = Date.now();
    await seed(env, kind, def.id, tasks);
    console.log(`\n[${kind}] ${USERS} users and ${tasks.toLocaleString('en')} open tasks written and analysed in ${((Date.now() - t0) / 1000).toFixed(1)} s (load ${load()})`);

    const sampled = Array.from({ length: SAMPLE_USERS }, (_, k) => uname((42 + k * 97) % USERS));
    const tokens: string[] = [];
    const pages: CompiledQuery[] = [];
    for (const u of sampled) {
      const login = await env.app.inject({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: u, password: '123456' } });
      tokens.push(login.json<{ result: { token: string } }>().result.token);
      pages.push(wf.queries.todoPageQuery(u, undefined, 1, 10));
    }
    const first = await wf.queries.todoList(sampled[0], { pageIndex: 1, pageSize: 10 });
    const perUser = first.total;
    console.log(`[${kind}] ${sampled[0]} has ${perUser} open tasks; page 1 holds ${first.records.length}`);

    const http = async (k: number) => {
      const r = await env.app.inject({
        method: 'POST',
        url: '/jeecg-boot/actTask/todoList',
        headers: { 'x-access-token': tokens[k] },
        payload: { pageIndex: 1, pageSize: 10 },
      });
      if (r.statusCode !== 200 || !r.json<{ success: boolean }>().success) throw new Error(r.body);
    };
    const raw = async (k: number) => {
      const r = await env.db.executeQuery(pages[k]);
      if (!r.rows.length) throw new Error('empty page');
    };
    for (let i = 0; i < 50; i++) {
      await http(i % SAMPLE_USERS);
      await raw(i % SAMPLE_USERS);
    }
    const empty = async () => {
      const r = await bare.inject({ method: 'POST', url: '/bare', headers: { 'x-access-token': tokens[0] }, payload: { pageIndex: 1, pageSize: 10 } });
      if (!r.json<{ success: boolean }>().success) throw new Error(r.body);
    };
    const httpTimes: number[] = [];
    const rawTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const k = i % SAMPLE_USERS;
      // Alternate which one goes first, so neither always runs on the other's warm cache.
      const order = i % 2 === 0 ? ([http, raw, empty] as const) : ([empty, raw, http] as const);
      for (const f of order) {
        const s = performance.now();
        await f(k);
        (f === http ? httpTimes : f === raw ? rawTimes : bareTimes).push(performance.now() - s);
      }
    }
    const row: Row = {
      kind,
      tasks,
      perUser,
      httpP50: pct(httpTimes, 50),
      httpP95: pct(httpTimes, 95),
      rawP50: pct(rawTimes, 50),
      rawP95: pct(rawTimes, 95),
      bareP95: pct(bareTimes, 95),
    };
    console.log(`[${kind}] POST /actTask/todoList, ${SAMPLES} calls over ${SAMPLE_USERS} users: p50 ${ms(row.httpP50)}, p95 ${ms(row.httpP95)}`);
    console.log(`[${kind}] raw SQL of the same page, same users:            p50 ${ms(row.rawP50)}, p95 ${ms(row.rawP95)}`);
    console.log(`[${kind}] bare Fastify route, same calls:                  p50 ${ms(pct(bareTimes, 50))}, p95 ${ms(row.bareP95)}`);
    printRow(row);
    if (tasks === SIZES[SIZES.length - 1]) {
      console.log(`[${kind}] SQL:\n  ${pages[0].sql}\n  parameters: ${JSON.stringify(pages[0].parameters)}`);
      console.log(`[${kind}] plan:\n${await plan(kind, env.db, pages[0])}`);
    }
    return row;
  } finally {
    await env.drop();
  }
}

/** The limit: the raw SQL of the page plus one round trip through a bare route (what a page costs with no work). */
const limitOf = (r: Row) => r.rawP95 + r.bareP95;
const verdict = (r: Row) => (r.httpP95 <= TARGET_RATIO * limitOf(r) ? 'met' : 'not met');
function printRow(r: Row) {
  console.log(
    `| to-do list p95, ${r.tasks.toLocaleString('en')} open tasks (${r.perUser} per user), ${r.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ` +
      `| HTTP p95 ${ms(r.httpP95)} | raw SQL of the page p95 ${ms(r.rawP95)} + bare route p95 ${ms(r.bareP95)} = ${ms(limitOf(r))} ` +
      `| ${(r.httpP95 / limitOf(r)).toFixed(2)}× (raw SQL alone ${(r.httpP95 / r.rawP95).toFixed(2)}×) | ≤ ${TARGET_RATIO}× | ${verdict(r)} |`,
  );
}

console.log(`machine: ${os.cpus().length} cores, load average ${load()} (1/5/15 min) at start`);
const rows: Row[] = [];
for (const kind of dbs) for (const tasks of SIZES) rows.push(await todoFigures(kind, tasks));
console.log('\n| path | figure | limit in the same run | ratio | target | verdict |\n|---|---|---|---|---|---|');
for (const r of rows) printRow(r);
console.log(`load average ${load()} at end`);
await bare.close();
