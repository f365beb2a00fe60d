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

/** Each item is shown length/3 seconds, its length counted in characters (docs/realtime-and-jobs.md, 1–3: ticker; docs/contract.md, "Limits and constants"). */
export function tickerSeconds(text: string): number {
  return [...text].length / 3;
}

const PRIORITY_RANK: Record<string, number> = { H: 0, M: 1, L: 2 };

/** Published announcements first by priority (紧急, 重要, 一般), then newest first. */
export function byPriority<T extends { priority?: string | null; sendTime?: string | null }>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      (PRIORITY_RANK[a.priority ?? 'L'] ?? 3) - (PRIORITY_RANK[b.priority ?? 'L'] ?? 3) ||
      String(b.sendTime ?? '').localeCompare(String(a.sendTime ?? '')),
  );
}
