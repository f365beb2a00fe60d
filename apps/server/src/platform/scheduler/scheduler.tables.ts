import type { Audit } from '../db/schema.js';

export interface SysQuartzJob extends Audit {
  id: string;
  jobClassName: string;
  cronExpression: string;
  parameter: string | null;
  description: string | null;
  /** 0 running, -1 paused */
  status: number;
  delFlag: number;
  /** epoch ms of the next firing (null: not scheduled) */
  nextFire: number | null;
  lastFire: number | null;
}

export interface SysQuartzJobLog {
  id: string;
  jobId: string;
  jobClassName: string | null;
  /** 'cron' or 'manual' */
  triggerType: string;
  fireTime: number;
  startTime: string | null;
  endTime: string | null;
  costTime: number | null;
  /** 'success' or 'fail' */
  status: string | null;
  message: string | null;
  instance: string | null;
}

declare module '../db/schema.js' {
  interface DB {
    sysQuartzJob: SysQuartzJob;
    sysQuartzJobLog: SysQuartzJobLog;
  }
}
