import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { Goods } from './ledger-helpers.js';

describe.each(dbKinds)('[LEDGER] concurrent final approvals on %s', (kind) => {
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

  it('30 receive forms racing for the last 10 units: exactly 10 go out, 20 are refused, the ledger sums to zero', async () => {
    // a new consumable with 10 units in the A01 warehouse, entered through a stock entry form
    const add = await g.f.call('admin', 'POST', '/ledger/item/add', {
      code: 'RACE-1',
      name: '限量纪念册',
      unit: '本',
      kind: 'consumable',
    });
    expect(add.body.success, add.body.message).toBe(true);
    const item = await g.item('RACE-1');
    const wh = await g.warehouse('A01');
    const supplier = await g.db
      .selectFrom('ldSupplier')
      .select('id')
      .where('creditCode', '=', '91110000MA01ABCD1X')
      .executeTakeFirstOrThrow();
    const entry = await g.apply('admin', 'ld_stock_entry', {
      lines: [{ itemId: item.id, warehouseId: wh.id, qty: 10, price: 50, supplierId: supplier.id }],
    });
    await g.approveOk(entry.procInstId);
    expect(await g.stock(item.id, wh.id)).toBe(10);

    const applicants = ['yangfan', 'zhaolei', 'chenjing'];
    const forms: { procInstId: string }[] = [];
    for (let i = 0; i < 30; i++)
      forms.push(
        await g.apply(applicants[i % 3], 'ld_receive', {
          lines: [{ itemId: item.id, warehouseId: wh.id, qty: 1 }],
        }),
      );
    const taskIds = await Promise.all(forms.map(async (f) => (await g.openTaskId(f.procInstId)).id));
    const token = await g.f.token('admin');

    const results = await Promise.all(
      taskIds.map((id) => t.call(token, 'POST', '/actTask/pass', { id, comment: '同意', type: 0 })),
    );
    const ok = results.filter((r) => r.body.success);
    const refused = results.filter((r) => !r.body.success);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const r of refused)
      expect(r.body.message).toMatch(/^库存不足：「限量纪念册」在「集团总部仓库」现有 0，本次需出库 1$/);

    expect(await g.stock(item.id, wh.id)).toBe(0);
    const entries = await g.db.selectFrom('ldEntry').selectAll().where('itemId', '=', item.id).execute();
    expect(entries.reduce((s, e) => s + e.qtyChange, 0)).toBe(0);
    const outs = entries.filter((e) => e.movement === 'receive');
    expect(outs).toHaveLength(10);
    // every unit went out once: the befores are 10..1 exactly
    expect(outs.map((e) => e.qtyBefore).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // refused approvals left their processes running with the task still open
    const passed = await g.db
      .selectFrom('wfInstance')
      .select('id')
      .where(
        'id',
        'in',
        forms.map((f) => f.procInstId),
      )
      .where('state', '=', 'passed')
      .execute();
    expect(passed).toHaveLength(10);
    await g.assertBooksBalance();
  });
});
