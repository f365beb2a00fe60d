import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  envelope,
  failure,
  listResponse,
  sysActuatorMetric,
  sysHttpTrace,
  sysMonitorDisk,
  sysRedisInfoRow,
  sysRedisKeysSize,
  sysRedisMemory,
  sysServerInfo,
} from '@go/contract';
import { z } from 'zod';
import { zs } from '../../platform/http/list-params.js';
import { perm } from '../../platform/access/access.js';
import { formatDateTime } from '../../platform/db/time.js';
import type { Api } from '../../platform/http/api.js';
import { fail, ok } from '../../platform/http/envelope.js';
import type { HttpTrace } from './httptrace.js';
import { databaseVersionOf } from './monitor.queries.js';

export const MONITOR_PERMS = {
  server: 'monitor:server:view',
  trace: 'monitor:httptrace:view',
  redis: 'monitor:redis:view',
} as const;

const REDIS_NOT_CONFIGURED = '未配置Redis（REDIS_URL）';

function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const c of os.cpus()) {
    idle += c.times.idle;
    total += c.times.user + c.times.nice + c.times.sys + c.times.idle + c.times.irq;
  }
  return { idle, total };
}

/** System CPU usage (0-1) over a short sample. */
async function cpuUsage(sampleMs = 100): Promise<number> {
  const a = cpuTimes();
  await new Promise((r) => setTimeout(r, sampleMs));
  const b = cpuTimes();
  const total = b.total - a.total;
  return total > 0 ? Math.max(0, Math.min(1, 1 - (b.idle - a.idle) / total)) : 0;
}

async function processCpuUsage(sampleMs = 100): Promise<number> {
  const start = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, sampleMs));
  const d = process.cpuUsage(start);
  const elapsedUs = Number(process.hrtime.bigint() - t0) / 1000;
  return elapsedUs > 0 ? (d.user + d.system) / elapsedUs / Math.max(1, os.cpus().length) : 0;
}

async function disks(paths: string[]): Promise<{ name: string; max: number; rest: number; restPPT: number }[]> {
  const out = [];
  const seen = new Set<string>();
  for (const p of paths) {
    try {
      const s = await statfs(p);
      const max = s.blocks * s.bsize;
      const rest = s.bavail * s.bsize;
      const key = `${s.blocks}:${s.bsize}:${s.type}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ name: p, max, rest, restPPT: max > 0 ? Math.round(((max - rest) * 100) / max) : 0 });
    } catch {
      // path missing or not statable
    }
  }
  return out;
}

/** Parses `INFO` output into `{key, value, description}` rows (the description is the section). */
function parseRedisInfo(text: string): { key: string; value: string; description: string }[] {
  const rows: { key: string; value: string; description: string }[] = [];
  let section = '';
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#')) {
      section = line.slice(1).trim();
      continue;
    }
    const i = line.indexOf(':');
    if (i > 0) rows.push({ key: line.slice(0, i), value: line.slice(i + 1), description: section });
  }
  return rows;
}

const metricParams = z.object({ name: zs().min(1).max(100) });
/** An unknown metric (actuator format). */
const actuatorNotFound = z.object({ status: z.number(), error: z.string(), message: z.string() });

/**
 * Monitoring: the server (CPU, memory, disk, Node and database versions), recent requests
 * (`/actuator/httptrace`) and Redis (`/sys/actuator/redis/*`, reference §7.3). Actuator-style answers are
 * plain JSON, the others the usual envelope. All need a monitoring permission (stock leaves them open).
 */
export async function monitorRoutes(app: Api, trace: HttpTrace): Promise<void> {
  const { ctx } = app;
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  app.addHook('onClose', async () => loop.disable());
  trace.install(app);


  app.get(
    '/sys/actuator/server/info',
    { config: { access: perm(MONITOR_PERMS.server) }, schema: { tags: ['系统监控'], summary: '服务器信息', response: { 200: envelope(sysServerInfo) } } },
    async () => {
      const mem = process.memoryUsage();
      const [usage, procUsage] = await Promise.all([cpuUsage(), processCpuUsage()]);
      const cpus = os.cpus();
      return ok({
        cpu: { count: cpus.length, model: cpus[0]?.model ?? '', usage, processUsage: procUsage, loadAverage: os.loadavg() },
        memory: { total: os.totalmem(), free: os.freemem(), used: os.totalmem() - os.freemem() },
        process: {
          pid: process.pid,
          rss: mem.rss,
          heapUsed: mem.heapUsed,
          heapTotal: mem.heapTotal,
          external: mem.external,
          uptime: Math.round(process.uptime()),
          startTime: formatDateTime(Date.now() - process.uptime() * 1000),
          eventLoopDelayMs: Number.isFinite(loop.mean) ? Math.round((loop.mean / 1e6) * 100) / 100 : 0,
        },
        node: { version: process.version, platform: process.platform, arch: process.arch },
        os: { hostname: os.hostname(), type: os.type(), release: os.release(), uptime: Math.round(os.uptime()) },
        database: { kind: ctx.dbKind === 'postgres' ? 'PostgreSQL' : 'SQLite', version: await databaseVersionOf(ctx.db, ctx.dbKind) },
        redis: { configured: !!ctx.redis },
        sockets: ctx.realtime.stats(),
        disks: await disks(['/', ctx.config.dataDir].filter(Boolean)),
      });
    },
  );

  app.get(
    '/actuator/metrics/:name',
    { config: { access: perm(MONITOR_PERMS.server), oplog: false }, schema: { tags: ['系统监控'], summary: '指标（actuator 格式）', params: metricParams, response: { 200: sysActuatorMetric, 404: actuatorNotFound } } },
    async (req, reply) => {
      const { name } = req.params;
      const mem = process.memoryUsage();
      const values: Record<string, () => Promise<number> | number> = {
        'system.cpu.count': () => os.cpus().length,
        'system.cpu.usage': () => cpuUsage(),
        'system.load.average.1m': () => os.loadavg()[0],
        'process.cpu.usage': () => processCpuUsage(),
        'process.uptime': () => process.uptime(),
        'process.start.time': () => (Date.now() - process.uptime() * 1000) / 1000,
        'process.memory.rss': () => mem.rss,
        'nodejs.heap.used': () => mem.heapUsed,
        'nodejs.heap.total': () => mem.heapTotal,
        'nodejs.memory.external': () => mem.external,
        'nodejs.eventloop.delay': () => (Number.isFinite(loop.mean) ? loop.mean / 1e9 : 0),
        'system.memory.total': () => os.totalmem(),
        'system.memory.free': () => os.freemem(),
        'http.server.requests': () => trace.count,
        'websocket.sessions': () => ctx.realtime.stats().userSockets,
      };
      const f = values[name];
      if (!f) return reply.status(404).send({ status: 404, error: 'Not Found', message: `No metric ${name}` });
      return reply.send({ name, description: null, baseUnit: null, measurements: [{ statistic: 'VALUE', value: await f() }], availableTags: [] });
    },
  );

  app.get(
    '/actuator/httptrace',
    { config: { access: perm(MONITOR_PERMS.trace), oplog: false }, schema: { tags: ['系统监控'], summary: '最近的请求（actuator 格式）', response: { 200: sysHttpTrace } } },
    async (_req, reply) => reply.send({ traces: trace.list() }),
  );

  app.get(
    '/sys/actuator/redis/info',
    { config: { access: perm(MONITOR_PERMS.redis), oplog: false }, schema: { tags: ['系统监控'], summary: 'Redis 信息', response: { 200: z.union([listResponse(sysRedisInfoRow), failure]) } } },
    async () => {
      if (!ctx.redis) return fail(REDIS_NOT_CONFIGURED);
      return ok(parseRedisInfo(await ctx.redis.info()));
    },
  );

  app.get(
    '/sys/actuator/redis/keysSize',
    { config: { access: perm(MONITOR_PERMS.redis), oplog: false }, schema: { tags: ['系统监控'], summary: 'Redis 键数量', response: { 200: z.union([sysRedisKeysSize, failure]) } } },
    async (_req, reply) => {
      if (!ctx.redis) return reply.send(fail(REDIS_NOT_CONFIGURED));
      return reply.send({ dbSize: await ctx.redis.dbsize(), create_time: Date.now() });
    },
  );

  app.get(
    '/sys/actuator/redis/memoryInfo',
    { config: { access: perm(MONITOR_PERMS.redis), oplog: false }, schema: { tags: ['系统监控'], summary: 'Redis 内存', response: { 200: z.union([sysRedisMemory, failure]) } } },
    async (_req, reply) => {
      if (!ctx.redis) return reply.send(fail(REDIS_NOT_CONFIGURED));
      const info = parseRedisInfo(await ctx.redis.info('memory'));
      const used = Number(info.find((r) => r.key === 'used_memory')?.value ?? 0);
      return reply.send({ used_memory: used, create_time: Date.now() });
    },
  );

  app.get(
    '/sys/actuator/redis/queryDiskInfo',
    { config: { access: perm(MONITOR_PERMS.server), oplog: false }, schema: { tags: ['系统监控'], summary: '磁盘信息', response: { 200: listResponse(sysMonitorDisk) } } },
    async () => ok(await disks(['/', ctx.config.dataDir, ctx.config.uploadDir].filter(Boolean))),
  );
}
