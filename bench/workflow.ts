// bpmn-moddle ships no types for its main export; the server declares them in this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../apps/server/src/modules/workflow/bpmn-moddle.d.ts" />
/**
 * Workflow figures:
 *  1. With 100k open tasks over 2k users: p95 of todoList for a user with 50 tasks, on SQLite and
 *     PostgreSQL, printed beside the raw SQL of the same query and its plan (target ≤ 20 ms).
 *  (The approval pass throughput is measured by bench/approval.ts.)
 *
 *   npx tsx bench/workflow.ts     (BENCH_DBS=sqlite,postgres; BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp, type App } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { registerFormTypes } from '../apps/server/src/modules/forms/index.js';
import { FormRegistry } from '../apps/server/src/modules/workflow/form-registry.js';
import { buildWorkflow } from '../apps/server/src/modules/workflow/index.js';
import { hashPassword, newSalt } from '../apps/server/src/platform/auth/password.js';
import { openDatabase, type Database, type DbKind } from '../apps/server/src/platform/db/database.js';
import { newId } from '../apps/server/src/platform/db/ids.js';
import { formatDateTime } from '../apps/server/src/platform/db/time.js';
import { createPgDatabase } from './lib/scratch.js';

const USERS = Number(process.env.BENCH_USERS || 2000);
const TASKS = Number(process.env.BENCH_TASKS || 100_000);
const dbs = (process.env.BENCH_DBS || 'sqlite,postgres').split(',') as DbKind[];
process.env.DB_POOL_MAX = process.env.DB_POOL_MAX || '24';

const BPMN =
  '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="b">' +
  '<process id="bench" name="压测流程" isExecutable="true"><startEvent id="start"/><userTask id="a" name="一审"/>' +
  '<userTask id="b" name="二审"/><endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="a"/>' +
  '<sequenceFlow id="f2" sourceRef="a" targetRef="b"/><sequenceFlow id="f3" sourceRef="b" targetRef="end"/></process></definitions>';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function openFresh(kind: DbKind): Promise<{ app: App; db: Database; drop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-wfbench-'));
  const pgDb = kind === 'postgres' ? await createPgDatabase('wf') : null;
  const url = pgDb ? pgDb.url : path.join(dir, 'bench.db');
  const dropPg = async () => {
    if (pgDb) await pgDb.drop();
  };
  const handle = openDatabase(url, dir);
  const app = await buildApp({ config: testConfig({ dataDir: dir, uploadDir: path.join(dir, 'upload') }), database: handle, logger: false });
  await app.ready();
  return {
    app,
    db: handle.db,
    drop: async () => {
      await app.close();
      await dropPg();
      if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function insertChunks<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** 2k users and 100k open tasks (one candidate each, 50 per user), straight into the tables. */
async function generate(db: Database, procDefId: string) {
  const salt = newSalt();
  const password = await hashPassword('123456', salt);
  const t = formatDateTime();
  const users = Array.from({ length: USERS }, (_, i) => ({
    id: newId(),
    username: `bench_u${String(i).padStart(4, '0')}`,
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
  await insertChunks(users, 500, (c) => db.insertInto('sysUser').values(c).execute());
  const biz = [];
  const inst = [];
  const tasks = [];
  const cands = [];
  const base = Date.now() - TASKS * 1000;
  for (let i = 0; i < TASKS; i++) {
    const starter = users[(i * 7 + 3) % USERS];
    const approver = users[i % USERS];
    const bid = newId();
    const iid = newId();
    const tid = newId();
    const created = formatDateTime(base + i * 1000);
    biz.push({ id: bid, procDefId, procInstId: iid, userId: starter.username, title: `${starter.realname}的费用报销${i}`, tableName: 'fm_expense', tableId: newId(), status: 1, result: 1, applyTime: created, sysOrgCode: starter.orgCode, delFlag: 0, createBy: starter.username, createTime: created, updateBy: null, updateTime: null });
    inst.push({ id: iid, procDefId, businessId: bid, starter: starter.username, starterName: starter.realname, title: `${starter.realname}的费用报销${i}`, state: 'running', version: 1, priority: i % 3, startTime: created, endTime: null, endReason: null });
    tasks.push({ id: tid, instId: iid, procDefId, tokenId: null, nodeId: 'a', name: '一审', assignee: null, owner: null, priority: i % 3, status: 0, createTime: created, endTime: null, outcome: null, executor: null, comment: null });
    cands.push({ id: newId(), taskId: tid, instId: iid, username: approver.username, open: 1 });
  }
  await insertChunks(biz, 500, (c) => db.insertInto('wfBusiness').values(c).execute());
  await insertChunks(inst, 500, (c) => db.insertInto('wfInstance').values(c).execute());
  await insertChunks(tasks, 500, (c) => db.insertInto('wfTask').values(c).execute());
  await insertChunks(cands, 500, (c) => db.insertInto('wfTaskCandidate').values(c).execute());
  return users;
}

async function plan(kind: DbKind, db: Database, compiled: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  if (kind === 'sqlite') {
    const r = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${inline(compiled)}`).execute(db);
    return r.rows.map((x) => `  ${x.detail}`).join('\n');
  }
  const r = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${inline(compiled)}`).execute(db);
  return r.rows.map((x) => `  ${x['QUERY PLAN']}`).join('\n');
}

/** The compiled query with its parameters inlined (bench-only, for EXPLAIN; values are our own). */
function inline(c: { sql: string; parameters: readonly unknown[] }): string {
  const lit = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  let i = 0;
  return c.sql.replace(/\$(\d+)|\?/g, (m, n) => lit(c.parameters[n ? Number(n) - 1 : i++]));
}

async function todoFigures(kind: DbKind) {
  const env = await openFresh(kind);
  try {
    const registry = new FormRegistry();
    registerFormTypes(registry);
    const wf = buildWorkflow(env.db, registry);
    const def = await wf.definitions.deploy({ username: 'admin' }, { xml: BPMN, businessTable: 'fm_expense' });
    const t0 = Date.now();
    const users = await generate(env.db, def.id);
    if (kind === 'postgres') await sql`ANALYZE`.execute(env.db);
    else await sql`ANALYZE`.execute(env.db);
    console.log(`\n[${kind}] generated ${USERS} users and ${TASKS} open tasks in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const target = users[42].username;
    const count = await wf.queries.todoList(target, { pageIndex: 1, pageSize: 10 });
    console.log(`[${kind}] user ${target} has ${count.total} open tasks`);

    const times: number[] = [];
    const rawTimes: number[] = [];
    const httpTimes: number[] = [];
    const q = wf.queries.todoPageQuery(target, undefined, 1, 10);
    for (let i = 0; i < 30; i++) await wf.queries.todoList(target, { pageIndex: 1, pageSize: 10 });
    for (let i = 0; i < 300; i++) {
      const s = performance.now();
      await wf.queries.todoList(users[(42 + i * 37) % USERS].username, { pageIndex: 1, pageSize: 10 });
      times.push(performance.now() - s);
      const r = performance.now();
      await q.execute();
      rawTimes.push(performance.now() - r);
    }
    const login = await env.app.inject({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: target, password: '123456' } });
    const token = login.json().result.token as string;
    for (let i = 0; i < 200; i++) {
      const s = performance.now();
      const r = await env.app.inject({ method: 'POST', url: '/jeecg-boot/actTask/todoList', headers: { 'x-access-token': token }, payload: { pageIndex: 1, pageSize: 10 } });
      httpTimes.push(performance.now() - s);
      if (r.statusCode !== 200) throw new Error(r.body);
    }
    const compiled = q.compile();
    console.log(`[${kind}] todoList service (page with window count + candidates), 300 calls, varied users: p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}`);
    console.log(`[${kind}] raw page query alone:                                         p50 ${ms(pct(rawTimes, 50))}, p95 ${ms(pct(rawTimes, 95))}`);
    console.log(`[${kind}] POST /actTask/todoList through HTTP (auth, guard, envelope):       p50 ${ms(pct(httpTimes, 50))}, p95 ${ms(pct(httpTimes, 95))}  (target p95 ≤ 20 ms)`);
    console.log(`[${kind}] SQL:\n  ${compiled.sql}\n  parameters: ${JSON.stringify(compiled.parameters)}`);
    console.log(`[${kind}] plan:\n${await plan(kind, env.db, compiled)}`);
  } finally {
    await env.drop();
  }
}

console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} (1/5/15 min) at start`);
for (const kind of dbs) await todoFigures(kind);
console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} at end`);
