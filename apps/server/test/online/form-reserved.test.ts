/**
 * Online forms never take a database's own names (pg_*, sqlite_*, information_schema) or any name the
 * database already uses (tables, views, indexes), and synchronisation never alters a table it did not
 * create: each refusal is a clear message, never 500 系统繁忙.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/db/ids.js';
import { now } from '../../src/platform/db/time.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const field = (dbFieldName: string) => ({ dbFieldName, dbFieldTxt: '名称', dbType: 'string', dbLength: 50, dbPointLength: 0, dbIsNull: 1, isShowList: 1, isShowForm: 1, isQuery: 0 });
const design = (tableName: string) => ({ head: { tableName, tableTxt: '保留名', tableType: 1 }, fields: [field('name')] });

describe.each(dbKinds)('[ONLINE] reserved and foreign table names on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const raw = () => t.app.ctx.db.withoutPlugins();

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A design stored as an older version, or a hand edit, could have left it: bypasses the save checks. */
  async function storedHead(tableName: string, syncedFields: string | null = null): Promise<string> {
    const id = newId();
    await t.app.ctx.db.deleteFrom('onlCgformHead').where('tableName', '=', tableName).execute();
    await t.app.ctx.db
      .insertInto('onlCgformHead')
      .values({
        id,
        tableName,
        tableTxt: '旧表单',
        tableType: 1,
        isTree: 'N',
        treeParentIdField: null,
        treeFieldname: null,
        subTableStr: null,
        relationType: 0,
        tabOrderNum: 1,
        formTemplate: null,
        isDbSynch: syncedFields ? 'Y' : 'N',
        tableVersion: 1,
        syncedFields,
        sysOrgCode: 'A01',
        createBy: 'admin',
        createTime: now(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await t.app.ctx.db
      .insertInto('onlCgformField')
      .values({
        id: newId(),
        cgformHeadId: id,
        dbFieldName: 'name',
        dbFieldTxt: '名称',
        dbType: 'string',
        dbLength: 50,
        dbPointLength: 0,
        dbIsNull: 1,
        fieldValidType: null,
        dictField: null,
        dictTable: null,
        dictText: null,
        fieldShowType: 'text',
        isShowList: 1,
        isShowForm: 1,
        isQuery: 0,
        queryMode: 'single',
        mainTable: null,
        mainField: null,
        orderNum: 1,
        createBy: 'admin',
        createTime: now(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    return id;
  }

  const columnsOf = async (table: string) =>
    kind === 'postgres'
      ? (await sql<{ c: string }>`select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(raw())).rows.map((r) => r.c).sort()
      : (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(raw())).rows.map((r) => r.name).sort();

  it.each([
    ['pg_class', '表名不能以 pg_ 开头（系统表）'],
    ['pg_demo', '表名不能以 pg_ 开头（系统表）'],
    ['sqlite_sequence', '表名不能以 sqlite_ 开头（系统表）'],
    ['sqlite_demo', '表名不能以 sqlite_ 开头（系统表）'],
    ['information_schema', '表名 information_schema 是数据库保留名，不能使用'],
  ])('refuses %s when saving', async (name, message) => {
    const r = await t.call(admin, 'POST', '/online/cgform/api/addAll', design(name));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, message });
  });

  it.each(['pg_class', 'sqlite_sequence', 'sqlite_master', 'information_schema'])('refuses to synchronise a stored design named %s', async (name) => {
    const id = await storedHead(name);
    const preview = await t.call(admin, 'GET', `/online/cgform/head/ddlPreview/${id}`);
    expect(preview.status).toBe(200);
    expect(preview.body.success).toBe(false);
    const r = await t.call(admin, 'POST', `/online/cgform/api/doDbSynch/${id}/normal`);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(false);
    expect(r.body.message).toMatch(/系统表|保留名/);
  });

  it('refuses a name an index of the product already has, when saving and when synchronising', async () => {
    const r = await t.call(admin, 'POST', '/online/cgform/api/addAll', design('idx_sys_user_org_code'));
    expect(r.body).toMatchObject({ success: false, message: '表 idx_sys_user_org_code 已存在于数据库中，不能使用' });
    const id = await storedHead('idx_sys_user_org_code');
    const s = await t.call(admin, 'POST', `/online/cgform/api/doDbSynch/${id}/normal`);
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ success: false, message: '表 idx_sys_user_org_code 已存在于数据库中，不能使用' });
  });

  it('never alters a product table, even for a design that claims to have synchronised it', async () => {
    const before = await columnsOf('fm_expense');
    expect(before.length).toBeGreaterThan(3);
    const snapshot = JSON.stringify([{ dbFieldName: 'old_col', dbType: 'string', dbLength: 50, dbPointLength: 0 }]);
    const id = await storedHead('fm_expense', snapshot);
    const preview = await t.call(admin, 'GET', `/online/cgform/head/ddlPreview/${id}`);
    expect(preview.body).toMatchObject({ success: false, message: '表 fm_expense 不是在线表单创建的表，不能同步' });
    for (const q of ['', '?confirm=true']) {
      const r = await t.call(admin, 'POST', `/online/cgform/api/doDbSynch/${id}/force${q}`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: false, message: '表 fm_expense 不是在线表单创建的表，不能同步' });
    }
    expect(await columnsOf('fm_expense')).toEqual(before);
  });

  it('still synchronises its own tables: create, then add a column', async () => {
    const add = await t.call(admin, 'POST', '/online/cgform/api/addAll', design('reserved_ok'));
    expect(add.body.success, add.body.message).toBe(true);
    const id = add.body.result as string;
    expect((await t.call(admin, 'POST', `/online/cgform/api/doDbSynch/${id}/normal`)).body).toMatchObject({ success: true });
    const edit = await t.call(admin, 'PUT', '/online/cgform/api/editAll', { head: { id, tableName: 'reserved_ok', tableTxt: '保留名', tableType: 1 }, fields: [field('name'), field('extra')] });
    expect(edit.body.success, edit.body.message).toBe(true);
    expect((await t.call(admin, 'POST', `/online/cgform/api/doDbSynch/${id}/normal`)).body).toMatchObject({ success: true });
    expect(await columnsOf('reserved_ok')).toEqual(['create_by', 'create_time', 'extra', 'id', 'name', 'sys_org_code', 'update_by', 'update_time']);
  });
});
