import { cronModelToExpression, cronPreview, defaultCronModel, validateCronModel, type CronModel } from '@go/contract/cron';
import { describe, expect, it } from 'vitest';
import { applyEditorChange, expressionFields, initialModel } from './editorRules';

const NOW = new Date('2026-11-21T10:00:00+08:00');
const expr = (m: CronModel) => cronModelToExpression(m);
const base = () => defaultCronModel(NOW);

describe('cron editor rules (docs/realtime-and-jobs.md, 6: linkage)', () => {
  const cases: { name: string; run: (m: CronModel) => CronModel; want: string }[] = [
    { name: 'default is every second, week not set', run: (m) => m, want: '* * * * * ? *' },
    { name: 'minute set turns an every second into 0', run: (m) => applyEditorChange(m, 'minute', { cronEvery: '3', specificSpecific: [5, 35] }), want: '0 5,35 * * * ? *' },
    { name: 'hour set turns every minute and second into 0', run: (m) => applyEditorChange(m, 'hour', { cronEvery: '4', rangeStart: 9, rangeEnd: 17 }), want: '0 0 9-17 * * ? *' },
    { name: 'a set second is kept when the hour is set', run: (m) => applyEditorChange(applyEditorChange(m, 'second', { cronEvery: '2', incrementStart: 0, incrementIncrement: 15 }), 'hour', { cronEvery: '3', specificSpecific: [8] }), want: '0/15 0 8 * * ? *' },
    { name: 'a day choice turns an every hour into 0 and unsets the week', run: (m) => applyEditorChange(m, 'day', { cronEvery: '6' }), want: '0 0 0 L * ? *' },
    { name: 'specific weekdays unset the day (Monday 2, Wednesday 4)', run: (m) => applyEditorChange(m, 'day', { cronEvery: '4' }), want: '0 0 0 ? * 1 *' },
    { name: 'week tab range unsets the day', run: (m) => applyEditorChange(applyEditorChange(m, 'week', { rangeStart: 2, rangeEnd: 6 }), 'week', { cronEvery: '4' }), want: '0 0 0 ? * 2-6 *' },
    { name: 'month set turns an every day into the 1st', run: (m) => applyEditorChange(m, 'month', { cronEvery: '3', specificSpecific: [3, 9] }), want: '0 0 0 1 3,9 ? *' },
    { name: 'year set turns an every month into January and cascades', run: (m) => applyEditorChange(m, 'year', { cronEvery: '4', rangeStart: 2027, rangeEnd: 2030 }), want: '0 0 0 1 1 ? 2027-2030' },
    { name: 'year not set leaves six fields and nothing else changes', run: (m) => applyEditorChange(m, 'year', { cronEvery: '0' }), want: '* * * * * ?' },
  ];
  for (const c of cases) it(c.name, () => expect(expr(c.run(base()))).toBe(c.want));

  it('writes every day choice as Quartz text', () => {
    const m = base();
    const day = (every: string, extra: Partial<CronModel['day']> = {}) => expressionFields(expr(applyEditorChange(m, 'day', { ...extra, cronEvery: every })));
    const week = (every: string, w: Partial<CronModel['week']>) => expressionFields(expr(applyEditorChange(applyEditorChange(m, 'week', w), 'day', { cronEvery: every })));
    expect(day('1')).toMatchObject({ day: '*', week: '?' });
    expect(week('2', { incrementStart: 2, incrementIncrement: 3 })).toMatchObject({ day: '?', week: '2/3' });
    expect(day('3', { incrementStart: 5, incrementIncrement: 10 })).toMatchObject({ day: '5/10', week: '?' });
    expect(week('4', { specificSpecific: [2, 4, 6] })).toMatchObject({ day: '?', week: '2,4,6' });
    expect(day('5', { specificSpecific: [1, 15] })).toMatchObject({ day: '1,15', week: '?' });
    expect(day('6')).toMatchObject({ day: 'L', week: '?' });
    expect(day('7')).toMatchObject({ day: 'LW', week: '?' });
    expect(day('8', { cronLastSpecificDomDay: 6 })).toMatchObject({ day: '?', week: '6L' });
    expect(day('9', { cronDaysBeforeEomMinus: 3 })).toMatchObject({ day: 'L-3', week: '?' });
    expect(day('10', { cronDaysNearestWeekday: 15 })).toMatchObject({ day: '15W', week: '?' });
    expect(week('11', { cronNthDayDay: 6, cronNthDayNth: 3 })).toMatchObject({ day: '?', week: '6#3' });
  });

  it('keeps exactly one of day and week unset', () => {
    let m = applyEditorChange(base(), 'week', { cronEvery: '3', specificSpecific: [2] });
    expect(expressionFields(expr(m))).toMatchObject({ day: '?', week: '2' });
    m = applyEditorChange(m, 'day', { cronEvery: '5', specificSpecific: [10] });
    expect(expressionFields(expr(m))).toMatchObject({ day: '10', week: '?' });
    m = applyEditorChange(m, 'day', { cronEvery: '0' });
    expect(expressionFields(expr(m))).toMatchObject({ day: '?', week: '*' });
  });
});

describe('cron editor bounds (docs/realtime-and-jobs.md, 6)', () => {
  const errs = (m: CronModel) => validateCronModel(m);
  it('accepts the bounds and rejects values outside them', () => {
    expect(errs(applyEditorChange(base(), 'second', { cronEvery: '2', incrementStart: 0, incrementIncrement: 59 }))).toEqual([]);
    expect(errs(applyEditorChange(base(), 'second', { cronEvery: '2', incrementStart: 0, incrementIncrement: 60 }))).not.toEqual([]);
    expect(errs(applyEditorChange(base(), 'minute', { cronEvery: '2', incrementStart: 0, incrementIncrement: 60 }))).toEqual([]);
    expect(errs(applyEditorChange(base(), 'hour', { cronEvery: '4', rangeStart: 0, rangeEnd: 24 }))).not.toEqual([]);
    expect(errs(applyEditorChange(base(), 'day', { cronEvery: '3', incrementStart: 1, incrementIncrement: 32 }))).not.toEqual([]);
    expect(errs(applyEditorChange(base(), 'month', { cronEvery: '4', rangeStart: 1, rangeEnd: 13 }))).not.toEqual([]);
    expect(errs(applyEditorChange(base(), 'year', { cronEvery: '4', rangeStart: 2019, rangeEnd: 2119 }))).toEqual([]);
    expect(errs(applyEditorChange(base(), 'year', { cronEvery: '4', rangeStart: 2018, rangeEnd: 2030 }))).not.toEqual([]);
    expect(errs(applyEditorChange(base(), 'year', { cronEvery: '2', incrementStart: 2026, incrementIncrement: 100 }))).not.toEqual([]);
    const nth = applyEditorChange(applyEditorChange(base(), 'week', { cronNthDayNth: 6 }), 'day', { cronEvery: '11' });
    expect(errs(nth)).not.toEqual([]);
  });
  it('needs at least one value when specifying', () => {
    expect(errs(applyEditorChange(base(), 'minute', { cronEvery: '3', specificSpecific: [] }))).not.toEqual([]);
  });
});

describe('reading an expression back and the preview', () => {
  it('round-trips Quartz expressions through the model', () => {
    for (const e of ['0 0 12 ? * 2-6 *', '0 15 10 L * ?', '0 0 8 15W * ?', '0 0 9 ? * 6#3', '0 0 9 ? * 6L', '0/5 * * * * ?', '0 0 0 1 1 ? 2030']) {
      expect(expr(initialModel(e, NOW))).toBe(e);
    }
  });
  it('falls back to the default for an invalid value', () => {
    expect(expr(initialModel('nonsense', NOW))).toBe('* * * * * ? *');
  });
  it('lists the next 10 runs with Quartz weekday numbers (6 = Friday), ignoring the year', () => {
    const runs = cronPreview('0 30 9 ? * 6 2019', NOW);
    expect(runs).toHaveLength(10);
    expect(runs[0]).toBe('2026-11-27 09:30:00');
    expect(runs[1]).toBe('2026-12-04 09:30:00');
  });
});
