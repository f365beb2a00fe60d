import { describe, expect, it } from 'vitest';
import { assignKeys, type Slots } from './GridBody';

const fresh = (): Slots => ({ order: [], keyOf: new Map(), plain: new Map(), next: 0 });
const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => `r${from + i}`);
const all = (n: number, v = true) => Array.from({ length: n }, () => v);

describe('row element keys', () => {
  it('keeps the key of a row that stays in view', () => {
    const s = fresh();
    const first = assignKeys(s, ids(0, 5), all(5));
    const next = assignKeys(s, ids(1, 5), all(5));
    expect(next.slice(0, 4)).toEqual(first.slice(1));
    // the row coming into view takes the element of the row that left
    expect(next[4]).toBe(first[0]);
  });

  it('gives rows of a jump the elements in their old order, so none moves', () => {
    const s = fresh();
    const first = assignKeys(s, ids(0, 5), all(5));
    expect(assignKeys(s, ids(4, 5), all(5))).toEqual(first);
    expect(assignKeys(s, ids(100, 5), all(5))).toEqual(first);
  });

  it('never gives the element of a row that was not plain to another row', () => {
    const s = fresh();
    const plain = [true, false, true, true, true];
    const first = assignKeys(s, ids(0, 5), plain);
    const next = assignKeys(s, ids(100, 5), all(5));
    expect(next).not.toContain(first[1]);
    expect(new Set(next).size).toBe(5);
  });

  it('gives a row that is not plain an element of its own', () => {
    const s = fresh();
    const first = assignKeys(s, ids(0, 5), all(5));
    const next = assignKeys(s, ids(100, 5), [false, true, true, true, true]);
    expect(first).not.toContain(next[0]);
    // a row that stays in view keeps its element when it stops being plain
    const again = assignKeys(s, ids(100, 5), all(5, false));
    expect(again).toEqual(next);
  });
});
