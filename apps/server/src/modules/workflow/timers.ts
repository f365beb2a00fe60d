import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database.js';
import { errorText, type WorkflowEngine } from './engine.js';

/** How long a claim protects a job from the other processes (a process that died frees it after this). */
export const JOB_LOCK_MS = 5 * 60_000;
/** After this many failed runs a job stays in the table, marked failed, and is not tried again. */
export const JOB_MAX_ATTEMPTS = 5;

export interface TimerOptions {
  /** Pause between two looks at the job table (ms). */
  pollMs?: number;
  /** Name of this process in `wf_job.locked_by`. */
  instance?: string;
}

/**
 * The workflow's timer poller: every server process runs one. A due job (`wf_job.due_time` ≤ the engine
 * clock) is claimed with `UPDATE wf_job SET locked_by = me WHERE id = ? AND (locked_by IS NULL OR
 * lock_until < now)` — one process wins on SQLite and PostgreSQL alike — and run by the engine in the
 * instance's command transaction, which deletes the row `WHERE locked_by = me`: each timer fires once
 * however many processes poll. A run that fails is retried later (1, 2, 4 … minutes), up to
 * JOB_MAX_ATTEMPTS times, with the error kept in `last_error`.
 */
export class WorkflowTimers {
  readonly instance: string;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Database,
    private readonly engine: WorkflowEngine,
    private readonly log: FastifyBaseLogger,
    opts: TimerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 5000;
    this.instance = (opts.instance ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`).slice(0, 100);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) await this.running.catch(() => 0);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runDue().catch((err: unknown) => {
        this.log.warn({ err }, 'workflow timer poll failed');
        return 0;
      });
      void this.running.finally(() => {
        this.running = null;
        this.schedule();
      });
    }, this.pollMs);
    this.timer.unref();
  }

  /** Fires the jobs due now that no other process holds; returns how many this process ran. */
  async runDue(limit = 50): Promise<number> {
    const at = this.engine.clock();
    const due = await this.db
      .selectFrom('wfJob')
      .select(['id'])
      .where('dueTime', '<=', at)
      .where((eb) => eb.or([eb('lockedBy', 'is', null), eb('lockUntil', '<', at)]))
      .orderBy('dueTime')
      .orderBy('id')
      .limit(limit)
      .execute();
    let fired = 0;
    for (const { id } of due) {
      const claim = await this.db
        .updateTable('wfJob')
        .set({ lockedBy: this.instance, lockUntil: at + JOB_LOCK_MS })
        .where('id', '=', id)
        .where('dueTime', '<=', at)
        .where((eb) => eb.or([eb('lockedBy', 'is', null), eb('lockUntil', '<', at)]))
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      try {
        if (await this.engine.fireJob(id, this.instance)) fired++;
      } catch (err) {
        await this.failed(id, err);
      }
    }
    return fired;
  }

  private async failed(id: string, err: unknown): Promise<void> {
    const job = await this.db.selectFrom('wfJob').select(['attempts']).where('id', '=', id).where('lockedBy', '=', this.instance).executeTakeFirst();
    if (!job) return;
    const attempts = job.attempts + 1;
    const message = errorText(err) === '系统繁忙，请稍后再试' ? String((err as Error)?.message ?? err) : errorText(err);
    this.log.warn({ err, jobId: id, attempts }, 'workflow timer failed');
    const giveUp = attempts >= JOB_MAX_ATTEMPTS;
    await this.db
      .updateTable('wfJob')
      .set({
        attempts,
        lastError: message.slice(0, 500),
        // a job that keeps failing stays, marked, for an administrator to look at
        lockedBy: giveUp ? 'failed' : null,
        lockUntil: null,
        dueTime: giveUp ? Number.MAX_SAFE_INTEGER : this.engine.clock() + 60_000 * 2 ** (attempts - 1),
      })
      .where('id', '=', id)
      .where('lockedBy', '=', this.instance)
      .execute();
  }
}
