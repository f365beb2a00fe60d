import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { Goods } from './ledger-helpers.js';

describe.each(dbKinds)('[LEDGER] the goods form types on %s', (kind) => {
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

  it('opening stock is in the books: balances are the sums of entries', async () => {
    const paper = await g.item('WP-A4');
    const a01 = await g.warehouse('A01');
    expect(await g.stock(paper.id, a01.id)).toBe(120);
    const laptop = await g.item('ZC-NB');
    expect(await g.inStockAssets(laptop.id, a01.id)).toHaveLength(3);
    await g.assertBooksBalance();
  });

  it('采购 purchase: on pass the lines enter the procure pool, stock untouched; reject adds nothing', async () => {
    const laptop = await g.item('ZC-NB');
    const a01 = await g.warehouse('A01');
    const supplier = await g.db
      .selectFrom('ldSupplier')
      .select('id')
      .where('creditCode', '=', '91310000MA1FL2B3XQ')
      .executeTakeFirstOrThrow();
    const before = await g.stock(laptop.id, a01.id);
    const rejected = await g.apply('yangfan', 'ld_purchase', {
      reason: '新员工入职',
      lines: [{ itemId: laptop.id, qty: 2, price: 7600, supplierId: supplier.id }],
    });
    await g.reject(rejected.procInstId);
    expect(
      await g.db
        .selectFrom('ldProcurePool')
        .select('id')
        .where('sourceFormId', '=', rejected.tableId)
        .execute(),
    ).toHaveLength(0);

    const p = await g.apply('yangfan', 'ld_purchase', {
      reason: '新员工入职',
      lines: [
        { itemId: laptop.id, qty: 2, price: 7600, supplierId: supplier.id },
        { itemName: '白板', spec: '120×90cm', unit: '块', qty: 1, price: 300 },
      ],
    });
    // while running nothing moves
    expect(
      await g.db.selectFrom('ldProcurePool').select('id').where('sourceFormId', '=', p.tableId).execute(),
    ).toHaveLength(0);
    await g.approveOk(p.procInstId);
    const pool = await g.db
      .selectFrom('ldProcurePool')
      .selectAll()
      .where('sourceFormId', '=', p.tableId)
      .orderBy('itemName')
      .execute();
    expect(pool.map((x) => [x.itemName, x.qty, x.status, x.applicant, x.sysOrgCode])).toEqual([
      ['白板', 1, 0, 'yangfan', 'A01'],
      ['笔记本电脑', 2, 0, 'yangfan', 'A01'],
    ]);
    expect(await g.stock(laptop.id, a01.id)).toBe(before);
    const list = await g.f.call('admin', 'GET', '/activiti/actProcurePoolExtend/list?pageNo=1&pageSize=50');
    expect(list.body.success).toBe(true);
    expect(
      list.body.result.groups.some(
        (x: { supplierName: string }) => x.supplierName === '上海联想电脑销售有限公司',
      ),
    ).toBe(true);
  });

  it('入库 stock entry from a pool line: stock rises, one asset per unit, the pool line becomes 已入库', async () => {
    const laptop = await g.item('ZC-NB');
    const a01 = await g.warehouse('A01');
    const pool = await g.db
      .selectFrom('ldProcurePool')
      .selectAll()
      .where('itemId', '=', laptop.id)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    const before = await g.stock(laptop.id, a01.id);
    const e = await g.apply('admin', 'ld_stock_entry', {
      lines: [{ poolId: pool.id, warehouseId: a01.id, price: 7550, supplierId: pool.supplierId }],
    });
    await g.approveOk(e.procInstId);
    expect(await g.stock(laptop.id, a01.id)).toBe(before + 2);
    const entries = await g.entriesOf(e.tableId);
    expect(entries.map((x) => [x.movement, x.qtyChange, x.qtyBefore, x.qtyAfter, x.operator])).toEqual([
      // the operator is the asset administrator who approved it (admin filed it, so the second administrator)
      ['in', 1, before, before + 1, 'zhangwei'],
      ['in', 1, before + 1, before + 2, 'zhangwei'],
    ]);
    const assets = await g.db
      .selectFrom('ldAsset')
      .selectAll()
      .where(
        'id',
        'in',
        entries.map((x) => x.assetId!),
      )
      .execute();
    expect(
      assets.every((a) => a.state === 'in_stock' && a.warehouseId === a01.id && Number(a.price) === 7550),
    ).toBe(true);
    expect(
      (
        await g.db
          .selectFrom('ldProcurePool')
          .select(['status', 'entryFormId'])
          .where('id', '=', pool.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(2);
    // a stocked pool line cannot be entered twice
    const again = await g.draft('admin', 'ld_stock_entry', {
      lines: [{ poolId: pool.id, warehouseId: a01.id, price: 1, supplierId: pool.supplierId }],
    });
    expect(again.body.success).toBe(false);
    expect(again.body.message).toContain('已入库');
    await g.assertBooksBalance();
  });

  it('进店 enter-store: out of the company warehouse, into the branch store', async () => {
    const paper = await g.item('WP-A4');
    const main = await g.warehouse('A01');
    const store = await g.warehouse('A01', 'store');
    const [m0, s0] = [await g.stock(paper.id, main.id), await g.stock(paper.id, store.id)];
    const e = await g.apply('admin', 'ld_enter_store', {
      lines: [{ itemId: paper.id, warehouseId: main.id, toWarehouseId: store.id, qty: 15 }],
    });
    await g.approveOk(e.procInstId);
    expect(await g.stock(paper.id, main.id)).toBe(m0 - 15);
    expect(await g.stock(paper.id, store.id)).toBe(s0 + 15);
    expect((await g.entriesOf(e.tableId)).map((x) => [x.movement, x.qtyChange])).toEqual([
      ['transfer_out', -15],
      ['transfer_in', 15],
    ]);
    const bad = await g.draft('admin', 'ld_enter_store', {
      lines: [{ itemId: paper.id, warehouseId: main.id, toWarehouseId: main.id, qty: 1 }],
    });
    expect(bad.body.message).toContain('门店仓库');
  });

  it('领用 receive: consumables leave the stock, an asset gets its holder; reject leaves stock untouched', async () => {
    const paper = await g.item('WP-A4');
    const laptop = await g.item('ZC-NB');
    const a01 = await g.warehouse('A01');
    const p0 = await g.stock(paper.id, a01.id);
    const l0 = await g.stock(laptop.id, a01.id);
    const [asset] = await g.inStockAssets(laptop.id, a01.id);

    const r1 = await g.apply('yangfan', 'ld_receive', {
      lines: [{ itemId: paper.id, warehouseId: a01.id, qty: 5 }, { assetId: asset.id }],
    });
    await g.reject(r1.procInstId);
    expect(await g.stock(paper.id, a01.id)).toBe(p0);
    expect((await g.asset(asset.id)).state).toBe('in_stock');

    const r2 = await g.apply('yangfan', 'ld_receive', {
      lines: [{ itemId: paper.id, warehouseId: a01.id, qty: 5 }, { assetId: asset.id }],
    });
    await g.approveOk(r2.procInstId);
    expect(await g.stock(paper.id, a01.id)).toBe(p0 - 5);
    expect(await g.stock(laptop.id, a01.id)).toBe(l0 - 1);
    const a = await g.asset(asset.id);
    expect([a.state, a.holder, a.holderName]).toEqual(['received', 'yangfan', '杨帆']);
    const entries = await g.entriesOf(r2.tableId);
    expect(entries.map((x) => [x.movement, x.qtyChange, x.holderAfter]).sort()).toEqual([
      ['receive', -1, 'yangfan'],
      ['receive', -5, 'yangfan'],
    ]);
    // an asset item must be picked one by one
    const bad = await g.draft('yangfan', 'ld_receive', {
      lines: [{ itemId: laptop.id, warehouseId: a01.id, qty: 1 }],
    });
    expect(bad.body.message).toContain('请选择具体资产');
    // more than the stock: refused at approval with the clear text, nothing moves
    const big = await g.apply('yangfan', 'ld_receive', {
      lines: [{ itemId: paper.id, warehouseId: a01.id, qty: 100000 }],
    });
    const refused = await g.approve(big.procInstId);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toBe(
      `库存不足：「A4打印纸」在「集团总部仓库」现有 ${p0 - 5}，本次需出库 100000`,
    );
    expect(await g.stock(paper.id, a01.id)).toBe(p0 - 5);
    await g.assertBooksBalance();
  });

  it('归还 return, 共享 share, 共享申领 claim across companies (group level A01), 回收 recycle, 报废 scrap, 交接 handover', async () => {
    const laptop = await g.item('ZC-NB');
    const a01 = await g.warehouse('A01');
    const a03 = await g.warehouse('A03');
    const asset = await g.db
      .selectFrom('ldAsset')
      .selectAll()
      .where('holder', '=', 'yangfan')
      .where('state', '=', 'received')
      .executeTakeFirstOrThrow();

    // return: back in stock
    const l0 = await g.stock(laptop.id, a01.id);
    const ret = await g.apply('yangfan', 'ld_return', {
      lines: [{ assetId: asset.id, warehouseId: a01.id }],
    });
    await g.approveOk(ret.procInstId);
    expect((await g.asset(asset.id)).state).toBe('in_stock');
    expect(await g.stock(laptop.id, a01.id)).toBe(l0 + 1);

    // receive again, then share
    const rec = await g.apply('yangfan', 'ld_receive', { lines: [{ assetId: asset.id }] });
    await g.approveOk(rec.procInstId);
    const notMine = await g.draft('chenjing', 'ld_share', { lines: [{ assetId: asset.id }] });
    expect(notMine.body.message).toContain('不在您名下');
    const share = await g.apply('yangfan', 'ld_share', { lines: [{ assetId: asset.id }] });
    await g.approveOk(share.procInstId);
    expect((await g.asset(asset.id)).state).toBe('shared');
    const lib = await g.f.call('zhulin', 'GET', '/ledger/library/share/list?pageNo=1&pageSize=50');
    expect(lib.body.result.records.map((r: { id: string }) => r.id)).toContain(asset.id);

    // claim by a user of A03: marked group level, routed to the group approval node
    const claim = await g.apply('zhulin', 'ld_share_claim', { lines: [{ assetId: asset.id }] });
    const form = await g.db
      .selectFrom('ldForm')
      .selectAll()
      .where('id', '=', claim.tableId)
      .executeTakeFirstOrThrow();
    expect([form.crossCompany, form.claimOrgCode]).toEqual([1, 'A01']);
    expect((await g.openTaskId(claim.procInstId)).nodeId).toBe('groupApprove');
    await g.approveOk(claim.procInstId);
    const claimed = await g.asset(asset.id);
    expect([claimed.state, claimed.holder, claimed.sysOrgCode]).toEqual(['received', 'zhulin', 'A03']);
    const claimEntry = (await g.entriesOf(claim.tableId))[0];
    expect([
      claimEntry.movement,
      claimEntry.qtyChange,
      claimEntry.holderBefore,
      claimEntry.holderAfter,
    ]).toEqual(['claim', 0, 'yangfan', 'zhulin']);

    // handover to a colleague of A03
    const hand = await g.apply('zhulin', 'ld_handover', {
      receiver: 'dongjian',
      duties: '客户资料与销售台账',
      lines: [{ assetId: asset.id }],
    });
    await g.approveOk(hand.procInstId);
    expect((await g.asset(asset.id)).holder).toBe('dongjian');
    const wrongCompany = await g.draft('dongjian', 'ld_handover', {
      receiver: 'yangfan',
      lines: [{ assetId: asset.id }],
    });
    expect(wrongCompany.body.message).toBe('接收人须为本公司同事');

    // recycle (A03's administrators) then scrap
    const rcy = await g.apply('machao', 'ld_recycle', { lines: [{ assetId: asset.id }] });
    await g.approveOk(rcy.procInstId);
    expect([(await g.asset(asset.id)).state, (await g.asset(asset.id)).holder]).toEqual(['recycled', null]);
    const noReason = await g.draft('machao', 'ld_scrap', { lines: [{ assetId: asset.id }] });
    expect(noReason.status).toBe(400);
    const scrap = await g.apply('machao', 'ld_scrap', {
      reason: '主板损坏无法维修',
      photos: ['oa/scrap/1.jpg'],
      lines: [{ assetId: asset.id }],
    });
    await g.approveOk(scrap.procInstId);
    expect((await g.asset(asset.id)).state).toBe('scrapped');

    // a scrapped asset can no longer be received, returned or moved
    const again = await g.draft('zhulin', 'ld_receive', { lines: [{ assetId: asset.id }] });
    expect(again.body.success).toBe(false);
    expect(again.body.message).toBe(`第1行：资产「${asset.assetNo}」已报废，不能领用`);
    const back = await g.draft('zhulin', 'ld_return', {
      lines: [{ assetId: asset.id, warehouseId: a03.id }],
    });
    expect(back.body.message).toContain('已报废');

    // the asset's full history
    const hist = await g.f.call('admin', 'GET', `/ledger/entry/list?assetId=${asset.id}&pageSize=50`);
    expect(hist.body.result.records.map((r: { movement: string }) => r.movement).reverse()).toEqual(
      expect.arrayContaining([
        'receive',
        'return',
        'receive',
        'share',
        'claim',
        'handover',
        'recycle',
        'scrap',
      ]),
    );
    // the company now holding it sees its whole history, also from before the claim; another company sees none
    const nowA03 = await g.f.call('machao', 'GET', `/ledger/entry/list?assetId=${asset.id}&pageSize=50`);
    expect(nowA03.body.result.records.map((r: { movement: string }) => r.movement)).toEqual(
      hist.body.result.records.map((r: { movement: string }) => r.movement),
    );
    expect(nowA03.body.result.records.map((r: { movement: string }) => r.movement)).toContain('opening');
    const a05 = await g.f.call('gaopeng', 'GET', `/ledger/entry/list?assetId=${asset.id}&pageSize=50`);
    expect(a05.body.result.total).toBe(0);
    await g.assertBooksBalance();
  });

  it('scrapping an asset in stock and consumables takes them off the books', async () => {
    const chair = await g.item('ZC-YZ');
    const pen = await g.item('WP-BI');
    const a02 = await g.warehouse('A02');
    const [asset] = await g.inStockAssets(chair.id, a02.id);
    const c0 = await g.stock(chair.id, a02.id);
    const p0 = await g.stock(pen.id, a02.id);
    const s = await g.apply('huangmin', 'ld_scrap', {
      reason: '破损',
      lines: [{ assetId: asset.id }, { itemId: pen.id, warehouseId: a02.id, qty: 4 }],
    });
    await g.approveOk(s.procInstId);
    expect(await g.stock(chair.id, a02.id)).toBe(c0 - 1);
    expect(await g.stock(pen.id, a02.id)).toBe(p0 - 4);
    expect((await g.asset(asset.id)).state).toBe('scrapped');
    await g.assertBooksBalance();
  });

  it('company scope: another company cannot pick my warehouse or see my libraries; A01 sees all', async () => {
    const paper = await g.item('WP-A4');
    const a01 = await g.warehouse('A01');
    const r = await g.draft('zhulin', 'ld_receive', {
      lines: [{ itemId: paper.id, warehouseId: a01.id, qty: 1 }],
    });
    expect(r.body.message).toBe('第1行：仓库不存在或不属于本公司');
    const mine = await g.f.call('zhulin', 'GET', '/ledger/library/total/list?pageSize=200');
    expect(mine.body.result.records.every((x: { sysOrgCode: string }) => x.sysOrgCode === 'A03')).toBe(true);
    const all = await g.f.call('admin', 'GET', '/ledger/library/total/list?pageSize=500');
    expect(new Set(all.body.result.records.map((x: { sysOrgCode: string }) => x.sysOrgCode)).size).toBe(9);
    const hist = await g.f.call('zhulin', 'GET', `/ledger/entry/list?itemId=${paper.id}&pageSize=500`);
    expect(
      hist.body.result.records.every((x: { sysOrgCode: string }) => x.sysOrgCode.startsWith('A03')),
    ).toBe(true);
  });
});
