import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { withAuditDown, type Change } from './trail.js';
import { Goods } from '../ledger/ledger-helpers.js';


/** The ledger's audit trail (docs/audit.md): master data, the procure pool and the movements of the goods forms. */
describe.each(dbKinds)('[AUDIT] ledger change log on %s', (kind) => {
  let t: TestApp;
  let g: Goods;
  let admin: string;
  let staff: string; // yangfan: the ledger lists every role holds, not the supplier or procure lists
  let nobody: string; // a user without any role
  beforeAll(async () => {
    t = await createTestApp(kind);
    g = new Goods(t);
    await g.addSecondAdmin();
    admin = await t.login('admin');
    staff = await t.login('yangfan');
    const add = await t.call(admin, 'POST', '/sys/user/add', { username: 'audit_norole', realname: '无角色', password: 'Passw0rd!', selectedroles: '', selecteddeparts: '' });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    nobody = await t.login('audit_norole', 'Passw0rd!');
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.ctx.db;
  async function changesOf(type: string, id: string, token = admin): Promise<Change[]> {
    const r = await t.call(token, 'GET', `/sys/changeLog/record?recordType=${type}&recordId=${encodeURIComponent(id)}&pageSize=200`);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    return r.body.result.records;
  }
  const refused = async (type: string, id: string, token: string) =>
    (await t.call(token, 'GET', `/sys/changeLog/record?recordType=${type}&recordId=${encodeURIComponent(id)}`)).status;

  it('物品分类: add and edit recorded; rollback when the audit insert fails', async () => {
    expect((await t.call(admin, 'POST', '/ledger/category/add', { name: '审计分类', code: 'AUD' })).body.success).toBe(true);
    const c = await db().selectFrom('ldCategory').select('id').where('name', '=', '审计分类').executeTakeFirstOrThrow();
    expect((await t.call(admin, 'PUT', '/ledger/category/edit', { id: c.id, name: '审计分类二' })).body.success).toBe(true);
    const rows = await changesOf('ld_category', c.id);
    expect(rows.find((x) => x.action === 'edit')).toMatchObject({ field: 'name', oldValue: '审计分类', newValue: '审计分类二', fieldLabel: '分类名称', userId: 'admin' });
    expect(rows.filter((x) => x.action === 'add').map((x) => x.field)).toContain('code');
    expect((await changesOf('ld_category', c.id, staff)).length).toBe(rows.length);
    expect(await refused('ld_category', c.id, nobody)).toBe(403);
    await withAuditDown(db(), async () => {
      expect((await t.call(admin, 'PUT', '/ledger/category/edit', { id: c.id, name: '不应保存' })).body.success).toBe(false);
    });
    expect((await db().selectFrom('ldCategory').select('name').where('id', '=', c.id).executeTakeFirstOrThrow()).name).toBe('审计分类二');
  });

  it('物品目录: add, edit, delete recorded, readable with the item list permission; rollback when the audit insert fails', async () => {
    const add = await t.call(admin, 'POST', '/ledger/item/add', { code: 'AUD-1', name: '审计物品', unit: '个', kind: 'consumable', price: 12.5 });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const item = await g.item('AUD-1');
    expect((await t.call(admin, 'PUT', '/ledger/item/edit', { id: item.id, name: '审计物品二', price: 13 })).body.success).toBe(true);
    const rows = await changesOf('ld_item', item.id, staff);
    const edits = Object.fromEntries(rows.filter((x) => x.action === 'edit').map((x) => [x.field, x]));
    expect(edits.name).toMatchObject({ oldValue: '审计物品', newValue: '审计物品二', fieldLabel: '物品名称', recordName: '审计物品二' });
    expect(edits.price).toMatchObject({ oldValue: '12.5', newValue: '13', fieldLabel: '参考单价' });
    expect(edits.code).toBeUndefined();
    expect(await refused('ld_item', item.id, nobody)).toBe(403);
    await withAuditDown(db(), async () => {
      expect((await t.call(admin, 'PUT', '/ledger/item/edit', { id: item.id, name: '不应保存' })).body.success).toBe(false);
      expect((await t.call(admin, 'DELETE', `/ledger/item/delete?id=${item.id}`)).body.success).toBe(false);
    });
    expect((await g.item('AUD-1')).name).toBe('审计物品二');
    expect((await t.call(admin, 'DELETE', `/ledger/item/delete?id=${item.id}`)).body.success).toBe(true);
    expect((await changesOf('ld_item', item.id)).find((x) => x.action === 'delete' && x.field === 'code')).toMatchObject({ oldValue: 'AUD-1', newValue: null });
  });

  it('仓库: add and edit recorded in the warehouse company; rollback when the audit insert fails', async () => {
    expect((await t.call(admin, 'POST', '/ledger/warehouse/add', { name: '审计仓库', sysOrgCode: 'A03', address: '一号路' })).body.success).toBe(true);
    const w = await db().selectFrom('ldWarehouse').select(['id', 'sysOrgCode']).where('name', '=', '审计仓库').executeTakeFirstOrThrow();
    expect((await t.call(admin, 'PUT', '/ledger/warehouse/edit', { id: w.id, address: '二号路', keeper: '张三' })).body.success).toBe(true);
    const rows = await changesOf('ld_warehouse', w.id, staff);
    expect(rows.find((x) => x.action === 'edit' && x.field === 'address')).toMatchObject({ oldValue: '一号路', newValue: '二号路', fieldLabel: '地址' });
    expect(rows.find((x) => x.action === 'edit' && x.field === 'keeper')).toMatchObject({ oldValue: null, newValue: '张三', fieldLabel: '保管员' });
    expect(await refused('ld_warehouse', w.id, nobody)).toBe(403);
    await withAuditDown(db(), async () => {
      expect((await t.call(admin, 'PUT', '/ledger/warehouse/edit', { id: w.id, address: '不应保存' })).body.success).toBe(false);
    });
    expect((await db().selectFrom('ldWarehouse').select('address').where('id', '=', w.id).executeTakeFirstOrThrow()).address).toBe('二号路');
  });

  it('供应商: add, edit, 停用 recorded (phone masked), only for the supplier list; rollback when the audit insert fails', async () => {
    const add = await t.call(admin, 'POST', '/adminstration/library/supplier/add', { name: '审计供应商', creditCode: '91440101MA59AUD13K', phone: '13912345678' });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const s = await db().selectFrom('ldSupplier').select('id').where('name', '=', '审计供应商').executeTakeFirstOrThrow();
    expect((await t.call(admin, 'PUT', '/adminstration/library/supplier/edit', { id: s.id, contacts: '李四', phone: '13987654321' })).body.success).toBe(true);
    expect((await t.call(admin, 'PUT', '/adminstration/library/supplier/disable', { id: s.id, status: 0 })).body.success).toBe(true);
    const rows = await changesOf('ld_supplier', s.id);
    expect(rows.find((x) => x.action === 'edit' && x.field === 'phone')).toMatchObject({ oldValue: '139****5678', newValue: '139****4321', fieldLabel: '联系电话' });
    expect(rows.find((x) => x.action === 'edit' && x.field === 'status')).toMatchObject({ oldValue: '1', newValue: '0' });
    expect(await refused('ld_supplier', s.id, staff)).toBe(403);
    await withAuditDown(db(), async () => {
      expect((await t.call(admin, 'PUT', '/adminstration/library/supplier/edit', { id: s.id, contacts: '不应保存' })).body.success).toBe(false);
    });
    expect((await db().selectFrom('ldSupplier').select('contacts').where('id', '=', s.id).executeTakeFirstOrThrow()).contacts).toBe('李四');
  });

  it('采购池: a line added by hand and its mark recorded; a mark without its audit rows is not committed', async () => {
    const add = await t.call(admin, 'POST', '/activiti/actProcurePoolExtend/addActProcurePool', { lines: [{ itemName: '审计采购', qty: 3, price: 9 }] });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const id = add.body.result.ids[0] as string;
    expect((await changesOf('ld_procure_pool', id)).find((x) => x.field === 'qty')).toMatchObject({ action: 'add', newValue: '3', recordName: '审计采购' });
    await withAuditDown(db(), async () => {
      expect((await t.call(admin, 'POST', '/activiti/actProcurePoolExtend/mark', { ids: id, chooseMarkName: '不应保存' })).body.success).toBe(false);
    });
    expect((await db().selectFrom('ldProcurePool').select(['status', 'markName']).where('id', '=', id).executeTakeFirstOrThrow())).toMatchObject({ status: 0, markName: null });
    expect((await t.call(admin, 'POST', '/activiti/actProcurePoolExtend/mark', { ids: id, chooseMarkName: '第一批' })).body.success).toBe(true);
    const rows = await changesOf('ld_procure_pool', id);
    expect(rows.find((x) => x.action === 'edit' && x.field === 'markName')).toMatchObject({ oldValue: null, newValue: '第一批', fieldLabel: '标记' });
    expect(rows.find((x) => x.action === 'edit' && x.field === 'status')).toMatchObject({ oldValue: '0', newValue: '1' });
    expect(await refused('ld_procure_pool', id, staff)).toBe(403);
  });

  it('movements: an approved 领用 records the balance, the entry and the asset; an approval without its audit rows moves nothing', async () => {
    const paper = await g.item('WP-A4');
    const laptop = await g.item('ZC-NB');
    const a01 = await g.warehouse('A01');
    const p0 = await g.stock(paper.id, a01.id);
    const [asset] = await g.inStockAssets(laptop.id, a01.id);
    const lines = [{ itemId: paper.id, warehouseId: a01.id, qty: 2 }, { assetId: asset.id }];

    const down = await g.apply('yangfan', 'ld_receive', { lines });
    await withAuditDown(db(), async () => {
      expect((await g.approve(down.procInstId)).body.success).toBe(false);
    });
    expect(await g.stock(paper.id, a01.id)).toBe(p0);
    expect((await g.asset(asset.id)).state).toBe('in_stock');
    expect(await g.entriesOf(down.tableId)).toHaveLength(0);
    // the same application passes once the trail is back
    await g.approveOk(down.procInstId);
    expect(await g.stock(paper.id, a01.id)).toBe(p0 - 2);

    const stockId = `${paper.id}:${a01.id}`;
    const stock = (await changesOf('ld_stock', stockId, staff)).find((x) => x.field === 'qty' && x.oldValue === String(p0));
    expect(stock).toMatchObject({ action: 'edit', newValue: String(p0 - 2), fieldLabel: '库存数量', userId: 'admin' });
    expect(stock!.recordName).toContain('A4打印纸');
    const entries = await g.entriesOf(down.tableId);
    expect(entries).toHaveLength(2);
    const e = await changesOf('ld_entry', entries.find((x) => x.itemId === paper.id)!.id, staff);
    expect(e.find((x) => x.field === 'qtyChange')).toMatchObject({ action: 'add', newValue: '-2', fieldLabel: '数量' });
    expect(e.find((x) => x.field === 'movement')).toMatchObject({ newValue: 'receive' });
    const a = await changesOf('ld_asset', asset.id, staff);
    expect(a.find((x) => x.field === 'state')).toMatchObject({ action: 'edit', oldValue: 'in_stock', newValue: 'received', fieldLabel: '状态', recordName: asset.assetNo });
    expect(a.find((x) => x.field === 'holder')).toMatchObject({ oldValue: null, newValue: 'yangfan' });
    for (const [type, id] of [['ld_stock', stockId], ['ld_entry', entries[0].id], ['ld_asset', asset.id]]) expect(await refused(type, id, nobody)).toBe(403);
    await g.assertBooksBalance();
  });
});
