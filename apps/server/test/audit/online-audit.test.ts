import { onlineChangeType } from '@go/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { withAuditDown, type Change } from './trail.js';


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

/** The change trail of online-form rows (docs/audit.md): one record type per form, labels from the design. */
describe.each(dbKinds)('[AUDIT] online form rows on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string; // without online:form:data
  let mainId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, staff] = await Promise.all([t.login('admin'), t.login('wuting')]);
    const main = await t.call(admin, 'POST', '/online/cgform/api/addAll', {
      head: { tableName: 'audit_order', tableTxt: '审计订单', tableType: 2, subTableStr: 'audit_order_item' },
      fields: [
        field('order_no', '订单号', 'string', { dbIsNull: 0 }),
        field('amount', '金额', 'decimal'),
        field('qty', '数量', 'int'),
        field('secret_code', '口令', 'string', { fieldShowType: 'password' }),
      ],
    });
    expect(main.body.success, JSON.stringify(main.body)).toBe(true);
    mainId = main.body.result;
    const sub = await t.call(admin, 'POST', '/online/cgform/api/addAll', {
      head: { tableName: 'audit_order_item', tableTxt: '审计明细', tableType: 3, relationType: 0 },
      fields: [field('order_id', '订单', 'string', { dbLength: 32, mainTable: 'audit_order', mainField: 'id', isShowForm: 0 }), field('product', '商品', 'string')],
    });
    expect(sub.body.success, JSON.stringify(sub.body)).toBe(true);
    expect((await t.call(admin, 'POST', `/online/cgform/api/doDbSynch/${mainId}/normal`)).body.success).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.ctx.db;
  const type = 'online:audit_order';
  async function changesOf(id: string, token = admin): Promise<Change[]> {
    const r = await t.call(token, 'GET', `/sys/changeLog/record?recordType=${type}&recordId=${id}&pageSize=200`);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    return r.body.result.records;
  }
  const rowOf = async (id: string) => (await sql<Record<string, unknown>>`select order_no, amount, qty from audit_order where id = ${id}`.execute(db().withoutPlugins())).rows[0];

  it('the record type is online:<table>, or the form id when the name is too long', () => {
    expect(onlineChangeType('audit_order', '123')).toBe(type);
    expect(onlineChangeType('x'.repeat(64), '1914')).toBe('online:1914');
  });

  it('add, edit (fields and sub-table rows) and delete write the trail with the design’s titles; read with online:form:data only', async () => {
    const add = await t.call(admin, 'POST', `/online/cgform/api/form/${mainId}`, { order_no: 'AU001', amount: '12.50', qty: 3, secret_code: 'abc', audit_order_item: [{ product: '纸' }] });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const id = add.body.result as string;
    const added = await changesOf(id);
    expect(added.every((c) => c.action === 'add' && c.recordType_dictText === '审计订单' && c.recordName === 'AU001')).toBe(true);
    expect(added.find((c) => c.field === 'amount')).toMatchObject({ newValue: '12.5', fieldLabel: '金额' });
    expect(added.find((c) => c.field === 'secret_code')).toMatchObject({ newValue: '******', fieldLabel: '口令' });
    expect(added.find((c) => c.field === 'audit_order_item')).toMatchObject({ fieldLabel: '审计明细', newValue: JSON.stringify([{ product: '纸' }]) });

    // Same amount written as 12.5: no change; qty and the sub rows change.
    const e = await t.call(admin, 'PUT', `/online/cgform/api/form/${mainId}`, { id, order_no: 'AU001', amount: '12.5', qty: 4, audit_order_item: [{ product: '纸' }, { product: '笔' }] });
    expect(e.body.success, JSON.stringify(e.body)).toBe(true);
    const edits = Object.fromEntries((await changesOf(id)).filter((c) => c.action === 'edit').map((c) => [c.field, c]));
    expect(Object.keys(edits).sort()).toEqual(['audit_order_item', 'qty']);
    expect(edits.qty).toMatchObject({ oldValue: '3', newValue: '4', fieldLabel: '数量', userId: 'admin' });
    expect(edits.audit_order_item.newValue).toBe(JSON.stringify([{ product: '纸' }, { product: '笔' }]));

    expect((await t.call(staff, 'GET', `/sys/changeLog/record?recordType=${type}&recordId=${id}`)).status).toBe(403);
    const search = await t.call(admin, 'GET', `/sys/changeLog/list?recordType=${type}&recordId=${id}&fieldName=qty`);
    expect(search.body.result.records[0]).toMatchObject({ recordType_dictText: '审计订单', fieldLabel: '数量' });

    expect((await t.call(admin, 'DELETE', `/online/cgform/api/form/${mainId}/${id}`)).body.success).toBe(true);
    const gone = (await changesOf(id)).filter((c) => c.action === 'delete');
    expect(gone.find((c) => c.field === 'order_no')).toMatchObject({ oldValue: 'AU001', newValue: null });
    expect(gone.find((c) => c.field === 'audit_order_item')?.oldValue).toContain('笔');
  });

  it('a failing audit insert rolls back the add, the edit and the delete', async () => {
    const add = await t.call(admin, 'POST', `/online/cgform/api/form/${mainId}`, { order_no: 'AU002', qty: 1 });
    const id = add.body.result as string;
    await withAuditDown(db(), async () => {
      expect((await t.call(admin, 'POST', `/online/cgform/api/form/${mainId}`, { order_no: 'AU003' })).body.success).toBe(false);
      expect((await t.call(admin, 'PUT', `/online/cgform/api/form/${mainId}`, { id, order_no: 'AU002', qty: 9 })).body.success).toBe(false);
      expect((await t.call(admin, 'DELETE', `/online/cgform/api/form/${mainId}/${id}`)).body.success).toBe(false);
    });
    expect(Number((await rowOf(id)).qty)).toBe(1);
    const none = await sql<{ n: number }>`select count(*) as n from audit_order where order_no = ${'AU003'}`.execute(db().withoutPlugins());
    expect(Number(none.rows[0].n)).toBe(0);
    expect((await changesOf(id)).filter((c) => c.action !== 'add')).toHaveLength(0);
  });
});
