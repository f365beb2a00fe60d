import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/db/ids.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

async function sheet(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(['用户列表数据']);
  ws.addRow(['导出人']);
  ws.addRow(['登录账号', '真实名称']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Finding 1: usernames that differ only by case are one name, everywhere a user is created. */
describe.each(dbKinds)('[SECURITY] usernames are unique ignoring case on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const namesLike = async (name: string) =>
    (await t.app.ctx.db.selectFrom('sysUser').select('username').where(sql<string>`lower(username)`, '=', name.toLowerCase()).execute()).map((r) => r.username);

  it('the database refuses a case twin (unique index on lower(username))', async () => {
    const insert = (username: string) =>
      t.app.ctx.db
        .insertInto('sysUser')
        .values({ id: newId(), username, realname: username, status: 1, delFlag: 0, createTime: '2026-11-24 00:00:00' })
        .execute();
    await expect(insert('ADMIN')).rejects.toThrow();
    await expect(insert('WuTing')).rejects.toThrow();
    expect(await namesLike('admin')).toEqual(['admin']);
  });

  it('administrator add refuses a case variant, also when two adds race', async () => {
    const add = (username: string) =>
      t.call(admin, 'POST', '/sys/user/add', { username, password: 'Secret-123', realname: username, selectedroles: '', selecteddeparts: '' });
    const variant = await add('WUTING');
    expect(variant.body).toMatchObject({ success: false, message: '用户账号已存在' });
    expect(await namesLike('wuting')).toEqual(['wuting']);

    const raced = await Promise.all([add('CaseTwin'), add('casetwin'), add('CASETWIN')]);
    expect(raced.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of raced.filter((x) => !x.body.success)) expect(r.body.message).toBe('用户账号已存在');
    expect(await namesLike('casetwin')).toHaveLength(1);
  });

  it('the availability check and edit do not let a case variant through', async () => {
    const check = await t.call(admin, 'GET', '/sys/user/checkOnlyUser?username=ADMIN');
    expect(check.body).toMatchObject({ success: false, message: '用户账号已存在' });
    const row = await t.app.ctx.db.selectFrom('sysUser').select(['id', 'realname']).where('username', '=', 'wuting').executeTakeFirstOrThrow();
    await t.call(admin, 'PUT', '/sys/user/edit', { id: row.id, username: 'ADMIN', realname: row.realname });
    expect(await namesLike('admin')).toEqual(['admin']);
    expect(await namesLike('wuting')).toEqual(['wuting']);
  });

  it('import refuses rows that clash by case with an account or with an earlier row', async () => {
    const data = await sheet([
      ['ZHOUJIE', '周杰大写'],
      ['import_twin', '导入甲'],
      ['IMPORT_TWIN', '导入乙'],
    ]);
    const boundary = '----ci' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/user/importExcel',
      headers: { 'x-access-token': admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const body = res.json() as { code: number; result: { successCount: number; errorCount: number } };
    expect(body.code).toBe(201);
    expect(body.result).toMatchObject({ successCount: 1, errorCount: 2 });
    expect(await namesLike('zhoujie')).toEqual(['zhoujie']);
    expect(await namesLike('import_twin')).toEqual(['import_twin']);
  });

  it('self-registration with a case variant of an existing name creates no account', async () => {
    const r = await t.call(null, 'POST', '/sys/user/register', { username: 'Admin', password: 'Secret-123', phone: '13900001111', smscode: '1234' });
    expect(r.body.success).toBe(false);
    expect(await namesLike('admin')).toEqual(['admin']);
  });
});
