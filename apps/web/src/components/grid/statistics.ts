import type { GridColumn, GridRow, Statistic } from './types';

export const STATISTIC_LABELS: Record<Statistic, string> = { sum: '合计', average: '平均' };

function toNumber(v: unknown): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/**
 * Footer rows of the grid: one per statistic any column asks for, in the order 合计 then 平均.
 * Sums skip cells that are not numbers; the average divides the sum by the number of rows. Both are
 * rounded to 2 decimals.
 */
export function footerRows(columns: GridColumn[], rows: GridRow[]): { kind: Statistic; label: string; values: Record<string, number> }[] {
  const kinds = (['sum', 'average'] as Statistic[]).filter((k) => columns.some((c) => c.statistics?.includes(k)));
  return kinds.map((kind) => {
    const values: Record<string, number> = {};
    for (const c of columns) {
      if (!c.statistics?.includes(kind)) continue;
      let sum = 0;
      for (const r of rows) sum += toNumber(r[c.key]) ?? 0;
      values[c.key] = kind === 'sum' ? round2(sum) : rows.length ? round2(sum / rows.length) : 0;
    }
    return { kind, label: STATISTIC_LABELS[kind], values };
  });
}
