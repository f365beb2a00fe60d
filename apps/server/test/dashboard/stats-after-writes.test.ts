import { randomUUID } from 'node:crypto';
import { DASHBOARD_STATS } from '@go/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardService } from '../../src/modules/dashboard/dashboard.service.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

/**
 * The dashboard keeps each computed figure with the roster's statistics version and the day: every write to
 * hy_user that can change a figure moves the version on (database triggers), so after any write — through
 * the services or straight into the table — every statistic equals a count made now.
 */
describe.each(dbKinds)('[dashboard] statistics stay exact after writes on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: string[] = [];

  const row = (o: Record<string, unknown>) => {
    const id = randomUUID().replace(/-/g, '');
    ids.push(id);
    return { id, contractRenewals: 0, blacklistFlag: 0, delFlag: 0, status: 'regular', ...o };
  };
  const get = async (name: string, company: string) => {
    const r = await t.call(admin, 'GET', `/dashboard/hoom/${name}?company=${company}`);
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.result;
  };
  const byKey = (rows: { key: string; count: number }[]) => Object.fromEntries(rows.filter((r) => r.count > 0).map((r) => [r.key, r.count]));
  /** Every statistic of the API against a service that has kept nothing (a count made now). */
  const expectAllFresh = async (company: string) => {
    const fresh = new DashboardService(t.app.ctx);
    const now: Record<string, () => Promise<unknown>> = {
      homeStatistics: () => fresh.home(company),
      homeSecurityStatistics: () => fresh.group(company, 'socialSecurity'),
      homeFundStatistics: () => fresh.group(company, 'housingFund'),
      rankStatistics: () => fresh.group(company, 'rank'),
      sexStatistics: () => fresh.group(company, 'sex'),
      degreeStatistics: () => fresh.group(company, 'degree'),
      politicalStatistics: () => fresh.group(company, 'political'),
      jobTitleStatistics: () => fresh.group(company, 'jobTitle'),
      marriageChildStatistics: () => fresh.marriageChild(company),
      ageStatistics: () => fresh.age(company),
      workTimeStatistics: () => fresh.workTime(company),
      dimissionTimeStatistics: () => fresh.dimissionTime(company),
    };
    for (const { name } of DASHBOARD_STATS) expect(await get(name, company), `${name} of ${company}`).toEqual(await now[name]!());
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    await t.app.ctx.db
      .insertInto('hyUser')
      .values([
        row({ realname: '写后甲', orgCode: 'Z93A01', sex: '1', degree: '本科', rank: 'R1', entryDate: '2020-03-01', birthday: '1990-01-01' }),
        row({ realname: '写后乙', orgCode: 'Z93A02', sex: '1', degree: '硕士', rank: 'R2', entryDate: '2018-03-01', birthday: '1985-01-01' }),
        row({ realname: '写后丙', orgCode: 'Z93A01', sex: '2', degree: '本科', rank: 'R1', entryDate: '2024-03-01', birthday: '2000-01-01' }),
      ] as never)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a file moved to another company moves its figures exactly, every statistic of both companies equal to a fresh count', async () => {
    expect(byKey(await get('sexStatistics', 'Z93'))).toEqual({ '1': 2, '2': 1 });
    expect(byKey(await get('sexStatistics', 'Z94'))).toEqual({});
    expect((await get('homeStatistics', 'Z93')).headcount).toBe(3);
    // the same answer twice (kept), then a move written straight into the table
    expect(byKey(await get('rankStatistics', 'Z93'))).toEqual({ R1: 2, R2: 1 });
    await t.app.ctx.db.updateTable('hyUser').set({ orgCode: 'Z94A01', departName: '调入部门' }).where('id', '=', ids[1]!).execute();
    expect(byKey(await get('sexStatistics', 'Z93'))).toEqual({ '1': 1, '2': 1 });
    expect(byKey(await get('sexStatistics', 'Z94'))).toEqual({ '1': 1 });
    expect(byKey(await get('rankStatistics', 'Z93'))).toEqual({ R1: 2 });
    expect(byKey(await get('rankStatistics', 'Z94'))).toEqual({ R2: 1 });
    expect((await get('homeStatistics', 'Z93')).headcount).toBe(2);
    expect((await get('homeStatistics', 'Z94')).headcount).toBe(1);
    await expectAllFresh('Z93');
    await expectAllFresh('Z94');
  });

  it('a changed field, a leaver, a deleted file and a new file each change the figures at once', async () => {
    await expectAllFresh('Z93');
    await t.app.ctx.db.updateTable('hyUser').set({ degree: '博士' }).where('id', '=', ids[0]!).execute();
    expect(byKey(await get('degreeStatistics', 'Z93'))).toEqual({ 博士: 1, 本科: 1 });
    await t.app.ctx.db.updateTable('hyUser').set({ status: 'dimission', dimissionDate: new Date().toISOString().slice(0, 10) }).where('id', '=', ids[2]!).execute();
    expect((await get('homeStatistics', 'Z93')).leaversThisMonth).toBe(1);
    expect(byKey(await get('sexStatistics', 'Z93'))).toEqual({ '1': 1 });
    await sql`update hy_user set del_flag = 1 where id = ${ids[0]!}`.execute(t.app.ctx.db);
    expect((await get('homeStatistics', 'Z93')).headcount).toBe(0);
    await t.app.ctx.db.insertInto('hyUser').values([row({ realname: '写后丁', orgCode: 'Z93A01', sex: '2', degree: '大专' })] as never).execute();
    expect(byKey(await get('degreeStatistics', 'Z93'))).toEqual({ 大专: 1 });
    await expectAllFresh('Z93');
    await expectAllFresh('Z94');
  });

  it('a kept figure is computed again on a new day (age and tenure bands move with the date)', async () => {
    let today = new Date(Date.UTC(2025, 5, 14, 12));
    const svc = new DashboardService(t.app.ctx, () => today);
    await t.app.ctx.db.insertInto('hyUser').values([row({ realname: '生日', orgCode: 'Z95A01', birthday: '2000-06-15', entryDate: '2024-06-15' })] as never).execute();
    const count = (rows: { key: string; count: number }[], key: string) => rows.find((r) => r.key === key)?.count;
    expect(count(await svc.age('Z95'), '25岁以下')).toBe(1);
    expect(count(await svc.workTime('Z95'), '不满1年')).toBe(1);
    today = new Date(Date.UTC(2025, 5, 15, 12));
    expect(count(await svc.age('Z95'), '25岁以下')).toBe(0);
    expect(count(await svc.age('Z95'), '25-29岁')).toBe(1);
    expect(count(await svc.workTime('Z95'), '1-3年')).toBe(1);
  });
});
