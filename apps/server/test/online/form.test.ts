/**
 * Online forms: design a main table with a sub table, synchronise, the generated pages' stock calls,
 * import and export, altering a synchronised table, refusals, identifier checks and company scoping.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/db/ids.js';
import { now } from '../../src/platform/db/time.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

async function xlsx(headers: string[], rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(['标题']);
  ws.addRow(['导出人:管理员']);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(files: { name: string; data: Buffer }[], fields: Record<string, string>) {
  const boundary = '----form' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${f.name}"\r\nContent-Type: application/vnd.ms-excel\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const field = (dbFieldName: string, dbFieldTxt: string, dbType: string, extra: Record<string, unknown> = {}) => ({
  dbFieldName,
  dbFieldTxt,
  dbType,
  dbLength: dbType === 'string' ? 50 : dbType === 'decimal' ? 10 : 0,
  dbPointLength: dbType === 'decimal' ? 2 : 0,
  dbIsNull: 1,
  isShowList: 1,
  isShowForm: 1,
  isQuery: 0,
  ...extra,
});

describe.each(dbKinds)('[ONLINE] online forms on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let a03: string;
  let mainId: string;
  let subId: string;
  const raw = () => t.app.ctx.db.withoutPlugins();
  const count = async (table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(raw())).rows[0].n);

  const mainDesign = (fields: Record<string, unknown>[] = [
    field('order_no', '订单号', 'string', { dbIsNull: 0, isQuery: 1, fieldValidType: '^[A-Z]{2}[0-9]{3}$' }),
    field('customer', '客户', 'string', { dbIsNull: 0, isQuery: 1 }),
    field('amount', '金额', 'decimal', { dbIsNull: 0 }),
    field('order_date', '下单日期', 'date', { isQuery: 1, queryMode: 'group' }),
    field('expense_type', '费用类型', 'string', { dictField: 'expense_type', fieldShowType: 'list', isQuery: 1 }),
    field('contact_phone', '联系电话', 'string', { fieldValidType: 'mobile' }),
  ], id?: string) => ({
    head: { id, tableName: 'demo_order', tableTxt: '演示订单', tableType: 2, subTableStr: 'demo_order_item' },
    fields,
  });
  const subDesign = {
    head: { tableName: 'demo_order_item', tableTxt: '订单明细', tableType: 3, relationType: 0 },
    fields: [
      field('order_id', '订单', 'string', { dbLength: 32, mainTable: 'demo_order', mainField: 'id', isShowForm: 0 }),
      field('product', '商品', 'string', { dbIsNull: 0 }),
      field('qty', '数量', 'int', { dbIsNull: 0 }),
    ],
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    // An A03 user (钱慧, A03A01) gets the run-time permission of generated forms.
    const db = t.app.ctx.db;
    const u = await db.selectFrom('sysUser').select('id').where('username', '=', 'qianhui').executeTakeFirstOrThrow();
    const p = await db.selectFrom('sysPermission').select('id').where('perms', '=', 'online:form:data').executeTakeFirstOrThrow();
    const roles = await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', u.id).execute();
    for (const r of roles)
      await db.insertInto('sysRolePermission').values({ id: newId(), roleId: r.roleId, permissionId: p.id, dataRuleIds: null, operateDate: now(), operateIp: null }).execute();
    [admin, staff, a03] = await Promise.all([t.login('admin'), t.login('wuting'), t.login('qianhui')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('designs, previews and synchronises a main table with a sub table', async () => {
    expect((await t.call(staff, 'POST', '/online/cgform/api/addAll', mainDesign())).status).toBe(403);
    const m = await t.call(admin, 'POST', '/online/cgform/api/addAll', mainDesign());
    expect(m.body).toMatchObject({ success: true, message: '添加成功！' });
    mainId = m.body.result;
    const s = await t.call(admin, 'POST', '/online/cgform/api/addAll', subDesign);
    expect(s.body.success).toBe(true);
    subId = s.body.result;

    const list = (await t.call(admin, 'GET', '/online/cgform/head/list?tableName=demo')).body.result;
    expect(list.records.map((r: { tableName: string }) => r.tableName).sort()).toEqual(['demo_order', 'demo_order_item']);
    const fields = (await t.call(admin, 'GET', `/online/cgform/field/listByHeadId?headId=${mainId}`)).body.result;
    expect(fields.map((f: { dbFieldName: string }) => f.dbFieldName)).toContain('expense_type');

    // Not synchronised yet: the run-time calls refuse.
    expect((await t.call(admin, 'GET', `/online/cgform/api/getData/${mainId}`)).body.message).toBe('表单未同步数据库，请先同步');

    const preview = (await t.call(admin, 'GET', `/online/cgform/head/ddlPreview/${mainId}`)).body.result;
    expect(preview.destructive).toBe(false);
    expect(preview.sql).toMatch(/create table "demo_order"/);
    expect(preview.sql).toMatch(/create table "demo_order_item"/);
    expect(preview.sql).toMatch(/"sys_org_code" varchar\(64\)/);
    expect(preview.sql).toMatch(/"amount" numeric\(10, 2\)/);

    const sync = await t.call(admin, 'POST', `/online/cgform/api/doDbSynch/${mainId}/normal`);
    expect(sync.body).toMatchObject({ success: true, message: '同步数据库成功!' });
    expect(await count('demo_order')).toBe(0);
    expect(await count('demo_order_item')).toBe(0);
    const head = (await t.call(admin, 'GET', `/online/cgform/head/queryById?id=${subId}`)).body.result;
    expect(head.isDbSynch).toBe('Y');

    // Every designer change is audited.
    await expect
      .poll(async () => (await t.app.ctx.db.selectFrom('sysLog').select('logContent').where('logContent', 'like', '在线表单%').execute()).map((l) => l.logContent))
      .toEqual(expect.arrayContaining(['在线表单-新增', '在线表单-同步数据库']));
  });

  it('serves the stock run-time calls: columns, query info, add with sub rows, get, list, edit, delete', async () => {
    const cols = (await t.call(admin, 'GET', `/online/cgform/api/getColumns/${mainId}`)).body.result;
    expect(cols).toMatchObject({ code: mainId, currentTableName: 'demo_order', tableType: 2, description: '演示订单', paginationFlag: 'Y', checkboxFlag: 'Y' });
    expect(cols.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual(['order_no', 'customer', 'amount', 'order_date', 'expense_type', 'contact_phone']);
    expect(cols.columns[4]).toMatchObject({ title: '费用类型', align: 'center', customRender: 'expense_type' });
    expect(cols.dictOptions.expense_type.length).toBeGreaterThan(0);
    expect(cols.foreignKeys).toEqual([{ table: 'demo_order_item', field: 'order_id', mainField: 'id' }]);
    expect(cols.subTables[0].fields.map((f: { dbFieldName: string }) => f.dbFieldName)).toEqual(['product', 'qty']);
    const q = (await t.call(admin, 'GET', `/online/cgform/api/getQueryInfo/${mainId}`)).body.result;
    expect(q.map((x: { field: string }) => x.field)).toEqual(['order_no', 'customer', 'order_date', 'expense_type']);
    expect(q.find((x: { field: string }) => x.field === 'order_date').mode).toBe('group');
    expect(q.find((x: { field: string }) => x.field === 'expense_type').view).toBe('list');

    // Server validation from the field definitions, in Chinese, nothing saved.
    const bad = async (body: Record<string, unknown>, message: string) => {
      const r = await t.call(admin, 'POST', `/online/cgform/api/form/${mainId}`, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toContain(message);
    };
    const good = { order_no: 'AB001', customer: '华东客户', amount: '12.50', order_date: '2026-11-01', expense_type: 'travel', contact_phone: '13800001111' };
    await bad({ ...good, customer: '' }, '客户不能为空');
    await bad({ ...good, order_no: 'x1' }, '订单号格式不正确');
    await bad({ ...good, amount: 'abc' }, '金额必须是数字');
    await bad({ ...good, amount: '1.234' }, '金额最多2位小数');
    await bad({ ...good, order_date: '2026/11/01' }, '下单日期日期格式不正确');
    await bad({ ...good, contact_phone: '123' }, '请输入正确手机号');
    await bad({ ...good, customer: 'x'.repeat(51) }, '客户长度不能超过50');
    await bad({ ...good, demo_order_item: [{ product: '笔', qty: 'many' }] }, '订单明细第1行：数量必须是整数');
    expect(await count('demo_order')).toBe(0);

    const add = await t.call(admin, 'POST', `/online/cgform/api/form/${mainId}`, { ...good, demo_order_item: [{ product: '笔', qty: 3 }, { product: '纸', qty: '5' }] });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = add.body.result;
    expect(typeof id).toBe('string');
    const second = (await t.call(admin, 'POST', `/online/cgform/api/form/${mainId}`, { ...good, order_no: 'CD002', customer: '华北客户', amount: 99, order_date: '2026-11-20', expense_type: 'office' })).body.result;

    const one = (await t.call(admin, 'GET', `/online/cgform/api/form/${mainId}/${id}`)).body.result;
    expect(one).toMatchObject({ id, order_no: 'AB001', customer: '华东客户', expense_type: 'travel', expense_type_dictText: '差旅费' });
    expect(one.sys_org_code).toMatch(/^A01/);
    expect(Number(one.amount)).toBeCloseTo(12.5);
    expect(one.demo_order_item.map((r: { product: string; qty: number; order_id: string }) => [r.product, Number(r.qty), r.order_id])).toEqual([
      ['笔', 3, id],
      ['纸', 5, id],
    ]);

    const all = (await t.call(admin, 'GET', `/online/cgform/api/getData/${mainId}?pageNo=1&pageSize=10`)).body.result;
    expect(all.total).toBe(2);
    expect(all.records[0].expense_type_dictText).toBeTruthy();
    const like = (await t.call(admin, 'GET', `/online/cgform/api/getData/${mainId}?customer=${encodeURIComponent('*华北*')}`)).body.result;
    expect(like.records.map((r: { id: string }) => r.id)).toEqual([second]);
    const range = (await t.call(admin, 'GET', `/online/cgform/api/getData/${mainId}?order_date_begin=2026-11-10&order_date_end=2026-11-30`)).body.result;
    expect(range.records.map((r: { id: string }) => r.id)).toEqual([second]);
    const sorted = (await t.call(admin, 'GET', `/online/cgform/api/getData/${mainId}?column=amount&order=asc`)).body.result;
    expect(sorted.records.map((r: { id: string }) => r.id)).toEqual([id, second]);
    const notAColumn = await t.call(admin, 'GET', `/online/cgform/api/getData/${mainId}?column=${encodeURIComponent('amount;drop table demo_order')}`);
    expect(notAColumn.body.message).toContain('请注意，将要排序的列字段不存在');
    const inj = (await t.call(admin, 'GET', `/online/cgform/api/getData/${mainId}?customer=${encodeURIComponent("' or 1=1 --")}`)).body.result;
    expect(inj.total).toBe(0);

    const edit = await t.call(admin, 'PUT', `/online/cgform/api/form/${mainId}`, { id, customer: '华东新客户', demo_order_item: [{ product: '墨', qty: 1 }] });
    expect(edit.body).toMatchObject({ success: true, message: '修改成功！' });
    const after = (await t.call(admin, 'GET', `/online/cgform/api/form/${mainId}/${id}`)).body.result;
    expect(after.customer).toBe('华东新客户');
    expect(after.order_no).toBe('AB001');
    expect(after.demo_order_item.map((r: { product: string }) => r.product)).toEqual(['墨']);

    const del = await t.call(admin, 'DELETE', `/online/cgform/api/form/${mainId}/${second}`);
    expect(del.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await count('demo_order')).toBe(1);
    expect((await t.call(staff, 'GET', `/online/cgform/api/getData/${mainId}`)).status).toBe(403);
  });

  it('imports an Excel with a bad row (201 and an error file) and exports', async () => {
    const book = await xlsx(['订单号', '客户', '金额', '下单日期', '费用类型'], [
      ['EF003', '导入客户甲', '10', '2026-10-01', '办公费'],
      ['bad', '导入客户乙', '10', '2026-10-01', '办公费'],
      ['GH004', '', '10', '2026-10-01', ''],
      ['IJ005', '导入客户丙', '20', '', '不存在的类型'],
    ]);
    const m = multipart([{ name: 'orders.xlsx', data: book }], { isSingleTableImport: '1', foreignKeys: '', validateStatus: '1' });
    const res = await t.app.inject({ method: 'POST', url: `/jeecg-boot/online/cgform/api/importXls/${mainId}`, headers: { 'x-access-token': admin, ...m.headers }, payload: m.payload });
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。', result: { totalCount: 4, errorCount: 3, successCount: 1 } });
    const err = await t.app.inject({ method: 'GET', url: `/jeecg-boot${body.result.fileUrl}` });
    expect(err.body).toContain('第 5 行：订单号格式不正确');
    expect(err.body).toContain('第 6 行：客户不能为空');
    expect(err.body).toContain('“不存在的类型”不是有效的值');
    const imported = (await t.call(admin, 'GET', `/online/cgform/api/getData/${mainId}?order_no=EF003`)).body.result.records;
    expect(imported).toHaveLength(1);
    expect(imported[0].expense_type).toBe('office');

    // Sub rows for one main row through the sub table's code and foreignKeys.
    const subBook = await xlsx(['商品', '数量'], [['导入商品', '7']]);
    const m2 = multipart([{ name: 'items.xlsx', data: subBook }], { foreignKeys: JSON.stringify({ order_id: imported[0].id }) });
    const res2 = await t.app.inject({ method: 'POST', url: `/jeecg-boot/online/cgform/api/importXls/${subId}`, headers: { 'x-access-token': admin, ...m2.headers }, payload: m2.payload });
    expect(res2.json()).toMatchObject({ success: true, message: '共1行数据全部导入成功！' });
    const withSub = (await t.call(admin, 'GET', `/online/cgform/api/form/${mainId}/${imported[0].id}`)).body.result;
    expect(withSub.demo_order_item.map((r: { product: string }) => r.product)).toEqual(['导入商品']);

    const ex = await t.app.inject({
      method: 'GET',
      url: `/jeecg-boot/online/cgform/api/exportXls/${mainId}?paramsStr=${encodeURIComponent(JSON.stringify({ customer: '*导入*' }))}`,
      headers: { 'x-access-token': admin },
    });
    expect(ex.statusCode).toBe(200);
    expect(ex.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Uint8Array.from(ex.rawPayload).buffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(3).values).toEqual(expect.arrayContaining(['订单号', '客户', '费用类型']));
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(4).values).toEqual(expect.arrayContaining(['EF003', '导入客户甲', '办公费']));

    // The export ends with the row ID: imported back it updates its rows instead of adding copies.
    const header = (ws.getRow(3).values as unknown[]).map((v) => String(v ?? ''));
    expect(header[header.length - 1]).toBe('ID');
    const rows = await count('demo_order');
    const again = multipart([{ name: 'export.xlsx', data: ex.rawPayload }], {});
    const back = await t.app.inject({ method: 'POST', url: `/jeecg-boot/online/cgform/api/importXls/${mainId}`, headers: { 'x-access-token': admin, ...again.headers }, payload: again.payload });
    expect(back.json()).toMatchObject({ success: true, code: 200, message: '共1行数据全部导入成功！' });
    expect(await count('demo_order')).toBe(rows);
    ws.getRow(4).getCell(header.indexOf('客户')).value = '导入客户丁';
    const changed = multipart([{ name: 'export.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) }], {});
    const upd = await t.app.inject({ method: 'POST', url: `/jeecg-boot/online/cgform/api/importXls/${mainId}`, headers: { 'x-access-token': admin, ...changed.headers }, payload: changed.payload });
    expect(upd.json()).toMatchObject({ success: true, message: '共1行数据全部导入成功！' });
    expect(await count('demo_order')).toBe(rows);
    const renamed = (await t.call(admin, 'GET', `/online/cgform/api/getData/${mainId}?order_no=EF003`)).body.result.records;
    expect(renamed.map((r: { customer: string }) => r.customer)).toEqual(['导入客户丁']);
    // the sub rows of the updated order stay
    expect((await t.call(admin, 'GET', `/online/cgform/api/form/${mainId}/${renamed[0].id}`)).body.result.demo_order_item.map((r: { product: string }) => r.product)).toEqual(['导入商品']);
  });

  it('adds a column to a synchronised table without losing rows; destructive changes need confirm', async () => {
    const before = await count('demo_order');
    expect(before).toBeGreaterThan(0);
    const fields = (await t.call(admin, 'GET', `/online/cgform/field/listByHeadId?headId=${mainId}`)).body.result;
    const withRemark: Record<string, unknown>[] = [...fields.map((f: Record<string, unknown>) => ({ ...f, id: undefined })), field('remark', '备注', 'text')];
    expect((await t.call(admin, 'PUT', '/online/cgform/api/editAll', mainDesign(withRemark, mainId))).body.success).toBe(true);
    const preview = (await t.call(admin, 'GET', `/online/cgform/head/ddlPreview/${mainId}`)).body.result;
    expect(preview.destructive).toBe(false);
    expect(preview.steps.map((s: { kind: string; column: string }) => `${s.kind}:${s.column}`)).toEqual(['add:remark']);
    expect(preview.sql).toMatch(/alter table "demo_order" add column "remark" text/);
    expect((await t.call(admin, 'POST', `/online/cgform/api/doDbSynch/${mainId}/normal`)).body.success).toBe(true);
    expect(await count('demo_order')).toBe(before);
    const rows = (await t.call(admin, 'GET', `/online/cgform/api/getData/${mainId}?pageSize=100`)).body.result.records;
    expect(rows.every((r: Record<string, unknown>) => 'remark' in r && r.order_no)).toBe(true);

    // Dropping contact_phone and narrowing customer: refused without confirm, nothing changes.
    const narrowed = withRemark
      .filter((f) => f.dbFieldName !== 'contact_phone')
      .map((f) => (f.dbFieldName === 'customer' ? { ...f, dbLength: 10 } : f));
    expect((await t.call(admin, 'PUT', '/online/cgform/api/editAll', mainDesign(narrowed, mainId))).body.success).toBe(true);
    const p2 = (await t.call(admin, 'GET', `/online/cgform/head/ddlPreview/${mainId}`)).body.result;
    expect(p2.destructive).toBe(true);
    const refused = await t.call(admin, 'POST', `/online/cgform/api/doDbSynch/${mainId}/normal`);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toContain('以下变更会丢失数据，请确认后再同步');
    expect(refused.body.message).toContain('删除字段 demo_order.contact_phone');
    const cols = Object.keys((await sql`select * from demo_order`.execute(raw())).rows[0] ?? {});
    expect(cols).toContain('contact_phone');
    const ok = await t.call(admin, 'POST', `/online/cgform/api/doDbSynch/${mainId}/force?confirm=true`);
    expect(ok.body.success).toBe(true);
    expect(await count('demo_order')).toBe(before);
    const cols2 = Object.keys((await sql`select * from demo_order`.execute(raw())).rows[0] ?? {});
    expect(cols2).not.toContain('contact_phone');
  });

  it('refuses identifier injection and system tables', async () => {
    const design = (tableName: string, dbFieldName = 'name') => ({ head: { tableName, tableTxt: 'x', tableType: 1 }, fields: [field(dbFieldName, '名称', 'string')] });
    for (const name of ['a; drop table x', 'sys_user', 'Demo', '1abc', 'x"y', 'a'.repeat(65)]) {
      const r = await t.call(admin, 'POST', '/online/cgform/api/addAll', design(name));
      expect(r.body.success, name).toBe(false);
    }
    expect((await t.call(admin, 'POST', '/online/cgform/api/addAll', design('sys_user'))).body.message).toContain('sys_');
    for (const name of ['wf_thing', 'act_ru_task', 'onl_cgform_head']) expect((await t.call(admin, 'POST', '/online/cgform/api/addAll', design(name))).body.success, name).toBe(false);
    // An existing table without the reserved prefixes (a business table) is refused too.
    expect((await t.call(admin, 'POST', '/online/cgform/api/addAll', design('fm_expense'))).body.message).toContain('已存在于数据库中');
    for (const col of ['id', 'sys_org_code', 'x; drop table sys_user', 'Name']) {
      const r = await t.call(admin, 'POST', '/online/cgform/api/addAll', design('safe_table', col));
      expect(r.body.success, col).toBe(false);
    }
    expect((await t.call(admin, 'POST', '/online/cgform/api/addAll', { ...design('safe_table'), fields: [field('name', '名称', 'string', { dictTable: 'sys_user', dictField: 'username', dictText: 'password' })] })).body.message).toContain('不在可查询的表中');
    expect(await t.app.ctx.db.selectFrom('sysUser').select('id').limit(1).executeTakeFirst()).toBeTruthy();
  });

  it('scopes rows to the company: an A03 user sees and changes only A03 rows, A01 sees all', async () => {
    const mine = (await t.call(a03, 'POST', `/online/cgform/api/form/${mainId}`, { order_no: 'KL006', customer: '三公司客户', amount: 5, expense_type: 'travel' })).body.result;
    expect(typeof mine).toBe('string');
    const seen = (await t.call(a03, 'GET', `/online/cgform/api/getData/${mainId}?pageSize=100`)).body.result;
    expect(seen.records.map((r: { id: string }) => r.id)).toEqual([mine]);
    expect(seen.records[0].sys_org_code).toMatch(/^A03/);
    const groupRows = (await t.call(admin, 'GET', `/online/cgform/api/getData/${mainId}?pageSize=100`)).body.result;
    expect(groupRows.records.map((r: { id: string }) => r.id)).toContain(mine);
    const other = groupRows.records.find((r: { sys_org_code: string }) => r.sys_org_code.startsWith('A01'));
    expect((await t.call(a03, 'GET', `/online/cgform/api/form/${mainId}/${other.id}`)).body.message).toBe('未找到对应数据');
    expect((await t.call(a03, 'PUT', `/online/cgform/api/form/${mainId}`, { id: other.id, customer: '改' })).body.success).toBe(false);
    expect((await t.call(a03, 'DELETE', `/online/cgform/api/form/${mainId}/${other.id}`)).body.success).toBe(false);
    expect((await t.call(admin, 'GET', `/online/cgform/api/form/${mainId}/${other.id}`)).body.result.customer).not.toBe('改');
    // The designer stays administrator-only.
    expect((await t.call(a03, 'GET', '/online/cgform/head/list')).status).toBe(403);
  });

  it('tree tables list one level at a time and keep has_child; 生成菜单 adds the menu once', async () => {
    const tree = {
      head: { tableName: 'demo_area', tableTxt: '演示区域', tableType: 1, isTree: 'Y', treeParentIdField: 'pid', treeFieldname: 'name' },
      fields: [field('name', '名称', 'string', { dbIsNull: 0, isQuery: 1 }), field('pid', '父级', 'string', { dbLength: 32, isShowForm: 0 })],
    };
    const id = (await t.call(admin, 'POST', '/online/cgform/api/addAll', tree)).body.result;
    expect((await t.call(admin, 'POST', `/online/cgform/head/genMenu/${id}`)).body.message).toBe('请先同步数据库');
    expect((await t.call(admin, 'POST', `/online/cgform/api/doDbSynch/${id}/normal`)).body.success).toBe(true);
    const root = (await t.call(admin, 'POST', `/online/cgform/api/form/${id}`, { name: '华东' })).body.result;
    const child = (await t.call(admin, 'POST', `/online/cgform/api/form/${id}`, { name: '上海', pid: root })).body.result;
    const cols = (await t.call(admin, 'GET', `/online/cgform/api/getColumns/${id}`)).body.result;
    expect(cols).toMatchObject({ pidField: 'pid', hasChildrenField: 'has_child', textField: 'name' });
    const roots = (await t.call(admin, 'GET', `/online/cgform/api/getData/${id}`)).body.result.records;
    expect(roots.map((r: { id: string; has_child: string }) => [r.id, r.has_child])).toEqual([[root, '1']]);
    const kids = (await t.call(admin, 'GET', `/online/cgform/api/getData/${id}?pid=${root}`)).body.result.records;
    expect(kids.map((r: { id: string }) => r.id)).toEqual([child]);
    expect((await t.call(admin, 'DELETE', `/online/cgform/api/form/${id}/${root}`)).body.message).toBe('请先删除子节点');
    expect((await t.call(admin, 'DELETE', `/online/cgform/api/form/${id}/${child}`)).body.success).toBe(true);
    const again = (await t.call(admin, 'GET', `/online/cgform/api/getData/${id}`)).body.result.records;
    expect(again[0].has_child).toBe('0');

    const gen = await t.call(admin, 'POST', `/online/cgform/head/genMenu/${mainId}`);
    expect(gen.body).toMatchObject({ success: true, message: '菜单生成成功！' });
    expect((await t.call(admin, 'POST', `/online/cgform/head/genMenu/${mainId}`)).body.message).toBe('该表单的菜单已存在');
    const menus = (await t.call(admin, 'GET', '/sys/permission/getUserPermissionByToken')).body.result.menu;
    const flat: { path: string; component: string }[] = [];
    const walk = (ns: { path: string; component: string; children?: unknown[] }[]) => ns.forEach((n) => (flat.push(n), walk((n.children ?? []) as never)));
    walk(menus);
    expect(flat.find((m) => m.path === `/online/cgformList/${mainId}`)?.component).toBe('online/FormAutoList');
  });
});
