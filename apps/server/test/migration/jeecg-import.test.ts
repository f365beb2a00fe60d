import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { importJeecg, type ImportReport } from '../../src/modules/migration/jeecg/importer.js';
import { verifyJeecgPassword } from '../../src/platform/auth/legacy-password.js';
import { JeecgSource } from '../../src/modules/migration/jeecg/source.js';
import { openDatabase, type DbHandle, type DbKind } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';
import { seedProduct } from '../../src/seed/index.js';
import { withDatabase } from '../global-setup.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

/**
 * End to end: JeecgBoot v3.0.0's own MySQL seed loaded into a fresh MariaDB database, imported twice into a fresh
 * product database (migrations and the product's menus, no demo organisation), then the app signs in JeecgBoot's
 * users with their JeecgBoot passwords and lists what came over.
 */
const MYSQL_URL = process.env.TEST_MYSQL_URL ?? '';
// shared/ sits beside the repository's folder
const SEED_SQL =
  process.env.JEECG_SEED_SQL ?? path.resolve(import.meta.dirname, '../../../../../shared/reference/jeecg/jeecgboot-v3.0.0-mysql-5.7.sql');

/** Loads a SQL file with the mariadb (or mysql) client; --force because the QRTZ tables reuse a constraint name. */
function loadSql(url: string, database: string, sqlText: string) {
  const u = new URL(url);
  const args = ['-h', u.hostname, '-P', u.port || '3306', '-u', decodeURIComponent(u.username || 'root'), '--force', database];
  const env = { ...process.env, ...(u.password ? { MYSQL_PWD: decodeURIComponent(u.password) } : {}) };
  for (const bin of ['mariadb', 'mysql']) {
    try {
      execFileSync(bin, args, { input: sqlText, env, stdio: ['pipe', 'ignore', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
      return;
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { status?: number };
      if (e.code === 'ENOENT') continue;
      // with --force the client still exits non-zero after the failed statements; the tables that matter loaded
      if (typeof e.status === 'number') return;
      throw err;
    }
  }
  throw new Error('neither the mariadb nor the mysql client is installed');
}

let counter = 0;

async function freshTarget(kind: DbKind): Promise<{ handle: DbHandle; dir: string; drop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-jeecg-'));
  if (kind === 'sqlite') {
    return { handle: openDatabase(path.join(dir, 'app.db'), dir), dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `go_jeecg_${inject('runId')}_${process.pid}_${++counter}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    handle: openDatabase(withDatabase(adminUrl, name), dir),
    dir,
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

const count = (r: ImportReport, key: string) => r.entities.find((e) => e.key === key);

describe.skipIf(!MYSQL_URL || !existsSync(SEED_SQL))('[MIGRATION] import of a JeecgBoot 3.0 database', () => {
  const database = `jeecg_t_${Date.now().toString(36)}_${process.pid}`;
  let sourceUrl = '';
  let jobIds: string[] = [];

  beforeAll(async () => {
    const conn = await mysql.createConnection({ uri: MYSQL_URL });
    await conn.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
    await conn.end();
    const text = readFileSync(SEED_SQL, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(create\s+database|use\s)/i.test(line))
      .join('\n');
    loadSql(MYSQL_URL, database, text);
    const u = new URL(MYSQL_URL);
    u.pathname = `/${database}`;
    sourceUrl = u.toString();
    // v3.0.0's seed gives jeecg another password than later seeds; later seeds store eee378a1258530cb (123456)
    // with the same salt, and that row is put here so both known pairs sign in. The other users keep v3.0.0's
    // own rows (zhagnxiao's opens with 123).
    const src = await mysql.createConnection({ uri: sourceUrl });
    const [res] = await src.query<mysql.ResultSetHeader>(
      `UPDATE sys_user SET password = 'eee378a1258530cb' WHERE username = 'jeecg' AND salt = 'mIgiYJow'`,
    );
    expect(res.affectedRows).toBe(1);
    const [jobs] = await src.query<mysql.RowDataPacket[]>('SELECT id FROM sys_quartz_job');
    await src.end();
    jobIds = jobs.map((j) => String(j.id));
  }, 120_000);

  afterAll(async () => {
    const conn = await mysql.createConnection({ uri: MYSQL_URL });
    await conn.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await conn.end();
  });

  describe.each(dbKinds)('into a fresh %s database', (kind) => {
    let target: Awaited<ReturnType<typeof freshTarget>>;
    let app: App | undefined;
    let first: ImportReport;
    let second: ImportReport;

    beforeAll(async () => {
      target = await freshTarget(kind);
      await migrateToLatest(target.handle.db);
      // a clean install (SEED_DEMO=off): the product's menus, roles and dictionaries, no demo organisation
      await seedProduct(target.handle.db);
      for (const n of [1, 2]) {
        const src = await JeecgSource.open(sourceUrl);
        try {
          const report = await importJeecg(target.handle.db, src, { withLogs: true });
          if (n === 1) first = report;
          else second = report;
        } finally {
          await src.close();
        }
      }
      const config = testConfig({ dataDir: target.dir, uploadDir: path.join(target.dir, 'upload') });
      app = await buildApp({ config, database: target.handle, prepare: false, logger: false });
      await app.ready();
    }, 180_000);

    afterAll(async () => {
      if (app) await app.close();
      else await target?.handle.close();
      await target?.drop();
    });

    const call = async (token: string | null, method: 'GET' | 'POST', url: string, body?: object) => {
      const res = await app!.inject({ method, url: `/jeecg-boot${url}`, headers: token ? { 'x-access-token': token } : {}, ...(body ? { payload: body } : {}) });
      return res.json();
    };

    it('brings the organisation, users, roles, grants and dictionaries, and reports what it left', () => {
      // The clean install has no organisation and no person: all of JeecgBoot's come over.
      expect(count(first, 'depart')?.imported).toBe(8);
      expect(count(first, 'user')?.imported).toBe(5);
      expect(count(first, 'announcement')?.imported).toBe(9);
      // Tenants, positions, roles, dictionaries, categories and jobs may meet the product's own (tenant 1, role
      // admin, dictionary sex …): those are linked to, every source row is accounted for.
      const accounted = (key: string) => {
        const e = count(first, key)!;
        return e.imported + Object.values(e.skipped).reduce((a, b) => a + b, 0);
      };
      expect({ tenant: accounted('tenant'), position: accounted('position'), role: accounted('role'), dict: accounted('dict'), job: accounted('job') })
        .toEqual({ tenant: 1, position: 2, role: 5, dict: 41, job: 3 });
      expect(count(first, 'role')!.imported).toBeGreaterThan(0);
      expect(count(first, 'dict')!.imported).toBeGreaterThan(0);
      expect(count(first, 'dictItem')!.imported).toBeGreaterThan(0);
      expect(count(first, 'category')!.imported).toBeGreaterThan(0);
      expect(count(first, 'log')).toMatchObject({ total: 2359, imported: 2359 });
      expect(count(first, 'roleGrant')!.imported).toBeGreaterThan(10);
      // grants of menus this product does not have are counted, not imported
      expect(count(first, 'roleGrant')!.skipped['菜单在本产品中没有对应页面']).toBeGreaterThan(0);
      expect(first.permissions.find((p) => p.url === '/isystem/roleUserList')?.target?.url).toBe('/isystem/role');
      expect(first.permissions.find((p) => p.url === '/online/cgformList/:code')?.target).toBeUndefined();
    });

    it('a second run adds nothing: every record is found by its id', () => {
      for (const e of second.entities) {
        if (e.key === 'permission') continue; // the menu mapping is computed, not stored
        expect({ [e.key]: e.imported }).toEqual({ [e.key]: 0 });
      }
      expect(count(second, 'user')!.skipped['已存在（ID 相同）']).toBe(5);
    });

    it('keeps what the product needs: legacy hashes, paused jobs, heads of departments, the tree', async () => {
      const { db } = app!.ctx;
      const jeecg = await db.selectFrom('sysUser').selectAll().where('username', '=', 'jeecg').executeTakeFirstOrThrow();
      expect(jeecg.password).toBe('jeecg$eee378a1258530cb');
      expect(jeecg.salt).toBe('mIgiYJow');
      expect(verifyJeecgPassword('zhagnxiao', '123', 'go3jJ4zX', (await db.selectFrom('sysUser').select('password').where('username', '=', 'zhagnxiao').executeTakeFirstOrThrow()).password ?? '')).toBe(true);
      // every imported job arrives paused (the clean install's sample jobs are paused too; only the product's
      // daily 待离职 job runs)
      const jobs = await db.selectFrom('sysQuartzJob').select(['id', 'status', 'jobClassName']).execute();
      expect(jobs.filter((j) => jobIds.includes(j.id)).length).toBeGreaterThan(0);
      expect(jobs.filter((j) => j.jobClassName !== 'hr.job.DimissionJob').every((j) => j.status === -1)).toBe(true);
      expect(jobs.map((j) => j.jobClassName)).toContain('office.job.SampleJob');
      const admin = await db.selectFrom('sysUser').select(['userIdentity', 'departIds']).where('username', '=', 'admin').executeTakeFirstOrThrow();
      expect(admin.userIdentity).toBe(2);
      expect(admin.departIds).toBe('c6d7cb4deeac411cb3384b1b31278596');
      const child = await db.selectFrom('sysDepart').select('parentId').where('orgCode', '=', 'A01A03').executeTakeFirstOrThrow();
      expect(child.parentId).toBe('c6d7cb4deeac411cb3384b1b31278596');
    });

    it('signs in admin and jeecg with 123456 through the login API, then lists what came over', async () => {
      const admin = await call(null, 'POST', '/sys/login', { username: 'admin', password: '123456' });
      expect(admin.success, admin.message).toBe(true);
      const jeecg = await call(null, 'POST', '/sys/login', { username: 'jeecg', password: '123456' });
      expect(jeecg.success, jeecg.message).toBe(true);
      expect((await call(null, 'POST', '/sys/login', { username: 'jeecg', password: '1234567' })).success).toBe(false);
      // the first sign-in moved both to this product's hash
      const hashes = await app!.ctx.db.selectFrom('sysUser').select('password').where('username', 'in', ['admin', 'jeecg']).execute();
      expect(hashes.map((h) => h.password?.slice(0, 7))).toEqual(['scrypt$', 'scrypt$']);
      expect((await call(null, 'POST', '/sys/login', { username: 'admin', password: '123456' })).success).toBe(true);

      const token = admin.result.token as string;
      const users = await call(token, 'GET', '/sys/user/list?pageSize=50');
      expect(users.success, users.message).toBe(true);
      expect(users.result.records.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining(['admin', 'jeecg', 'zhagnxiao']));
      const roles = await call(token, 'GET', '/sys/role/list?pageSize=50');
      expect(roles.success, roles.message).toBe(true);
      expect(roles.result.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(expect.arrayContaining(['admin', 'test']));
      const dicts = await call(token, 'GET', '/sys/dict/list?pageSize=100');
      expect(dicts.success, dicts.message).toBe(true);
      expect(dicts.result.records.map((d: { dictCode: string }) => d.dictCode)).toEqual(expect.arrayContaining(['sex', 'priority']));
      const tree = await call(token, 'GET', '/sys/sysDepart/queryTreeList');
      expect(tree.success, tree.message).toBe(true);
      expect(JSON.stringify(tree.result)).toContain('北京国炬软件');
    });
  });

  describe.each(dbKinds)('into an existing %s install with the demo organisation', (kind) => {
    let t: TestApp;
    let first: ImportReport;
    let second: ImportReport;

    beforeAll(async () => {
      t = await createTestApp(kind);
      for (const n of [1, 2]) {
        const src = await JeecgSource.open(sourceUrl);
        try {
          const report = await importJeecg(t.app.ctx.db, src);
          if (n === 1) first = report;
          else second = report;
        } finally {
          await src.close();
        }
      }
    }, 180_000);

    afterAll(async () => {
      await t?.close();
    });

    it('links to the records it finds by natural key instead of duplicating them, and a second run adds nothing', async () => {
      const { db } = t.app.ctx;
      // admin exists here: kept as it is (its password untouched), the other four users come over
      expect(count(first, 'user')).toMatchObject({ imported: 4, skipped: { '已存在（用户名相同）': 1 } });
      expect(count(first, 'depart')!.skipped['已存在（机构编码相同）']).toBeGreaterThan(0);
      expect(count(first, 'role')!.skipped['已存在（角色编码相同）']).toBeGreaterThan(0);
      expect(count(first, 'dict')!.skipped['已存在（字典编码相同）']).toBeGreaterThan(0);
      for (const e of second.entities) {
        if (e.key === 'permission') continue;
        expect({ [e.key]: e.imported }).toEqual({ [e.key]: 0 });
      }
      const admins = await db.selectFrom('sysUser').select('password').where('username', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      expect(admins[0].password).toMatch(/^scrypt\$/);
      const codes = await db.selectFrom('sysDepart').select('orgCode').execute();
      expect(new Set(codes.map((c) => c.orgCode)).size).toBe(codes.length);

      expect((await t.call(null, 'POST', '/sys/login', { username: 'admin', password: '123456' })).body.success).toBe(true);
      const jeecg = await t.call(null, 'POST', '/sys/login', { username: 'jeecg', password: '123456' });
      expect(jeecg.body.success, jeecg.body.message).toBe(true);
    });
  });

  describe('from another 3.x layout (columns read from information_schema)', () => {
    const variant = `${database}_v34`;
    let handle: DbHandle;
    let dir: string;

    beforeAll(async () => {
      const conn = await mysql.createConnection({ uri: MYSQL_URL, multipleStatements: true });
      await conn.query(`CREATE DATABASE \`${variant}\` CHARACTER SET utf8mb4`);
      // 3.4 and later: tenants of a user in sys_user_tenant, roles with a tenant; sys_user without several columns
      await conn.query(`USE \`${variant}\`;
        CREATE TABLE sys_user (ID varchar(32) PRIMARY KEY, USERNAME varchar(100), realname varchar(100), password varchar(255), salt varchar(45), status tinyint(1), del_flag tinyint(1), login_tenant_id int);
        CREATE TABLE sys_user_tenant (id varchar(32) PRIMARY KEY, user_id varchar(32), tenant_id int, status varchar(1));
        CREATE TABLE sys_tenant (id int PRIMARY KEY, name varchar(100), status int, house_number varchar(10), company_logo varchar(255));
        CREATE TABLE sys_role (id varchar(32) PRIMARY KEY, role_name varchar(200), role_code varchar(100), tenant_id int);
        INSERT INTO sys_tenant VALUES (1000, '三号租户', 1, 'A1', NULL), (1001, '四号租户', 1, 'B2', NULL);
        INSERT INTO sys_role VALUES ('r1', '出纳', 'cashier', 1000);
        INSERT INTO sys_user VALUES ('u1', 'jeecg', '杰克', 'eee378a1258530cb', 'mIgiYJow', NULL, NULL, 1000);
        INSERT INTO sys_user_tenant VALUES ('t1', 'u1', 1000, '1'), ('t2', 'u1', 1001, '1');`);
      await conn.end();
      dir = mkdtempSync(path.join(os.tmpdir(), 'go-jeecg-'));
      handle = openDatabase(path.join(dir, 'app.db'), dir);
      await migrateToLatest(handle.db);
    }, 120_000);

    afterAll(async () => {
      await handle?.close();
      rmSync(dir, { recursive: true, force: true });
      const conn = await mysql.createConnection({ uri: MYSQL_URL });
      await conn.query(`DROP DATABASE IF EXISTS \`${variant}\``);
      await conn.end();
    });

    it('imports what the source has, missing columns take the defaults, absent tables count zero', async () => {
      const u = new URL(MYSQL_URL);
      u.pathname = `/${variant}`;
      const src = await JeecgSource.open(u.toString());
      let report: ImportReport;
      try {
        report = await importJeecg(handle.db, src);
      } finally {
        await src.close();
      }
      expect(count(report, 'user')?.imported).toBe(1);
      expect(count(report, 'dict')).toMatchObject({ total: 0, imported: 0 });
      const user = await handle.db.selectFrom('sysUser').selectAll().where('username', '=', 'jeecg').executeTakeFirstOrThrow();
      expect(user).toMatchObject({ id: 'u1', realname: '杰克', password: 'jeecg$eee378a1258530cb', salt: 'mIgiYJow', status: 1, delFlag: 0, relTenantIds: '1000,1001', orgCode: null });
      const role = await handle.db.selectFrom('sysRole').selectAll().where('roleCode', '=', 'cashier').executeTakeFirstOrThrow();
      expect(role.tenantId).toBe(1000);
      const tenants = await handle.db.selectFrom('sysTenant').select(['id', 'name', 'status']).orderBy('id').execute();
      expect(tenants).toEqual([
        { id: 1000, name: '三号租户', status: 1 },
        { id: 1001, name: '四号租户', status: 1 },
      ]);
    });
  });
});
