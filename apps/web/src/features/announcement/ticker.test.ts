import { describe, expect, it } from 'vitest';
import { nextTickerState, tickerSeconds } from './ticker';

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

  it('shows each item length/3 seconds', () => {
    expect(tickerSeconds('一二三四五六')).toBe(2);
    expect(tickerSeconds('abcdefghi')).toBe(3);
    expect(tickerSeconds('')).toBe(1);
  });
});
