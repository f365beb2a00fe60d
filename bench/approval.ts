/**
 * Approval pass on PostgreSQL: 20 approvers pass their tasks at once (`POST /actTask/pass`, each the
 * first step of a two-step process, so every pass closes a task, signs, writes history and opens the next
 * task with its candidates). Prints passes/s and latency, the SQL statements one pass costs (every
 * statement the server sends while the passes run, counted at the driver: the command's transaction, the
 * operation log, the notices and the to-do push), and — measured in the same run as its limit — how many
 * raw single-row `UPDATE … RETURNING` round trips 20 clients make per second on the same pool.
 * Target: ≥ 200 passes/s and ≤ 10 statements per pass.
 *
 *   npx tsx bench/approval.ts   (BENCH_DATABASE_URL or TEST_DATABASE_URL; BENCH_TASKS background open
 *                                tasks, default 100,000; BENCH_PASSES per approver, default 50;
 *                                BENCH_CPU_PROFILE=file.cpuprofile writes a CPU profile of the measured passes)
 */
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { workflowOf } from '../apps/server/src/modules/workflow/workflow.module.js';
import { hashPassword, newSalt } from '../apps/server/src/platform/auth/password.js';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database.js';
import { newId } from '../apps/server/src/platform/db/ids.js';
import { formatDateTime } from '../apps/server/src/platform/db/time.js';
import { createPgDatabase, pct } from './lib/scratch.js';

const APPROVERS = 20;
const PASSES = Number(process.env.BENCH_PASSES || 50);
const WARMUP = 3;
const BACKGROUND = Number(process.env.BENCH_TASKS ?? 100_000);
const TARGET_RATE = 200;
const TARGET_STATEMENTS = 10;
process.env.DB_POOL_MAX = process.env.DB_POOL_MAX || '24';

const BPMN =
  '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="b">' +
  '<process id="bench" name="压测流程" isExecutable="true"><startEvent id="start"/><userTask id="a" name="一审"/>' +
  '<userTask id="b" name="二审"/><endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="a"/>' +
  '<sequenceFlow id="f2" sourceRef="a" targetRef="b"/><sequenceFlow id="f3" sourceRef="b" targetRef="end"/></process></definitions>';

const ms = (n: number) => `${n.toFixed(1)} ms`;
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' / ');

type Part = 'engine' | 'other';

/**
 * Counts every statement the pool's clients send while `on` is set, by part of the pass and by kind
 * (`update wf_task`, `begin`…). A statement belongs to the engine's command when it runs in a transaction
 * whose first statement claims an instance (`UPDATE wf_instance … RETURNING`, begin and commit included);
 * everything else (session check, operation log, notices, to-do push, timer polls) counts as `other`.
 * Attributed per connection, so counting adds no work to the passes' promises (no async context).
 */
function statementCounter(pool: pg.Pool) {
  const state = { on: false, trace: null as string[] | null, parts: new Map<Part, Map<string, number>>() };
  const wrapped = new WeakSet<pg.PoolClient>();
  const kinds = new Map<string, string>();
  const kindOf = (text: string) => {
    const hit = kinds.get(text);
    if (hit) return hit;
    const t = text.trim().replace(/\s+/g, ' ').toLowerCase();
    const m = /^(select|insert into|update|delete from|with)\b.*?(?:(?:from|into|update) )?"?([a-z_]+)"?/.exec(t);
    const k = !m ? t.split(' ')[0] : m[1] === 'select' ? `select ${/ from "?([a-z_]+)"?/.exec(t)?.[1] ?? ''}`.trim() : `${m[1].split(' ')[0]} ${m[2]}`;
    if (kinds.size < 10_000) kinds.set(text, k);
    return k;
  };
  const count = (p: Part, k: string, text: string) => {
    const byKind = state.parts.get(p) ?? new Map<string, number>();
    state.parts.set(p, byKind);
    byKind.set(k, (byKind.get(k) ?? 0) + 1);
    state.trace?.push(`[${p}] ${text}`);
  };
  pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    /** the open transaction on this connection: its part once known (after the statement following `begin`) */
    let tx: { part: Part | null; begin: string } | null = null;
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (state.on) {
        const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
        const k = kindOf(text);
        if (k === 'begin') tx = { part: null, begin: text };
        else {
          if (tx && !tx.part) {
            tx.part = k === 'update wf_instance' ? 'engine' : 'other';
            count(tx.part, 'begin', tx.begin);
          }
          count(tx?.part ?? 'other', k, text);
          if (k === 'commit' || k === 'rollback') tx = null;
        }
      }
      return query(...args);
    };
  });
  const total = (p?: Part) => [...state.parts].filter(([k]) => !p || k === p).reduce((n, [, m]) => n + [...m.values()].reduce((a, b) => a + b, 0), 0);
  return Object.assign(state, { total });
}

/** CPU time (ms, user + system) of a local process from /proc; null when it cannot be read. */
function procCpuMs(pid: string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15, counted from the state field, 3), in clock ticks of 10 ms
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * CPU time of PostgreSQL's processes by pid: the backends serving the bench database, and the WAL
 * writer, checkpointer and background writer (shared with other work on this server). Empty when the
 * server is not on this machine.
 */
async function pgCpu(db: Database): Promise<{ backends: Map<string, number>; shared: number }> {
  const r = await sql<{ pid: number; kind: string }>`select pid, case when datname = current_database() then 'b' else 's' end as kind from pg_stat_activity where (datname = current_database() and pid <> pg_backend_pid()) or backend_type in ('walwriter', 'checkpointer', 'background writer')`.execute(db);
  const backends = new Map<string, number>();
  let shared = 0;
  for (const { pid, kind } of r.rows) {
    const ms = procCpuMs(String(pid));
    if (ms === null) continue;
    if (kind === 'b') backends.set(String(pid), ms);
    else shared += ms;
  }
  return { backends, shared };
}

/** Samples what the bench database's backends wait for (pg_stat_activity), every `everyMs`, on its own connection. */
function waitSampler(url: string, everyMs: number) {
  const counts = new Map<string, number>();
  let samples = 0;
  let stop = false;
  const c = new pg.Client({ connectionString: url });
  const done = (async () => {
    await c.connect();
    while (!stop) {
      const r = await c.query<{ w: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'cpu') as w from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
      );
      samples++;
      for (const { w } of r.rows) counts.set(w, (counts.get(w) ?? 0) + 1);
      await new Promise((res) => setTimeout(res, everyMs));
    }
    await c.end();
  })();
  return {
    async stop() {
      stop = true;
      await done;
      return { samples, counts };
    },
  };
}

async function insertChunks<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** Users (the approvers among them) and open tasks of others, straight into the tables. */
async function seed(db: Database, procDefId: string) {
  const salt = newSalt();
  const password = await hashPassword('123456', salt);
  const t = formatDateTime();
  const users = Array.from({ length: 2000 }, (_, i) => ({
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
  const base = Date.now() - BACKGROUND * 1000;
  for (let from = 0; from < BACKGROUND; from += 5000) {
    const biz = [];
    const inst = [];
    const tasks = [];
    const cands = [];
    for (let i = from; i < Math.min(BACKGROUND, from + 5000); i++) {
      const starter = users[(i * 7 + 3) % users.length];
      const approver = users[i % users.length];
      const [bid, iid, tid] = [newId(), newId(), newId()];
      const created = formatDateTime(base + i * 1000);
      const title = `${starter.realname}的费用报销${i}`;
      biz.push({ id: bid, procDefId, procInstId: iid, userId: starter.username, title, tableName: 'fm_expense', tableId: newId(), status: 1, result: 1, applyTime: created, sysOrgCode: starter.orgCode, delFlag: 0, createBy: starter.username, createTime: created, updateBy: null, updateTime: null });
      inst.push({ id: iid, procDefId, businessId: bid, starter: starter.username, starterName: starter.realname, title, state: 'running', version: 1, priority: i % 3, startTime: created, endTime: null, endReason: null });
      tasks.push({ id: tid, instId: iid, procDefId, tokenId: null, nodeId: 'a', name: '一审', assignee: null, owner: null, priority: i % 3, status: 0, createTime: created, endTime: null, outcome: null, executor: null, comment: null });
      cands.push({ id: newId(), taskId: tid, instId: iid, username: approver.username, open: 1 });
    }
    await insertChunks(biz, 500, (c) => db.insertInto('wfBusiness').values(c).execute());
    await insertChunks(inst, 500, (c) => db.insertInto('wfInstance').values(c).execute());
    await insertChunks(tasks, 500, (c) => db.insertInto('wfTask').values(c).execute());
    await insertChunks(cands, 500, (c) => db.insertInto('wfTaskCandidate').values(c).execute());
  }
  return users;
}

/** 20 clients, each its own pool connection, `UPDATE … RETURNING` one row per round trip. */
async function rawRoundTrips(db: Database, perClient: number): Promise<{ rate: number; p95: number }> {
  await sql`CREATE TABLE bench_counter (id int PRIMARY KEY, n int NOT NULL, note varchar(50))`.execute(db);
  await sql`INSERT INTO bench_counter SELECT g, 0, 'x' FROM generate_series(1, ${APPROVERS * perClient}) g`.execute(db);
  const lat: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: APPROVERS }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        const s = performance.now();
        await sql`UPDATE bench_counter SET n = n + 1, note = 'y' WHERE id = ${c * perClient + i + 1} RETURNING n`.execute(db);
        lat.push(performance.now() - s);
      }
    }),
  );
  const secs = (performance.now() - start) / 1000;
  await sql`DROP TABLE bench_counter`.execute(db);
  return { rate: (APPROVERS * perClient) / secs, p95: pct(lat, 95) };
}

async function main() {
  console.log(`machine: ${os.cpus().length} cores, load average ${load()} (1/5/15 min) at start`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-approval-'));
  const pgDb = await createPgDatabase('approval');
  const handle = openDatabase(pgDb.url, dir);
  const native = handle.native;
  if (native?.kind !== 'postgres') throw new Error('PostgreSQL only');
  const counter = statementCounter(native.pool);
  const app = await buildApp({ config: testConfig({ dataDir: dir, uploadDir: path.join(dir, 'upload') }), database: handle, logger: false });
  await app.ready();
  try {
    const wf = workflowOf(app.ctx);
    const db = handle.db;
    const def = await wf.definitions.deploy({ username: 'admin' }, { xml: BPMN, businessTable: 'fm_expense' });
    await wf.definitions.editNode({ procDefId: def.id, nodeId: 'b', rules: [{ type: 1, relateId: 'admin' }] });
    const t0 = Date.now();
    const users = await seed(db, def.id);
    await sql`ANALYZE`.execute(db);
    console.log(`seeded ${users.length} users and ${BACKGROUND} open tasks of others in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const applicant = { id: '', username: 'zhulin', realname: '朱琳', orgCode: 'A03A02', company: 'A03', tenantId: 0, sessionId: '' };
    const work: { token: string; tasks: string[] }[] = [];
    const t1 = Date.now();
    for (const a of users.slice(1000, 1000 + APPROVERS)) {
      const login = await app.inject({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: a.username, password: '123456' } });
      const tasks: string[] = [];
      for (let i = 0; i < PASSES + WARMUP; i++) {
        const draft = await wf.applications.add(applicant, { tableName: 'fm_expense', procDefId: def.id, data: { reason: '压测', items: [{ name: '费用', amount: 100 }] } });
        const { procInstId } = await wf.engine.apply({ username: 'zhulin', realname: '朱琳' }, { id: draft.id, procDefId: def.id, assignees: a.username });
        const t = await db.selectFrom('wfTask').select('id').where('instId', '=', procInstId).where('status', '=', 0).executeTakeFirstOrThrow();
        tasks.push(t.id);
      }
      work.push({ token: login.json().result.token, tasks });
    }
    console.log(`prepared ${APPROVERS * (PASSES + WARMUP)} open tasks for ${APPROVERS} approvers in ${((Date.now() - t1) / 1000).toFixed(1)} s`);

    const passOne = async (token: string, id: string) => {
      const r = await app.inject({ method: 'POST', url: '/jeecg-boot/actTask/pass', headers: { 'x-access-token': token }, payload: { id, comment: '同意' } });
      const body = r.json();
      if (!body.success) throw new Error(`pass ${id}: ${body.message}`);
    };
    // warm-up (JIT, caches, the sessions): not measured
    await Promise.all(work.map(async (w) => { for (const id of w.tasks.slice(0, WARMUP)) await passOne(w.token, id); }));
    await new Promise((r) => setTimeout(r, 300));
    if (process.env.BENCH_TRACE) {
      counter.trace = [];
      counter.on = true;
      await passOne(work[0].token, work[0].tasks[WARMUP]);
      await new Promise((r) => setTimeout(r, 500));
      counter.on = false;
      console.log(`one pass, every statement:\n  ${counter.trace.join('\n  ')}`);
      counter.trace = null;
      counter.parts.clear();
      work[0].tasks.splice(WARMUP, 1);
    }

    const profiler = process.env.BENCH_CPU_PROFILE ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const waits = process.env.BENCH_WAITS ? waitSampler(pgDb.url, 20) : null;
    const lat: number[] = [];
    const pg0 = await pgCpu(db);
    const cpu0 = process.cpuUsage();
    counter.on = true;
    const start = performance.now();
    await Promise.all(
      work.map(async (w) => {
        for (const id of w.tasks.slice(WARMUP)) {
          const s = performance.now();
          await passOne(w.token, id);
          lat.push(performance.now() - s);
        }
      }),
    );
    const secs = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const pg1 = await pgCpu(db);
    const waited = await waits?.stop();
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(process.env.BENCH_CPU_PROFILE!, JSON.stringify(profile));
      profiler.disconnect();
    }
    // what a pass does after its response (operation log, notices, to-do push) still belongs to it
    await new Promise((r) => setTimeout(r, 1000));
    counter.on = false;
    const n = work.reduce((a, w) => a + w.tasks.length - WARMUP, 0);
    const rate = n / secs;
    const perPass = counter.total('engine') / n;

    const moved = await db.selectFrom('wfTask').select(sql<number>`count(*)`.as('c')).where('procDefId', '=', def.id).where('nodeId', '=', 'b').where('status', '=', 0).executeTakeFirstOrThrow();
    if (Number(moved.c) !== APPROVERS * (PASSES + WARMUP)) throw new Error(`expected ${APPROVERS * (PASSES + WARMUP)} open second-step tasks, found ${moved.c}`);

    const raw = await rawRoundTrips(db, Math.max(50, Math.round((PASSES * TARGET_STATEMENTS) / 2)));
    const limitPasses = raw.rate / TARGET_STATEMENTS;

    console.log(`\nload average ${load()} after the run`);
    console.log(`approval pass, PostgreSQL, ${APPROVERS} concurrent approvers, ${n} passes over HTTP (inject):`);
    console.log(`  figure:     ${rate.toFixed(0)} passes/s, latency p50 ${ms(pct(lat, 50))}, p95 ${ms(pct(lat, 95))}; app CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms per pass (user ${(cpu.user / 1000 / n).toFixed(2)}, system ${(cpu.system / 1000 / n).toFixed(2)})`);
    if (pg1.backends.size) {
      // a connection opened during the run counts from zero
      const backend = [...pg1.backends].reduce((a, [pid, ms]) => a + ms - (pg0.backends.get(pid) ?? 0), 0);
      console.log(`  PostgreSQL CPU: ${(backend / n).toFixed(2)} ms per pass in the bench database's ${pg1.backends.size} backends; WAL writer, checkpointer and background writer ${((pg1.shared - pg0.shared) / n).toFixed(2)} ms (shared with other work on the server)`);
    }
    if (waited) {
      const per = [...waited.counts].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / waited.samples).toFixed(2)}`);
      console.log(`  active backends by wait (mean over ${waited.samples} samples): ${per.join(', ')}`);
    }
    const partName: Record<Part, string> = {
      engine: "the engine's command (its transaction, begin/commit included)",
      other: 'outside it: session check, operation log, after the commit the notices to the next approver and the applicant and the to-do push',
    };
    console.log(`  statements: ${perPass.toFixed(1)} per pass in ${partName.engine}; ${(counter.total() / n).toFixed(1)} per pass in all`);
    for (const p of ['engine', 'other'] as Part[]) {
      console.log(`    ${(counter.total(p) / n).toFixed(1).padStart(5)} ${partName[p]}`);
      for (const [k, v] of [...(counter.parts.get(p) ?? [])].sort((a, b) => b[1] - a[1])) console.log(`      ${(v / n).toFixed(2).padStart(6)}  ${k}`);
    }
    console.log(`  limit (same run): ${raw.rate.toFixed(0)} raw single-row UPDATE … RETURNING round trips/s by ${APPROVERS} clients (p95 ${ms(raw.p95)}) → ${limitPasses.toFixed(0)} passes/s if a pass cost ${TARGET_STATEMENTS} such round trips`);
    console.log(`  ratio:      ${(rate / TARGET_RATE).toFixed(2)}× the absolute target; ${(rate / limitPasses).toFixed(2)}× the ${TARGET_STATEMENTS}-round-trip limit; ${((rate * perPass) / raw.rate).toFixed(2)} of the raw round-trip rate used`);
    console.log(`  target:     ≥ ${TARGET_RATE} passes/s and ≤ ${TARGET_STATEMENTS} statements per pass in the engine's command`);
    const rateMet = rate >= TARGET_RATE;
    const stmtMet = perPass <= TARGET_STATEMENTS;
    console.log(`  verdict:    throughput ${rateMet ? 'met' : 'not met'}; statements ${stmtMet ? 'met' : 'not met'} → ${rateMet && stmtMet ? 'met' : 'not met'}`);
  } finally {
    await app.close();
    if (process.env.BENCH_KEEP) console.log(`kept ${pgDb.url}`);
    else await pgDb.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
