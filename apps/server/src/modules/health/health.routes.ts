import { sysHealth } from '@go/contract';
import { PUBLIC } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { databaseAnswers } from './health.queries.js';

type Status = 'UP' | 'DOWN';

/** `/actuator/health`: database and Redis status, plain JSON as actuator endpoints answer. */
export async function healthRoutes(app: Api): Promise<void> {
  app.get(
    '/actuator/health',
    { config: { access: PUBLIC, oplog: false }, schema: { tags: ['监控'], summary: '健康检查', response: { 200: sysHealth, 503: sysHealth } } },
    async (_req, reply) => {
      const { db, dbKind, redis } = app.ctx;
      const dbStatus: Status = (await databaseAnswers(db)) ? 'UP' : 'DOWN';
      let redisStatus: Status | 'NOT_CONFIGURED' = 'NOT_CONFIGURED';
      if (redis) {
        try {
          redisStatus = (await redis.ping()) === 'PONG' ? 'UP' : 'DOWN';
        } catch {
          redisStatus = 'DOWN';
        }
      }
      const up = dbStatus === 'UP' && redisStatus !== 'DOWN';
      return reply.status(up ? 200 : 503).send({
        status: up ? 'UP' : 'DOWN',
        components: {
          db: { status: dbStatus, details: { database: dbKind === 'postgres' ? 'PostgreSQL' : 'SQLite' } },
          redis: { status: redisStatus },
        },
      });
    },
  );
}
