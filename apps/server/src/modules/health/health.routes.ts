import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PUBLIC } from '../../platform/access/access.js';

type Status = 'UP' | 'DOWN';

/** `/actuator/health`: database and Redis status, plain JSON as actuator endpoints answer. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/actuator/health',
    { config: { access: PUBLIC, oplog: false }, schema: { tags: ['监控'], summary: '健康检查' } },
    async (_req, reply) => {
      const { db, dbKind, redis } = app.ctx;
      let dbStatus: Status = 'UP';
      try {
        await sql`select 1`.execute(db);
      } catch {
        dbStatus = 'DOWN';
      }
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
