import type { JobRow } from '@go/contract';
import type { CurrentUser } from '../../platform/access/access.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { formatDateTime, now } from '../../platform/db/time.js';
import type { Page } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import { cronProblem, Scheduler, type JobRun } from '../../platform/scheduler/scheduler.js';
import type { SysQuartzJob, SysQuartzJobLog } from '../../platform/scheduler/scheduler.tables.js';
import { searchText } from '../../platform/http/list-params.js';
import type { DictService } from '../system/dict/dict.service.js';
import type { JobRegistry } from './handlers.js';
import { likeContains } from '../../platform/query/like.js';
import { applyFilters, applySort, paging, runPage, type Whitelist } from '../../platform/query/query-builder.js';

export const JOB_TEXTS = {
  added: '创建定时任务成功',
  edited: '更新定时任务成功!',
  paused: '暂停定时任务成功',
  resumed: '恢复定时任务成功',
  executed: '执行成功!',
  deleted: '删除成功!',
  batchDeleted: '删除定时任务成功!',
  missing: '定时任务不存在！',
  notFound: '未找到对应实体',
  unknownClass: (name: string) => `后台找不到该类名：${name}`,
} as const;

export interface JobInput {
  jobClassName: string;
  cronExpression: string;
  parameter?: string | null;
  description?: string | null;
  status?: number | null;
}

export interface JobListQuery {
  pageNo?: number;
  pageSize?: number;
  column?: string;
  order?: string;
  jobClassName?: string;
  status?: number;
  description?: string;
}

/** `status` is an equal filter; `jobClassName` and `description` are searched by substring. */
const JOB_LIST: Whitelist = {
  status: { column: 'status', type: 'number' },
  jobClassName: { column: 'jobClassName', filterable: false },
  cronExpression: { column: 'cronExpression', filterable: false },
  createTime: { column: 'createTime', filterable: false },
};

/** The run history filters: equal values, newest run first. */
const JOB_LOG_LIST: Whitelist = { jobId: 'jobId', status: 'status' };


/** Scheduled jobs (/sys/quartzJob): maintenance of the job table, the scheduler and the run history. */
export class JobService {
  readonly scheduler: Scheduler;

  constructor(
    private readonly ctx: AppContext,
    readonly registry: JobRegistry,
    private readonly dicts: DictService,
  ) {
    this.scheduler = new Scheduler(ctx.db, (run) => this.execute(run), ctx.log);
  }

  private get db() {
    return this.ctx.db;
  }

  private async execute(run: JobRun): Promise<string | void> {
    const h = this.registry.get(run.jobClassName);
    if (!h) throw new Error(JOB_TEXTS.unknownClass(run.jobClassName));
    return h.run(run.parameter, run);
  }

  private check(input: JobInput): void {
    if (!this.registry.get(input.jobClassName)) throw businessError(JOB_TEXTS.unknownClass(input.jobClassName));
    const problem = cronProblem(input.cronExpression);
    if (problem) throw businessError(`Cron表达式不正确：${problem}`);
  }

  private async withDictText(j: SysQuartzJob): Promise<JobRow> {
    const { nextFire, lastFire, ...rest } = j;
    return {
      ...rest,
      status_dictText: await this.dicts.translate('quartz_status', j.status),
      nextFireTime: nextFire ? formatDateTime(Number(nextFire)) : null,
      lastFireTime: lastFire ? formatDateTime(Number(lastFire)) : null,
    };
  }

  async list(q: JobListQuery): Promise<Page<JobRow>> {
    let base = applyFilters(this.db.selectFrom('sysQuartzJob').where('delFlag', '=', 0), { status: q.status }, JOB_LIST);
    if (searchText(q.jobClassName)) base = base.where(likeContains('jobClassName', searchText(q.jobClassName)));
    if (searchText(q.description)) base = base.where(likeContains('description', searchText(q.description)));
    const pg = await runPage<typeof base, SysQuartzJob>(
      base,
      (qb) => applySort(qb.selectAll(), { column: q.column, order: q.order }, JOB_LIST, { field: 'createTime', order: 'desc', lenient: true }).orderBy('id', 'desc'),
      paging({ ...q }),
    );
    const out: JobRow[] = [];
    for (const r of pg.records) out.push(await this.withDictText(r));
    return { ...pg, records: out };
  }

  private async find(id: string): Promise<SysQuartzJob> {
    const j = await this.db.selectFrom('sysQuartzJob').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
    if (!j) throw businessError(JOB_TEXTS.notFound);
    return j;
  }

  async get(id: string): Promise<JobRow> {
    return this.withDictText(await this.find(id));
  }

  async add(user: CurrentUser, input: JobInput): Promise<SysQuartzJob> {
    this.check(input);
    const row: SysQuartzJob = {
      id: newId(),
      jobClassName: input.jobClassName.trim(),
      cronExpression: input.cronExpression.trim(),
      parameter: input.parameter ?? null,
      description: input.description ?? null,
      status: input.status === -1 ? -1 : 0,
      delFlag: 0,
      nextFire: null,
      lastFire: null,
      createBy: user.username,
      createTime: now(),
      updateBy: null,
      updateTime: null,
    };
    await this.db.insertInto('sysQuartzJob').values(row).execute();
    await this.scheduler.reschedule(row.id);
    return row;
  }

  async edit(user: CurrentUser, id: string, input: JobInput): Promise<void> {
    await this.find(id);
    this.check(input);
    await this.db
      .updateTable('sysQuartzJob')
      .set({
        jobClassName: input.jobClassName.trim(),
        cronExpression: input.cronExpression.trim(),
        parameter: input.parameter ?? null,
        description: input.description ?? null,
        status: input.status === -1 ? -1 : 0,
        updateBy: user.username,
        updateTime: now(),
      })
      .where('id', '=', id)
      .execute();
    await this.scheduler.reschedule(id);
  }

  /**
   * One imported row (定时任务 import): the job with the same class name and parameter (an empty parameter
   * matches an empty one) is updated — expression and description — and keeps its running state; a row
   * naming no job adds one, paused, whatever the sheet says. docs/realtime-and-jobs.md.
   */
  async importJob(user: CurrentUser, input: JobInput): Promise<'added' | 'updated'> {
    this.check(input);
    const jobClassName = input.jobClassName.trim();
    const parameter = input.parameter ?? '';
    const existing = await this.db
      .selectFrom('sysQuartzJob')
      .select(['id', 'description'])
      .where('jobClassName', '=', jobClassName)
      .where('delFlag', '=', 0)
      .where((eb) => (parameter === '' ? eb.or([eb('parameter', 'is', null), eb('parameter', '=', '')]) : eb('parameter', '=', parameter)))
      .orderBy('createTime')
      .orderBy('id')
      .executeTakeFirst();
    if (!existing) {
      await this.add(user, { ...input, status: -1 });
      return 'added';
    }
    await this.db
      .updateTable('sysQuartzJob')
      .set({
        cronExpression: input.cronExpression.trim(),
        description: input.description ?? existing.description,
        updateBy: user.username,
        updateTime: now(),
      })
      .where('id', '=', existing.id)
      .execute();
    await this.scheduler.reschedule(existing.id);
    return 'updated';
  }

  /** The id of a job named by id, or (older clients) by its class name. */
  async resolveId(q: { id?: string; jobClassName?: string }): Promise<string> {
    if (q.id) return q.id;
    const j = await this.db
      .selectFrom('sysQuartzJob')
      .select('id')
      .where('jobClassName', '=', (q.jobClassName ?? '').trim())
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!j) throw businessError(JOB_TEXTS.missing);
    return j.id;
  }

  async setStatus(user: CurrentUser, id: string, status: 0 | -1): Promise<void> {
    await this.find(id);
    await this.db.updateTable('sysQuartzJob').set({ status, updateBy: user.username, updateTime: now() }).where('id', '=', id).execute();
    await this.scheduler.reschedule(id);
  }

  async executeOnce(id: string): Promise<void> {
    const j = await this.find(id);
    if (!this.registry.get(j.jobClassName)) throw businessError(JOB_TEXTS.unknownClass(j.jobClassName));
    this.scheduler.runOnce(j);
  }

  /** Unschedules, then deletes for good (as stock does); the run history stays. */
  async remove(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await this.db.deleteFrom('sysQuartzJob').where('id', 'in', ids).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async history(q: { jobId?: string; status?: string; pageNo?: number; pageSize?: number }) {
    const base = applyFilters(this.db.selectFrom('sysQuartzJobLog'), { jobId: q.jobId, status: q.status }, JOB_LOG_LIST);
    const pg = await runPage<typeof base, SysQuartzJobLog>(base, (qb) => qb.selectAll().orderBy('fireTime', 'desc').orderBy('id', 'desc'), paging({ ...q }));
    return { ...pg, records: pg.records.map((r) => ({ ...r, fireTime: formatDateTime(Number(r.fireTime)) })) };
  }
}
