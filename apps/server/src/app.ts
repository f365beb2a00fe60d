import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import { registerModules } from './modules/index.js';
import { installGuard, type RegisteredRoute } from './platform/access/guard.js';
import { AuthCache, connectAuthCache, withAuthCacheInvalidation } from './platform/auth/auth-cache.js';
import { RedisSessionStore, SqlSessionStore } from './platform/auth/session-store.js';
import { TokenService } from './platform/auth/token.js';
import type { AppContext } from './platform/context.js';
import { installCrypto } from './platform/crypto/crypto.plugin.js';
import { serializeSigned } from './platform/crypto/envelope.js';
import { openDatabase, type DbHandle } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { withStartupLock } from './platform/db/startup-lock.js';
import { installApiDocs } from './platform/http/api-docs.js';
import { installLowAppId } from './platform/http/low-app.js';
import { responseSerializer } from './platform/http/api.js';
import { logRequest } from './platform/http/redact.js';
import { indexHtmlHeaders } from './platform/http/web-headers.js';
import { installErrorHandler } from './platform/http/error-handler.js';
import { installNulGuard } from './platform/http/nul-guard.js';
import './platform/http/fastify-types.js';
import { RedisKvStore, SqlKvStore } from './platform/kv/kv-store.js';
import { installOperationLog } from './platform/oplog/oplog.js';
import { installChangeContext } from './platform/audit/audit.js';
import { RealtimeHub } from './platform/realtime/hub.js';
import { PUBLIC } from './platform/access/access.js';
import { ensureFirstAdmin } from './seed/first-admin.js';
import { seedDemo, seedProduct } from './seed/index.js';

export interface BuildOptions {
  config: AppConfig;
  /** An already open database (tests); otherwise opened from config. */
  database?: DbHandle;
  /** Run migrations and the demo seed (default true). */
  prepare?: boolean;
  logger?: boolean;
  /** Write the JSON request log here (tests read it back); implies logging at config.logLevel or info. */
  logStream?: NodeJS.WritableStream;
}

export type App = FastifyInstance & { routeTable: RegisteredRoute[]; dbHandle: DbHandle };

/** Builds the whole application: infrastructure, platform hooks, then the domain modules. */
export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config } = opts;
  const app = Fastify({
    logger:
      !opts.logStream && (opts.logger === false || config.logLevel === 'silent')
        ? false
        : {
            level: config.logLevel === 'silent' ? 'info' : config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: ['req.headers["x-access-token"]', 'req.headers.authorization'],
            // Tokens in URLs (sockets, downloads) are masked in every request log line.
            serializers: { req: logRequest },
          },
    bodyLimit: 2 * 1024 * 1024,
    // Forwarded headers are believed only from configured proxies (TRUST_PROXY; none by default).
    trustProxy: config.trustProxy as true, // typed as one member for Fastify's overloads; any form is accepted
    ajv: { customOptions: { coerceTypes: 'array' } },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.checkResponses, config.aesKey));
  // Answers without a response schema for their status (errors, plain routes) are signed the same way.
  app.setReplySerializer((payload) => serializeSigned(payload, config.aesKey));

  const database = opts.database ?? openDatabase(config.databaseUrl, config.dataDir);
  if (opts.prepare !== false) {
    // Instances starting together on one PostgreSQL take turns, so each migration and seed part runs once.
    await withStartupLock(database, async () => {
      await migrateToLatest(database.db);
      if (config.seedDemo) {
        await seedDemo(database.db);
        return;
      }
      await seedProduct(database.db);
      const first = await ensureFirstAdmin(database.db, config.firstAdmin);
      if (first.created && first.generatedPassword) {
        const line = `首次启动：已创建管理员 ${first.username}，一次性密码 ${first.generatedPassword}（仅显示这一次，首次登录须修改密码）`;
        if (app.log.level === 'silent') process.stderr.write(line + '\n');
        else app.log.warn({ firstAdmin: first.username }, line);
      } else if (first.created) {
        app.log.info({ firstAdmin: first.username }, `首次启动：已按 ADMIN_PASSWORD 创建管理员 ${first.username}`);
      }
    });
  }

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  // A Redis outage is logged (readiness reports it); the client reconnects by itself.
  redis?.on('error', (err: Error) => app.log.warn({ err: err.message }, 'Redis connection error'));
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    kv: redis ? new RedisKvStore(redis) : new SqlKvStore(database.db),
    sessions: redis ? new RedisSessionStore(redis) : new SqlSessionStore(database.db),
    tokens: new TokenService(config.jwtSecret, config.sessionTtlMs),
    redis,
    log: app.log,
    permissions: { has: async () => false, invalidate: () => undefined },
    realtime: new RealtimeHub(redis, app.log),
  };
  // Signed-in requests resolve their session and user from a short-lived cache, dropped on every session end.
  const authCache = new AuthCache();
  ctx.authCache = authCache;
  ctx.sessions = withAuthCacheInvalidation(ctx.sessions, authCache, ctx.realtime);
  connectAuthCache(authCache, ctx.realtime);
  app.decorate('ctx', ctx);
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('dbHandle', database);

  installErrorHandler(app, config.basePath);
  installGuard(app, routeTable);
  installLowAppId(app);
  installCrypto(app);
  installNulGuard(app);
  installOperationLog(app);
  installChangeContext(app);

  await app.register(fastifyMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 20 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: '集团办公与人事后台 API', version: '1.0.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The API console: administrators only by default (API_DOCS; see platform/http/api-docs.ts).
  await installApiDocs(app, config);

  await app.register(
    async (api) => {
      await registerModules(api);
    },
    { prefix: config.basePath },
  );

  serveWebApp(app, config);

  app.addHook('onClose', async () => {
    await database.close();
    if (redis) redis.disconnect();
  });
  return app as unknown as App;
}

/** Serves the built single-page app, with the runtime config the client needs injected into index.html. */
function serveWebApp(app: FastifyInstance, config: AppConfig): void {
  const indexFile = config.webDist ? path.join(config.webDist, 'index.html') : '';
  if (!indexFile || !existsSync(indexFile)) return;
  const runtime = {
    baseURL: config.basePath,
    aesKey: config.aesKey,
    aesIv: config.aesIv,
    signatureSecret: config.signatureSecret,
    settingsPreview: config.settingsPreview,
  };
  const html = readFileSync(indexFile, 'utf8').replace(
    '<!--runtime-config-->',
    `<script>window._CONFIG=${JSON.stringify(runtime)}</script>`,
  );
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(config.basePath) && !route.config?.access) {
      route.config = { ...(route.config ?? {}), access: PUBLIC };
    }
  });
  // The build names every file under assets/ by its content hash: cached for a year without revalidation.
  // Both parts send the build's .br / .gz twin of a file when the browser accepts it (vite.config.ts writes them).
  const assetsDir = path.join(config.webDist, 'assets');
  if (existsSync(assetsDir))
    app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      index: false,
      wildcard: false,
      preCompressed: true,
      maxAge: 365 * 24 * 3600 * 1000,
      immutable: true,
      decorateReply: false,
    });
  app.register(fastifyStatic, { root: config.webDist, prefix: '/', index: false, wildcard: false, preCompressed: true, globIgnore: ['assets/**'] });
  const headers = indexHtmlHeaders(html);
  // index.html is revalidated on every load (no-cache) and answers 304 when unchanged.
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  const sendIndex = (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag).headers(headers);
    if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
    return reply.send(html);
  };
  app.get('/', { config: { access: PUBLIC } }, sendIndex);
  app.decorate('webIndex', sendIndex);
}
