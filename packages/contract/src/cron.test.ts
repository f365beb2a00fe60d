import { describe, expect, it } from 'vitest';
import {
  applyCronChange,
  CRON_BOUNDS,
  CRON_TEXTS,
  cronExpressionToModel,
  cronModelToExpression,
  cronPreview,
  DAY_CHOICES,
  defaultCronModel,
  formatCronTime,
  nextCronRuns,
  validateCronExpression,
  validateCronModel,
  WEEKDAYS,
  type CronModel,
} from './cron.js';

const NOW = new Date('2026-11-21T10:00:00+08:00');
/** 2026-11-21 00:00:00 GMT+8, a Saturday */
const FROM = new Date('2026-11-20T16:00:00Z');

function model(patch: (m: CronModel) => void): CronModel {
  const m = defaultCronModel(NOW);
  patch(m);
  return m;
}

describe('cron model defaults and constants', () => {
  it('starts at every second, every day, week not set, every year', () => {
    expect(cronModelToExpression(defaultCronModel(NOW))).toBe('* * * * * ? *');
    expect(defaultCronModel(NOW).week.cronEvery).toBe('0');
  });
  it('numbers weekdays the Quartz way: Monday..Sunday = 2..7,1', () => {
    expect(WEEKDAYS.map((w) => w.value)).toEqual([2, 3, 4, 5, 6, 7, 1]);
    expect(DAY_CHOICES.map((c) => c.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
  });
  it('defaults the year range end to the current year plus 100 within 2019-2119', () => {
    const m = defaultCronModel(new Date('2019-06-01T00:00:00Z'));
    expect(m.year.rangeStart).toBe(2019);
    expect(m.year.rangeEnd).toBe(2119);
  });
});

describe('model → expression, per field type and day choice', () => {
  const cases: [string, (m: CronModel) => void, string][] = [
    ['second loop', (m) => Object.assign(m.second, { cronEvery: '2', incrementStart: 0, incrementIncrement: 5 }), '0/5 * * * * ? *'],
    ['second specify', (m) => Object.assign(m.second, { cronEvery: '3', specificSpecific: [30, 0, 15] }), '0,15,30 * * * * ? *'],
    ['minute range', (m) => Object.assign(m.minute, { cronEvery: '4', rangeStart: 10, rangeEnd: 20 }), '* 10-20 * * * ? *'],
    ['hour loop', (m) => Object.assign(m.hour, { cronEvery: '2', incrementStart: 8, incrementIncrement: 2 }), '* * 8/2 * * ? *'],
    ['month specify', (m) => Object.assign(m.month, { cronEvery: '3', specificSpecific: [1, 7] }), '* * * * 1,7 ? *'],
    ['month range', (m) => Object.assign(m.month, { cronEvery: '4', rangeStart: 3, rangeEnd: 5 }), '* * * * 3-5 ? *'],
    ['year not set', (m) => Object.assign(m.year, { cronEvery: '0' }), '* * * * * ?'],
    ['year range', (m) => Object.assign(m.year, { cronEvery: '4', rangeStart: 2027, rangeEnd: 2030 }), '* * * * * ? 2027-2030'],
    ['year loop', (m) => Object.assign(m.year, { cronEvery: '2', incrementStart: 2028, incrementIncrement: 2 }), '* * * * * ? 2028/2'],
    ['day 1 every day', (m) => Object.assign(m.day, { cronEvery: '1' }), '* * * * * ? *'],
    ['day 2 every N days from a weekday', (m) => (Object.assign(m.day, { cronEvery: '2' }), Object.assign(m.week, { incrementStart: 2, incrementIncrement: 3 })), '* * * ? * 2/3 *'],
    ['day 3 every N days from a day', (m) => Object.assign(m.day, { cronEvery: '3', incrementStart: 5, incrementIncrement: 10 }), '* * * 5/10 * ? *'],
    ['day 4 specific weekdays', (m) => (Object.assign(m.day, { cronEvery: '4' }), Object.assign(m.week, { specificSpecific: [6, 2, 4] })), '* * * ? * 2,4,6 *'],
    ['day 5 specific days', (m) => Object.assign(m.day, { cronEvery: '5', specificSpecific: [15, 1] }), '* * * 1,15 * ? *'],
    ['day 6 last day', (m) => Object.assign(m.day, { cronEvery: '6' }), '* * * L * ? *'],
    ['day 7 last workday', (m) => Object.assign(m.day, { cronEvery: '7' }), '* * * LW * ? *'],
    ['day 8 last given weekday', (m) => Object.assign(m.day, { cronEvery: '8', cronLastSpecificDomDay: 6 }), '* * * ? * 6L *'],
    ['day 9 days before month end', (m) => Object.assign(m.day, { cronEvery: '9', cronDaysBeforeEomMinus: 3 }), '* * * L-3 * ? *'],
    ['day 10 nearest workday', (m) => Object.assign(m.day, { cronEvery: '10', cronDaysNearestWeekday: 15 }), '* * * 15W * ? *'],
    ['day 11 nth weekday', (m) => (Object.assign(m.day, { cronEvery: '11' }), Object.assign(m.week, { cronNthDayDay: 6, cronNthDayNth: 3 })), '* * * ? * 6#3 *'],
    ['week tab range', (m) => (Object.assign(m.day, { cronEvery: '0' }), Object.assign(m.week, { cronEvery: '4', rangeStart: 2, rangeEnd: 6 })), '* * * ? * 2-6 *'],
    ['week tab loop', (m) => (Object.assign(m.day, { cronEvery: '0' }), Object.assign(m.week, { cronEvery: '2', incrementStart: 1, incrementIncrement: 2 })), '* * * ? * 1/2 *'],
    ['week tab specify', (m) => (Object.assign(m.day, { cronEvery: '0' }), Object.assign(m.week, { cronEvery: '3', specificSpecific: [1, 7] })), '* * * ? * 1,7 *'],
  ];
  it.each(cases)('%s', (_name, patch, expected) => {
    const m = model(patch);
    const expr = cronModelToExpression(m);
    expect(expr).toBe(expected);
    expect(validateCronExpression(expr)).toBeNull();
    expect(validateCronModel(m)).toEqual([]);
  });
});

describe('expression → model → expression', () => {
  it.each([
    '0 0 12 ? * 4 *',
    '0 0/5 * * * ? *',
    '0 15 10 L * ? *',
    '0 15 10 LW * ? *',
    '0 15 10 ? * 6L *',
    '0 15 10 ? * 6#3 *',
    '0 0 8 L-3 * ? *',
    '0 0 8 15W * ? *',
    '0 0 8 1,15 * ? *',
    '0 0 8 5/10 * ? *',
    '0 10,44 14 ? 3 4 *',
    '0 0 9-17 ? * 2-6 *',
    '0 0 0 1 1 ? 2028/2',
    '0 0 0 1 1 ? 2027-2030',
    '0 0 12 * * ?',
  ])('%s round-trips', (expr) => {
    const m = cronExpressionToModel(expr, NOW);
    expect(m).not.toBeNull();
    expect(cronModelToExpression(m!)).toBe(expr);
  });
  it('reads weekday and month names and normalises to numbers', () => {
    expect(cronModelToExpression(cronExpressionToModel('0 0 12 ? JAN WED *', NOW)!)).toBe('0 0 12 ? 1 4 *');
    expect(cronModelToExpression(cronExpressionToModel('0 0 12 ? * MON-FRI *', NOW)!)).toBe('0 0 12 ? * 2-6 *');
    expect(cronModelToExpression(cronExpressionToModel('0 0 12 ? * FRI#2 *', NOW)!)).toBe('0 0 12 ? * 6#2 *');
  });
  it('maps day ranges to the equivalent day list', () => {
    expect(cronModelToExpression(cronExpressionToModel('0 0 12 1-3 * ? *', NOW)!)).toBe('0 0 12 1,2,3 * ? *');
  });
  it('returns null for an invalid expression', () => {
    expect(cronExpressionToModel('0 0 12 * * *', NOW)).toBeNull();
  });
});

describe('linkage rules (docs/realtime-and-jobs.md, 6)', () => {
  it('a coarser unit set to a value turns the finer "every" units into 0', () => {
    const m = applyCronChange(defaultCronModel(NOW), 'hour', { cronEvery: '3', specificSpecific: [3] });
    expect(cronModelToExpression(m)).toBe('0 0 3 * * ? *');
    const n = applyCronChange(defaultCronModel(NOW), 'minute', { cronEvery: '2', incrementStart: 0, incrementIncrement: 15 });
    expect(cronModelToExpression(n)).toBe('0 0/15 * * * ? *');
  });
  it('keeps finer units that are already set', () => {
    const base = applyCronChange(defaultCronModel(NOW), 'second', { cronEvery: '3', specificSpecific: [30] });
    const m = applyCronChange(base, 'hour', { cronEvery: '3', specificSpecific: [8] });
    expect(cronModelToExpression(m)).toBe('30 0 8 * * ? *');
  });
  it('a day or week that is not "?" sets an "every" hour to 0', () => {
    const m = applyCronChange(defaultCronModel(NOW), 'day', { cronEvery: '5', specificSpecific: [10] });
    expect(cronModelToExpression(m)).toBe('0 0 0 10 * ? *');
    const w = applyCronChange(defaultCronModel(NOW), 'week', { cronEvery: '4', rangeStart: 2, rangeEnd: 6 });
    expect(cronModelToExpression(w)).toBe('0 0 0 ? * 2-6 *');
  });
  it('keeps exactly one of day and week "?"', () => {
    const w = applyCronChange(defaultCronModel(NOW), 'week', { cronEvery: '3', specificSpecific: [2] });
    expect(w.day.cronEvery).toBe('0');
    const d = applyCronChange(w, 'day', { cronEvery: '6' });
    expect(d.week.cronEvery).toBe('0');
    expect(cronModelToExpression(d).split(' ')[5]).toBe('?');
    const unset = applyCronChange(d, 'day', { cronEvery: '0' });
    expect(unset.week.cronEvery).toBe('1');
    expect(validateCronModel(unset)).toEqual([]);
  });
});

describe('validation', () => {
  it.each([
    ['0 0 12 * * *', CRON_TEXTS.dayWeek],
    ['0 0 12 ? * ?', CRON_TEXTS.dayWeek],
    ['0 0 12 * * * *', CRON_TEXTS.dayWeek],
    ['0 0 12 * *', CRON_TEXTS.fieldCount],
    ['', CRON_TEXTS.empty],
    ['0 0 25 * * ?', CRON_TEXTS.invalid],
    ['0 61 1 * * ?', CRON_TEXTS.invalid],
    ['0 0 1 32 * ?', CRON_TEXTS.invalid],
    ['0 0 1 ? * 8', CRON_TEXTS.invalid],
    ['? 0 1 * * ?', CRON_TEXTS.invalid],
    ['0 0 1 L-40 * ?', CRON_TEXTS.invalid],
  ])('%j → %s', (expr, message) => {
    expect(validateCronExpression(expr)).toBe(message);
  });
  it.each(['0 0 12 ? * 4', '0 0 12 * * ? *', '0 0 12 ? * WED *', '0 0 12 L-31 * ?'])('%s is valid', (expr) => {
    expect(validateCronExpression(expr)).toBeNull();
  });
  it('model: both day and week set, or both unset, is refused', () => {
    expect(validateCronModel(model((m) => Object.assign(m.week, { cronEvery: '3', specificSpecific: [2] })))).toContain(CRON_TEXTS.dayWeek);
    expect(validateCronModel(model((m) => Object.assign(m.day, { cronEvery: '0' })))).toContain(CRON_TEXTS.dayWeek);
  });
});

describe('bounds (docs/realtime-and-jobs.md, 6)', () => {
  it('exposes the bounds', () => {
    expect(CRON_BOUNDS.second).toMatchObject({ min: 0, max: 59, stepMin: 1, stepMax: 59 });
    expect(CRON_BOUNDS.minute).toMatchObject({ min: 0, max: 59, stepMin: 1, stepMax: 60 });
    expect(CRON_BOUNDS.hour).toMatchObject({ min: 0, max: 23 });
    expect(CRON_BOUNDS.day).toMatchObject({ min: 1, max: 31, stepMin: 1, stepMax: 31 });
    expect(CRON_BOUNDS.week).toMatchObject({ min: 1, max: 7, stepMin: 1, stepMax: 7 });
    expect(CRON_BOUNDS.month).toMatchObject({ min: 1, max: 12 });
    expect(CRON_BOUNDS.year).toMatchObject({ min: 2019, max: 2119, stepMin: 1, stepMax: 99 });
  });
  const bad: [string, (m: CronModel) => void][] = [
    ['second step 60', (m) => Object.assign(m.second, { cronEvery: '2', incrementStart: 0, incrementIncrement: 60 })],
    ['second value 60', (m) => Object.assign(m.second, { cronEvery: '3', specificSpecific: [60] })],
    ['minute step 61', (m) => Object.assign(m.minute, { cronEvery: '2', incrementStart: 0, incrementIncrement: 61 })],
    ['hour 24', (m) => Object.assign(m.hour, { cronEvery: '4', rangeStart: 1, rangeEnd: 24 })],
    ['day step 32', (m) => Object.assign(m.day, { cronEvery: '3', incrementStart: 1, incrementIncrement: 32 })],
    ['day 0', (m) => Object.assign(m.day, { cronEvery: '5', specificSpecific: [0] })],
    ['weekday step 8', (m) => (Object.assign(m.day, { cronEvery: '2' }), Object.assign(m.week, { incrementStart: 1, incrementIncrement: 8 }))],
    ['weekday step 1.5', (m) => (Object.assign(m.day, { cronEvery: '2' }), Object.assign(m.week, { incrementStart: 1, incrementIncrement: 1.5 }))],
    ['month 13', (m) => Object.assign(m.month, { cronEvery: '3', specificSpecific: [13] })],
    ['year step 100', (m) => Object.assign(m.year, { cronEvery: '2', incrementStart: 2026, incrementIncrement: 100 })],
    ['year range 2018', (m) => Object.assign(m.year, { cronEvery: '4', rangeStart: 2018, rangeEnd: 2030 })],
    ['year range 2120', (m) => Object.assign(m.year, { cronEvery: '4', rangeStart: 2026, rangeEnd: 2120 })],
    ['nth weekday 6', (m) => (Object.assign(m.day, { cronEvery: '11' }), Object.assign(m.week, { cronNthDayDay: 2, cronNthDayNth: 6 }))],
    ['days before end 0', (m) => Object.assign(m.day, { cronEvery: '9', cronDaysBeforeEomMinus: 0 })],
    ['nearest workday 32', (m) => Object.assign(m.day, { cronEvery: '10', cronDaysNearestWeekday: 32 })],
    ['empty specific list', (m) => Object.assign(m.minute, { cronEvery: '3', specificSpecific: [] })],
  ];
  it.each(bad)('%s is refused', (_n, patch) => {
    expect(validateCronModel(model(patch)).length).toBeGreaterThan(0);
  });
  const good: [string, (m: CronModel) => void][] = [
    ['minute step 60', (m) => Object.assign(m.minute, { cronEvery: '2', incrementStart: 0, incrementIncrement: 60 })],
    ['year step 99', (m) => Object.assign(m.year, { cronEvery: '2', incrementStart: 2026, incrementIncrement: 99 })],
    ['nth weekday 5', (m) => (Object.assign(m.day, { cronEvery: '11' }), Object.assign(m.week, { cronNthDayDay: 2, cronNthDayNth: 5 }))],
    ['days before end 31', (m) => Object.assign(m.day, { cronEvery: '9', cronDaysBeforeEomMinus: 31 })],
  ];
  it.each(good)('%s is accepted', (_n, patch) => {
    expect(validateCronModel(model(patch))).toEqual([]);
  });
});

describe('next runs against hand-checked Quartz expressions (from Sat 2026-11-21 00:00 GMT+8)', () => {
  const cases: [string, string[]][] = [
    ['0 0 12 ? * WED *', ['2026-11-25 12:00:00', '2026-12-02 12:00:00', '2026-12-09 12:00:00']],
    ['0 0 12 ? * 4 *', ['2026-11-25 12:00:00', '2026-12-02 12:00:00', '2026-12-09 12:00:00']],
    ['0 0 0 ? * 1 *', ['2026-11-22 00:00:00', '2026-11-29 00:00:00', '2026-12-06 00:00:00']],
    ['0 0 12 L * ? *', ['2026-11-30 12:00:00', '2026-12-31 12:00:00', '2027-01-31 12:00:00', '2027-02-28 12:00:00']],
    ['0 0 12 LW * ? *', ['2026-11-30 12:00:00', '2026-12-31 12:00:00', '2027-01-29 12:00:00', '2027-02-26 12:00:00']],
    ['0 0 12 1W * ? *', ['2026-12-01 12:00:00', '2027-01-01 12:00:00', '2027-02-01 12:00:00', '2027-03-01 12:00:00', '2027-04-01 12:00:00', '2027-05-03 12:00:00']],
    ['0 0 12 15W * ? *', ['2026-12-15 12:00:00', '2027-01-15 12:00:00', '2027-02-15 12:00:00']],
    ['0 0 12 ? * 6#3 *', ['2026-12-18 12:00:00', '2027-01-15 12:00:00', '2027-02-19 12:00:00']],
    ['0 0 12 ? * 6L *', ['2026-11-27 12:00:00', '2026-12-25 12:00:00', '2027-01-29 12:00:00']],
    ['0 0 8 L-3 * ? *', ['2026-11-27 08:00:00', '2026-12-28 08:00:00', '2027-01-28 08:00:00', '2027-02-25 08:00:00']],
    ['0 0 9-11 * * ? *', ['2026-11-21 09:00:00', '2026-11-21 10:00:00', '2026-11-21 11:00:00', '2026-11-22 09:00:00']],
    ['0 0 9 ? * 2-6 *', ['2026-11-23 09:00:00', '2026-11-24 09:00:00', '2026-11-25 09:00:00', '2026-11-26 09:00:00', '2026-11-27 09:00:00', '2026-11-30 09:00:00']],
    ['0 0/20 8 * * ? *', ['2026-11-21 08:00:00', '2026-11-21 08:20:00', '2026-11-21 08:40:00', '2026-11-22 08:00:00']],
    ['0/5 * * * * ? *', ['2026-11-21 00:00:05', '2026-11-21 00:00:10', '2026-11-21 00:00:15']],
    ['0 30 10 5/10 * ? *', ['2026-11-25 10:30:00', '2026-12-05 10:30:00', '2026-12-15 10:30:00', '2026-12-25 10:30:00', '2027-01-05 10:30:00']],
    ['0 0 0 1 1 ? 2028', ['2028-01-01 00:00:00']],
    ['0 0 0 1 1 ? 2028/2', ['2028-01-01 00:00:00', '2030-01-01 00:00:00', '2032-01-01 00:00:00']],
    ['0 0 0 1 1 ? 2027-2028', ['2027-01-01 00:00:00', '2028-01-01 00:00:00']],
  ];
  it.each(cases)('%s', (expr, expected) => {
    expect(nextCronRuns(expr, expected.length + (expr.endsWith('2028') || expr.endsWith('2027-2028') ? 1 : 0), FROM).map(formatCronTime)).toEqual(expected);
  });
  it('the preview lists 10 runs and ignores the year', () => {
    const p = cronPreview('0 0 0 1 1 ? 2030', FROM);
    expect(p).toHaveLength(10);
    expect(p[0]).toBe('2027-01-01 00:00:00');
    expect(cronPreview('not cron', FROM)).toEqual([]);
  });
});
