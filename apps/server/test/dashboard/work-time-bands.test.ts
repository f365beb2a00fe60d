import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardService } from '../../src/modules/dashboard/dashboard.service.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};
const byKey = (rows: { key: string; count: number }[]) => Object.fromEntries(rows.map((r) => [r.key, r.count]));
const bands = (o: Partial<Record<'不满1年' | '1-3年' | '3-5年' | '5-10年' | '10年及以上' | '未知', number>>) => ({
  不满1年: 0,
  '1-3年': 0,
  '3-5年': 0,
  '5-10年': 0,
  '10年及以上': 0,
  未知: 0,
  ...o,
});

/**
 * 司龄分布 (workTimeStatistics): new hires whose entry date lies ahead (December of this year, seen in
 * November) count as 不满1年, not 未知; the band edges fall on the anniversary itself.
 */
describe.each(dbKinds)('[dashboard] tenure bands of workTimeStatistics on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const now = new Date();
  const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()];
  const base = { contractRenewals: 0, blacklistFlag: 0, delFlag: 0 };
  const row = (o: Record<string, unknown>) => ({ id: randomUUID().replace(/-/g, ''), ...base, ...o });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    await t.app.ctx.db
      .insertInto('hyUser')
      .values([
        // eight new hires with entry dates in December of this year (ahead of today, or this month when run in December)
        ...[1, 2, 5, 8, 15, 20, 28, 31].map((day, i) => row({ realname: `十二月${i}`, orgCode: 'Z96A01', status: i % 2 ? 'new' : 'probation', entryDate: ymd(y, 12, day) })),
        // Z97: one person per edge
        row({ realname: '今天入职', orgCode: 'Z97A01', status: 'probation', entryDate: ymd(y, m, d) }),
        row({ realname: '明天入职', orgCode: 'Z97A01', status: 'new', entryDate: ymd(y, m, d + 1) }),
        row({ realname: '整一年', orgCode: 'Z97A01', status: 'regular', entryDate: ymd(y - 1, m, d) }),
        row({ realname: '差一天满一年', orgCode: 'Z97A01', status: 'regular', entryDate: ymd(y - 1, m, d + 1) }),
        row({ realname: '整三年', orgCode: 'Z97A01', status: 'regular', entryDate: ymd(y - 3, m, d) }),
        row({ realname: '整十年', orgCode: 'Z97A01', status: 'regular', entryDate: ymd(y - 10, m, d) }),
        row({ realname: '无入职日期', orgCode: 'Z97A01', status: 'regular', entryDate: null }),
        row({ realname: '空入职日期', orgCode: 'Z97A01', status: 'regular', entryDate: '' }),
        row({ realname: '下月离职前入职', orgCode: 'Z97A01', status: 'dimission', entryDate: ymd(y, m + 1, 1), dimissionDate: ymd(y, m, 1) }),
      ] as never)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (name: string, company: string) => {
    const r = await t.call(admin, 'GET', `/dashboard/hoom/${name}?company=${company}`);
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.result;
  };

  it('eight new hires entering in December of this year count as 不满1年', async () => {
    expect(byKey(await get('workTimeStatistics', 'Z96'))).toEqual(bands({ 不满1年: 8 }));
  });

  it('edges: today and tomorrow 不满1年, exactly a year ago 1-3年, a day short of a year 不满1年, null and blank 未知', async () => {
    expect(byKey(await get('workTimeStatistics', 'Z97'))).toEqual(bands({ 不满1年: 3, '1-3年': 1, '3-5年': 1, '10年及以上': 1, 未知: 2 }));
    expect(byKey((await get('dimissionTimeStatistics', 'Z97')).byTenure)).toEqual(bands({ 不满1年: 1 }));
  });

  it('on a fixed day: 27 November counts December hires in 不满1年; on 29 February the anniversary of 1 March is not yet reached', async () => {
    const at = (iso: string) => new DashboardService(t.app.ctx, () => new Date(`${iso}T10:00:00Z`));
    await t.app.ctx.db
      .insertInto('hyUser')
      .values([
        row({ realname: '定日甲', orgCode: 'Z98A01', status: 'new', entryDate: '2026-12-01' }),
        row({ realname: '定日乙', orgCode: 'Z98A01', status: 'new', entryDate: '2026-12-31' }),
        row({ realname: '定日丙', orgCode: 'Z98A01', status: 'regular', entryDate: '2025-11-27' }),
        row({ realname: '定日丁', orgCode: 'Z98A01', status: 'regular', entryDate: '2025-11-28' }),
        row({ realname: '闰日甲', orgCode: 'Z99A01', status: 'regular', entryDate: '2027-02-28' }),
        row({ realname: '闰日乙', orgCode: 'Z99A01', status: 'regular', entryDate: '2027-03-01' }),
        row({ realname: '闰日丙', orgCode: 'Z99A01', status: 'regular', entryDate: '2024-02-29' }),
      ] as never)
      .execute();
    expect(byKey(await at('2026-11-27').workTime('Z98'))).toEqual(bands({ 不满1年: 3, '1-3年': 1 }));
    // 2028-02-29: 2027-02-28 is a full year back; 2027-03-01 is not; 2024-02-29 is four years back
    expect(byKey(await at('2028-02-29').workTime('Z99'))).toEqual(bands({ 不满1年: 1, '1-3年': 1, '3-5年': 1 }));
    // 2025-02-28: the anniversary of 2024-02-29 is today, so a full year
    expect(byKey(await at('2025-02-28').workTime('Z99'))).toEqual(bands({ 不满1年: 2, '1-3年': 1 }));
  });
});
