/** The ticker's cycle: the list on show, a newer list waiting for the cycle's end, the item shown. */
export interface TickerState<T> {
  list: T[];
  pending: T[] | null;
  index: number;
  /** Increments when a new cycle starts (keys the animation). */
  cycle: number;
}

/** After an item's time is up: the next item, or at the end of the cycle the waiting list (if any). */
export function nextTickerState<T>(s: TickerState<T>): TickerState<T> {
  if (s.index + 1 < s.list.length) return { ...s, index: s.index + 1 };
  const list = s.pending && s.pending.length ? s.pending : s.list;
  return { list, pending: null, index: 0, cycle: s.cycle + 1 };
}

/** Each item is shown length/3 seconds (SPEC §4), at least one second. */
export function tickerSeconds(text: string): number {
  return Math.max(1, [...text].length / 3);
}
