import { Cron } from 'croner';
import { CRON_OPTIONS, validateCronExpression } from '@go/contract';

/**
 * Next-run computation whose work is bounded by construction, for the server (the cron preview any
 * signed-in user may call, and the scheduler):
 * - the search never looks further than `horizonYears` ahead;
 * - `L-n` (n days before the month's end, which croner lacks) is computed month by month: the candidate day
 *   is derived arithmetically, so a month costs at most one croner call, and months the month field
 *   excludes or that are too short cost none;
 * - an expression that can never fire (`L-30` in February, `L-31`) is answered at once without searching.
 * The async form yields to the event loop every twelve months searched, so a preview never holds the thread long.
 */
const OFFSET = 8 * 3600 * 1000;
const YIELD_EVERY_MONTHS = 12;
/** Longest days in each month in any year (February counts 29). */
const MAX_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function splitDaysBeforeEnd(fields: string[]): { fields: string[]; minus: number | null } {
  const m = /^L-(\d+)$/.exec(fields[3]);
  if (!m) return { fields, minus: null };
  const copy = [...fields];
  copy[3] = '*';
  return { fields: copy, minus: Number(m[1]) };
}

const gmt8 = (t: number) => new Date(t + OFFSET);
const startOfDayGmt8 = (y: number, mo: number, d: number) => Date.UTC(y, mo, d) - OFFSET;

/** Months (0-11) the expression's month field allows, found with one probe per month in a leap year. */
function allowedMonths(cron: Cron): boolean[] {
  return MAX_DAYS.map((_, mo) => {
    const start = startOfDayGmt8(2028, mo, 1);
    const next = cron.nextRun(new Date(start - 1));
    return !!next && gmt8(next.getTime()).getUTCMonth() === mo && gmt8(next.getTime()).getUTCFullYear() === 2028;
  });
}

export interface BoundedOptions {
  /** replace a 7th (year) field by `*`, as the editor's preview does */
  ignoreYear?: boolean;
  /** how far ahead to look (default 10 years) */
  horizonYears?: number;
}

/** Thrown for an invalid expression (the message is the user-facing text). */
export class CronExpressionError extends Error {}

const PAUSE = Symbol('pause');

/** The search itself: yields run times in order, and PAUSE between batches of months. */
function* search(expression: string, from: Date, opts: BoundedOptions): Generator<Date | typeof PAUSE> {
  const problem = validateCronExpression(expression);
  if (problem) throw new CronExpressionError(problem);
  let fields = expression.trim().split(/\s+/);
  if (opts.ignoreYear && fields.length === 7) fields = fields.slice(0, 6);
  const split = splitDaysBeforeEnd(fields);
  const cron = new Cron(split.fields.join(' '), { ...CRON_OPTIONS, paused: true });
  const horizon = from.getTime() + (opts.horizonYears ?? 10) * 366 * 24 * 3600 * 1000;
  if (split.minus === null) {
    // croner's own search is bounded; the horizon bounds how far its answers may lie.
    let cursor = from;
    for (;;) {
      const next = cron.nextRun(cursor);
      if (!next || next.getTime() > horizon) return;
      yield next;
      cursor = next;
    }
  }
  const minus = split.minus;
  // Month membership ignores a year field (the probe year is fixed); the year is checked by the search.
  const months = allowedMonths(split.fields.length === 7 ? new Cron(split.fields.slice(0, 6).join(' '), { ...CRON_OPTIONS, paused: true }) : cron);
  // Impossible at once: no allowed month is ever long enough for the day `L-n`.
  if (!months.some((ok, mo) => ok && MAX_DAYS[mo] - minus >= 1)) return;
  const f = gmt8(from.getTime());
  let y = f.getUTCFullYear();
  let mo = f.getUTCMonth();
  for (let step = 1; ; step++) {
    const monthStart = startOfDayGmt8(y, mo, 1);
    if (monthStart > horizon) return;
    const day = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate() - minus;
    if (months[mo] && day >= 1) {
      const dayStart = startOfDayGmt8(y, mo, day);
      const dayEnd = startOfDayGmt8(y, mo, day + 1);
      let cursor = new Date(Math.max(dayStart - 1, from.getTime()));
      while (cursor.getTime() < dayEnd) {
        const next = cron.nextRun(cursor);
        if (!next || next.getTime() >= dayEnd) break;
        yield next;
        cursor = next;
      }
    }
    mo++;
    if (mo === 12) {
      mo = 0;
      y++;
    }
    if (step % YIELD_EVERY_MONTHS === 0) yield PAUSE;
  }
}

/** Up to `count` run times after `from` (exclusive), never searching beyond the horizon; yields the thread between batches. */
export async function boundedNextRuns(expression: string, count: number, from: Date, opts: BoundedOptions = {}): Promise<Date[]> {
  const out: Date[] = [];
  if (count <= 0) return out;
  for (const x of search(expression, from, opts)) {
    if (x === PAUSE) await new Promise((r) => setImmediate(r));
    else if (out.push(x) >= count) break;
  }
  return out;
}

/** The next run after `from` (synchronous, same bounds), or null. */
export function boundedNextRun(expression: string, from: Date, opts: BoundedOptions = {}): Date | null {
  for (const x of search(expression, from, opts)) if (x !== PAUSE) return x;
  return null;
}

/** Previews in flight per user; a user may run `MAX_PREVIEWS_PER_USER` at once. */
const inFlight = new Map<string, number>();
export const MAX_PREVIEWS_PER_USER = 2;

/** Runs `work` unless the user already has the maximum of previews in flight (then returns null). */
export async function withPreviewSlot<T>(userId: string, work: () => Promise<T>): Promise<T | null> {
  const n = inFlight.get(userId) ?? 0;
  if (n >= MAX_PREVIEWS_PER_USER) return null;
  inFlight.set(userId, n + 1);
  try {
    return await work();
  } finally {
    const left = (inFlight.get(userId) ?? 1) - 1;
    if (left <= 0) inFlight.delete(userId);
    else inFlight.set(userId, left);
  }
}
