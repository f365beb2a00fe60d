import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, inject } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { openDatabase } from '../../src/platform/db/database.js';
import { withDatabase } from '../global-setup.js';
import type { TestApp } from '../helpers.js';

type Kind = 'start' | 'user' | 'end' | 'xor' | 'and';

const TAG: Record<Kind, string> = {
  start: 'startEvent',
  user: 'userTask',
  end: 'endEvent',
  xor: 'exclusiveGateway',
  and: 'parallelGateway',
};

/** Builds a BPMN 2.0 document from node and flow lists (flow: [id, from, to, condition?]). */
export function bpmn(
  key: string,
  nodes: [string, Kind, string?][],
  flows: [string, string, string, string?][],
  defaults: Record<string, string> = {},
): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const n = nodes
    .map(([id, kind, name]) => `<${TAG[kind]} id="${id}" name="${name ?? id}"${defaults[id] ? ` default="${defaults[id]}"` : ''}/>`)
    .join('');
  const f = flows
    .map(([id, from, to, cond]) =>
      cond
        ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression">${esc(cond)}</conditionExpression></sequenceFlow>`
        : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="t">' +
    `<process id="${key}" name="${key}" isExecutable="true">${n}${f}</process></definitions>`
  );
}

/** A BPMN file of the test corpus (apps/server/test/workflow/bpmn/). */
export function corpus(name: string): string {
  return readFileSync(new URL(`./bpmn/${name}.bpmn20.xml`, import.meta.url), 'utf8');
}

export interface NodeRule {
  type: number;
  relateId?: string;
}

/** A user task's rules naming users directly (`relateId`: usernames, comma-separated). */
export const u = (relateId: string): { rules: NodeRule[] } => ({ rules: [{ type: 1, relateId }] });

/** Deploys a process for the expense form and sets each user task's rules; returns the procDefId. */
export async function deploy(
  t: TestApp,
  adminToken: string,
  xml: string,
  rules: Record<string, { rules: NodeRule[]; emptyPolicy?: string; repeatPolicy?: string; commentRequired?: number; multiMode?: string; passRatio?: number }>,
  businessTable = 'fm_expense',
): Promise<string> {
  const r = await t.call(adminToken, 'POST', '/activiti_process/deploy', { xml, businessTable });
  expect(r.body.success, r.body.message).toBe(true);
  const procDefId = r.body.result.id as string;
  for (const [nodeId, cfg] of Object.entries(rules)) {
    const e = await t.call(adminToken, 'POST', '/activiti_process/editNodeUser', { procDefId, nodeId, ...cfg });
    expect(e.body.success, e.body.message).toBe(true);
  }
  return procDefId;
}

export class Flow {
  private logins = new Map<string, string>();
  constructor(private readonly t: TestApp) {}

  async token(username: string): Promise<string> {
    let tok = this.logins.get(username);
    if (!tok) {
      tok = await this.t.login(username);
      this.logins.set(username, tok);
    }
    return tok;
  }

  async call(username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
    return this.t.call(await this.token(username), method, url, body);
  }

  /** Saves an expense draft; returns the business id. */
  async draft(username: string, amount: number, procDefId?: string): Promise<string> {
    const r = await this.call(username, 'POST', '/actBusiness/add', {
      tableName: 'fm_expense',
      procDefId,
      reason: '测试报销',
      items: [{ name: '费用', amount }],
    });
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.result.id as string;
  }

  /** Saves and submits an expense; returns business id and process instance id. */
  async start(username: string, amount: number, procDefId: string, assignees?: string) {
    const id = await this.draft(username, amount, procDefId);
    const r = await this.call(username, 'POST', '/actBusiness/apply', { id, procDefId, assignees });
    expect(r.body.success, r.body.message).toBe(true);
    return { id, procInstId: r.body.result.procInstId as string };
  }

  /** Saves and submits an expense with process variables; returns business id and process instance id. */
  async startWith(username: string, amount: number, procDefId: string, variables: Record<string, unknown>) {
    const id = await this.draft(username, amount, procDefId);
    const r = await this.call(username, 'POST', '/actBusiness/apply', { id, procDefId, variables });
    expect(r.body.success, r.body.message).toBe(true);
    return { id, procInstId: r.body.result.procInstId as string };
  }

  /** The open task of `username` at a node (countersign nodes have one per signer). */
  async taskOf(procInstId: string, nodeId: string, username: string): Promise<string> {
    const db = this.t.app.ctx.db;
    const rows = await db
      .selectFrom('wfTask')
      .leftJoin('wfTaskCandidate', (j) => j.onRef('wfTaskCandidate.taskId', '=', 'wfTask.id').on('wfTaskCandidate.open', '=', 1))
      .select('wfTask.id')
      .where('wfTask.instId', '=', procInstId)
      .where('wfTask.nodeId', '=', nodeId)
      .where('wfTask.status', '=', 0)
      .where((eb) => eb.or([eb('wfTask.assignee', '=', username), eb('wfTaskCandidate.username', '=', username)]))
      .orderBy('wfTask.createTime')
      .execute();
    expect(rows.length, `${username} has no open task at ${nodeId}`).toBeGreaterThan(0);
    return rows[0].id;
  }

  /** `username` passes their own task at a node. */
  async sign(username: string, procInstId: string, nodeId: string, extra: Record<string, unknown> = {}) {
    const id = await this.taskOf(procInstId, nodeId, username);
    return this.call(username, 'POST', '/actTask/pass', { id, comment: '同意', type: 0, ...extra });
  }

  async signOk(username: string, procInstId: string, nodeId: string, extra: Record<string, unknown> = {}) {
    const r = await this.sign(username, procInstId, nodeId, extra);
    expect(r.body.success, r.body.message).toBe(true);
  }

  async state(businessId: string): Promise<[number, number]> {
    const b = await this.t.app.ctx.db.selectFrom('wfBusiness').select(['status', 'result']).where('id', '=', businessId).executeTakeFirstOrThrow();
    return [b.status, b.result];
  }

  /** Open tasks of an instance as `nodeId:candidate|candidate` strings, sorted. */
  async open(procInstId: string): Promise<string[]> {
    const db = this.t.app.ctx.db;
    const tasks = await db.selectFrom('wfTask').selectAll().where('instId', '=', procInstId).where('status', '=', 0).execute();
    const out: string[] = [];
    for (const task of tasks) {
      const c = task.assignee
        ? [task.assignee]
        : (await db.selectFrom('wfTaskCandidate').select('username').where('taskId', '=', task.id).where('open', '=', 1).execute()).map((x) => x.username).sort();
      out.push(`${task.nodeId}:${c.join('|')}`);
    }
    return out.sort();
  }

  async tokens(procInstId: string): Promise<string[]> {
    const rows = await this.t.app.ctx.db.selectFrom('wfToken').select(['nodeId', 'state']).where('instId', '=', procInstId).execute();
    return rows.map((r) => `${r.state}@${r.nodeId}`).sort();
  }

  async taskId(procInstId: string, nodeId: string): Promise<string> {
    const row = await this.t.app.ctx.db
      .selectFrom('wfTask')
      .select('id')
      .where('instId', '=', procInstId)
      .where('nodeId', '=', nodeId)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async pass(username: string, procInstId: string, nodeId: string, extra: Record<string, unknown> = {}) {
    const id = await this.taskId(procInstId, nodeId);
    return this.call(username, 'POST', '/actTask/pass', { id, comment: '同意', type: 0, ...extra });
  }

  async passOk(username: string, procInstId: string, nodeId: string, extra: Record<string, unknown> = {}) {
    const r = await this.pass(username, procInstId, nodeId, extra);
    expect(r.body.success, r.body.message).toBe(true);
  }
}

/**
 * Consistency of every instance: a running instance has at least one active token, each active token has
 * exactly one open task, open tasks belong to running instances and have someone to act; business status
 * matches the instance state.
 */
export async function assertConsistent(t: TestApp | { app: TestApp['app'] }): Promise<void> {
  const db = t.app.ctx.db;
  const insts = await db.selectFrom('wfInstance').selectAll().execute();
  for (const inst of insts) {
    const tokens = await db.selectFrom('wfToken').selectAll().where('instId', '=', inst.id).execute();
    const open = await db.selectFrom('wfTask').selectAll().where('instId', '=', inst.id).where('status', '=', 0).execute();
    const b = await db.selectFrom('wfBusiness').selectAll().where('id', '=', inst.businessId).executeTakeFirstOrThrow();
    if (inst.state === 'running') {
      const active = tokens.filter((x) => x.state === 'active');
      // an instance waiting for a called process holds a `call` token instead
      const calls = tokens.filter((x) => x.state === 'call');
      // or a `wait` token at an intermediate timer, with its job
      const waits = tokens.filter((x) => x.state === 'wait');
      for (const w of waits) expect(await db.selectFrom('wfJob').select('id').where('taskId', '=', w.id).execute(), `wait token ${w.id} without a job`).toHaveLength(1);
      expect(active.length + calls.length + waits.length, `instance ${inst.id} has no active token`).toBeGreaterThan(0);
      for (const c of calls) {
        const child = await db.selectFrom('wfInstance').select('state').where('parentId', '=', inst.id).where('parentTokenId', '=', c.id).executeTakeFirst();
        expect(child?.state, `call token ${c.id} without a running child`).toBe('running');
      }
      for (const tok of active) expect(open.filter((o) => o.tokenId === tok.id), `token ${tok.id}`).toHaveLength(1);
      expect(open.length).toBe(active.length);
      for (const o of open) {
        if (o.assignee) continue;
        const c = await db.selectFrom('wfTaskCandidate').select('id').where('taskId', '=', o.id).where('open', '=', 1).execute();
        expect(c.length, `task ${o.id} without candidates`).toBeGreaterThan(0);
      }
      if (b.procInstId === inst.id) expect([b.status, b.result]).toEqual([1, 1]);
    } else {
      expect(tokens, `ended instance ${inst.id} keeps tokens`).toHaveLength(0);
      expect(open, `ended instance ${inst.id} keeps open tasks`).toHaveLength(0);
      if (b.procInstId === inst.id) {
        const expected = inst.state === 'passed' ? [2, 2] : inst.state === 'rejected' ? [2, 3] : [3, 0];
        expect([b.status, b.result]).toEqual(expected);
      }
    }
  }
}

/** A second application instance on the same database as `t` (another process, or the same one restarted). */
export async function sameDatabaseApp(t: TestApp): Promise<{ app: App; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-app2-'));
  let handle;
  if (t.kind === 'postgres') {
    const r = await sql<{ name: string }>`select current_database() as name`.execute(t.app.ctx.db);
    handle = openDatabase(withDatabase(inject('pgAdminUrl'), r.rows[0].name), dir);
  } else {
    const r = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.app.ctx.db);
    handle = openDatabase(r.rows[0].file, dir);
  }
  const app = await buildApp({ config: testConfig({ dataDir: dir, uploadDir: path.join(dir, 'upload') }), database: handle, prepare: false, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

