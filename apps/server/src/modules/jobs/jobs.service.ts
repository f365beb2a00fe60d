import type { CurrentUser } from '../../platform/access/access.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { formatDateTime, now } from '../../platform/db/time.js';
import { page } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import { cronProblem, Scheduler, type JobRun } from '../../platform/scheduler/scheduler.js';
import type { SysQuartzJob } from '../../platform/scheduler/scheduler.tables.js';
import { likePattern, paging, sortOf } from '../announcement/list-params.js';
import type { DictService } from '../system/dict/dict.service.js';
import type { JobRegistry } from './handlers.js';
import { likeMatch } from '../../platform/query/like.js';

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

const SORT = ['createTime', 'jobClassName', 'status', 'cronExpression'] as const;

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

  private async withDictText(j: SysQuartzJob) {
    const { nextFire, lastFire, ...rest } = j;
    return {
      ...rest,
      status_dictText: await this.dicts.translate('quartz_status', j.status),
      nextFireTime: nextFire ? formatDateTime(Number(nextFire)) : null,
      lastFireTime: lastFire ? formatDateTime(Number(lastFire)) : null,
    };
  }

  async list(q: JobListQuery) {
    const p = paging(q);
    let base = this.db.selectFrom('sysQuartzJob').where('delFlag', '=', 0);
    if (q.jobClassName) base = base.where(likeMatch('jobClassName', likePattern(q.jobClassName)));
    if (q.description) base = base.where(likeMatch('description', likePattern(q.description)));
    if (q.status !== undefined) base = base.where('status', '=', q.status);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const sort = sortOf(q, SORT, 'createTime');
    const rows = await base.selectAll().orderBy(sort.column, sort.dir).orderBy('id', 'desc').limit(p.pageSize).offset(p.offset).execute();
    const out = [];
    for (const r of rows) out.push(await this.withDictText(r));
    return page(out, Number(total?.n ?? 0), p.pageNo, p.pageSize);
  }

  private async find(id: string): Promise<SysQuartzJob> {
    const j = await this.db.selectFrom('sysQuartzJob').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
    if (!j) throw businessError(JOB_TEXTS.notFound);
    return j;
  }

  async get(id: string) {
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
    const p = paging(q);
    let base = this.db.selectFrom('sysQuartzJobLog');
    if (q.jobId) base = base.where('jobId', '=', q.jobId);
    if (q.status) base = base.where('status', '=', q.status);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base.selectAll().orderBy('fireTime', 'desc').orderBy('id', 'desc').limit(p.pageSize).offset(p.offset).execute();
    return page(
      rows.map((r) => ({ ...r, fireTime: formatDateTime(Number(r.fireTime)) })),
      Number(total?.n ?? 0),
      p.pageNo,
      p.pageSize,
    );
  }
}
