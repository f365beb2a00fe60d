import type { AppContext } from '../../platform/context.js';
import { isGroupLevel, type CurrentUser } from '../../platform/access/access.js';
import { AppError } from '../../platform/http/errors.js';
import { DashboardRepo, type Band } from './dashboard.repo.js';

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

/**
 * Age or tenure bands in whole years as date cutoffs relative to `today` (docs/hr.md 统计口径). The k-th
 * anniversary of a 29 February falls on 28 February in other years. With `futureInFirst` the first band has no
 * upper bound, so a date after today (a new hire who starts next month) counts in it rather than as 未知.
 */
function yearBands(today: Date, edges: number[], label: (lo: number, hi: number | null) => string, futureInFirst = false): Band[] {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  // years >= k  <=>  date <= today - k years  <=>  date < (today - k years + 1 day); on the last day of
  // February every date up to the end of February k years back has had its anniversary
  const lastOfFeb = m === 2 && d === new Date(Date.UTC(y, 2, 0)).getUTCDate();
  const cut = (k: number) => (lastOfFeb ? ymd(y - k, 3, 1) : ymd(y - k, m, d + 1));
  const out: Band[] = [];
  for (let i = 0; i < edges.length; i++) {
    const lo = edges[i]!;
    const hi = edges[i + 1] ?? null;
    out.push({ key: label(lo, hi), from: hi === null ? null : cut(hi), to: i === 0 && futureInFirst ? null : cut(lo) });
  }
  return out;
}

const tenureBands = (today: Date) => yearBands(today, [0, 1, 3, 5, 10], (lo, hi) => (hi === null ? `${lo}年及以上` : lo === 0 ? '不满1年' : `${lo}-${hi}年`), true);

/** Computed figures kept at once (statistic × scope); the oldest leaves first. */
const MAX_KEPT = 256;

/**
 * The twelve HR statistics of the dashboard, company scoped. Each figure is computed from the roster in SQL
 * and kept with its version in its scope and the day it was computed for: a call answers from it while the
 * version (moved on by the database with every write to hy_user that can change this figure in this scope,
 * migration 2026_11_28_0220_hr_stat_marks) and the day are still the same, so it always equals a count made
 * now. A write recomputes only the figures it can change: a changed degree only 学历 (of all companies and of
 * the person's company), a move between companies every figure of the two companies but none of all
 * companies (save 在招岗位 for an applicant).
 */
export class DashboardService {
  private readonly repo: DashboardRepo;
  private readonly kept = new Map<string, { version: string; day: string; value: Promise<unknown> }>();
  constructor(ctx: AppContext, private readonly clock: () => Date = () => new Date()) {
    this.repo = new DashboardRepo(ctx.db);
  }

  /** `compute()`, or the figure kept for this statistic and scope while the roster's version and the day hold. */
  private async figure<T>(stat: string, p: string | null, compute: () => Promise<T>): Promise<T> {
    const version = await this.repo.version(p, stat);
    const day = this.clock().toISOString().slice(0, 10);
    const key = `${stat}\u0000${p ?? ''}`;
    const hit = this.kept.get(key);
    if (hit && hit.version === version && hit.day === day) return hit.value as Promise<T>;
    const value = compute();
    this.kept.delete(key);
    this.kept.set(key, { version, day, value });
    if (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    // a failed computation is not kept
    value.catch(() => {
      if (this.kept.get(key)?.value === value) this.kept.delete(key);
    });
    return value;
  }

  /** A01 sees every company (optionally filtered by `company`); anyone else only their own company. */
  prefix(user: CurrentUser, company?: string): string | null {
    if (isGroupLevel(user)) return company ? company : null;
    if (!/^[A-Z][0-9]{2}$/.test(user.company)) throw new AppError('NO_PERMISSION');
    return user.company;
  }

  home(p: string | null) {
    return this.figure('home', p, () => this.computeHome(p));
  }

  private async computeHome(p: string | null) {
    const t = this.clock();
    const y = t.getUTCFullYear();
    const m = t.getUTCMonth() + 1;
    const [thisFrom, thisTo, lastFrom] = [ymd(y, m, 1), ymd(y, m + 1, 1), ymd(y, m - 1, 1)];
    const [head, open] = await Promise.all([this.repo.head(p, thisFrom, thisTo, lastFrom), this.repo.openPositions(p, thisFrom, thisTo, lastFrom)]);
    return { ...head, ...open };
  }

  group(p: string | null, column: Parameters<DashboardRepo['groupActive']>[1]) {
    return this.figure(`group:${column}`, p, () => this.repo.groupActive(p, column));
  }

  marriageChild(p: string | null) {
    return this.figure('marriageChild', p, () =>
      Promise.all([this.repo.groupActive(p, 'marriage'), this.repo.children(p)]).then(([marriage, children]) => ({ marriage, children })),
    );
  }

  age(p: string | null) {
    return this.figure('age', p, () => this.computeAge(p));
  }

  workTime(p: string | null) {
    return this.figure('workTime', p, () => this.computeWorkTime(p));
  }

  dimissionTime(p: string | null) {
    return this.figure('dimissionTime', p, () => this.computeDimissionTime(p));
  }

  private computeAge(p: string | null) {
    return this.repo.bands(p, 'birthday', yearBands(this.clock(), [0, 25, 30, 35, 40, 50], (lo, hi) => (hi === null ? `${lo}岁及以上` : lo === 0 ? '25岁以下' : `${lo}-${hi - 1}岁`)), 'active');
  }

  private computeWorkTime(p: string | null) {
    return this.repo.bands(p, 'entryDate', tenureBands(this.clock()), 'active');
  }

  private async computeDimissionTime(p: string | null) {
    const t = this.clock();
    const y = t.getUTCFullYear();
    const m = t.getUTCMonth() + 1;
    const months: string[] = [];
    for (let i = 11; i >= 0; i--) months.push(ymd(y, m - i, 1).slice(0, 7));
    const byMonth = await this.repo.leaversByMonth(p, ymd(y, m - 11, 1), ymd(y, m + 1, 1));
    const byTenure = await this.repo.bands(p, 'entryDate', tenureBands(t), 'dimission');
    return { byMonth: months.map((k) => ({ key: k, count: byMonth.get(k) ?? 0 })), byTenure };
  }
}
