import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { startDraining } from './modules/health/health.routes.js';
import { settleSharedSecrets } from './platform/crypto/shared-secrets.js';
import { openDatabase } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { withStartupLock } from './platform/db/startup-lock.js';
import { keepServingOnFaults } from './platform/http/process-faults.js';

const config = loadConfig();
const database = openDatabase(config.databaseUrl, config.dataDir);
// the secrets' table comes with the migrations, which instances starting together take turns to run
await withStartupLock(database, () => migrateToLatest(database.db));
// PostgreSQL: every instance uses the secrets stored in the database (docs/security.md, Secrets); an explicit
// setting that differs from them stops the start here, before anything is served.
if (config.sharedSecrets) {
  try {
    await settleSharedSecrets(database.db, database.kind, config);
  } catch (err) {
    await database.close();
    console.error(`Refusing to start: ${(err as Error).message}`);
    process.exit(1);
  }
}
const app = await buildApp({ config, database });
// Shutdown (SIGTERM, SIGINT): readiness turns DOWN first, sockets are told 1001 (going away) so they
// reconnect elsewhere, then the server stops taking connections and waits for requests in flight (idle
// keep-alive connections close at once); the database and Redis close last.
let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  startDraining(app.ctx);
  app.ctx.realtime.goingAway();
  try {
    await app.close();
  } catch (err) {
    console.error(`Shutdown failed: ${(err as Error).message}`);
    process.exit(1);
  }
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);
await app.listen({ port: config.port, host: config.host });
// From here on an error nothing caught is logged and the server keeps serving (docs/security.md, Faults).
keepServingOnFaults(app.log);
