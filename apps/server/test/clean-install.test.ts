import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { testConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type DbHandle, type DbKind } from '../src/platform/db/database.js';
import { withDatabase } from './global-setup.js';
import { dbKinds, type Envelope } from './helpers.js';

/** An empty database of the kind (no template): what a company's first start sees. */
async function emptyDatabase(kind: DbKind): Promise<{ dir: string; open: () => DbHandle; drop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-clean-'));
  if (kind === 'sqlite') {
    const file = path.join(dir, 'app.db');
    return { dir, open: () => openDatabase(file, dir), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `go_clean_${inject('runId')}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    dir,
    open: () => openDatabase(withDatabase(adminUrl, name), dir),
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

interface Started {
  app: App;
  log: string[];
  call(token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<Envelope>;
  login(username: string, password: string): Promise<Envelope>;
  close(): Promise<void>;
}

/** Starts the application on the database the way `npm start` does: migrations, seed and first administrator. */
async function start(db: { dir: string; open: () => DbHandle }, overrides: Partial<AppConfig>): Promise<Started> {
  const log: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (b: Buffer) => log.push(...b.toString('utf8').split('\n').filter(Boolean)));
  const config = testConfig({ dataDir: db.dir, uploadDir: path.join(db.dir, 'upload'), seedDemo: false, ...overrides });
  const app = await buildApp({ config, database: db.open(), logStream: stream });
  await app.ready();
  const call: Started['call'] = async (token, method, url, body) => {
    const res = await app.inject({
      method,
      url: `/jeecg-boot${url}`,
      headers: token ? { 'x-access-token': token } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return res.json();
  };
  return { app, log, call, login: (username, password) => call(null, 'POST', '/sys/login', { username, password }), close: () => app.close() };
}

const count = async (app: App, table: 'sysUser' | 'sysDepart' | 'sysAnnouncement' | 'fmExpense') =>
  Number((await app.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe.each(dbKinds)('clean install (SEED_DEMO=off) on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it('seeds the product and no demo, and ADMIN_PASSWORD makes the first administrator', { timeout: 120_000 }, async () => {
    const db = await emptyDatabase(kind);
    cleanups.push(db.drop);
    const s = await start(db, { firstAdmin: { username: 'admin', password: 'Start-2026!' } });
    cleanups.push(s.close);
    const { db: q } = s.app.ctx;

    // The product: every menu, the roles, the dictionaries, all form types with their processes, templates, paused sample jobs.
    expect(await count(s.app, 'sysUser')).toBe(1);
    expect(await count(s.app, 'sysDepart')).toBe(0);
    expect(await count(s.app, 'sysAnnouncement')).toBe(0);
    expect(await count(s.app, 'fmExpense')).toBe(0);
    const roles = (await q.selectFrom('sysRole').select('roleCode').execute()).map((r) => r.roleCode).sort();
    expect(roles).toEqual(['admin', 'dept_leader', 'hr', 'hr_assistant', 'staff']);
    const menus = Number((await q.selectFrom('sysPermission').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(menus).toBeGreaterThan(150);
    const dicts = (await q.selectFrom('sysDict').select('dictCode').execute()).map((d) => d.dictCode);
    expect(dicts).toEqual(expect.arrayContaining(['sex', 'priority', 'rule_conditions', 'database_type']));
    const defs = await q.selectFrom('wfDefinition').select(['processKey', 'businessTable']).execute();
    expect(defs.map((d) => d.businessTable)).toEqual(expect.arrayContaining(['fm_expense', 'fm_hy_new', 'fm_hy_dimission', 'fm_kpi_part', 'oa_proposal']));
    expect(defs.length).toBeGreaterThanOrEqual(16);
    const jobs = await q.selectFrom('sysQuartzJob').select(['jobClassName', 'status']).execute();
    expect(jobs.length).toBeGreaterThan(0);
    // The sample jobs arrive paused; the product's own daily job (待离职 taking effect on its date) runs.
    expect(jobs.filter((j) => j.jobClassName !== 'hr.job.DimissionJob').every((j) => j.status === -1)).toBe(true);
    expect(jobs.find((j) => j.jobClassName === 'hr.job.DimissionJob')?.status).toBe(0);
    expect(Number((await q.selectFrom('sysSmsTemplate').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
    // No node names a person or a department of the demo.
    const namedRules = await q.selectFrom('wfNodeRule').select(['type', 'relateId']).where('type', 'in', [1, 2]).execute();
    expect(namedRules).toEqual([]);

    // The administrator signs in with the configured password and is not asked to change it.
    const r = await s.login('admin', 'Start-2026!');
    expect(r.success, r.message).toBe(true);
    expect(r.result.needChangePassword).toBe(false);
    expect(s.log.join('\n')).not.toContain('一次性密码');

    // A second start neither makes another administrator nor reseeds.
    await s.close();
    cleanups.pop();
    const again = await start(db, { firstAdmin: { username: 'admin', password: 'other-password' } });
    cleanups.push(again.close);
    expect(await count(again.app, 'sysUser')).toBe(1);
    expect((await again.login('admin', 'Start-2026!')).success).toBe(true);
  });

  it('without ADMIN_PASSWORD logs a one-time password once and the first sign-in must change it', { timeout: 120_000 }, async () => {
    const db = await emptyDatabase(kind);
    cleanups.push(db.drop);
    const s = await start(db, { firstAdmin: { username: 'root', password: '' } });
    cleanups.push(s.close);
    const line = s.log.find((l) => l.includes('一次性密码'));
    expect(line, 'the log names the one-time password').toBeTruthy();
    const pw = /一次性密码 (\S+)（/.exec(JSON.parse(line!).msg as string)?.[1];
    expect(pw).toMatch(/^[A-Za-z0-9]{16}$/);
    expect((await s.login('root', '123456')).success).toBe(false);
    const r = await s.login('root', pw!);
    expect(r.success, r.message).toBe(true);
    expect(r.result.needChangePassword).toBe(true);

    await s.close();
    cleanups.pop();
    const again = await start(db, { firstAdmin: { username: 'root', password: '' } });
    cleanups.push(again.close);
    expect(again.log.some((l) => l.includes('一次性密码'))).toBe(false);
  });

  it('the administrator builds the organisation and a staff expense reaches the department head', { timeout: 120_000 }, async () => {
    const db = await emptyDatabase(kind);
    cleanups.push(db.drop);
    const s = await start(db, { firstAdmin: { username: 'admin', password: 'Start-2026!' } });
    cleanups.push(s.close);
    const token = (await s.login('admin', 'Start-2026!')).result.token as string;

    const company = await s.call(token, 'POST', '/sys/sysDepart/add', { departName: '远航集团', orgCategory: '1', parentId: null });
    expect(company.success, company.message).toBe(true);
    expect(company.result.orgCode).toBe('A01');
    const dept = await s.call(token, 'POST', '/sys/sysDepart/add', { departName: '人力资源部', orgCategory: '2', parentId: company.result.id });
    expect(dept.success, dept.message).toBe(true);
    const roles = new Map(
      (await s.app.ctx.db.selectFrom('sysRole').select(['id', 'roleCode']).execute()).map((r) => [r.roleCode, r.id]),
    );
    const hr = await s.call(token, 'POST', '/sys/user/add', {
      username: 'hrlead',
      realname: '人事经理',
      password: 'Hr-pass-1',
      selectedroles: roles.get('hr'),
      selecteddeparts: dept.result.id,
      departIds: dept.result.id,
      userIdentity: 2,
    });
    expect(hr.success, hr.message).toBe(true);
    const staff = await s.call(token, 'POST', '/sys/user/add', {
      username: 'staff1',
      realname: '新员工',
      password: 'Staff-pass-1',
      selectedroles: roles.get('staff'),
      selecteddeparts: dept.result.id,
    });
    expect(staff.success, staff.message).toBe(true);

    const st = (await s.login('staff1', 'Staff-pass-1')).result.token as string;
    const defs = await s.call(st, 'GET', '/activiti_process/startable?tableName=fm_expense');
    const procDefId = defs.result[0].id as string;
    const add = await s.call(st, 'POST', '/actBusiness/add', { tableName: 'fm_expense', procDefId, reason: '办公用品', items: [{ name: '文具', amount: 120 }] });
    expect(add.success, add.message).toBe(true);
    const apply = await s.call(st, 'POST', '/actBusiness/apply', { id: add.result.id, procDefId });
    expect(apply.success, apply.message).toBe(true);

    const ht = (await s.login('hrlead', 'Hr-pass-1')).result.token as string;
    const todo = await s.call(ht, 'POST', '/actTask/todoList', { pageIndex: 1, pageSize: 10 });
    const task = todo.result.records.find((r: { procInstId: string }) => r.procInstId === apply.result.procInstId);
    expect(task, 'the department head has the task').toBeTruthy();
    const pass = await s.call(ht, 'POST', '/actTask/pass', { id: task.id, type: 0, comment: '同意', procInstId: task.procInstId, procDefId: task.procDefId, currActId: task.key });
    expect(pass.success, pass.message).toBe(true);
  });
});
