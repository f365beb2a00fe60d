import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { settleSharedSecrets } from './platform/crypto/shared-secrets.js';
import { openDatabase } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { keepServingOnFaults } from './platform/http/process-faults.js';
import { withStartupLock } from './platform/db/startup-lock.js';

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
const close = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);
await app.listen({ port: config.port, host: config.host });
// From here on an error nothing caught is logged and the server keeps serving (docs/security.md, Faults).
keepServingOnFaults(app.log);
