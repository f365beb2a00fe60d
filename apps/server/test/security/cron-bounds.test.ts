import { Cron } from 'croner';
import { nextCronRuns } from '@go/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { boundedNextRun, boundedNextRuns, MAX_PREVIEWS_PER_USER, withPreviewSlot } from '../../src/platform/scheduler/bounded-cron.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const FROM = new Date('2026-11-24T02:00:00Z');

describe('[SECURITY] cron next runs are bounded by construction', () => {
  afterEach(() => vi.restoreAllMocks());

  it('agrees with the reference computation on ordinary expressions', async () => {
    for (const e of ['0 0/5 * * * ?', '0 0 12 ? * MON-FRI', '0 15 10 L * ?', '0 0 0 L-3 * ?', '0 0 8 ? * 6#3', '0 0 0 1 1 ? 2030', '*/10 * * * * ?', '0 0 0 L-2 2 ?']) {
      const ref = nextCronRuns(e, 10, FROM, { ignoreYear: true }).map((d) => d.toISOString());
      const got = (await boundedNextRuns(e, 10, FROM, { ignoreYear: true, horizonYears: 50 })).map((d) => d.toISOString());
      expect(got, e).toEqual(ref);
    }
    expect(boundedNextRun('0 0 0 L-3 * ?', FROM)?.toISOString()).toBe(nextCronRuns('0 0 0 L-3 * ?', 1, FROM)[0].toISOString());
  });

  it('finding 4: an impossible L-n answers at once (only the twelve month probes)', async () => {
    const spy = vi.spyOn(Cron.prototype, 'nextRun');
    for (const e of ['* * * L-30 2 ?', '* * * L-31 * ?', '0 0 0 L-30 2,2 ?']) {
      spy.mockClear();
      expect(await boundedNextRuns(e, 10, FROM, { ignoreYear: true })).toEqual([]);
      expect(spy.mock.calls.length, e).toBeLessThanOrEqual(12);
    }
  });

  it('finding 4: a rare L-n costs at most one call per month of the horizon', async () => {
    const spy = vi.spyOn(Cron.prototype, 'nextRun');
    // The 1st of February when it is also a Monday: rare, and found only month by month.
    const runs = await boundedNextRuns('0 0 0 L-27 2 ? ', 10, FROM, { ignoreYear: true, horizonYears: 10 });
    expect(runs.length).toBeGreaterThan(0);
    const reference = nextCronRuns('* * * L-27 2 ? 2035', 10, FROM).map((d) => d.toISOString());
    spy.mockClear();
    // Only in 2035, but a year field is not known to the month probes: the search walks month by month.
    const rare = await boundedNextRuns('* * * L-27 2 ? 2035', 10, FROM, { horizonYears: 10 });
    const calls = spy.mock.calls.length;
    expect(rare.map((d) => d.toISOString())).toEqual(reference);
    // 12 month probes + one search per allowed month (11 Februaries) + the runs themselves.
    expect(calls).toBeLessThanOrEqual(12 + 11 + 10);
  });

  it('finding 4: at most two previews per user in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const started = Array.from({ length: MAX_PREVIEWS_PER_USER }, () => withPreviewSlot('u1', () => gate.then(() => 'done')));
    expect(await withPreviewSlot('u1', async () => 'third')).toBeNull();
    expect(await withPreviewSlot('u2', async () => 'other user')).toBe('other user');
    release();
    expect(await Promise.all(started)).toEqual(['done', 'done']);
    expect(await withPreviewSlot('u1', async () => 'again')).toBe('again');
  });
});

describe.each(dbKinds)('[SECURITY] /sys/quartzJob/nextRuns on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finding 4: the impossible expression of the report answers with no runs; ordinary ones with ten', async () => {
    const staff = await t.login('wuting');
    const spy = vi.spyOn(Cron.prototype, 'nextRun');
    const r = await t.call(staff, 'GET', `/sys/quartzJob/nextRuns?cronExpression=${encodeURIComponent('* * * L-30 2 ?')}`);
    expect(r.body.success).toBe(true);
    expect(r.body.result).toEqual([]);
    expect(spy.mock.calls.length).toBeLessThanOrEqual(12);
    spy.mockRestore();
    const ok = await t.call(staff, 'GET', `/sys/quartzJob/nextRuns?cronExpression=${encodeURIComponent('0 0 0 L-3 * ?')}`);
    expect(ok.body.result).toHaveLength(10);
  });
});
