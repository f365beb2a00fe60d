import { z } from 'zod';

export const INDICATOR_TEXTS = {
  nameRequired: '请输入指标名称',
  targetInvalid: '目标值必须大于0',
  weightInvalid: '权重必须在0到100之间',
  ownerRequired: '请选择责任人',
  orgRequired: '请选择所属公司或部门',
  monthsSum: '月度目标之和必须等于年度目标',
  notFound: '指标不存在',
  notOwner: '只有责任人可以填报实际值',
  orgUnknown: '所属公司或部门不存在或不在本公司',
} as const;

/** Traffic light: green on or ahead of the plan to date, yellow at 80 % or more of it, red below, grey before any actual. */
export type Light = 'green' | 'yellow' | 'red' | 'grey';
export const LIGHT_TEXT: Record<Light, string> = { green: '正常', yellow: '预警', red: '落后', grey: '未填报' };

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Splits a yearly target into 12 monthly targets (2 decimals; the rounding rest goes to December). */
export function evenMonths(target: number): number[] {
  const each = Math.floor((target / 12) * 100) / 100;
  const months = Array.from({ length: 12 }, () => each);
  months[11] = round2(target - each * 11);
  return months;
}

export interface MonthFigure {
  month: number;
  target: number | null;
  actual: number | null;
}

export interface IndicatorFigures {
  /** sum of the entered monthly actuals */
  actualTotal: number;
  /** actualTotal / yearly target, in % (2 decimals) */
  completionRate: number;
  /** the last month with an actual (0 when none) */
  lastMonth: number;
  /** sum of monthly targets through lastMonth */
  targetToDate: number;
  /** actualTotal / targetToDate, in % (0 before any actual) */
  progressRate: number;
  light: Light;
  quarters: { quarter: number; target: number; actual: number | null }[];
}

function lightOf(progressRate: number, hasActual: boolean): Light {
  if (!hasActual) return 'grey';
  if (progressRate >= 100) return 'green';
  if (progressRate >= 80) return 'yellow';
  return 'red';
}

/** The figures of one indicator from its yearly target and monthly targets/actuals. */
export function indicatorFigures(target: number, months: MonthFigure[]): IndicatorFigures {
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const withActual = months.filter((m) => m.actual !== null && m.actual !== undefined);
  const actualTotal = round2(withActual.reduce((s, m) => s + (m.actual as number), 0));
  const lastMonth = withActual.reduce((mx, m) => Math.max(mx, m.month), 0);
  let targetToDate = 0;
  for (let i = 1; i <= lastMonth; i++) targetToDate += byMonth.get(i)?.target ?? 0;
  targetToDate = round2(targetToDate);
  const completionRate = target > 0 ? round2((actualTotal / target) * 100) : 0;
  const progressRate = targetToDate > 0 ? round2((actualTotal / targetToDate) * 100) : 0;
  const quarters = [1, 2, 3, 4].map((q) => {
    const ms = [1, 2, 3].map((k) => byMonth.get((q - 1) * 3 + k));
    const entered = ms.filter((m) => m && m.actual !== null && m.actual !== undefined);
    return {
      quarter: q,
      target: round2(ms.reduce((s, m) => s + (m?.target ?? 0), 0)),
      actual: entered.length ? round2(entered.reduce((s, m) => s + (m!.actual as number), 0)) : null,
    };
  });
  return { actualTotal, completionRate, lastMonth, targetToDate, progressRate, light: lightOf(progressRate, withActual.length > 0), quarters };
}

/**
 * A group of indicators (a department, a company with its departments, the group): the weighted mean of
 * the members' completion and progress rates, by weight. Indicators without any actual count in the
 * completion rate with 0 and do not count in the progress rate.
 */
export function rollUp(items: { weight: number; figures: IndicatorFigures }[]) {
  const w = items.reduce((s, i) => s + i.weight, 0);
  const reported = items.filter((i) => i.figures.lastMonth > 0);
  const rw = reported.reduce((s, i) => s + i.weight, 0);
  const completionRate = w > 0 ? round2(items.reduce((s, i) => s + i.weight * i.figures.completionRate, 0) / w) : 0;
  const progressRate = rw > 0 ? round2(reported.reduce((s, i) => s + i.weight * i.figures.progressRate, 0) / rw) : 0;
  return { count: items.length, weightTotal: round2(w), completionRate, progressRate, light: lightOf(progressRate, reported.length > 0) };
}

const num = z.number().finite();
export const indicatorSaveSchema = z.object({
  id: z.string().max(32).optional(),
  year: z.number().int().min(2019).max(2119),
  orgCode: z.string().trim().min(1, INDICATOR_TEXTS.orgRequired).max(64),
  name: z.string().trim().min(1, INDICATOR_TEXTS.nameRequired).max(200),
  unit: z.string().trim().max(20).optional().nullable(),
  target: num.gt(0, INDICATOR_TEXTS.targetInvalid).max(1e12),
  weight: num.min(0, INDICATOR_TEXTS.weightInvalid).max(100, INDICATOR_TEXTS.weightInvalid),
  owner: z.string().trim().min(1, INDICATOR_TEXTS.ownerRequired).max(100),
  /** 12 monthly targets; evenly split when left out */
  months: z.array(num.min(0).max(1e12)).length(12).optional(),
});
export type IndicatorSave = z.infer<typeof indicatorSaveSchema>;

export const indicatorTargetsSchema = z.object({
  id: z.string().min(1).max(32),
  months: z.array(num.min(0).max(1e12)).length(12),
});

export const indicatorActualSchema = z.object({
  id: z.string().min(1).max(32),
  month: z.number().int().min(1).max(12),
  actual: num.min(-1e12).max(1e12).nullable(),
});

/** Whether 12 monthly targets add up to the yearly target (to the cent). */
export function monthsMatch(target: number, months: number[]): boolean {
  return Math.abs(months.reduce((s, m) => s + m, 0) - target) < 0.005;
}
