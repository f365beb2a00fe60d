import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server not healthy after ${ms} ms: ${last}`);
}

/**
 * Starts the built server (`apps/server/dist/main.js`, serving `apps/web/dist`) on a free port with a
 * fresh DATA_DIR and the captcha off, and provides its base URL to the journeys.
 */
export default async function setup(project: TestProject) {
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error('apps/server/dist/main.js missing: run `npm run build` first');
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist missing: run `npm run build` first');
  mkdirSync(path.join(ROOT, '.test-artifacts'), { recursive: true });
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'go-e2e-'));
  // Serve a private copy of the built app so a rebuild during the run cannot swap the assets.
  const webDist = path.join(dataDir, 'web-dist');
  cpSync(path.join(ROOT, 'apps/web/dist'), webDist, { recursive: true });
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOGIN_CAPTCHA: 'off',
      // a preview site: the journeys drive the settings drawer, which a production site does not show
      SETTINGS_PREVIEW: 'on',
      // SMS codes go to the recording channel; journeys read them from its test outbox
      SMS_PROVIDER: 'recording',
      SMS_TEST_OUTBOX: 'on',
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseURL}/jeecg-boot/actuator/health`, child, 90_000);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
}
