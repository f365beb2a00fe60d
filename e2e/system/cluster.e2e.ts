import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startS3, type TestS3 } from '../../apps/server/test/files/s3-server';
import { launchBrowser, loginAs, screenshot } from '../support/browser';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** `url` with its database name replaced. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

interface Instance {
  base: string;
  child: ChildProcess;
  output: string[];
  dataDir: string;
}

/**
 * Two built servers as a scaled deployment: one fresh PostgreSQL database, one Redis, one S3 bucket
 * (s3rver), and no secrets given — the instances settle them through the database. A person signed in on
 * instance A carries on on instance B with the same session; a file uploaded on one is downloaded on the
 * other; a notice published on A reaches the browser's socket on B; a job firing every second runs once
 * per firing across both.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)('a cluster of two instances on PostgreSQL, Redis and S3', () => {
  const dbName = `go_e2e_cluster_${process.pid}`;
  let s3: TestS3;
  let browser: Browser;
  let context: BrowserContext;
  const instances: Instance[] = [];
  let onA: Page;
  let onB: Page;

  const start = async (): Promise<Instance> => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'go-e2e-cluster-'));
    const output: string[] = [];
    const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: withDatabase(DATABASE_URL, dbName),
        REDIS_URL,
        FILE_STORAGE: 's3',
        S3_ENDPOINT: s3.settings.endpoint,
        S3_BUCKET: s3.settings.bucket,
        S3_REGION: s3.settings.region,
        S3_ACCESS_KEY: s3.settings.accessKey,
        S3_SECRET_KEY: s3.settings.secretKey,
        S3_FORCE_PATH_STYLE: 'on',
        JWT_SECRET: '',
        SIGNATURE_SECRET: '',
        AES_KEY: '',
        AES_IV: '',
        LOGIN_CAPTCHA: 'off',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(inject('dataDir'), 'web-dist'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (b: Buffer) => output.push(b.toString('utf8')));
    child.stderr!.on('data', (b: Buffer) => output.push(b.toString('utf8')));
    return { base: `http://127.0.0.1:${port}`, child, output, dataDir };
  };

  const ready = async (i: Instance) => {
    const until = Date.now() + 120_000;
    for (;;) {
      if (i.child.exitCode !== null) throw new Error(`server exited with ${i.child.exitCode}: ${i.output.join('').slice(-2000)}`);
      try {
        if ((await fetch(`${i.base}/jeecg-boot/actuator/health/readiness`)).ok) return;
      } catch {
        /* starting */
      }
      if (Date.now() > until) throw new Error(`server not ready: ${i.output.join('').slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  };

  /** The signed-in session of the page (the token the web app keeps), for API calls made from the page. */
  const call = (page: Page, url: string, init: { method?: string; body?: unknown } = {}) =>
    page.evaluate(
      async ({ url, method, body }) => {
        const token = JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value as string;
        const res = await fetch(url, {
          method: method ?? 'GET',
          headers: { 'x-access-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: res.status, text: await res.text() };
      },
      { url, method: init.method, body: init.body },
    );

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    s3 = await startS3('go-e2e-cluster');
    // Started together: they take turns migrating and seeding, and settle one set of secrets.
    instances.push(await start(), await start());
    await Promise.all(instances.map(ready));
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', reducedMotion: 'reduce' });
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    for (const i of instances) {
      i.child.kill('SIGTERM');
      const until = Date.now() + 10_000;
      while (i.child.exitCode === null && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      if (i.child.exitCode === null) i.child.kill('SIGKILL');
      rmSync(i.dataDir, { recursive: true, force: true });
    }
    await s3?.close();
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('a person signed in on instance A carries on on instance B with the same session', async () => {
    const [a, b] = instances;
    onA = await context.newPage();
    await loginAs(onA, 'admin', '123456', `${a.base}/user/login`);
    // localStorage belongs to one origin: the session the web app keeps is carried over as it is.
    const kept = await onA.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('pro__')).map((k) => [k, localStorage.getItem(k)!])));
    expect(Object.keys(kept)).toContain('pro__Access-Token');
    onB = await context.newPage();
    await onB.goto(`${b.base}/user/login`);
    await onB.evaluate((entries) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, kept);
    await onB.goto(`${b.base}/`);
    await onB.getByTestId('app-header').waitFor();
    expect(new URL(onB.url()).pathname.startsWith('/user/')).toBe(false);
    await screenshot(onB, 'system-cluster-instance-b');
  });

  it('a file uploaded through instance A is downloaded through instance B', async () => {
    const [a, b] = instances;
    const uploaded = await onA.evaluate(async (url) => {
      const token = JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value as string;
      const form = new FormData();
      form.append('biz', 'office');
      form.append('file', new Blob(['集群共享的文件内容'], { type: 'text/plain' }), '共享说明.txt');
      const res = await fetch(url, { method: 'POST', headers: { 'x-access-token': token }, body: form });
      return (await res.json()) as { success: boolean; message: string; result: { msg: string } };
    }, `${a.base}/jeecg-boot/sys/common/upload`);
    expect(uploaded).toMatchObject({ success: true, result: { msg: 'minio' } });
    expect(await s3.keys()).toContain(uploaded.message);
    const rel = uploaded.message.split('/').map(encodeURIComponent).join('/');
    expect(await call(onB, `${b.base}/jeecg-boot/sys/common/static/${rel}`)).toEqual({ status: 200, text: '集群共享的文件内容' });
  });

  it('a notice published through instance A reaches the socket the browser holds on instance B', async () => {
    const [a, b] = instances;
    // The browser's user socket on B (opened by the web app once signed in).
    const pushes: string[] = [];
    const answering = new Promise<void>((resolve) =>
      onB.on('websocket', (ws) => {
        if (!ws.url().includes(`${new URL(b.base).host}/jeecg-boot/websocket/`)) return;
        ws.on('framereceived', (f) => {
          pushes.push(String(f.payload));
          resolve();
        });
      }),
    );
    await onB.reload();
    await onB.getByTestId('app-header').waitFor();
    // The first answer on the socket (the heartbeat echo, within about 10 s) shows B holds it.
    await answering;
    const title = `集群通知${Date.now()}`;
    const added = await call(onA, `${a.base}/jeecg-boot/sys/annountCement/add`, { method: 'POST', body: { titile: title, msgContent: '两个实例' } });
    expect(JSON.parse(added.text).success).toBe(true);
    const list = JSON.parse((await call(onA, `${a.base}/jeecg-boot/sys/annountCement/list?pageSize=50&titile=${encodeURIComponent(title)}`)).text) as {
      result: { records: { id: string; titile: string }[] };
    };
    const id = list.result.records.find((r) => r.titile === title)!.id;
    // Published through A; the socket is on B: the push crosses through Redis.
    let published = '';
    await expect
      .poll(
        async () => {
          if (!published) published = JSON.parse((await call(onA, `${a.base}/jeecg-boot/sys/annountCement/doReleaseData?id=${id}`)).text).message;
          return pushes.some((p) => p.includes(id));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(published).toBe('该系统通知发布成功');
    expect(JSON.parse(pushes.find((p) => p.includes(id))!)).toMatchObject({ cmd: 'topic', msgId: id, msgTxt: title });
  });

  it('a job firing every second runs once per firing across both instances', async () => {
    const [a] = instances;
    const description = `集群任务${Date.now()}`;
    const added = await call(onA, `${a.base}/jeecg-boot/sys/quartzJob/add`, {
      method: 'POST',
      body: { jobClassName: 'office.job.SampleJob', cronExpression: '* * * * * ? *', parameter: 'cluster', description },
    });
    expect(JSON.parse(added.text).success).toBe(true);
    const jobs = JSON.parse((await call(onA, `${a.base}/jeecg-boot/sys/quartzJob/list?pageSize=100`)).text) as { result: { records: { id: string; description: string }[] } };
    const jobId = jobs.result.records.find((j) => j.description === description)!.id;
    type Log = { fireTime: string; triggerType: string };
    const logs = async () =>
      (JSON.parse((await call(onA, `${a.base}/jeecg-boot/sys/quartzJob/logs?jobId=${jobId}&pageSize=100`)).text) as { result: { records: Log[] } }).result.records.filter(
        (l) => l.triggerType === 'cron',
      );
    await expect.poll(async () => (await logs()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    await call(onA, `${a.base}/jeecg-boot/sys/quartzJob/pause?id=${jobId}`);
    const fired = (await logs()).map((l) => l.fireTime);
    // one run (one log line) per firing, whichever instance took it
    expect(new Set(fired).size).toBe(fired.length);
  });
});
