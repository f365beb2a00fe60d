import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const YEAR = '2035';

describe.each(dbKinds)('[PERFORMANCE]: ranking by average on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    const users = await t.app.ctx.db.selectFrom('sysUser').select(['id', 'username']).execute();
    ids = Object.fromEntries(users.map((u) => [u.username, u.id]));
    // hand-made averages: 95, 88, 85, 85, 70 (a tie for third place)
    const yearly: [string, Record<string, number>][] = [
      ['yangfan', { janBranch: 90, februaryBranch: 80 }], // 85
      ['zhaolei', { marBranch: 85 }], // 85
      ['chenjing', { janBranch: 95 }], // 95
      ['liuyang', { janBranch: 60, februaryBranch: 80 }], // 70
      ['zhulin', { janBranch: 86, februaryBranch: 90 }], // 88 (A03)
    ];
    for (const [u, months] of yearly) {
      const r = await t.call(admin, 'POST', '/userYearPerf/add', { userId: ids[u], yearPart: YEAR, ...months });
      expect(r.body.success, r.body.message).toBe(true);
    }
    const quarterly: [string, number][] = [
      ['yangfan', 80],
      ['zhaolei', 92],
      ['chenjing', 80],
      ['zhulin', 75],
    ];
    for (const [u, q] of quarterly) {
      const r = await t.call(admin, 'POST', '/userYearPart/add', { userId: ids[u], yearPart: YEAR, secondQuarter: q });
      expect(r.body.success, r.body.message).toBe(true);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const names = (records: { userName: string; rank: number; avgCount: number }[]) => records.map((r) => `${r.rank}:${r.userName}:${r.avgCount}`);

  it('ranks a year by avgCount; ties share a rank and the next rank skips', async () => {
    const r = await t.call(admin, 'GET', `/rankingUserAvg/list?yearPart=${YEAR}`);
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.result.size).toBe(30);
    expect(r.body.result.total).toBe(5);
    const rows = names(r.body.result.records);
    expect(rows.slice(0, 2)).toEqual(['1:陈静:95', '2:朱琳:88']);
    expect(rows.slice(2, 4).sort()).toEqual(['3:杨帆:85', '3:赵磊:85']);
    expect(rows[4]).toBe('5:刘洋:70');
  });

  it('ranks are computed before paging', async () => {
    const p2 = (await t.call(admin, 'GET', `/rankingUserAvg/list?yearPart=${YEAR}&pageNo=2&pageSize=2`)).body.result;
    expect(p2.records.map((r: { rank: number }) => r.rank)).toEqual([3, 3]);
    const bad = await t.call(admin, 'GET', `/rankingUserAvg/list?yearPart=${YEAR}&pageSize=101`);
    expect(bad.status).toBe(400);
  });

  it('ranks one quarter by its score', async () => {
    const r = (await t.call(admin, 'POST', '/rankingUserAvg/list', { yearPart: YEAR, quarter: 2 })).body.result;
    expect(names(r.records).slice(0, 1)).toEqual(['1:赵磊:92']);
    expect(names(r.records).slice(1, 3).sort()).toEqual(['2:杨帆:80', '2:陈静:80']);
    expect(names(r.records)[3]).toBe('4:朱琳:75');
    const q5 = await t.call(admin, 'GET', `/rankingUserAvg/list?yearPart=${YEAR}&quarter=5`);
    expect(q5.status).toBe(400);
    expect(q5.body.message).toContain('季度须在1到4之间');
  });

  it('filters by company and department (ranks within the filtered set)', async () => {
    const a01 = (await t.call(admin, 'GET', `/rankingUserAvg/list?yearPart=${YEAR}&sysOrgCode=A01`)).body.result;
    expect(a01.total).toBe(4);
    expect(a01.records[0]).toMatchObject({ rank: 1, userName: '陈静', departName: '财务管理部', orgName: '华远集团总部' });
    const dept = (await t.call(admin, 'GET', `/rankingUserAvg/list?yearPart=${YEAR}&departName=${encodeURIComponent('财务管理部')}`)).body.result;
    expect(names(dept.records)).toEqual(['1:陈静:95', '2:刘洋:70']);
    const sub = (await t.call(admin, 'GET', `/rankingUserAvg/list?yearPart=${YEAR}&sysOrgCode=A01A04`)).body.result;
    expect(sub.records.map((r: { userName: string }) => r.userName).sort()).toEqual(['杨帆', '赵磊']);
  });

  it('an A03 HR user ranks only A03, whatever company is asked for', async () => {
    const hr = await t.login('wangfang');
    expect((await t.call(hr, 'PUT', '/sys/selectDepart', { orgCode: 'A03A01', username: 'wangfang' })).body.success).toBe(true);
    const own = (await t.call(hr, 'GET', `/rankingUserAvg/list?yearPart=${YEAR}`)).body.result;
    expect(names(own.records)).toEqual(['1:朱琳:88']);
    const other = (await t.call(hr, 'GET', `/rankingUserAvg/list?yearPart=${YEAR}&sysOrgCode=A01`)).body.result;
    expect(other.total).toBe(0);
  });

  it('exports the ranking as .xlsx (permission checked)', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/jeecg-boot/rankingUserAvg/exportXls?yearPart=${YEAR}`, headers: { 'x-access-token': admin } });
    expect(r.statusCode).toBe(200);
    expect(String(r.headers['content-disposition'])).toContain('.xlsx');
    expect(r.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const leader = await t.login('machao');
    const refused = await t.call(leader, 'GET', `/rankingUserAvg/exportXls?yearPart=${YEAR}`);
    expect(refused.body.code).toBe(510);
    const list = await t.call(leader, 'GET', `/rankingUserAvg/list?yearPart=${YEAR}`);
    expect(list.body.success).toBe(true);
  });
});
