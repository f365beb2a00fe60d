import {
  applyCronChange,
  cronExpressionToModel,
  cronModelToExpression,
  defaultCronModel,
  validateCronModel,
  type CronField,
  type CronFieldName,
  type CronModel,
} from '@go/contract/cron';

/**
 * The editor's change rules: the contract's linkage (docs/realtime-and-jobs.md, 6: a set unit turns finer "every" units into 0,
 * a set day or week turns an "every" hour into 0, exactly one of day and week is '?') plus the stock
 * editor's coarse-unit rules — setting the month turns an "every" day (or week) into the 1st (Sunday),
 * setting the year turns an "every" month into January, each then cascading further down.
 */
export function applyEditorChange<K extends CronFieldName>(model: CronModel, name: K, patch: Partial<CronModel[K]>): CronModel {
  // Leaving the year out ("not set") changes no other field.
  if (name === 'year' && (patch as Partial<CronField>).cronEvery === '0') return { ...model, year: { ...model.year, ...patch } };
  let m = applyCronChange(model, name, patch);
  const set = (m[name] as CronField).cronEvery !== '1' && !(name === 'year' && (m[name] as CronField).cronEvery === '0');
  if (!set) return m;
  if (name === 'year' && m.month.cronEvery === '1') {
    m = applyEditorChange(m, 'month', { cronEvery: '3', specificSpecific: [1] });
  }
  if (name === 'month') {
    if (m.day.cronEvery === '1') m = applyCronChange(m, 'day', { cronEvery: '5', specificSpecific: [1] });
    else if (m.day.cronEvery === '0' && m.week.cronEvery === '1') m = applyCronChange(m, 'week', { cronEvery: '3', specificSpecific: [1] });
  }
  return m;
}

/** The model and expression the editor starts from for a value (an invalid or empty value gives the default). */
export function initialModel(value: string | undefined, now: Date = new Date()): CronModel {
  const parsed = value ? cronExpressionToModel(value, now) : null;
  return parsed ?? defaultCronModel(now);
}

export { cronModelToExpression, validateCronModel };

/** Field order of the expression and the tab labels. */
export const TAB_ORDER: CronFieldName[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];

/** The expression split into its seven display fields ('' for a missing year). */
export function expressionFields(expr: string): Record<CronFieldName, string> {
  const p = expr.trim().split(/\s+/);
  return { second: p[0] ?? '', minute: p[1] ?? '', hour: p[2] ?? '', day: p[3] ?? '', month: p[4] ?? '', week: p[5] ?? '', year: p[6] ?? '' };
}
