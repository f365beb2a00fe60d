import { randomUUID } from 'node:crypto';
import { DASHBOARD_STATS, HR_DASHBOARD_PERM } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

describe.each(dbKinds)('[dashboard] HR statistics over a hand-made roster on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let qianhui: string;
  const now = new Date();
  const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()];
  const thisMonth = ymd(y, m, 1);

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, qianhui] = await Promise.all([t.login('admin'), t.login('qianhui')]);
    const base = { contractRenewals: 0, blacklistFlag: 0, delFlag: 0 };
    const row = (o: Record<string, unknown>) => ({ id: randomUUID().replace(/-/g, ''), ...base, ...o });
    await t.app.ctx.db
      .insertInto('hyUser')
      .values([
        row({ realname: '统计甲', orgCode: 'Z91A01', status: 'regular', sex: '1', birthday: ymd(y - 30, m, d), entryDate: thisMonth, rank: 'Z91级', degree: '本科', political: '党员', jobTitle: '中级', socialSecurity: '1', housingFund: '1', marriage: '已婚', children: 2 }),
        row({ realname: '统计乙', orgCode: 'Z91A02', status: 'probation', sex: '2', birthday: ymd(y - 24, m, d), entryDate: ymd(y - 2, m, 1), rank: 'Z91级', degree: '硕士', socialSecurity: '0', marriage: '未婚', children: 0 }),
        row({ realname: '统计丙', orgCode: 'Z91A01', status: 'dimission', sex: '1', entryDate: ymd(y - 6, m, 1), dimissionDate: thisMonth, rank: 'Z91级' }),
        row({ realname: '统计丁', orgCode: 'Z91A01', status: 'applicant', sex: '2', rank: 'Z91级' }),
        row({ realname: '统计戊', orgCode: 'A03A01', status: 'regular', sex: '1', rank: 'A03独有级' }),
        // applications: this month 会计 (twice, two departments: one position) and 出纳; last month 会计 (its last second)
        row({ realname: '应聘一', orgCode: 'Z91A01', status: 'applicant', applyPost: '会计', createTime: `${thisMonth} 08:00:00` }),
        row({ realname: '应聘二', orgCode: 'Z91A02', status: 'interview', applyPost: ' 会计 ', createTime: `${ymd(y, m, 2)} 09:30:00` }),
        row({ realname: '应聘三', orgCode: 'Z91A01', status: 'talent', applyPost: '出纳', createTime: `${thisMonth} 00:00:00` }),
        row({ realname: '应聘四', orgCode: 'Z91A01', status: 'applicant', applyPost: '会计', createTime: `${ymd(y, m, 0)} 23:59:59` }),
        // not counted: blank position, two months ago, deleted, another company
        row({ realname: '应聘五', orgCode: 'Z91A01', status: 'applicant', applyPost: '  ', createTime: `${thisMonth} 10:00:00` }),
        row({ realname: '应聘六', orgCode: 'Z91A01', status: 'applicant', applyPost: '司机', createTime: `${ymd(y, m - 1, 0)} 23:59:59` }),
        row({ realname: '应聘七', orgCode: 'Z91A01', status: 'applicant', applyPost: '司机', createTime: `${thisMonth} 10:00:00`, delFlag: 1 }),
        row({ realname: '应聘八', orgCode: 'Z92A01', status: 'applicant', applyPost: '司机', createTime: `${thisMonth} 10:00:00` }),
      ] as never)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (token: string, name: string, company?: string) => {
    const r = await t.call(token, 'GET', `/dashboard/hoom/${name}${company ? `?company=${company}` : ''}`);
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.result;
  };
  const byKey = (rows: { key: string; count: number }[]) => Object.fromEntries(rows.map((r) => [r.key, r.count]));

  it('head figures count the active, this month’s hires and leavers', async () => {
    expect(await get(admin, 'homeStatistics', 'Z91')).toEqual({
      headcount: 2,
      hiresThisMonth: 1,
      hiresLastMonth: 0,
      leaversThisMonth: 1,
      leaversLastMonth: 0,
      openPositionsThisMonth: 2,
      openPositionsLastMonth: 1,
    });
    expect((await get(admin, 'homeStatistics', 'Z92')).openPositionsThisMonth).toBe(1);
  });

  it('only holders of the dashboard permission read the statistics (admin, 人事, 人事助理)', async () => {
    const [staff, leader, assistant, hr] = await Promise.all(['yangfan', 'zhangwei', 'sunyue', 'lina'].map((u) => t.login(u)));
    for (const { name } of DASHBOARD_STATS) {
      for (const token of [staff, leader]) {
        const r = await t.call(token, 'GET', `/dashboard/hoom/${name}`);
        expect(r.status, name).toBe(403);
        expect(r.body.success).toBe(false);
      }
      for (const token of [assistant, hr]) expect((await t.call(token, 'GET', `/dashboard/hoom/${name}`)).body.success, name).toBe(true);
    }
    const perms = async (token: string) => {
      const r = await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken');
      return (r.body.result.auth as { action: string }[]).some((a) => a.action === HR_DASHBOARD_PERM);
    };
    expect(await perms(admin)).toBe(true);
    expect(await perms(hr)).toBe(true);
    expect(await perms(staff)).toBe(false);
  });

  it('a malformed company is refused with the field message', async () => {
    const r = await t.call(admin, 'GET', '/dashboard/hoom/sexStatistics?company=A03%27--');
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('公司编码格式不正确');
  });

  it('grouped distributions count only people on the payroll', async () => {
    expect(byKey(await get(admin, 'sexStatistics', 'Z91'))).toEqual({ '1': 1, '2': 1 });
    expect(byKey(await get(admin, 'rankStatistics', 'Z91'))).toEqual({ Z91级: 2 });
    expect(byKey(await get(admin, 'degreeStatistics', 'Z91'))).toEqual({ 本科: 1, 硕士: 1 });
    expect(byKey(await get(admin, 'politicalStatistics', 'Z91'))).toEqual({ 党员: 1, '': 1 });
    expect(byKey(await get(admin, 'jobTitleStatistics', 'Z91'))).toEqual({ 中级: 1, '': 1 });
    expect(byKey(await get(admin, 'homeSecurityStatistics', 'Z91'))).toEqual({ '1': 1, '0': 1 });
    expect(byKey(await get(admin, 'homeFundStatistics', 'Z91'))).toEqual({ '1': 1, '': 1 });
    const mc = await get(admin, 'marriageChildStatistics', 'Z91');
    expect(byKey(mc.marriage)).toEqual({ 已婚: 1, 未婚: 1 });
    expect(mc.children).toEqual({ withChildren: 1, withoutChildren: 1 });
  });

  it('age, tenure and leaver bands', async () => {
    expect(byKey(await get(admin, 'ageStatistics', 'Z91'))).toEqual({ '25岁以下': 1, '25-29岁': 0, '30-34岁': 1, '35-39岁': 0, '40-49岁': 0, '50岁及以上': 0, 未知: 0 });
    expect(byKey(await get(admin, 'workTimeStatistics', 'Z91'))).toEqual({ 不满1年: 1, '1-3年': 1, '3-5年': 0, '5-10年': 0, '10年及以上': 0, 未知: 0 });
    const dim = await get(admin, 'dimissionTimeStatistics', 'Z91');
    expect(dim.byMonth).toHaveLength(12);
    expect(dim.byMonth[11]).toEqual({ key: thisMonth.slice(0, 7), count: 1 });
    expect(dim.byMonth.slice(0, 11).every((x: { count: number }) => x.count === 0)).toBe(true);
    expect(byKey(dim.byTenure)).toEqual({ 不满1年: 0, '1-3年': 0, '3-5年': 0, '5-10年': 1, '10年及以上': 0, 未知: 0 });
  });

  it('an A03 user sees only A03, whatever company she asks for', async () => {
    const own = byKey(await get(qianhui, 'rankStatistics', 'Z91'));
    expect(own['A03独有级']).toBe(1);
    expect(own['Z91级']).toBeUndefined();
    expect(await get(qianhui, 'rankStatistics')).toEqual(await get(admin, 'rankStatistics', 'A03'));
    const all = byKey(await get(admin, 'rankStatistics'));
    expect(all['Z91级']).toBe(2);
    expect(all['A03独有级']).toBe(1);
  });
});
