import { describe, expect, it } from 'vitest';
import { byPriority, nextTickerState, tickerSeconds } from './ticker';

describe('news ticker cycle', () => {
  it('walks the list and swaps in a newer list only at the end of the cycle', () => {
    let s = { list: ['a', 'b'], pending: null as string[] | null, index: 0, cycle: 1 };
    s = { ...s, pending: ['x', 'y', 'z'] };
    s = nextTickerState(s);
    expect(s.list).toEqual(['a', 'b']);
    expect(s.index).toBe(1);
    s = nextTickerState(s);
    expect(s).toEqual({ list: ['x', 'y', 'z'], pending: null, index: 0, cycle: 2 });
  });

  it('repeats the same list when nothing newer arrived', () => {
    const s = nextTickerState({ list: ['a'], pending: null, index: 0, cycle: 3 });
    expect(s).toEqual({ list: ['a'], pending: null, index: 0, cycle: 4 });
  });

  it('shows each item length/3 seconds, counting characters', () => {
    expect(tickerSeconds('一二三四五六')).toBe(2);
    expect(tickerSeconds('关于2026年元旦放假安排的通知')).toBe(16 / 3);
    expect(tickerSeconds('一二三四五六七八九十一二三四五六七八九十一二三四五六七')).toBe(9);
    expect(tickerSeconds('𠀀𠀁𠀂')).toBe(1);
  });

  it('puts urgent and important announcements first, then the newest', () => {
    const rows = [
      { id: 'a', priority: 'L', sendTime: '2026-11-24 10:00:00' },
      { id: 'b', priority: 'H', sendTime: '2026-11-20 10:00:00' },
      { id: 'c', priority: 'M', sendTime: '2026-11-22 10:00:00' },
      { id: 'd', priority: 'L', sendTime: '2026-11-25 10:00:00' },
    ];
    expect(byPriority(rows).map((r) => r.id)).toEqual(['b', 'c', 'd', 'a']);
  });
});
