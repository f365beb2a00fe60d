import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe.each(dbKinds)('[OFFICE] every company has a kanban board out of the box on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('each demo company has its default board, and an A03 user sees A03 boards only', async () => {
    const companies = await t.app.ctx.db.selectFrom('sysDepart').select(['orgCode', 'departName']).where('parentId', 'is', null).where('delFlag', '=', 0).execute();
    expect(companies.length).toBeGreaterThanOrEqual(9);
    for (const c of companies) {
      const boards = await t.app.ctx.db.selectFrom('oaBoard').selectAll().where('sysOrgCode', '=', c.orgCode).where('delFlag', '=', 0).execute();
      expect(boards, c.orgCode).toHaveLength(1);
      expect(boards[0]).toMatchObject({ name: `${c.departName}看板`, description: '公司默认看板', columns: null });
    }
    const machao = await t.login('machao'); // A03
    const r = await t.call(machao, 'GET', '/office/kanban/boards');
    expect(r.body.success).toBe(true);
    expect(r.body.result.map((b: { name: string }) => b.name)).toEqual(['华远商贸有限公司看板']);
    const view = await t.call(machao, 'GET', `/office/kanban/board?id=${r.body.result[0].id}`);
    expect(view.body.result.columns.map((c: { title: string }) => c.title)).toEqual(['未开始', '进行中', '已完成', '已取消']);
  });

  it('a company added by the group gets its board in the same step', async () => {
    const admin = await t.login('admin');
    const add = await t.call(admin, 'POST', '/sys/sysDepart/add', { departName: '华远新能源有限公司' });
    expect(add.body.success, add.body.message).toBe(true);
    const orgCode = add.body.result.orgCode as string;
    expect(orgCode).toMatch(/^[A-Z]\d{2}$/);
    const boards = await t.app.ctx.db.selectFrom('oaBoard').selectAll().where('sysOrgCode', '=', orgCode).execute();
    expect(boards).toHaveLength(1);
    expect(boards[0]).toMatchObject({ name: '华远新能源有限公司看板', createBy: 'admin' });
    // a department is not a company: no board of its own
    const dep = await t.call(admin, 'POST', '/sys/sysDepart/add', { departName: '研发部', parentId: add.body.result.id });
    expect(dep.body.success, dep.body.message).toBe(true);
    expect(await t.app.ctx.db.selectFrom('oaBoard').select('id').where('sysOrgCode', '=', dep.body.result.orgCode).execute()).toHaveLength(0);
  });
});
