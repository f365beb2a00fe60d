import { randomUUID } from 'node:crypto';
import { DASHBOARD_STATS } from '@go/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardService } from '../../src/modules/dashboard/dashboard.service.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

/**
 * A write to the roster moves only the marks of the figures it can change, in the scopes it can change them
 * (migration 2026_11_28_0220_hr_stat_marks), and every statistic of all companies and of the companies
 * written to still equals a count made now (a service that has kept nothing).
 */
describe.each(dbKinds)('[dashboard] a write recomputes only the figures it changes on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: string[] = [];
  const row = (o: Record<string, unknown>) => {
    const id = randomUUID().replace(/-/g, '');
    ids.push(id);
    return { id, contractRenewals: 0, blacklistFlag: 0, delFlag: 0, status: 'regular', ...o };
  };
  const marks = async () => {
    const r = await sql<{ company: string; stat: string; version: string | number }>`select company, stat, version from hy_stat_mark`.execute(t.app.ctx.db);
    return Object.fromEntries(r.rows.map((x) => [`${x.company}|${x.stat}`, Number(x.version)]));
  };
  /** The marks a write moved: `company|stat` keys. */
  const moved = async (write: () => Promise<unknown>) => {
    const before = await marks();
    await write();
    const after = await marks();
    return Object.keys(after)
      .filter((k) => after[k] !== (before[k] ?? 0))
      .sort();
  };
  const expectAllFresh = async (company: string | null) => {
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
    for (const { name } of DASHBOARD_STATS) {
      const r = await t.call(admin, 'GET', `/dashboard/hoom/${name}${company ? `?company=${company}` : ''}`);
      expect(r.body.success, r.body.message).toBe(true);
      expect(r.body.result, `${name} of ${company ?? 'all'}`).toEqual(await now[name]!());
    }
  };
  const everyScope = async () => {
    for (const c of [null, 'Z96', 'Z97']) await expectAllFresh(c);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    const thisMonth = new Date().toISOString().slice(0, 10);
    await t.app.ctx.db
      .insertInto('hyUser')
      .values([
        row({ realname: '标甲', orgCode: 'Z96A01', sex: '1', degree: '本科', rank: 'R1', entryDate: '2020-03-01', birthday: '1990-01-01' }),
        row({ realname: '标乙', orgCode: 'Z96A02', sex: '2', degree: '硕士', rank: 'R2', entryDate: '2018-03-01', birthday: '1985-01-01' }),
        row({ realname: '标丙', orgCode: 'Z96A01', status: 'applicant', applyPost: '司机', createTime: `${thisMonth} 09:00:00` }),
      ] as never)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a changed degree moves only 学历, of all companies and of the person’s company', async () => {
    await everyScope();
    expect(await moved(() => t.app.ctx.db.updateTable('hyUser').set({ degree: '博士' }).where('id', '=', ids[0]!).execute())).toEqual(['*|group:degree', 'Z96|group:degree']);
    await everyScope();
  });

  it('a move to another company moves every figure of both companies and none of all companies', async () => {
    expect(await moved(() => t.app.ctx.db.updateTable('hyUser').set({ orgCode: 'Z97A01' }).where('id', '=', ids[1]!).execute())).toEqual(['Z96|', 'Z97|']);
    await everyScope();
  });

  it('an applicant moved to another company also moves 在招岗位 of all companies', async () => {
    expect(await moved(() => t.app.ctx.db.updateTable('hyUser').set({ orgCode: 'Z97A02' }).where('id', '=', ids[2]!).execute())).toEqual(['*|home', 'Z96|', 'Z97|']);
    await everyScope();
  });

  it('a leaver, a deleted file and a new file move what they change', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const leaver = await moved(() => t.app.ctx.db.updateTable('hyUser').set({ status: 'dimission', dimissionDate: today }).where('id', '=', ids[0]!).execute());
    expect(leaver).toContain('*|home');
    expect(leaver).toContain('Z96|group:sex');
    expect(leaver.every((k) => k.startsWith('*|') || k.startsWith('Z96|'))).toBe(true);
    await everyScope();
    expect(await moved(() => sql`update hy_user set del_flag = 1 where id = ${ids[1]!}`.execute(t.app.ctx.db))).toContain('Z97|group:sex');
    await everyScope();
    expect(
      await moved(() => t.app.ctx.db.insertInto('hyUser').values([row({ realname: '标丁', orgCode: 'Z97A01', sex: '2', degree: '大专' })] as never).execute()),
    ).toEqual(['*|', 'Z97|']);
    expect(await moved(() => t.app.ctx.db.deleteFrom('hyUser').where('id', '=', ids[3]!).execute())).toEqual(['*|', 'Z97|']);
    await everyScope();
  });
});
