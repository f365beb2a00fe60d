import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { Goods } from './ledger-helpers.js';

describe.each(dbKinds)('[LEDGER] suppliers, items, warehouses and the procure pool on %s', (kind) => {
  let t: TestApp;
  let g: Goods;

  beforeAll(async () => {
    t = await createTestApp(kind);
    g = new Goods(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const SUP = '/adminstration/library/supplier';

  it('suppliers: add with the shared rules, credit code checked for duplicates, disable, export', async () => {
    const bad = await g.f.call('admin', 'POST', `${SUP}/add`, {
      name: '测试供应商',
      creditCode: '123',
      bankAccount: '0123456789',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('请输入正确的统一社会信用代码');
    expect(bad.body.message).toContain('请输入正确的银行卡号');

    const good = {
      name: '广州测试贸易有限公司',
      creditCode: '91440101MA59ABCD3K',
      contacts: '周一',
      phone: '13900001111',
      bankName: '中国银行',
      bankAccount: '6216610100001234567',
      qualificationFiles: ['oa/supplier/licence.pdf'],
    };
    const add = await g.f.call('admin', 'POST', `${SUP}/add`, good);
    expect(add.body.success, add.body.message).toBe(true);
    const dup = await g.f.call('admin', 'POST', `${SUP}/add`, {
      ...good,
      name: '另一家',
      creditCode: '91440101ma59abcd3k',
    });
    expect(dup.body.success).toBe(false);
    expect(dup.body.message).toBe('该统一社会信用代码已存在');

    const list = await g.f.call('admin', 'GET', `${SUP}/list?name=*测试贸易*`);
    const row = list.body.result.records[0];
    expect([row.name, row.qualificationFiles, row.status_dictText]).toEqual([
      '广州测试贸易有限公司',
      'oa/supplier/licence.pdf',
      '启用',
    ]);

    const off = await g.f.call('admin', 'PUT', `${SUP}/disable`, { id: row.id, status: 0 });
    expect(off.body.message).toBe('停用成功');
    const item = await g.item('WP-A4');
    const draft = await g.draft('admin', 'ld_purchase', {
      lines: [{ itemId: item.id, qty: 1, supplierId: row.id }],
    });
    expect(draft.body.message).toBe('第1行：供应商「广州测试贸易有限公司」已停用');

    // company scope: A03 picks the group's suppliers and its own (names only; the page is the administrators'), edits none
    const a03 = await g.f.call('machao', 'GET', '/ledger/supplier/options');
    const codes = new Map((await g.db.selectFrom('ldSupplier').select(['id', 'sysOrgCode']).execute()).map((r) => [r.id, r.sysOrgCode]));
    expect(a03.body.result.length).toBeGreaterThan(0);
    expect(a03.body.result.every((r: { id: string }) => /^A0[13]/.test(codes.get(r.id) ?? ''))).toBe(true);
    const staffAdd = await g.f.call('zhulin', 'POST', `${SUP}/add`, {
      ...good,
      creditCode: '91440101MA59ABCD4K',
    });
    expect(staffAdd.status).toBe(403);

    const res = await t.app.inject({
      method: 'GET',
      url: `/jeecg-boot${SUP}/exportXls`,
      headers: { 'x-access-token': await g.f.token('admin') },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = wb.worksheets[0].getColumn(1).values.map(String);
    expect(names).toContain('广州测试贸易有限公司');
  });

  it('items and warehouses: unique code, no delete once the ledger has entries', async () => {
    const dup = await g.f.call('admin', 'POST', '/ledger/item/add', {
      code: 'WP-A4',
      name: 'x',
      unit: '个',
      kind: 'consumable',
    });
    expect(dup.body.message).toBe('该物品编码已存在');
    const paper = await g.item('WP-A4');
    const del = await g.f.call('admin', 'DELETE', `/ledger/item/delete?id=${paper.id}`);
    expect(del.body.message).toBe('该物品已有出入库记录，不能删除');
    const wh = await g.warehouse('A01');
    const delWh = await g.f.call('admin', 'DELETE', `/ledger/warehouse/delete?id=${wh.id}`);
    expect(delWh.body.message).toBe('该仓库已有出入库记录，不能删除');
    // a company administrator's warehouse belongs to their own company whatever they send
    const w = await g.f.call('machao', 'POST', '/ledger/warehouse/add', {
      name: '商贸二号仓',
      sysOrgCode: 'A05',
    });
    expect(w.status).toBe(403);
    const tree = await g.f.call('zhulin', 'GET', '/ledger/category/tree');
    expect(tree.body.result.map((n: { title: string }) => n.title)).toEqual([
      '办公耗材',
      '电子设备',
      '办公家具',
    ]);
    // no route edits stock by hand
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/ledger\/stock\/(add|edit)/);
  });

  it('procure pool: addActProcurePool in plain JSON, chooseMark, every line exported without paging', async () => {
    const paper = await g.item('WP-A4');
    const sup = await g.db
      .selectFrom('ldSupplier')
      .select(['id', 'name'])
      .where('creditCode', '=', '91110000MA01ABCD1X')
      .executeTakeFirstOrThrow();
    const seeded = Number(
      (
        await g.db
          .selectFrom('ldProcurePool')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const add = await g.f.call('admin', 'POST', '/activiti/actProcurePoolExtend/addActProcurePool', {
      lines: Array.from({ length: 12 }, (_, i) => ({
        itemId: paper.id,
        qty: i + 1,
        price: 25,
        supplierId: sup.id,
      })),
    });
    expect(add.body.success, add.body.message).toBe(true);
    const one = await g.f.call('admin', 'POST', '/activiti/actProcurePoolExtend/addActProcurePool', {
      itemName: '会议桌',
      unit: '张',
      qty: 1,
    });
    expect(one.body.success, one.body.message).toBe(true);
    const ids = add.body.result.ids as string[];
    const mark = await g.f.call('admin', 'POST', '/activiti/actProcurePoolExtend/mark', {
      ids: ids.slice(0, 2).join(','),
      chooseMarkName: '已询价',
    });
    expect(mark.body.result.count).toBe(2);
    const page = await g.f.call('admin', 'GET', '/activiti/actProcurePoolExtend/list?pageNo=1&pageSize=5');
    expect(page.body.result.records).toHaveLength(5);
    expect(page.body.result.total).toBe(seeded + 13);
    expect(
      page.body.result.groups.find((x: { supplierName: string }) => x.supplierName === sup.name).lines,
    ).toBe(12);
    const staff = await g.f.call('zhulin', 'GET', '/activiti/actProcurePoolExtend/list');
    expect(staff.status).toBe(403);

    const res = await t.app.inject({
      method: 'GET',
      url: '/jeecg-boot/activiti/actProcurePoolExtend/allProcureExportXls?pageNo=1&pageSize=5',
      headers: { 'x-access-token': await g.f.token('admin') },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(3).values).toContain('供应商');
    expect(ws.rowCount - 3).toBe(seeded + 13);
    const marks = [] as string[];
    ws.eachRow((r, n) => n > 3 && marks.push(String(r.getCell(8).value ?? '')));
    expect(marks.filter((m) => m === '已询价')).toHaveLength(2);
  });

  it('交接 handover add takes a plain JSON body and saves a draft', async () => {
    const asset = await g.db
      .selectFrom('ldAsset')
      .select('id')
      .where('state', '=', 'in_stock')
      .where('sysOrgCode', '=', 'A01')
      .executeTakeFirstOrThrow();
    const rec = await g.apply('yangfan', 'ld_receive', { lines: [{ assetId: asset.id }] });
    await g.approveOk(rec.procInstId);
    const r = await g.f.call('yangfan', 'POST', '/activiti/actHandover/add', {
      receiver: 'zhaolei',
      duties: '运维值班表',
      lines: [{ assetId: asset.id }],
    });
    expect(r.body.success, r.body.message).toBe(true);
    const form = await g.db
      .selectFrom('ldForm')
      .selectAll()
      .where('id', '=', r.body.result.tableId)
      .executeTakeFirstOrThrow();
    expect([form.kind, form.receiver, form.duties]).toEqual(['ld_handover', 'zhaolei', '运维值班表']);
    const bad = await g.f.call('yangfan', 'POST', '/activiti/actHandover/add', {
      lines: [{ assetId: asset.id }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('请选择接收人');
  });
});
