import { hostname } from 'node:os';
import { validateCronExpression } from '@go/contract';
import { boundedNextRun } from './bounded-cron.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { newId } from '../db/ids.js';
import { formatDateTime } from '../db/time.js';
import './scheduler.tables.js';

/** Next firing strictly after `after` (epoch ms), or null when the expression never fires again. */
export function nextFireAfter(expression: string, after: number): number | null {
  // Bounded by construction (see bounded-cron.ts); a firing more than 50 years ahead counts as never.
  const next = boundedNextRun(expression, new Date(after), { horizonYears: 50 });
  return next ? next.getTime() : null;
}

/** Why an expression cannot be scheduled (Quartz rules, exactly one of day and week '?'), or null. */
export function cronProblem(expression: string): string | null {
  return validateCronExpression(expression);
}

export interface JobRun {
  jobId: string;
  jobClassName: string;
  parameter: string | null;
  /** epoch ms of the firing this run belongs to */
  fireTime: number;
  trigger: 'cron' | 'manual';
}

/** Runs one firing; the returned text (if any) goes into the run history. Throwing marks the run failed. */
export type JobExecutor = (run: JobRun) => Promise<string | void>;

export interface SchedulerOptions {
  /** Longest pause between two looks at the job table. */
  maxPollMs?: number;
  /** Name of this instance in the run history. */
  instance?: string;
}

/**
 * A quartz-style scheduler over the `sys_quartz_job` table. Every instance polls the due jobs; a firing
 * is claimed with `UPDATE … SET next_fire = <following> WHERE id = ? AND next_fire = <due>`, which only one
 * instance can win on SQLite and PostgreSQL alike, so each firing runs once however many instances run.
 * Missed firings (an instance was down) are not replayed: the job runs once and moves to the next time
 * after now (Quartz's "fire once now" misfire policy).
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;
  private readonly inFlight = new Set<Promise<void>>();
  readonly instance: string;
  private readonly maxPollMs: number;

  constructor(
    private readonly db: Database,
    private readonly execute: JobExecutor,
    private readonly log: FastifyBaseLogger,
    opts: SchedulerOptions = {},
  ) {
    this.maxPollMs = opts.maxPollMs ?? 1000;
    this.instance = opts.instance ?? `${hostname()}:${process.pid}`;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Sets the next firing of a running job from now (after add, edit or resume); pauses clear it. */
  async reschedule(jobId: string): Promise<void> {
    const job = await this.db
      .selectFrom('sysQuartzJob')
      .select(['id', 'cronExpression', 'status', 'delFlag'])
      .where('id', '=', jobId)
      .executeTakeFirst();
    if (!job) return;
    const next = job.status === 0 && job.delFlag === 0 ? this.safeNext(job.cronExpression, Date.now()) : null;
    await this.db.updateTable('sysQuartzJob').set({ nextFire: next }).where('id', '=', jobId).execute();
    this.wake();
  }

  /** Runs a job once about 100 ms from now on this instance (the `execute` call), outside its schedule. */
  runOnce(job: { id: string; jobClassName: string; parameter: string | null }): void {
    const t = setTimeout(() => {
      this.track(this.runJob({ jobId: job.id, jobClassName: job.jobClassName, parameter: job.parameter, fireTime: Date.now(), trigger: 'manual' }));
    }, 100);
    t.unref();
  }

  /** Looks at the table now (after a change) instead of waiting for the next poll. */
  wake(): void {
    if (this.stopped || this.running) return;
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick().catch((err: unknown) => this.log.error({ err }, 'scheduler poll failed')), ms);
    this.timer.unref();
  }

  private safeNext(expression: string, after: number): number | null {
    try {
      return nextFireAfter(expression, after);
    } catch {
      return null;
    }
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = true;
    let delay = this.maxPollMs;
    try {
      const now = Date.now();
      // Running jobs that lost their next time (new rows written directly, or restored): schedule them.
      const unscheduled = await this.db
        .selectFrom('sysQuartzJob')
        .select(['id', 'cronExpression'])
        .where('status', '=', 0)
        .where('delFlag', '=', 0)
        .where('nextFire', 'is', null)
        .limit(100)
        .execute();
      for (const j of unscheduled) {
        const next = this.safeNext(j.cronExpression, now);
        if (next !== null) {
          await this.db
            .updateTable('sysQuartzJob')
            .set({ nextFire: next })
            .where('id', '=', j.id)
            .where('nextFire', 'is', null)
            .execute();
        }
      }
      const due = await this.db
        .selectFrom('sysQuartzJob')
        .select(['id', 'jobClassName', 'cronExpression', 'parameter', 'nextFire'])
        .where('status', '=', 0)
        .where('delFlag', '=', 0)
        .where('nextFire', '<=', now)
        .orderBy('nextFire')
        .limit(100)
        .execute();
      for (const j of due) {
        const fireTime = Number(j.nextFire);
        const following = this.safeNext(j.cronExpression, Math.max(now, fireTime));
        const claim = await this.db
          .updateTable('sysQuartzJob')
          .set({ nextFire: following, lastFire: fireTime })
          .where('id', '=', j.id)
          .where('nextFire', '=', fireTime)
          .executeTakeFirst();
        if (Number(claim.numUpdatedRows) !== 1) continue; // another instance took this firing
        this.track(this.runJob({ jobId: j.id, jobClassName: j.jobClassName, parameter: j.parameter, fireTime, trigger: 'cron' }));
      }
      const soonest = await this.db
        .selectFrom('sysQuartzJob')
        .select((eb) => eb.fn.min('nextFire').as('m'))
        .where('status', '=', 0)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      const m = soonest?.m === null || soonest?.m === undefined ? null : Number(soonest.m);
      if (m !== null) delay = Math.max(20, Math.min(this.maxPollMs, m - Date.now() + 5));
    } catch (err) {
      this.log.warn({ err }, 'scheduler poll failed');
    } finally {
      this.running = false;
      this.schedule(delay);
    }
  }

  /** Keeps a run for `stop()`; a run that fails anyway (its history write never throws) is logged, never left unhandled. */
  private track(p: Promise<void>): void {
    this.inFlight.add(p);
    p.catch((err: unknown) => this.log.error({ err }, 'job run failed')).finally(() => this.inFlight.delete(p));
  }

  /** Runs the handler and writes one history row; never throws. */
  private async runJob(run: JobRun): Promise<void> {
    const started = Date.now();
    let status = 'success';
    let message = '';
    try {
      message = (await this.execute(run)) ?? '';
    } catch (err) {
      status = 'fail';
      message = err instanceof Error ? err.message : String(err);
    }
    const ended = Date.now();
    try {
      await this.db
        .insertInto('sysQuartzJobLog')
        .values({
          id: newId(),
          jobId: run.jobId,
          jobClassName: run.jobClassName,
          triggerType: run.trigger,
          fireTime: run.fireTime,
          startTime: formatDateTime(started),
          endTime: formatDateTime(ended),
          costTime: ended - started,
          status,
          message: message.slice(0, 2000),
          instance: this.instance,
        })
        .execute();
    } catch (err) {
      this.log.warn({ err, jobId: run.jobId }, 'job history write failed');
    }
  }
}
