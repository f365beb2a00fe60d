import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const MONTHS = ['janBranch', 'februaryBranch', 'marchBranch', 'aprilBranch', 'marBranch', 'juneBranch', 'julyBranch', 'augustBranch', 'septemBranch', 'octoberBranch', 'novemberBranch', 'decemBranch'];

describe.each(dbKinds)('[PERFORMANCE]: yearly and quarterly sheets on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    const users = await t.app.ctx.db.selectFrom('sysUser').select(['id', 'username']).execute();
    ids = Object.fromEntries(users.map((u) => [u.username, u.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses without a token (401) and without the permission (510)', async () => {
    expect((await t.call(null, 'GET', '/userYearPerf/list')).status).toBe(401);
    const staff = await t.login('zhulin');
    for (const url of ['/userYearPerf/list', '/userYearPart/list', '/userYearPerf/queryById?userId=x', '/rankingUserAvg/list']) {
      const r = await t.call(staff, 'GET', url);
      expect(r.body.code, url).toBe(510);
    }
    const add = await t.call(staff, 'POST', '/userYearPerf/add', { userId: ids.zhulin, yearPart: '2031', janBranch: 99 });
    expect(add.body.code).toBe(510);
  });

  it('userYearPerf: queryById answers nothing, then add, queryById answers the row, then edit', async () => {
    const q = `/userYearPerf/queryById?userId=${ids.yangfan}&yearPart=2031`;
    const none = await t.call(admin, 'GET', q);
    expect(none.body.success).toBe(true);
    expect(none.body.result).toBeNull();

    const add = await t.call(admin, 'POST', '/userYearPerf/add', { userId: ids.yangfan, yearPart: 2031, janBranch: 85, marBranch: '90', juneBranch: 92.5, julyBranch: '' });
    expect(add.body.success, add.body.message).toBe(true);
    expect(add.body.message).toBe('添加成功！');

    const row = (await t.call(admin, 'GET', q)).body.result;
    expect(row).toMatchObject({ userId: ids.yangfan, userName: '杨帆', orgName: '华远集团总部', yearPart: '2031', janBranch: 85, marBranch: 90, juneBranch: 92.5, julyBranch: null, avgCount: 89.17 });
    for (const m of MONTHS) expect(row).toHaveProperty(m);
    // by userName and orgName too, as the stock client sends them
    const byName = await t.call(admin, 'POST', '/userYearPerf/queryById', { userName: '杨帆', orgName: '华远集团总部', yearPart: '2031', pageNo: 1, pageSize: 10 });
    expect(byName.body.result.id).toBe(row.id);

    const edit = await t.call(admin, 'PUT', '/userYearPerf/edit', { id: row.id, janBranch: null, augustBranch: 70 });
    expect(edit.body.success, edit.body.message).toBe(true);
    const after = (await t.call(admin, 'GET', `/userYearPerf/queryById?id=${row.id}`)).body.result;
    // (90 + 92.5 + 70) / 3 = 84.1666…
    expect(after).toMatchObject({ janBranch: null, marBranch: 90, augustBranch: 70, avgCount: 84.17 });

    const dup = await t.call(admin, 'POST', '/userYearPerf/add', { userId: 'yangfan', yearPart: '2031' });
    expect(dup.body.success).toBe(false);
    expect(dup.body.message).toBe('该人员2031年度的考评记录已存在，请直接编辑');
  });

  it('a row of another year is found and added per person and year; the person picker names people by username', async () => {
    // the picker sends the username: queryById finds the person's row of that year (not another year's)
    const add2032 = await t.call(admin, 'POST', '/userYearPerf/add', { userId: 'zhaolei', yearPart: '2032', janBranch: 80 });
    expect(add2032.body.success, add2032.body.message).toBe(true);
    const found = await t.call(admin, 'GET', '/userYearPerf/queryById?userId=zhaolei&yearPart=2032');
    expect(found.body.result).toMatchObject({ userId: ids.zhaolei, yearPart: '2032', janBranch: 80 });
    const none = await t.call(admin, 'GET', '/userYearPerf/queryById?userId=zhaolei&yearPart=2031');
    expect(none.body.result).toBeNull();
    // the previous year is a row of its own
    const add2031 = await t.call(admin, 'POST', '/userYearPerf/add', { userId: 'zhaolei', yearPart: '2031', decemBranch: 75 });
    expect(add2031.body.success, add2031.body.message).toBe(true);
    expect((await t.call(admin, 'GET', '/userYearPerf/queryById?userId=zhaolei&yearPart=2031')).body.result).toMatchObject({ yearPart: '2031', decemBranch: 75 });
    // a second row of that year names the year
    const dup = await t.call(admin, 'POST', '/userYearPart/add', { userId: 'zhaolei', yearPart: '2031' });
    expect(dup.body.success, dup.body.message).toBe(true);
    const dupPart = await t.call(admin, 'POST', '/userYearPart/add', { userId: ids.zhaolei, yearPart: '2031' });
    expect(dupPart.body.message).toBe('该人员2031年度的考评记录已存在，请直接编辑');
  });

  it('bad input answers 400 in Chinese and changes nothing', async () => {
    const before = (await t.call(admin, 'GET', '/userYearPerf/list?yearPart=2031')).body.result.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ userId: ids.zhaolei, yearPart: '2031', janBranch: 101 }, '分数须在0到100之间'],
      [{ userId: ids.zhaolei, yearPart: '2031', marBranch: 'abc' }, '分数须在0到100之间'],
      [{ userId: ids.zhaolei, yearPart: '2018' }, '考核年度须在2019至2119之间'],
      [{ yearPart: '2031' }, '请选择人员'],
    ];
    for (const [body, message] of cases) {
      const r = await t.call(admin, 'POST', '/userYearPerf/add', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toContain(message);
    }
    expect((await t.call(admin, 'GET', '/userYearPerf/list?yearPart=2031')).body.result.total).toBe(before);
    const unknown = await t.call(admin, 'POST', '/userYearPerf/add', { userId: 'nobody', yearPart: '2031' });
    expect(unknown.body.message).toBe('未找到该人员');
  });

  it('userYearPart: the same cycle with …Id links, department and post names', async () => {
    const q = `/userYearPart/queryById?userId=${ids.zhulin}&yearPart=2031`;
    expect((await t.call(admin, 'GET', q)).body.result).toBeNull();
    const add = await t.call(admin, 'POST', '/userYearPart/add', { userId: ids.zhulin, yearPart: '2031', firstQuarter: 81, firstQuarterId: 'manual-1' });
    expect(add.body.success, add.body.message).toBe(true);
    const row = (await t.call(admin, 'GET', q)).body.result;
    expect(row).toMatchObject({
      userName: '朱琳',
      orgName: '华远商贸有限公司',
      departName: '销售部',
      postName: '专员',
      firstQuarter: 81,
      // the …Id link is the server's: a client's is dropped
      firstQuarterId: null,
      secondQuarter: null,
      secondQuarterId: null,
      thirdQuarter: null,
      fourthQuarter: null,
    });
    const edit = await t.call(admin, 'POST', '/userYearPart/edit', { id: row.id, secondQuarter: 84.5, postName: '高级专员' });
    expect(edit.body.success, edit.body.message).toBe(true);
    const after = (await t.call(admin, 'GET', q)).body.result;
    expect(after).toMatchObject({ firstQuarter: 81, secondQuarter: 84.5, postName: '高级专员' });
  });

  it('an A03 HR user scores and lists only A03', async () => {
    const hr = await t.login('wangfang');
    const sw = await t.call(hr, 'PUT', '/sys/selectDepart', { orgCode: 'A03A01', username: 'wangfang' });
    expect(sw.body.success, sw.body.message).toBe(true);

    const other = await t.call(hr, 'POST', '/userYearPerf/add', { userId: ids.zhaolei, yearPart: '2031', janBranch: 80 });
    expect(other.body.success).toBe(false);
    expect(other.body.message).toBe('未找到该人员');
    const own = await t.call(hr, 'POST', '/userYearPerf/add', { userId: ids.hubin, yearPart: '2031', janBranch: 80 });
    expect(own.body.success, own.body.message).toBe(true);

    const list = (await t.call(hr, 'GET', '/userYearPerf/list?yearPart=2031&pageSize=100')).body.result;
    expect(list.records.length).toBeGreaterThan(0);
    expect(list.records.every((r: { sysOrgCode: string }) => r.sysOrgCode.startsWith('A03'))).toBe(true);
    const parts = (await t.call(hr, 'GET', '/userYearPart/list?pageSize=1000')).body.result.records;
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.every((r: { sysOrgCode: string }) => r.sysOrgCode.startsWith('A03'))).toBe(true);

    // yangfan's A01 row exists but is invisible and cannot be edited from A03
    const a01 = (await t.call(admin, 'GET', `/userYearPerf/queryById?userId=${ids.yangfan}&yearPart=2031`)).body.result;
    expect((await t.call(hr, 'GET', `/userYearPerf/queryById?userId=${ids.yangfan}&yearPart=2031`)).body.result).toBeNull();
    const edit = await t.call(hr, 'PUT', '/userYearPerf/edit', { id: a01.id, janBranch: 1 });
    expect(edit.body.message).toBe('未找到对应数据');
    expect((await t.call(admin, 'GET', `/userYearPerf/queryById?id=${a01.id}`)).body.result.janBranch).toBeNull();

    // the group (A01) sees every company and may filter by one
    const all = (await t.call(admin, 'GET', '/userYearPerf/list?yearPart=2031&pageSize=100')).body.result.records;
    expect(new Set(all.map((r: { sysOrgCode: string }) => r.sysOrgCode.slice(0, 3)))).toEqual(new Set(['A01', 'A03']));
    const a03 = (await t.call(admin, 'GET', '/userYearPerf/list?yearPart=2031&sysOrgCode=A03&pageSize=100')).body.result.records;
    expect(a03.map((r: { userName: string }) => r.userName)).toEqual(['胡斌']);
  });

  it('the seeded demo sheets cover several companies with averages of the filled months', async () => {
    const rows = (await t.call(admin, 'GET', `/userYearPerf/list?yearPart=${new Date().getFullYear()}&pageSize=1000`)).body.result.records;
    expect(new Set(rows.map((r: { sysOrgCode: string }) => r.sysOrgCode.slice(0, 3))).size).toBeGreaterThanOrEqual(3);
    for (const r of rows) {
      const filled = MONTHS.map((m) => r[m]).filter((v) => v !== null);
      if (!filled.length) continue;
      const mean = Math.round((filled.reduce((s: number, v: number) => s + v, 0) / filled.length) * 100) / 100;
      expect(r.avgCount).toBeCloseTo(mean, 2);
    }
  });

  it('exports the yearly sheet as .xlsx', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/jeecg-boot/userYearPerf/exportXls?yearPart=2031', headers: { 'x-access-token': admin } });
    expect(r.statusCode).toBe(200);
    expect(String(r.headers['content-type'])).toContain('spreadsheetml');
    expect(r.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
