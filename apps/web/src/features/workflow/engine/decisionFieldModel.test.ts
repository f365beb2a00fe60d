import { describe, expect, it } from 'vitest';
import { dateHasTime, fromNativeDate, isRequired, parsePatternDate, toNativeDate, type DecisionField } from './decisionFieldModel';

const date = (datePattern: string | null): DecisionField => ({ name: 'd', label: 'D', type: 'date', options: [], required: false, datePattern });

describe('task form field model (shared by the desktop dialog and the phone)', () => {
  it('a date in its pattern ↔ a native date / date-time control value', () => {
    expect(toNativeDate(date('dd-MM-yyyy'), '24-12-2026')).toBe('2026-12-24');
    expect(fromNativeDate(date('dd-MM-yyyy'), '2026-12-24')).toBe('24-12-2026');
    expect(toNativeDate(date(null), '05/01/2027')).toBe('2027-01-05');
    expect(dateHasTime(date('yyyy-MM-dd HH:mm'))).toBe(true);
    expect(dateHasTime(date('dd/MM/yyyy'))).toBe(false);
    expect(toNativeDate(date('yyyy-MM-dd HH:mm'), '2026-12-24 09:30')).toBe('2026-12-24T09:30');
    expect(fromNativeDate(date('yyyy-MM-dd HH:mm'), '2026-12-24T09:30')).toBe('2026-12-24 09:30');
    // a value not in the pattern shows empty; clearing sends null
    expect(toNativeDate(date('dd-MM-yyyy'), '2026/12/24')).toBe('');
    expect(fromNativeDate(date('dd-MM-yyyy'), '')).toBeNull();
  });

  it('reads text in a Java date pattern strictly (two-digit years, 12-hour clock, quoted text)', () => {
    expect(parsePatternDate('24.12.26 um 9:05', "dd.MM.yy 'um' H:mm")?.format('YYYY-MM-DD HH:mm')).toBe('2026-12-24 09:05');
    expect(parsePatternDate('24-12-2026 12:30 AM', 'dd-MM-yyyy hh:mm a')?.format('HH:mm')).toBe('00:30');
    expect(parsePatternDate('24-12-2026 01:30 PM', 'dd-MM-yyyy hh:mm a')?.format('HH:mm')).toBe('13:30');
    expect(parsePatternDate('31-02-2026', 'dd-MM-yyyy')).toBeNull();
    expect(parsePatternDate('2026-12-24', 'dd-MM-yyyy')).toBeNull();
  });

  it('a read-only property is never marked required', () => {
    const f: DecisionField = { name: 'x', label: 'X', type: 'text', options: [], required: true };
    expect(isRequired(f)).toBe(true);
    expect(isRequired({ ...f, writable: false })).toBe(false);
    expect(isRequired({ ...f, required: false })).toBe(false);
  });
});
