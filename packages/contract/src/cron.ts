/**
 * The cron editor's model (docs/realtime-and-jobs.md, 6: model per field, linkage, bounds) and
 * Quartz expressions: `second minute hour day month week [year]`, weekday 1 = Sunday … 7 = Saturday.
 *
 * Each field has the stock editor's model: `cronEvery` (which radio is chosen) plus `incrementStart`,
 * `incrementIncrement`, `rangeStart`, `rangeEnd` and `specificSpecific`; the day field adds its extras
 * (last given weekday, days before month end, nearest workday) and the week field its nth-weekday pair.
 *
 * cronEvery per field:
 * - second, minute, hour, month, year: '1' every (*), '2' loop (start/step), '3' specify (list), '4' range (a-b);
 *   year also '0' not set (the year is left out: six fields).
 * - day: the eleven day choices, plus '0' not set (?) when the week tab decides:
 *   '1' every day (*), '2' every N days from a weekday (week start/step), '3' every N days from a day (start/step),
 *   '4' specific weekdays (week list), '5' specific days (list), '6' last day of month (L), '7' last workday (LW),
 *   '8' last given weekday of month (week xL), '9' N days before month end (L-n), '10' nearest workday to a day (nW),
 *   '11' nth weekday of month (week x#n).
 * - week (its own tab): '0' not set (?), '1' every (*), '2' loop (start/step), '3' specify (list), '4' range (a-b),
 *   '5' last given weekday (xL), '6' nth weekday (x#n).
 * Next runs are computed by croner with `{ alternativeWeekdays: true, sloppyRanges: true }` (Quartz weekday
 * numbers, W, L, LW, #, years) in GMT+8; `L-n` is computed here because croner lacks it.
 */
import { Cron } from 'croner';

export type CronFieldName = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';
export const CRON_FIELDS: CronFieldName[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];
export const CRON_FIELD_LABELS: Record<CronFieldName, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

export interface CronField {
  cronEvery: string;
  incrementStart: number;
  incrementIncrement: number;
  rangeStart: number;
  rangeEnd: number;
  specificSpecific: number[];
}

export interface CronDayField extends CronField {
  /** day choice 8: the weekday (1 = Sunday … 7 = Saturday) whose last occurrence in the month fires */
  cronLastSpecificDomDay: number;
  /** day choice 9: fire this many days before the month's last day (L-n) */
  cronDaysBeforeEomMinus: number;
  /** day choice 10: the workday nearest this day of month (nW) */
  cronDaysNearestWeekday: number;
}

export interface CronWeekField extends CronField {
  /** day choice 11 / week type 6: the weekday (1 = Sunday … 7 = Saturday) */
  cronNthDayDay: number;
  /** day choice 11 / week type 6: which occurrence in the month, 1-5 */
  cronNthDayNth: number;
}

export interface CronModel {
  second: CronField;
  minute: CronField;
  hour: CronField;
  day: CronDayField;
  month: CronField;
  week: CronWeekField;
  year: CronField;
}

/** The eleven day choices (docs/realtime-and-jobs.md, 6), in order 1-11. */
export const DAY_CHOICES: { value: string; label: string }[] = [
  { value: '1', label: '每日' },
  { value: '2', label: '从星期几开始，每隔N天' },
  { value: '3', label: '从某日开始，每隔N天' },
  { value: '4', label: '指定星期' },
  { value: '5', label: '指定日' },
  { value: '6', label: '每月最后一天' },
  { value: '7', label: '每月最后一个工作日' },
  { value: '8', label: '每月最后一个星期几' },
  { value: '9', label: '月末前N天' },
  { value: '10', label: '离某日最近的工作日' },
  { value: '11', label: '每月第N个星期几' },
];

/** Day choices written into the week field (the day field is then '?'). */
const WEEK_DAY_CHOICES = new Set(['2', '4', '8', '11']);
/** Day choices written into the day field (the week field is then '?'). */
const DAY_FIELD_CHOICES = new Set(['1', '3', '5', '6', '7', '9', '10']);

/** The weekly scheduler's Monday … Sunday as Quartz numbers 2 … 7, 1. */
export const WEEKDAYS: { label: string; value: number }[] = [
  { label: '星期一', value: 2 },
  { label: '星期二', value: 3 },
  { label: '星期三', value: 4 },
  { label: '星期四', value: 5 },
  { label: '星期五', value: 6 },
  { label: '星期六', value: 7 },
  { label: '星期日', value: 1 },
];

const WEEKDAY_NAMES: Record<string, number> = { SUN: 1, MON: 2, TUE: 3, WED: 4, THU: 5, FRI: 6, SAT: 7 };
const MONTH_NAMES: Record<string, number> = {
  JAN: 1, FEB: 2, MAR: 3, APR: 4, MAY: 5, JUN: 6, JUL: 7, AUG: 8, SEP: 9, OCT: 10, NOV: 11, DEC: 12,
};

export const YEAR_MIN = 2019;
export const YEAR_MAX = 2119;

/**
 * Bounds (docs/realtime-and-jobs.md, 6): values `min`-`max`, loop steps `stepMin`-`stepMax`. Seconds step 1-59, minutes 1-60,
 * days 1-31, weekdays 1-7, months 1-12, years step 1-99 and years 2019-2119; nth weekday 1-5; days before
 * month end and nearest workday 1-31.
 */
export const CRON_BOUNDS: Record<CronFieldName, { min: number; max: number; stepMin: number; stepMax: number }> = {
  second: { min: 0, max: 59, stepMin: 1, stepMax: 59 },
  minute: { min: 0, max: 59, stepMin: 1, stepMax: 60 },
  hour: { min: 0, max: 23, stepMin: 1, stepMax: 23 },
  day: { min: 1, max: 31, stepMin: 1, stepMax: 31 },
  month: { min: 1, max: 12, stepMin: 1, stepMax: 12 },
  week: { min: 1, max: 7, stepMin: 1, stepMax: 7 },
  year: { min: YEAR_MIN, max: YEAR_MAX, stepMin: 1, stepMax: 99 },
};
export const NTH_WEEKDAY_BOUNDS = { min: 1, max: 5 };
export const DAYS_BEFORE_EOM_BOUNDS = { min: 1, max: 31 };
export const NEAREST_WORKDAY_BOUNDS = { min: 1, max: 31 };

/** Preview: 10 run times, recomputed 500 ms after the last change (docs/contract.md, "Limits and constants"). */
export const CRON_PREVIEW_COUNT = 10;
export const CRON_PREVIEW_DEBOUNCE_MS = 500;

export const CRON_TEXTS = {
  fieldCount: '表达式应为6或7个字段（秒 分 时 日 月 周 [年]）',
  dayWeek: '日与周必须有且只有一个为“?”',
  invalid: '表达式不合法',
  empty: '请输入表达式',
} as const;

function field(over: Partial<CronField> = {}): CronField {
  return { cronEvery: '1', incrementStart: 0, incrementIncrement: 1, rangeStart: 0, rangeEnd: 1, specificSpecific: [], ...over };
}

/** The editor's starting model: every second, every day, week '?', every year (`* * * * * ? *`). */
export function defaultCronModel(now: Date = new Date()): CronModel {
  const year = now.getFullYear();
  return {
    second: field({ rangeEnd: 1 }),
    minute: field({ rangeEnd: 1 }),
    hour: field({ rangeEnd: 1 }),
    day: {
      ...field({ incrementStart: 1, rangeStart: 1, rangeEnd: 2 }),
      cronLastSpecificDomDay: 1,
      cronDaysBeforeEomMinus: 1,
      cronDaysNearestWeekday: 1,
    },
    month: field({ incrementStart: 1, rangeStart: 1, rangeEnd: 2 }),
    week: { ...field({ cronEvery: '0', incrementStart: 1, rangeStart: 2, rangeEnd: 6 }), cronNthDayDay: 2, cronNthDayNth: 1 },
    year: field({ incrementStart: year, rangeStart: year, rangeEnd: Math.min(year + 100, YEAR_MAX) }),
  };
}

const list = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b).join(',');

/** One plain field (second, minute, hour, month, year) as expression text. */
function plainFieldText(f: CronField, name: CronFieldName): string {
  switch (f.cronEvery) {
    case '2':
      return `${f.incrementStart}/${f.incrementIncrement}`;
    case '3':
      return f.specificSpecific.length ? list(f.specificSpecific) : String(CRON_BOUNDS[name].min);
    case '4':
      return `${f.rangeStart}-${f.rangeEnd}`;
    case '0':
      return name === 'year' ? '' : '*';
    default:
      return '*';
  }
}

function weekTabText(w: CronWeekField, day: CronDayField): string {
  switch (w.cronEvery) {
    case '1':
      return '*';
    case '2':
      return `${w.incrementStart}/${w.incrementIncrement}`;
    case '3':
      return w.specificSpecific.length ? list(w.specificSpecific) : '1';
    case '4':
      return `${w.rangeStart}-${w.rangeEnd}`;
    case '5':
      return `${day.cronLastSpecificDomDay}L`;
    case '6':
      return `${w.cronNthDayDay}#${w.cronNthDayNth}`;
    default:
      return '?';
  }
}

/** The day and week fields of a model. */
function dayWeekText(m: CronModel): [string, string] {
  const d = m.day;
  switch (d.cronEvery) {
    case '1':
      return ['*', '?'];
    case '2':
      return ['?', `${m.week.incrementStart}/${m.week.incrementIncrement}`];
    case '3':
      return [`${d.incrementStart}/${d.incrementIncrement}`, '?'];
    case '4':
      return ['?', m.week.specificSpecific.length ? list(m.week.specificSpecific) : '1'];
    case '5':
      return [d.specificSpecific.length ? list(d.specificSpecific) : '1', '?'];
    case '6':
      return ['L', '?'];
    case '7':
      return ['LW', '?'];
    case '8':
      return ['?', `${d.cronLastSpecificDomDay}L`];
    case '9':
      return [`L-${d.cronDaysBeforeEomMinus}`, '?'];
    case '10':
      return [`${d.cronDaysNearestWeekday}W`, '?'];
    case '11':
      return ['?', `${m.week.cronNthDayDay}#${m.week.cronNthDayNth}`];
    default:
      return ['?', weekTabText(m.week, d)];
  }
}

/** The Quartz expression of a model: 7 fields, or 6 when the year is not set. */
export function cronModelToExpression(m: CronModel): string {
  const [day, week] = dayWeekText(m);
  const parts = [
    plainFieldText(m.second, 'second'),
    plainFieldText(m.minute, 'minute'),
    plainFieldText(m.hour, 'hour'),
    day,
    plainFieldText(m.month, 'month'),
    week,
  ];
  const year = plainFieldText(m.year, 'year');
  if (year) parts.push(year);
  return parts.join(' ');
}

function num(s: string, names?: Record<string, number>): number {
  const up = s.toUpperCase();
  if (names && up in names) return names[up];
  return /^\d+$/.test(s) ? Number(s) : NaN;
}

function parsePlain(text: string, base: CronField, name: CronFieldName, names?: Record<string, number>): CronField {
  const f = { ...base, specificSpecific: [...base.specificSpecific] };
  if (text === '' && name === 'year') return { ...f, cronEvery: '0' };
  if (text === '*' || text === '?') return { ...f, cronEvery: '1' };
  let m = /^(\*|\w+)\/(\d+)$/.exec(text);
  if (m) return { ...f, cronEvery: '2', incrementStart: m[1] === '*' ? CRON_BOUNDS[name].min : num(m[1], names), incrementIncrement: Number(m[2]) };
  m = /^(\w+)-(\w+)$/.exec(text);
  if (m) return { ...f, cronEvery: '4', rangeStart: num(m[1], names), rangeEnd: num(m[2], names) };
  const values = text.split(',').map((s) => num(s, names));
  return { ...f, cronEvery: '3', specificSpecific: values };
}

/** Expands `a-b` items of a list into their values. */
function expandList(text: string, names?: Record<string, number>): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const r = /^(\w+)-(\w+)$/.exec(part);
    if (r) {
      const a = num(r[1], names);
      const b = num(r[2], names);
      for (let i = a; i <= b && i - a < 100; i++) out.push(i);
    } else out.push(num(part, names));
  }
  return out;
}

/**
 * A model from an expression (the dialog's text box). Day ranges become the equivalent list of days; a
 * `*` week with `?` day becomes "every day". Returns null when the text is not an expression this editor
 * can show (use `validateCronExpression` for the reason).
 */
export function cronExpressionToModel(expression: string, now: Date = new Date()): CronModel | null {
  if (validateCronExpression(expression)) return null;
  const parts = expression.trim().split(/\s+/);
  const [s, mi, h, d, mo, w, y = ''] = parts;
  const m = defaultCronModel(now);
  m.second = parsePlain(s, m.second, 'second');
  m.minute = parsePlain(mi, m.minute, 'minute');
  m.hour = parsePlain(h, m.hour, 'hour');
  m.month = parsePlain(mo, m.month, 'month', MONTH_NAMES);
  m.year = parsePlain(y, m.year, 'year');
  const day = { ...m.day };
  const week = { ...m.week, cronEvery: '0' };
  let r: RegExpExecArray | null;
  if (d !== '?') {
    if (d === '*') day.cronEvery = '1';
    else if ((r = /^(\d+)\/(\d+)$/.exec(d)) || (r = /^(\*)\/(\d+)$/.exec(d))) {
      day.cronEvery = '3';
      day.incrementStart = r[1] === '*' ? 1 : Number(r[1]);
      day.incrementIncrement = Number(r[2]);
    } else if (d === 'L') day.cronEvery = '6';
    else if (d === 'LW') day.cronEvery = '7';
    else if ((r = /^L-(\d+)$/.exec(d))) {
      day.cronEvery = '9';
      day.cronDaysBeforeEomMinus = Number(r[1]);
    } else if ((r = /^(\d+)W$/.exec(d))) {
      day.cronEvery = '10';
      day.cronDaysNearestWeekday = Number(r[1]);
    } else {
      day.cronEvery = '5';
      day.specificSpecific = expandList(d);
    }
  } else {
    day.cronEvery = '0';
    const W = w.toUpperCase();
    if (W === '*') day.cronEvery = '1';
    else if ((r = /^(\w+)\/(\d+)$/.exec(W))) {
      day.cronEvery = '2';
      week.incrementStart = r[1] === '*' ? 1 : num(r[1], WEEKDAY_NAMES);
      week.incrementIncrement = Number(r[2]);
    } else if ((r = /^(\w+)L$/.exec(W)) && !(W in WEEKDAY_NAMES)) {
      day.cronEvery = '8';
      day.cronLastSpecificDomDay = num(r[1], WEEKDAY_NAMES);
    } else if ((r = /^(\w+)#(\d)$/.exec(W))) {
      day.cronEvery = '11';
      week.cronNthDayDay = num(r[1], WEEKDAY_NAMES);
      week.cronNthDayNth = Number(r[2]);
    } else if ((r = /^(\w+)-(\w+)$/.exec(W))) {
      week.cronEvery = '4';
      week.rangeStart = num(r[1], WEEKDAY_NAMES);
      week.rangeEnd = num(r[2], WEEKDAY_NAMES);
    } else {
      day.cronEvery = '4';
      week.specificSpecific = expandList(W, WEEKDAY_NAMES);
    }
  }
  m.day = day;
  m.week = week;
  return m;
}

const ORDER: CronFieldName[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];
const ZEROABLE: CronFieldName[] = ['second', 'minute', 'hour'];

function toZero(f: CronField): CronField {
  return { ...f, cronEvery: '3', specificSpecific: [0] };
}

/**
 * Applies a change of one field with the linkage rules (docs/realtime-and-jobs.md, 6):
 * - setting a unit to anything but "every" turns the finer units (second, minute, hour) that are still
 *   "every" (*) into 0 — "at 3 o'clock" means 03:00:00, not every second of that hour;
 * - a day or week that is not '?' turns an "every" hour into 0 (and so minute and second);
 * - choosing the week tab sets the day to not set ('?'), choosing a day choice sets the week tab to not
 *   set, so exactly one of day and week is '?'.
 */
export function applyCronChange<K extends CronFieldName>(model: CronModel, name: K, patch: Partial<CronModel[K]>): CronModel {
  const m: CronModel = { ...model, [name]: { ...model[name], ...patch } };
  if (name === 'week' && (patch as Partial<CronWeekField>).cronEvery !== undefined) {
    if (m.week.cronEvery !== '0') m.day = { ...m.day, cronEvery: '0' };
    else if (m.day.cronEvery === '0') m.day = { ...m.day, cronEvery: '1' };
  }
  if (name === 'day' && (patch as Partial<CronDayField>).cronEvery !== undefined) {
    if (m.day.cronEvery !== '0') m.week = { ...m.week, cronEvery: '0' };
    else if (m.week.cronEvery === '0') m.week = { ...m.week, cronEvery: '1' };
  }
  const changed = m[name] as CronField;
  const idx = ORDER.indexOf(name);
  const [dayText, weekText] = dayWeekText(m);
  const dayOrWeekSet = (name === 'day' || name === 'week') && (dayText !== '?' || weekText !== '?');
  const coarseSet = (changed.cronEvery !== '1' && !(name === 'week' && changed.cronEvery === '0')) || dayOrWeekSet;
  if (coarseSet) {
    for (const f of ZEROABLE) {
      if (ORDER.indexOf(f) < idx && m[f].cronEvery === '1') (m as unknown as Record<string, CronField>)[f] = toZero(m[f]);
    }
  }
  return m;
}

function inRange(n: number, min: number, max: number): boolean {
  return Number.isInteger(n) && n >= min && n <= max;
}

/** Bound errors of a model (docs/realtime-and-jobs.md, 6), as `field: message` texts; empty when valid. */
export function validateCronModel(m: CronModel): string[] {
  const errors: string[] = [];
  const check = (name: CronFieldName, f: CronField) => {
    const b = CRON_BOUNDS[name];
    const label = CRON_FIELD_LABELS[name];
    if (f.cronEvery === '2') {
      const startMin = name === 'year' ? 0 : b.min;
      if (!inRange(f.incrementStart, startMin, b.max)) errors.push(`${label}：开始值应在${startMin}-${b.max}之间`);
      if (!inRange(f.incrementIncrement, b.stepMin, b.stepMax)) errors.push(`${label}：间隔应在${b.stepMin}-${b.stepMax}之间`);
    } else if (f.cronEvery === '3') {
      if (f.specificSpecific.length === 0) errors.push(`${label}：请至少选择一项`);
      if (f.specificSpecific.some((v) => !inRange(v, b.min, b.max))) errors.push(`${label}：取值应在${b.min}-${b.max}之间`);
    } else if (f.cronEvery === '4') {
      if (!inRange(f.rangeStart, b.min, b.max) || !inRange(f.rangeEnd, b.min, b.max)) errors.push(`${label}：取值应在${b.min}-${b.max}之间`);
    }
  };
  check('second', m.second);
  check('minute', m.minute);
  check('hour', m.hour);
  check('month', m.month);
  check('year', m.year);
  const d = m.day;
  const w = m.week;
  const B = CRON_BOUNDS;
  switch (d.cronEvery) {
    case '2':
      if (!inRange(w.incrementStart, 1, 7)) errors.push('周：开始星期应在1-7之间');
      if (!inRange(w.incrementIncrement, B.week.stepMin, B.week.stepMax)) errors.push('周：间隔应在1-7之间');
      break;
    case '3':
      if (!inRange(d.incrementStart, 1, 31)) errors.push('日：开始日应在1-31之间');
      if (!inRange(d.incrementIncrement, B.day.stepMin, B.day.stepMax)) errors.push('日：间隔应在1-31之间');
      break;
    case '4':
      if (w.specificSpecific.length === 0) errors.push('周：请至少选择一项');
      if (w.specificSpecific.some((v) => !inRange(v, 1, 7))) errors.push('周：取值应在1-7之间');
      break;
    case '5':
      if (d.specificSpecific.length === 0) errors.push('日：请至少选择一项');
      if (d.specificSpecific.some((v) => !inRange(v, 1, 31))) errors.push('日：取值应在1-31之间');
      break;
    case '8':
      if (!inRange(d.cronLastSpecificDomDay, 1, 7)) errors.push('周：取值应在1-7之间');
      break;
    case '9':
      if (!inRange(d.cronDaysBeforeEomMinus, DAYS_BEFORE_EOM_BOUNDS.min, DAYS_BEFORE_EOM_BOUNDS.max)) errors.push('日：月末前天数应在1-31之间');
      break;
    case '10':
      if (!inRange(d.cronDaysNearestWeekday, NEAREST_WORKDAY_BOUNDS.min, NEAREST_WORKDAY_BOUNDS.max)) errors.push('日：取值应在1-31之间');
      break;
    case '11':
      if (!inRange(w.cronNthDayDay, 1, 7)) errors.push('周：取值应在1-7之间');
      if (!inRange(w.cronNthDayNth, NTH_WEEKDAY_BOUNDS.min, NTH_WEEKDAY_BOUNDS.max)) errors.push('周：第几个应在1-5之间');
      break;
    case '0':
      if (w.cronEvery === '0') errors.push(CRON_TEXTS.dayWeek);
      else if (w.cronEvery === '2' || w.cronEvery === '3' || w.cronEvery === '4') check('week', w);
      break;
  }
  if (DAY_FIELD_CHOICES.has(d.cronEvery) || WEEK_DAY_CHOICES.has(d.cronEvery)) {
    if (w.cronEvery !== '0') errors.push(CRON_TEXTS.dayWeek);
  }
  const expr = cronModelToExpression(m);
  if (errors.length === 0) {
    const e = validateCronExpression(expr);
    if (e) errors.push(e);
  }
  return errors;
}

export const CRON_OPTIONS = { alternativeWeekdays: true, sloppyRanges: true, timezone: 'Asia/Shanghai' } as const;

/** `L-n` in the day field: croner lacks it, so runs are computed with `*` and filtered. */
function splitDaysBeforeEnd(fields: string[]): { fields: string[]; minus: number | null } {
  const m = /^L-(\d+)$/.exec(fields[3]);
  if (!m) return { fields, minus: null };
  const copy = [...fields];
  copy[3] = '*';
  return { fields: copy, minus: Number(m[1]) };
}

/** Why an expression is not a valid Quartz expression for this product, or null when it is. */
export function validateCronExpression(expression: string): string | null {
  const text = (expression ?? '').trim();
  if (!text) return CRON_TEXTS.empty;
  const fields = text.split(/\s+/);
  if (fields.length !== 6 && fields.length !== 7) return CRON_TEXTS.fieldCount;
  const unset = [fields[3] === '?', fields[5] === '?'];
  if (unset[0] === unset[1]) return CRON_TEXTS.dayWeek;
  if (fields.some((f, i) => f === '?' && i !== 3 && i !== 5)) return CRON_TEXTS.invalid;
  const split = splitDaysBeforeEnd(fields);
  if (split.minus !== null && !inRange(split.minus, 1, 31)) return CRON_TEXTS.invalid;
  if (fields.length === 7 && fields[6] !== '*') {
    const years = fields[6].match(/\d+/g) ?? [];
    if (/^\d+-\d+$|^\d+(,\d+)*$/.test(fields[6]) && years.some((y) => !inRange(Number(y), 1970, 2199))) return CRON_TEXTS.invalid;
  }
  if (!weekFieldInBounds(fields[5])) return CRON_TEXTS.invalid;
  try {
    new Cron(split.fields.join(' '), { ...CRON_OPTIONS, paused: true });
  } catch {
    return CRON_TEXTS.invalid;
  }
  return null;
}

/** Quartz weekdays are 1-7 (names allowed); `#` takes 1-5, `/` a step of 1-7. */
function weekFieldInBounds(text: string): boolean {
  if (text === '?' || text === '*') return true;
  const day = (s: string) => (s.toUpperCase() in WEEKDAY_NAMES ? true : /^\d+$/.test(s) && inRange(Number(s), 1, 7));
  return text.split(',').every((item) => {
    let m: RegExpExecArray | null;
    if ((m = /^(\w+)#(\d+)$/.exec(item))) return day(m[1]) && inRange(Number(m[2]), 1, 5);
    if ((m = /^(\w+)L$/i.exec(item)) && !(item.toUpperCase() in WEEKDAY_NAMES)) return day(m[1]);
    if ((m = /^(\*|\w+)\/(\d+)$/.exec(item))) return (m[1] === '*' || day(m[1])) && inRange(Number(m[2]), 1, 7);
    if ((m = /^(\w+)-(\w+)$/.exec(item))) return day(m[1]) && day(m[2]);
    return item === 'L' || day(item);
  });
}

/** Day of month and days in month of an instant in GMT+8. */
function gmt8Day(t: number): { day: number; daysInMonth: number; startOfNextDay: number } {
  const OFFSET = 8 * 3600 * 1000;
  const d = new Date(t + OFFSET);
  const y = d.getUTCFullYear();
  const mo = d.getUTCMonth();
  const daysInMonth = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
  const startOfNextDay = Date.UTC(y, mo, d.getUTCDate() + 1) - OFFSET;
  return { day: d.getUTCDate(), daysInMonth, startOfNextDay };
}

/**
 * The next `count` run times after `from` (exclusive). `ignoreYear` replaces the year field by `*`, as the
 * editor's preview does. Throws on an invalid expression.
 */
export function nextCronRuns(expression: string, count: number, from: Date = new Date(), opts: { ignoreYear?: boolean } = {}): Date[] {
  const error = validateCronExpression(expression);
  if (error) throw new Error(error);
  let fields = expression.trim().split(/\s+/);
  if (opts.ignoreYear && fields.length === 7) fields = fields.slice(0, 6);
  const split = splitDaysBeforeEnd(fields);
  const cron = new Cron(split.fields.join(' '), { ...CRON_OPTIONS, paused: true });
  const out: Date[] = [];
  let cursor = from;
  for (let guard = 0; out.length < count && guard < 20000; guard++) {
    const next = cron.nextRun(cursor);
    if (!next) break;
    if (split.minus === null) {
      out.push(next);
      cursor = next;
      continue;
    }
    const g = gmt8Day(next.getTime());
    if (g.day === g.daysInMonth - split.minus) {
      out.push(next);
      cursor = next;
    } else {
      cursor = new Date(g.startOfNextDay - 1);
    }
  }
  return out;
}

/** The next run after `from`, or null when the expression never fires again. */
export function nextCronRun(expression: string, from: Date = new Date()): Date | null {
  return nextCronRuns(expression, 1, from)[0] ?? null;
}

/** `yyyy-MM-dd HH:mm:ss` in GMT+8, the format the preview lists. */
export function formatCronTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The editor's preview: the next 10 run times ignoring the year, formatted; [] when the expression is invalid. */
export function cronPreview(expression: string, from: Date = new Date()): string[] {
  try {
    return nextCronRuns(expression, CRON_PREVIEW_COUNT, from, { ignoreYear: true }).map(formatCronTime);
  } catch {
    return [];
  }
}
