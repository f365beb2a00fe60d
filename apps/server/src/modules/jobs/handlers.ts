import type { AppContext } from '../../platform/context.js';
import { SqlKvStore } from '../../platform/kv/kv-store.js';
import type { JobRun } from '../../platform/scheduler/scheduler.js';
import type { DictService } from '../system/dict/dict.service.js';

/** A job handler: what a job's class name (任务类名) runs. The returned text goes into the run history. */
export interface JobHandler {
  /** the class name a job names, e.g. `office.job.SampleJob` */
  name: string;
  /** shown in the job form's class picker */
  description: string;
  /** what the parameter field holds */
  parameterHint?: string;
  run(parameter: string | null, run: JobRun): Promise<string | void>;
}

/** The handlers a job may name; modules (and tests) add their own with `register`. */
export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly aliases = new Map<string, string>();

  register(h: JobHandler, ...aliases: string[]): void {
    this.handlers.set(h.name, h);
    for (const a of aliases) this.aliases.set(a, h.name);
  }

  get(name: string): JobHandler | undefined {
    const key = name.trim();
    return this.handlers.get(key) ?? this.handlers.get(this.aliases.get(key) ?? '');
  }

  list(): { name: string; description: string; parameterHint: string }[] {
    return [...this.handlers.values()].map((h) => ({
      name: h.name,
      description: h.description,
      parameterHint: h.parameterHint ?? '',
    }));
  }
}

export const JOB_NAMES = {
  purgeSessions: 'office.job.PurgeExpiredSessionsJob',
  refreshDict: 'office.job.RefreshDictCacheJob',
  sample: 'office.job.SampleJob',
} as const;

/** The internal realtime topic that makes every instance drop its dictionary cache. */
export const DICT_REFRESH_TOPIC = 'dict:refresh';

/** The jobs' own handlers; other modules add theirs (e.g. the announcement module's 发布一条系统通知). */
export function builtInHandlers(ctx: AppContext, dicts: DictService): JobHandler[] {
  return [
    {
      name: JOB_NAMES.purgeSessions,
      description: '清理过期会话与过期缓存键',
      async run() {
        const sessions = await ctx.sessions.purgeExpired();
        const keys = ctx.kv instanceof SqlKvStore ? await ctx.kv.purgeExpired() : 0;
        return `清理过期会话 ${sessions} 条，过期缓存键 ${keys} 条`;
      },
    },
    {
      name: JOB_NAMES.refreshDict,
      description: '刷新字典缓存（所有实例）',
      async run() {
        ctx.realtime.publishInternal(DICT_REFRESH_TOPIC);
        dicts.refresh();
        return '刷新缓存完成！';
      },
    },
    {
      name: JOB_NAMES.sample,
      description: '示例任务：记录一次运行',
      parameterHint: '任意文本',
      async run(parameter) {
        return `示例任务运行${parameter ? `，参数：${parameter}` : ''}`;
      },
    },
  ];
}
