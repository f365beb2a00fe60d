import { z } from 'zod';

/** A disk (`/sys/actuator/redis/queryDiskInfo` and the server info): bytes, and the used share in percent. */
export const sysMonitorDisk = z.object({ name: z.string(), max: z.number(), rest: z.number(), restPPT: z.number() });

/** `/sys/actuator/server/info`: CPU, memory, process, Node, OS, database, Redis, sockets and disks. */
export const sysServerInfo = z.looseObject({
  cpu: z.looseObject({ count: z.number(), model: z.string(), usage: z.number(), processUsage: z.number(), loadAverage: z.array(z.number()) }),
  memory: z.looseObject({ total: z.number(), free: z.number(), used: z.number() }),
  process: z.looseObject({
    pid: z.number(),
    rss: z.number(),
    heapUsed: z.number(),
    heapTotal: z.number(),
    external: z.number(),
    uptime: z.number(),
    startTime: z.string(),
    eventLoopDelayMs: z.number(),
  }),
  node: z.looseObject({ version: z.string(), platform: z.string(), arch: z.string() }),
  os: z.looseObject({ hostname: z.string(), type: z.string(), release: z.string(), uptime: z.number() }),
  database: z.object({ kind: z.string(), version: z.string() }),
  redis: z.object({ configured: z.boolean() }),
  sockets: z.looseObject({ users: z.number(), userSockets: z.number(), tableSockets: z.number() }),
  disks: z.array(sysMonitorDisk),
});

/** `/actuator/metrics/{name}` (actuator format, no envelope). */
export const sysActuatorMetric = z.object({
  name: z.string(),
  description: z.null(),
  baseUnit: z.null(),
  measurements: z.array(z.object({ statistic: z.string(), value: z.number() })),
  availableTags: z.array(z.unknown()),
});

/** `/actuator/httptrace` (actuator format): the recent requests, newest first. */
export const sysHttpTrace = z.object({
  traces: z.array(
    z.object({
      timestamp: z.string(),
      request: z.object({ method: z.string(), uri: z.string(), remoteAddress: z.string() }),
      response: z.object({ status: z.number() }),
      principal: z.object({ name: z.string() }).nullable(),
      timeTaken: z.number(),
    }),
  ),
});

/** A line of Redis `INFO` (`description` = its section). */
export const sysRedisInfoRow = z.object({ key: z.string(), value: z.string(), description: z.string() });
/** `/sys/actuator/redis/keysSize` (no envelope). */
export const sysRedisKeysSize = z.object({ dbSize: z.number(), create_time: z.number() });
/** `/sys/actuator/redis/memoryInfo` (no envelope). */
export const sysRedisMemory = z.object({ used_memory: z.number(), create_time: z.number() });

const componentStatus = z.enum(['UP', 'DOWN', 'NOT_CONFIGURED']);
/** `/actuator/health` (actuator format): 200 when up, 503 when the database, a configured Redis or the file storage is down. */
export const sysHealth = z.object({
  status: z.enum(['UP', 'DOWN']),
  components: z.object({
    db: z.object({ status: componentStatus, details: z.object({ database: z.string() }) }),
    redis: z.object({ status: componentStatus }),
    /** where uploads are kept: the local folder or an S3-compatible bucket */
    storage: z.object({ status: componentStatus, details: z.object({ type: z.enum(['local', 's3']) }) }),
  }),
});
