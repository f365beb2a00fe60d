import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../platform/db/database.js';

/** Statuses that count as on the payroll (在职). */
export const ACTIVE = ['new', 'probation', 'regular'] as const;

export interface Band {
  key: string;
  /** Inclusive lower bound of the date column (people whose date is on or after this). */
  from: string | null;
  /** Exclusive upper bound. */
  to: string | null;
}

/** Aggregates over the roster (hy_user); every query carries the company prefix filter and is computed in SQL. */
export class DashboardRepo {
  constructor(private readonly db: Database) {}

  /**
   * The version of one statistic in one scope (migration 2026_11_28_0220_hr_stat_marks): the scope's mark for
   * every statistic and its mark for this statistic, moved on by the database with every write to hy_user that
   * can change that figure in that scope. A mark not yet written counts as 0.
   */
  async version(company: string | null, stat: string): Promise<string> {
    const r = await sql<{ stat: string; version: string | number }>`select stat, version from hy_stat_mark where company = ${company ?? '*'} and stat in ('', ${stat})`.execute(this.db);
    const of = (s: string) => String(r.rows.find((x) => x.stat === s)?.version ?? 0);
    return `${of('')}.${of(stat)}`;
  }

  private base(orgPrefix: string | null) {
    let qb = this.db.selectFrom('hyUser').where('delFlag', '=', 0);
    if (orgPrefix !== null) qb = qb.where('orgCode', 'like', `${orgPrefix}%`);
    return qb;
  }

  /** Active people grouped by one column; NULL/blank grouped as ''. */
  async groupActive(orgPrefix: string | null, column: 'sex' | 'degree' | 'political' | 'jobTitle' | 'rank' | 'socialSecurity' | 'housingFund' | 'marriage') {
    const rows = await this.base(orgPrefix)
      .where('status', 'in', [...ACTIVE])
      .select([sql<string>`coalesce(${sql.ref(column)}, '')`.as('k'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(sql`coalesce(${sql.ref(column)}, '')`)
      .execute();
    return rows.map((r) => ({ key: r.k, count: Number(r.n) })).sort((a, b) => a.key.localeCompare(b.key));
  }

  /** Counts per band of a date column (people matching `where`); bands are bound parameters in a CASE. */
  async bands(orgPrefix: string | null, column: 'birthday' | 'entryDate', bands: Band[], who: 'active' | 'dimission') {
    const col = sql.ref(column);
    const cases = bands.map((b, i) => {
      const conds: Expression<SqlBool>[] = [];
      if (b.from !== null) conds.push(sql<SqlBool>`${col} >= ${b.from}`);
      if (b.to !== null) conds.push(sql<SqlBool>`${col} < ${b.to}`);
      return sql`when ${sql.join(conds.length ? conds : [sql`1 = 1`], sql` and `)} then ${i}`;
    });
    const bandExpr = sql<number>`case when ${col} is null or ${col} = '' then -1 ${sql.join(cases, sql` `)} else -1 end`;
    let qb = this.base(orgPrefix);
    qb = who === 'active' ? qb.where('status', 'in', [...ACTIVE]) : qb.where('status', '=', 'dimission');
    const rows = await qb.select([bandExpr.as('b'), (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy(sql`1`).execute(); // positional: PostgreSQL would not match the bound CASE repeated in GROUP BY
    const counts = new Map(rows.map((r) => [Number(r.b), Number(r.n)]));
    return [...bands.map((b, i) => ({ key: b.key, count: counts.get(i) ?? 0 })), { key: '未知', count: counts.get(-1) ?? 0 }];
  }

  /**
   * 在招岗位 of two months in one query: distinct (company, applied position) pairs among files with a
   * non-blank `apply_post` created in [lastFrom, thisFrom) and [thisFrom, thisTo) (docs/hr.md 统计口径).
   */
  async openPositions(orgPrefix: string | null, thisFrom: string, thisTo: string, lastFrom: string) {
    const pair = sql`substr(org_code, 1, 3) || '|' || trim(apply_post)`;
    const r = await this.base(orgPrefix)
      .where(sql<SqlBool>`trim(coalesce(apply_post, '')) <> ''`)
      .where('createTime', '>=', lastFrom)
      .where('createTime', '<', thisTo)
      .select([
        sql<number | string>`count(distinct case when create_time >= ${thisFrom} then ${pair} end)`.as('thisMonth'),
        sql<number | string>`count(distinct case when create_time < ${thisFrom} then ${pair} end)`.as('lastMonth'),
      ])
      .executeTakeFirst();
    return { openPositionsThisMonth: Number(r?.thisMonth ?? 0), openPositionsLastMonth: Number(r?.lastMonth ?? 0) };
  }

  /** Head figures: active count, hires and leavers in [from, to) for two periods, in one query. */
  async head(orgPrefix: string | null, thisFrom: string, thisTo: string, lastFrom: string) {
    const active = sql.join(ACTIVE.map((s) => sql`${s}`));
    const r = await this.base(orgPrefix)
      .select([
        sql<number | string>`sum(case when status in (${active}) then 1 else 0 end)`.as('headcount'),
        sql<number | string>`sum(case when status in (${active}) and entry_date >= ${thisFrom} and entry_date < ${thisTo} then 1 else 0 end)`.as('hiresThis'),
        sql<number | string>`sum(case when status in (${active}, 'dimission') and entry_date >= ${lastFrom} and entry_date < ${thisFrom} then 1 else 0 end)`.as('hiresLast'),
        sql<number | string>`sum(case when status = 'dimission' and dimission_date >= ${thisFrom} and dimission_date < ${thisTo} then 1 else 0 end)`.as('leftThis'),
        sql<number | string>`sum(case when status = 'dimission' and dimission_date >= ${lastFrom} and dimission_date < ${thisFrom} then 1 else 0 end)`.as('leftLast'),
      ])
      .executeTakeFirst();
    return {
      headcount: Number(r?.headcount ?? 0),
      hiresThisMonth: Number(r?.hiresThis ?? 0),
      hiresLastMonth: Number(r?.hiresLast ?? 0),
      leaversThisMonth: Number(r?.leftThis ?? 0),
      leaversLastMonth: Number(r?.leftLast ?? 0),
    };
  }

  /** Leavers per month (YYYY-MM) with dimission date in [from, to). */
  async leaversByMonth(orgPrefix: string | null, from: string, to: string) {
    const m = sql<string>`substr(dimission_date, 1, 7)`;
    const rows = await this.base(orgPrefix)
      .where('status', '=', 'dimission')
      .where('dimissionDate', '>=', from)
      .where('dimissionDate', '<', to)
      .select([m.as('m'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(m)
      .execute();
    return new Map(rows.map((r) => [r.m, Number(r.n)]));
  }

  /** People with children (children > 0) vs without, among active, per marriage status. */
  async children(orgPrefix: string | null) {
    const r = await this.base(orgPrefix)
      .where('status', 'in', [...ACTIVE])
      .select([sql<number | string>`sum(case when children > 0 then 1 else 0 end)`.as('w'), sql<number | string>`sum(case when children > 0 then 0 else 1 end)`.as('wo')])
      .executeTakeFirst();
    return { withChildren: Number(r?.w ?? 0), withoutChildren: Number(r?.wo ?? 0) };
  }
}
