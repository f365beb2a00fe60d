import { sysHealth } from '@go/contract';
import { z } from 'zod';
import { PUBLIC } from '../../platform/access/access.js';
import type { AppContext } from '../../platform/context.js';
import { fileStorageFor } from '../../platform/files/file-storage.js';
import type { Api } from '../../platform/http/api.js';
import { databaseAnswers } from './health.queries.js';

type Status = 'UP' | 'DOWN';

/** How long one dependency may take to answer before it counts as down. */
const PROBE_MS = 3000;

/** Instances that are shutting down: readiness answers DOWN from the first moment (see main.ts). */
const draining = new WeakSet<AppContext>();

/** Marks the instance as shutting down: readiness turns DOWN so balancers stop sending new requests. */
export function startDraining(ctx: AppContext): void {
  draining.add(ctx);
}

/** `probe` answers true within PROBE_MS; a throw or a timeout is false. */
async function within(probe: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_MS);
    timer.unref();
  });
  try {
    return await Promise.race([probe().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The state of each dependency: the database, Redis (when configured) and the file storage. */
async function dependencies(ctx: AppContext) {
  const { db, dbKind, redis, config } = ctx;
  const storage = fileStorageFor(config);
  const [dbUp, redisUp, storageUp] = await Promise.all([
    within(() => databaseAnswers(db)),
    redis ? within(async () => (await redis.ping()) === 'PONG') : Promise.resolve(null),
    within(() => storage.healthy()),
  ]);
  const dbStatus: Status = dbUp ? 'UP' : 'DOWN';
  const redisStatus: Status | 'NOT_CONFIGURED' = redisUp === null ? 'NOT_CONFIGURED' : redisUp ? 'UP' : 'DOWN';
  const storageStatus: Status = storageUp ? 'UP' : 'DOWN';
  return {
    up: dbUp && redisUp !== false && storageUp,
    components: {
      db: { status: dbStatus, details: { database: dbKind === 'postgres' ? 'PostgreSQL' : 'SQLite' } },
      redis: { status: redisStatus },
      storage: { status: storageStatus, details: { type: storage.type } },
    },
  };
}

const probeAnswer = z.object({ status: z.enum(['UP', 'DOWN']) });

/**
 * `/actuator/health`: database, Redis and file storage status, plain JSON as actuator endpoints answer.
 * `/actuator/health/liveness`: 200 while the process serves. `/actuator/health/readiness`: 503 while a
 * dependency is down or the instance is shutting down (a balancer sends no new requests then).
 */
export async function healthRoutes(app: Api): Promise<void> {
  app.get(
    '/actuator/health',
    { config: { access: PUBLIC, oplog: false }, schema: { tags: ['监控'], summary: '健康检查', response: { 200: sysHealth, 503: sysHealth } } },
    async (_req, reply) => {
      const { up, components } = await dependencies(app.ctx);
      return reply.status(up ? 200 : 503).send({ status: up ? 'UP' : 'DOWN', components });
    },
  );

  app.get(
    '/actuator/health/liveness',
    { config: { access: PUBLIC, oplog: false }, schema: { tags: ['监控'], summary: '存活检查', response: { 200: probeAnswer } } },
    async () => ({ status: 'UP' as const }),
  );

  app.get(
    '/actuator/health/readiness',
    {
      config: { access: PUBLIC, oplog: false },
      schema: { tags: ['监控'], summary: '就绪检查', response: { 200: probeAnswer, 503: probeAnswer } },
    },
    async (_req, reply) => {
      const ready = !draining.has(app.ctx) && (await dependencies(app.ctx)).up;
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'UP' : 'DOWN' });
    },
  );
}
