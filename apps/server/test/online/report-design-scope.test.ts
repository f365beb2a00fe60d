import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/db/ids.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

/**
 * Report designs belong to a company: a designer of A03 sees A03's designs and the group company's (shared
 * configuration), never A05's, and changes or deletes only their own company's.
 */
describe.each(dbKinds)('[SECURITY] online report designs are scoped to the company on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.app.ctx;
    const admin = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
    // machao (A03A02) and gaopeng (A05A01) are their companies' administrators here
    for (const username of ['machao', 'gaopeng']) {
      const u = await db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow();
      await db.insertInto('sysUserRole').values({ id: newId(), userId: u.id, roleId: admin.id }).execute();
    }
    for (const u of ['admin', 'machao', 'gaopeng']) tokens[u] = await t.login(u);
  });
  afterAll(async () => {
    await t?.close();
  });

  const design = (code: string) => ({
    head: { code, name: `部门清单-${code}`, cgrSql: 'select depart_name, org_code from sys_depart', dbSource: '' },
    items: [{ fieldName: 'depart_name', fieldTxt: '部门', isShow: '1', orderNum: 1 }],
    params: [],
  });
  const codes = async (who: string) =>
    ((await t.call(tokens[who], 'GET', '/online/cgreport/head/list?pageSize=500')).body.result.records as { code: string }[]).map((r) => r.code);

  it('lists, edits and deletes only within the company; the group level sees all', async () => {
    const add = await t.call(tokens.machao, 'POST', '/online/cgreport/head/add', design('a03_departs'));
    expect(add.body.success, add.body.message).toBe(true);
    const row = await t.app.ctx.db.selectFrom('onlCgreportHead').select(['id', 'sysOrgCode']).where('code', '=', 'a03_departs').executeTakeFirstOrThrow();
    expect(row.sysOrgCode).toBe('A03A02');

    expect(await codes('machao')).toEqual(expect.arrayContaining(['a03_departs', 'expense_summary']));
    const a05 = await codes('gaopeng');
    expect(a05).toContain('expense_summary'); // the group company's design is shared
    expect(a05).not.toContain('a03_departs');
    expect(await codes('admin')).toContain('a03_departs');

    const edit = await t.call(tokens.gaopeng, 'PUT', '/online/cgreport/head/editAll', { ...design('a03_departs'), head: { ...design('a03_departs').head, id: row.id, name: '改名' } });
    expect(edit.body.success).toBe(false);
    expect(edit.body.message).toBe('报表不存在');
    const shared = await t.app.ctx.db.selectFrom('onlCgreportHead').select('id').where('code', '=', 'expense_summary').executeTakeFirstOrThrow();
    const del = await t.call(tokens.gaopeng, 'DELETE', `/online/cgreport/head/deleteBatch?ids=${row.id},${shared.id}`);
    expect(del.body.success).toBe(false);
    const left = await t.app.ctx.db.selectFrom('onlCgreportHead').select('name').where('id', 'in', [row.id, shared.id]).execute();
    expect(left.length).toBe(2);
    expect(left.map((r) => r.name)).not.toContain('改名');

    const own = await t.call(tokens.machao, 'DELETE', `/online/cgreport/head/delete?id=${row.id}`);
    expect(own.body.success, own.body.message).toBe(true);
  });
});
