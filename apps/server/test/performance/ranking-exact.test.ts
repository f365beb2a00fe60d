import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const YEAR = '2036';
const N = 400;

type Ranked = { id: string; rank: number; avgCount: number; total: number };

/**
 * The ranking's pages equal hand-written SQL of the same page (rank() over the filtered, scoped year) on every
 * page, for the group and for one company, and stay equal after writes that change scores, add and remove
 * rows (the kept score counts are taken again when the sheet's version moves on).
 */
describe.each(dbKinds)('[PERFORMANCE]: ranking pages equal raw SQL on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let a03: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('admin');
    a03 = await t.login('wangfang');
    expect((await t.call(a03, 'PUT', '/sys/selectDepart', { orgCode: 'A03A01', username: 'wangfang' })).body.success).toBe(true);
    const rows = [];
    for (let i = 0; i < N; i++) {
      const company = `A0${(i % 4) + 1}`;
      // few distinct scores, so ties span pages; some rows without a score
      rows.push({
        id: `rx${String(i).padStart(4, '0')}`,
        userId: `ux${i}`,
        userName: `员工${i % 37}`,
        orgName: `公司${company}`,
        yearPart: YEAR,
        sysOrgCode: `${company}A0${(i % 3) + 1}`,
        departName: `部门${i % 3}`,
        avgCount: i % 29 === 0 ? null : 60 + ((i * 7) % 13) * 2.5,
        createBy: 'test',
        createTime: '2036-01-01 00:00:00',
      });
    }
    await t.app.ctx.db.insertInto('userYearPerf').values(rows as never).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function raw(company: string | null, pageNo: number, pageSize: number): Promise<Ranked[]> {
    const scope = company ? sql` AND sys_org_code LIKE ${`${company}%`}` : sql``;
    const r = await sql<{ id: string; avgCount: number; rnk: number | string; total: number | string }>`
      SELECT id, avg_count, rank() OVER (ORDER BY avg_count DESC) AS rnk, count(*) OVER () AS total
      FROM user_year_perf WHERE year_part = ${YEAR} AND avg_count IS NOT NULL${scope}
      ORDER BY avg_count DESC, user_name, id LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`.execute(t.app.ctx.db);
    return r.rows.map((x) => ({ id: x.id, rank: Number(x.rnk), avgCount: Number(x.avgCount), total: Number(x.total) }));
  }

  async function api(token: string, pageNo: number, pageSize: number): Promise<Ranked[]> {
    const r = await t.call(token, 'GET', `/rankingUserAvg/list?yearPart=${YEAR}&pageNo=${pageNo}&pageSize=${pageSize}`);
    expect(r.body.success, r.body.message).toBe(true);
    const { records, total } = r.body.result as { records: { id: string; rank: number; avgCount: number }[]; total: number };
    return records.map((x) => ({ id: x.id, rank: x.rank, avgCount: x.avgCount, total }));
  }

  async function everyPageEqual(pageSize: number) {
    for (const [token, company] of [
      [admin, null],
      [a03, 'A03'],
    ] as const) {
      const total = (await raw(company, 1, 1))[0]?.total ?? 0;
      for (let pageNo = 1; pageNo <= Math.ceil(total / pageSize) + 1; pageNo++) {
        expect(await api(token, pageNo, pageSize), `${company ?? 'group'} page ${pageNo}`).toEqual(await raw(company, pageNo, pageSize));
      }
    }
  }

  it('every page equals raw SQL', async () => {
    await everyPageEqual(30);
    await everyPageEqual(7);
  });

  it('after a score changes, a row is added and a row is removed, every page equals raw SQL again', async () => {
    const db = t.app.ctx.db;
    await everyPageEqual(30);
    await db.updateTable('userYearPerf').set({ avgCount: 99 }).where('id', '=', 'rx0005').execute();
    await everyPageEqual(30);
    await db.updateTable('userYearPerf').set({ avgCount: null }).where('id', '=', 'rx0006').execute();
    await db.updateTable('userYearPerf').set({ sysOrgCode: 'A03A02' }).where('id', '=', 'rx0007').execute();
    await everyPageEqual(30);
    await db
      .insertInto('userYearPerf')
      .values({ id: 'rx9999', userId: 'ux9999', userName: '新人', orgName: '公司A03', yearPart: YEAR, sysOrgCode: 'A03A01', departName: '部门1', avgCount: 75, createBy: 'test', createTime: '2036-01-01 00:00:00' } as never)
      .execute();
    await db.deleteFrom('userYearPerf').where('id', '=', 'rx0010').execute();
    await everyPageEqual(30);
  });
});
