import { loadConfig } from '../../../config.js';
import { openDatabase } from '../../../platform/db/database.js';
import { migrateToLatest } from '../../../platform/db/migrate.js';
import { seedDemo, seedProduct } from '../../../seed/index.js';
import { importJeecg } from './importer.js';
import { formatReport } from './report.js';
import { JeecgSource } from './source.js';

/**
 * `npm run import:jeecg -- mysql://user:pass@host:3306/dbname [--with-logs] [--verbose]`
 * Imports a JeecgBoot 3.x database into the database `npm start` uses (DATA_DIR / DATABASE_URL), prepared the
 * way the server prepares it at start (migrations, then the demo seed, or with SEED_DEMO=off the product alone).
 */
/** Progress and the report go to standard output; errors to standard error. */
const say = (line: string) => process.stdout.write(`${line}\n`);

const USAGE = '用法：npm run import:jeecg -- mysql://用户:密码@主机:3306/库名 [--with-logs] [--verbose]';

async function main(argv: string[]): Promise<number> {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const urls = argv.filter((a) => !a.startsWith('--'));
  const unknown = [...flags].filter((f) => !['--with-logs', '--verbose', '--help'].includes(f));
  if (flags.has('--help') || urls.length !== 1 || unknown.length || !/^(mysql|mariadb):\/\//.test(urls[0])) {
    if (unknown.length) console.error(`未知参数：${unknown.join(' ')}`);
    console.error(USAGE);
    return flags.has('--help') ? 0 : 2;
  }
  const sourceUrl = urls[0].replace(/^mariadb:/, 'mysql:');
  const config = loadConfig();
  const target = config.databaseUrl ? config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@') : `${config.dataDir}/app.db`;
  say(`目标数据库：${target}`);
  const handle = openDatabase(config.databaseUrl, config.dataDir);
  let source: JeecgSource | undefined;
  try {
    say('准备目标数据库（迁移与' + (config.seedDemo ? '演示数据，SEED_DEMO=off 可不装演示数据' : '产品基础数据') + '）…');
    await migrateToLatest(handle.db);
    if (config.seedDemo) await seedDemo(handle.db);
    else await seedProduct(handle.db);
    say(`连接源数据库：${sourceUrl.replace(/\/\/[^@/]*@/, '//***@')}`);
    source = await JeecgSource.open(sourceUrl);
    const report = await importJeecg(handle.db, source, {
      withLogs: flags.has('--with-logs'),
      onProgress: say,
    });
    say(formatReport(report, { verbose: flags.has('--verbose') }));
    return 0;
  } catch (err) {
    console.error(`导入失败：${(err as Error).message}`);
    return 1;
  } finally {
    await source?.close();
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
