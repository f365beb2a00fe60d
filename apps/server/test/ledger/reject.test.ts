import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { Goods } from './ledger-helpers.js';

describe.each(dbKinds)('[LEDGER] a rejected goods form moves nothing, for every type, on %s', (kind) => {
  let t: TestApp;
  let g: Goods;

  beforeAll(async () => {
    t = await createTestApp(kind);
    g = new Goods(t);
    await g.addSecondAdmin();
  });
  afterAll(async () => {
    await t?.close();
  });

  const snapshot = async () => ({
    stock: await g.db
      .selectFrom('ldStock')
      .select(['itemId', 'warehouseId', 'qty'])
      .orderBy('itemId')
      .orderBy('warehouseId')
      .execute(),
    assets: await g.db
      .selectFrom('ldAsset')
      .select(['id', 'state', 'holder', 'sysOrgCode', 'warehouseId'])
      .orderBy('id')
      .execute(),
    entries: (
      await g.db
        .selectFrom('ldEntry')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
    pool: (
      await g.db
        .selectFrom('ldProcurePool')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  });

  it('apply → reject for each of the ten types leaves stock, assets, pool and entries as they were', async () => {
    const paper = await g.item('WP-A4');
    const laptop = await g.item('ZC-NB');
    const main = await g.warehouse('A01');
    const store = await g.warehouse('A01', 'store');
    const supplier = await g.db
      .selectFrom('ldSupplier')
      .select('id')
      .where('creditCode', '=', '91110000MA01ABCD1X')
      .executeTakeFirstOrThrow();
    const [x, y] = await g.inStockAssets(laptop.id, main.id);
    // yangfan holds x; y is in the share library
    for (const a of [x, y])
      await g.approveOk((await g.apply('yangfan', 'ld_receive', { lines: [{ assetId: a.id }] })).procInstId);
    await g.approveOk((await g.apply('yangfan', 'ld_share', { lines: [{ assetId: y.id }] })).procInstId);

    const before = await snapshot();
    const forms: [string, string, Record<string, unknown>][] = [
      [
        'admin',
        'ld_purchase',
        { lines: [{ itemId: paper.id, qty: 10, price: 25, supplierId: supplier.id }] },
      ],
      [
        'admin',
        'ld_stock_entry',
        { lines: [{ itemId: paper.id, warehouseId: main.id, qty: 10, price: 24, supplierId: supplier.id }] },
      ],
      [
        'admin',
        'ld_enter_store',
        { lines: [{ itemId: paper.id, warehouseId: main.id, toWarehouseId: store.id, qty: 5 }] },
      ],
      ['yangfan', 'ld_receive', { lines: [{ itemId: paper.id, warehouseId: main.id, qty: 3 }] }],
      ['yangfan', 'ld_return', { lines: [{ assetId: x.id, warehouseId: main.id }] }],
      ['yangfan', 'ld_share', { lines: [{ assetId: x.id }] }],
      ['zhulin', 'ld_share_claim', { lines: [{ assetId: y.id }] }],
      ['admin', 'ld_recycle', { lines: [{ assetId: x.id }] }],
      ['admin', 'ld_scrap', { reason: '测试', lines: [{ assetId: x.id }] }],
      ['yangfan', 'ld_handover', { receiver: 'zhaolei', lines: [{ assetId: x.id }] }],
    ];
    for (const [who, type, data] of forms) {
      const f = await g.apply(who, type, data);
      await g.reject(f.procInstId);
      expect(await g.entriesOf(f.tableId), type).toHaveLength(0);
      const b = await g.db
        .selectFrom('wfBusiness')
        .select(['status', 'result'])
        .where('id', '=', f.id)
        .executeTakeFirstOrThrow();
      expect([b.status, b.result], type).toEqual([2, 3]);
    }
    expect(await snapshot()).toEqual(before);
    await g.assertBooksBalance();
  });
});
