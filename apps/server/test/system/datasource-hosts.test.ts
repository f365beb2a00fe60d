/**
 * Data sources (多数据源) reach only allowed hosts: loopback databases are refused unless listed, file-based
 * URLs are refused everywhere, and every failed connection answers one text whatever the cause (closed port,
 * a port that is not a database, wrong password, a file that exists or not), on save, test, and reports.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/db/ids.js';
import { now } from '../../src/platform/db/time.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const FAILED = '数据库连接失败，请检查数据源地址、用户名和密码，以及该主机是否允许连接';
const pgUrl = process.env.TEST_DATABASE_URL;
const mysqlUrl = process.env.TEST_MYSQL_URL;

/** A local port that answers like no database does: a line of text, then it hangs up. */
async function chattyPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer((s) => {
    s.resume();
    s.end('HTTP/1.1 400 Bad Request\r\n\r\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    port,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

/** A local port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

describe.each(dbKinds)('[SYSTEM] data source hosts on %s', (kind) => {
  let strict: TestApp;
  let open: TestApp;
  let admin: string;
  let openAdmin: string;
  let chatty: Awaited<ReturnType<typeof chattyPort>>;
  let closed: number;

  beforeAll(async () => {
    // `strict`: nothing listed and no DATABASE_URL, so no host at all; `open`: loopback on any port.
    strict = await createTestApp(kind);
    open = await createTestApp(kind, { dataSourceHosts: ['127.0.0.1'] });
    admin = await strict.login('admin');
    openAdmin = await open.login('admin');
    chatty = await chattyPort();
    closed = await closedPort();
  });
  afterAll(async () => {
    await strict?.close();
    await open?.close();
    await chatty?.close();
  });

  const test = (t: TestApp, token: string, dbUrl: string, extra: Record<string, string> = {}) =>
    t.call(token, 'POST', '/sys/dataSource/testConnection', { dbUrl, ...extra });

  it.skipIf(!pgUrl || !mysqlUrl)('refuses loopback databases that are not listed: test, save and reports', async () => {
    for (const url of [pgUrl!, mysqlUrl!, mysqlUrl!.replace(/^mysql:/, 'mariadb:')]) {
      const r = await test(strict, admin, url);
      expect(r.body, url).toMatchObject({ success: false, message: FAILED });
      const add = await strict.call(admin, 'POST', '/sys/dataSource/add', { code: `lo${url.length}`, name: '本机库', dbUrl: url });
      expect(add.body.success, url).toBe(false);
      expect(add.body.message).toContain('不在允许连接的主机中');
    }
    // A source saved before the rule (or written by hand) is not connected either.
    await strict.app.ctx.db
      .insertInto('sysDataSource')
      .values({ id: newId(), code: 'legacy_pg', name: '旧数据源', dbUrl: pgUrl!, dbUsername: null, dbPassword: null, dbType: 'postgres', dbDriver: null, dbName: null, remark: null, sysOrgCode: 'A01', createBy: 'admin', createTime: now(), updateBy: null, updateTime: null })
      .execute();
    const parse = await strict.call(admin, 'GET', `/online/cgreport/head/parseSql?dbKey=legacy_pg&sql=${encodeURIComponent('select 1 as n')}`);
    expect(parse.body).toMatchObject({ success: false, message: FAILED });
    const table = await strict.call(admin, 'POST', '/online/cgreport/table/add', { dbSource: 'legacy_pg', tableName: 'sys_user' });
    expect(table.body).toMatchObject({ success: false, message: FAILED });
  });

  it('refuses file URLs: the same text whether the file exists or not, and they cannot be saved', async () => {
    const answers = new Set<string>();
    for (const url of ['sqlite:/etc/passwd', 'sqlite:/nonexistent/file.db', 'file:/etc/hostname', 'file:///etc/passwd', 'sqlite::memory:', '/etc/passwd']) {
      const r = await test(open, openAdmin, url);
      expect(r.body.success, url).toBe(false);
      answers.add(r.body.message as string);
    }
    expect([...answers]).toEqual([FAILED]);
    for (const url of ['sqlite:/etc/passwd', 'file:/etc/passwd', 'sqlite::memory:']) {
      const add = await open.call(openAdmin, 'POST', '/sys/dataSource/add', { code: 'file_src', name: '文件库', dbUrl: url });
      expect(add.body.success, url).toBe(false);
    }
    expect(await open.app.ctx.db.selectFrom('sysDataSource').select('id').where('code', '=', 'file_src').executeTakeFirst()).toBeUndefined();
    // A file source stored before the rule: its reports fail with the generic text.
    await open.app.ctx.db
      .insertInto('sysDataSource')
      .values({ id: newId(), code: 'legacy_file', name: '旧文件库', dbUrl: 'sqlite:/etc/passwd', dbUsername: null, dbPassword: null, dbType: 'sqlite', dbDriver: null, dbName: null, remark: null, sysOrgCode: 'A01', createBy: 'admin', createTime: now(), updateBy: null, updateTime: null })
      .execute();
    const parse = await open.call(openAdmin, 'GET', `/online/cgreport/head/parseSql?dbKey=legacy_file&sql=${encodeURIComponent('select 1 as n')}`);
    expect(parse.body).toMatchObject({ success: false, message: FAILED });
  });

  it('answers one text for a closed port, a port that is no database, a wrong password and a missing file', async () => {
    const urls = [
      `postgres://root@127.0.0.1:${closed}/x`,
      `mysql://root@127.0.0.1:${closed}/x`,
      `postgres://root@127.0.0.1:${chatty.port}/x`,
      `mysql://root@127.0.0.1:${chatty.port}/x`,
      'sqlite:/nonexistent/file.db',
      'sqlite:/etc/passwd',
    ];
    if (pgUrl) urls.push(pgUrl.replace('//root@', '//root:wrong-password@').replace(/\/[^/]*$/, '/no_such_database_here'));
    if (mysqlUrl) urls.push(`${mysqlUrl.replace('//root@', '//nobody_here:wrong@')}/x`);
    const answers = new Map<string, string>();
    for (const url of urls) {
      const r = await test(open, openAdmin, url);
      expect(r.body.success, url).toBe(false);
      answers.set(url, r.body.message as string);
    }
    expect(new Set(answers.values()), JSON.stringify([...answers])).toEqual(new Set([FAILED]));
  });

  it.skipIf(!pgUrl || !mysqlUrl)('a listed host:port is reachable, the same host on another port is not', async () => {
    const t = await createTestApp(kind, { dataSourceHosts: [`127.0.0.1:${new URL(mysqlUrl!).port || 3306}`, 'db.example.invalid'] });
    try {
      const token = await t.login('admin');
      expect((await test(t, token, mysqlUrl!)).body).toMatchObject({ success: true, message: '数据库连接成功' });
      expect((await test(t, token, pgUrl!)).body).toMatchObject({ success: false, message: FAILED });
      // Query parameters could point the driver elsewhere (host=, sslcert=): refused.
      for (const url of ['postgres://u@db.example.invalid/x?host=127.0.0.1', 'postgres://u@db.example.invalid/x?sslrootcert=/etc/passwd']) {
        const add = await t.call(token, 'POST', '/sys/dataSource/add', { code: 'qs', name: '参数', dbUrl: url });
        expect(add.body.success, url).toBe(false);
        expect((await test(t, token, url)).body).toMatchObject({ success: false, message: FAILED });
      }
      const add = await t.call(token, 'POST', '/sys/dataSource/add', { code: 'maria_ok', name: '允许的库', dbUrl: mysqlUrl! });
      expect(add.body.success, add.body.message).toBe(true);
    } finally {
      await t.close();
    }
  });
});
