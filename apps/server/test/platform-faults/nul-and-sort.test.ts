import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runPage } from '../../src/platform/query/query-builder.js';
import { businessError } from '../../src/platform/http/errors.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

/** Promise rejections nobody handled while a test ran (on the server they end the process). */
const unhandled: unknown[] = [];
const record = (reason: unknown) => void unhandled.push(reason);

/** Lets pending queries settle, so a rejection left behind by a request surfaces before the assertion. */
const settle = () => new Promise((r) => setTimeout(r, 300));

const LISTS = ['/ledger/item/list', '/ledger/warehouse/list', '/ledger/category/list', '/adminstration/library/supplier/list'];

describe.each(dbKinds)('NUL bytes and unknown sort columns (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    process.on('unhandledRejection', record);
  });
  afterAll(async () => {
    process.off('unhandledRejection', record);
    await t?.close();
  });
  afterEach(() => {
    unhandled.length = 0;
  });

  it('a NUL in a dictionary item filter with an unknown sort column answers an error envelope and leaves nothing behind', async () => {
    const r = await t.call(token, 'POST', '/sys/dictItem/list', { dictId: 'x\u0000', column: 'nosuch' });
    expect(r.body.success).toBe(false);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    await settle();
    expect(unhandled).toEqual([]);
  });

  it.each(LISTS)('%s with a NUL in the name and an unknown sort column is refused, and the next request succeeds', async (url) => {
    const r = await t.call(token, 'GET', `${url}?name=x%00&column=nosuch`);
    expect(r.body.success).toBe(false);
    expect(r.status).toBe(400);
    await settle();
    expect(unhandled).toEqual([]);
    const next = await t.call(token, 'GET', `${url}?pageNo=1&pageSize=5`);
    expect(next.body.success).toBe(true);
  });

  it('a NUL anywhere in a request (query, JSON body, nested) is refused with the bad-request envelope', async () => {
    const q = await t.call(token, 'GET', '/sys/user/list?realname=a%00b');
    expect(q.status).toBe(400);
    expect(q.body).toMatchObject({ success: false, code: 400, message: '请求参数不正确' });
    const b = await t.call(token, 'POST', '/sys/dictItem/list', { itemText: ['ok', { deep: 'x\u0000' }] });
    expect(b.status).toBe(400);
    expect(b.body.success).toBe(false);
  });

  it('an unknown sort column answers the stock refusal and the list still works', async () => {
    const r = await t.call(token, 'GET', '/ledger/item/list?column=nosuch');
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('请注意，将要排序的列字段不存在：nosuch');
    expect((await t.call(token, 'GET', '/ledger/item/list')).body.success).toBe(true);
  });

  it('a page whose sort is refused while its count fails leaves no rejected query behind', async () => {
    // The count fails in the database (a value it refuses), the records' query is refused while being built.
    const failing = kind === 'postgres' ? sql<boolean>`${'x\u0000'}::text = 'x'` : sql<boolean>`abs(-9223372036854775807 - 2) > 0`;
    const base = t.app.ctx.db.selectFrom('sysDictItem').where(failing);
    await expect(
      runPage(base, () => {
        throw businessError('请注意，将要排序的列字段不存在：nosuch');
      }, { pageNo: 1, pageSize: 10 }),
    ).rejects.toThrow('将要排序的列字段不存在');
    await settle();
    expect(unhandled).toEqual([]);
  });
});
