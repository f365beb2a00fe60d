/**
 * The master-data lists and details (categories, items, warehouses, suppliers) answer the rows their
 * response schemas declare (checked on every answer outside production).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe.each(dbKinds)('[LEDGER] master-data lists on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['/ledger/category', 'name'],
    ['/ledger/item', 'kind_dictText'],
    ['/ledger/warehouse', 'type_dictText'],
    ['/adminstration/library/supplier', 'creditCode'],
  ])('%s/list and queryById', async (base, field) => {
    const list = await t.call(admin, 'GET', `${base}/list?pageSize=50`);
    expect(list.status, `${base}/list: ${JSON.stringify(list.body).slice(0, 300)}`).toBe(200);
    expect(list.body.success).toBe(true);
    const records = list.body.result.records as Record<string, unknown>[];
    expect(records.length).toBeGreaterThan(0);
    expect(records[0][field]).toEqual(expect.any(String));
    const one = await t.call(admin, 'GET', `${base}/queryById?id=${String(records[0].id)}`);
    expect(one.status).toBe(200);
    expect(one.body.result.id).toBe(records[0].id);
  });
});
