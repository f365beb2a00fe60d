import { z } from 'zod';

/** A system log row (`/sys/log/list`): login (logType 1) and operation (logType 2) entries. */
export const sysLogRow = z.looseObject({
  id: z.string(),
  logType: z.number(),
  logType_dictText: z.string(),
  logContent: z.string().nullable(),
  operateType: z.number().nullable(),
  operateType_dictText: z.string(),
  userid: z.string().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.string().nullable(),
  requestUrl: z.string().nullable(),
  requestParam: z.string().nullable(),
  requestType: z.string().nullable(),
  costTime: z.number().nullable(),
  createTime: z.string().nullable(),
});

/** `/sys/loginfo`: login counts of all time and today, and today's distinct IPs. */
export const sysLoginInfo = z.object({ totalVisitCount: z.number(), todayVisitCount: z.number(), todayIp: z.number() });

/** `/sys/visitInfo`: one day of the last seven (`tian` = yyyy-MM-dd, `type` = MM-dd). */
export const sysVisitDay = z.object({ visit: z.number(), ip: z.number(), tian: z.string(), type: z.string() });
