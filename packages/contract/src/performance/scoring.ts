/**
 * Performance scoring rules shared by the server and the web (docs/performance.md: sheets userYearPerf / userYearPart,
 * and "Rules": the mean of filled months or quarters to 2 decimals; the third-quarter option also writes the
 * score to months after July").
 */

/** The twelve month fields of the yearly sheet, January first, spelled as on the wire (May is `marBranch`). */
export const MONTH_FIELDS = [
  'janBranch',
  'februaryBranch',
  'marchBranch',
  'aprilBranch',
  'marBranch',
  'juneBranch',
  'julyBranch',
  'augustBranch',
  'septemBranch',
  'octoberBranch',
  'novemberBranch',
  'decemBranch',
] as const;
export type MonthField = (typeof MONTH_FIELDS)[number];

export const MONTH_TITLES = ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'] as const;

/** The four quarter fields of the quarterly sheet and the fields linking each to its evaluation. */
export const QUARTER_FIELDS = ['firstQuarter', 'secondQuarter', 'thirdQuarter', 'fourthQuarter'] as const;
export type QuarterField = (typeof QUARTER_FIELDS)[number];
export const QUARTER_ID_FIELDS = ['firstQuarterId', 'secondQuarterId', 'thirdQuarterId', 'fourthQuarterId'] as const;
export type QuarterIdField = (typeof QUARTER_ID_FIELDS)[number];
export const QUARTER_TITLES = ['第一季度', '第二季度', '第三季度', '第四季度'] as const;

/** Ranking page size and its options (docs/contract.md, "Limits and constants"). */
export const RANKING_PAGE_SIZE = 30;
export const RANKING_PAGE_SIZE_OPTIONS = ['30', '50', '100'];

/** Years a sheet may hold (docs/performance.md, "Rules"). */
export const YEAR_MIN = 2019;
export const YEAR_MAX = 2119;
export const SCORE_MIN = 0;
export const SCORE_MAX = 100;

/** Half-up rounding to 2 decimals that is immune to binary artefacts (1.005 → 1.01). */
export function round2(n: number): number {
  const r = Math.round(Number((Math.abs(n) * 100).toPrecision(15)));
  return (Math.sign(n) * r) / 100;
}

/** A score cell is filled when it holds a finite number; blank, null and undefined are not filled. */
export function isFilled(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** Mean of the filled values to 2 decimals, or null when nothing is filled. */
export function averageOfFilled(values: readonly unknown[]): number | null {
  const filled = values.filter(isFilled);
  if (filled.length === 0) return null;
  return round2(filled.reduce((s, v) => s + v, 0) / filled.length);
}

/** `avgCount` of a yearly row: the mean of its filled months. */
export function yearAverage(row: Partial<Record<MonthField, unknown>>): number | null {
  return averageOfFilled(MONTH_FIELDS.map((f) => row[f]));
}

/** The mean of the filled quarters of a quarterly row. */
export function quarterAverage(row: Partial<Record<QuarterField, unknown>>): number | null {
  return averageOfFilled(QUARTER_FIELDS.map((f) => row[f]));
}

/** What an evaluation scores: a month (1–12) or a quarter (1–4) of a year. */
export interface EvaluationPeriod {
  month?: number | null;
  quarter?: number | null;
}

/** Where one finished evaluation's score is written. */
export interface ScoreTargets {
  /** month fields of the yearly sheet */
  months: MonthField[];
  /** the quarter field of the quarterly sheet (with its link field), if any */
  quarter: { field: QuarterField; idField: QuarterIdField } | null;
}

/**
 * Where an evaluation's score lands. A monthly evaluation writes its month. A quarterly evaluation
 * writes its quarter; the third-quarter option also writes the score to every month after July
 * (August to December), (docs/performance.md, "Rules").
 */
export function scoreTargets(period: EvaluationPeriod): ScoreTargets {
  const months: MonthField[] = [];
  let quarter: ScoreTargets['quarter'] = null;
  if (period.month && period.month >= 1 && period.month <= 12) months.push(MONTH_FIELDS[period.month - 1]);
  if (period.quarter && period.quarter >= 1 && period.quarter <= 4) {
    quarter = { field: QUARTER_FIELDS[period.quarter - 1], idField: QUARTER_ID_FIELDS[period.quarter - 1] };
    if (period.quarter === 3) {
      for (const f of MONTH_FIELDS.slice(7)) if (!months.includes(f)) months.push(f);
    }
  }
  return { months, quarter };
}
