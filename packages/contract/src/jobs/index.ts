import { z } from 'zod';

/** Wire shapes of scheduled jobs (`/sys/quartzJob`). */

/** A sys_quartz_job row with the status text and the next and last firing times. */
export const jobRow = z.looseObject({
  id: z.string(),
  jobClassName: z.string(),
  cronExpression: z.string(),
  parameter: z.string().nullable(),
  description: z.string().nullable(),
  /** 0 running, -1 paused */
  status: z.number(),
  status_dictText: z.string(),
  /** yyyy-MM-dd HH:mm:ss, null when not scheduled */
  nextFireTime: z.string().nullable(),
  lastFireTime: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateBy: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRow>;

/** One run of a job (`quartzJob/logs`). */
export const jobLogRow = z.looseObject({
  id: z.string(),
  jobId: z.string(),
  jobClassName: z.string().nullable(),
  /** 'cron' or 'manual' */
  triggerType: z.string(),
  /** yyyy-MM-dd HH:mm:ss */
  fireTime: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  costTime: z.number().nullable(),
  /** 'success' or 'fail' */
  status: z.string().nullable(),
  message: z.string().nullable(),
  instance: z.string().nullable(),
});
export type JobLogRow = z.infer<typeof jobLogRow>;

/** A job class the scheduler can run (`quartzJob/handlers`). */
export const jobHandler = z.object({ name: z.string(), description: z.string(), parameterHint: z.string() });
export type JobHandler = z.infer<typeof jobHandler>;
