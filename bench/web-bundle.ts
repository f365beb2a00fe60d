/**
 * Web bundle figures (issue 3 Measure): gzipped JavaScript loaded by the login page and by /zhome, the
 * largest chunk, and the time from the login click to /zhome rendered, in Chromium on localhost.
 * Targets: login ≤ 350 KB gz, /zhome ≤ 700 KB gz, no chunk ≥ 300 KB gz.
 *
 *   npm run build -w apps/web && npx tsx bench/web-bundle.ts      (BENCH_LOGIN_RUNS=5 by default)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { startAppServer } from './lib/server.js';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const assets = path.join(dist, 'assets');
if (!existsSync(path.join(dist, 'index.html'))) throw new Error('apps/web/dist missing: run `npm run build -w apps/web` first');

const gz = new Map<string, number>();
for (const f of readdirSync(assets)) if (f.endsWith('.js')) gz.set(f, gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Collects the /assets/*.js files a page fetches. */
function trackScripts(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (r) => {
    const m = /\/assets\/([^/?]+\.js)/.exec(r.url());
    if (m) seen.add(m[1]);
  });
  return seen;
}
const total = (files: Set<string>) => [...files].reduce((s, f) => s + (gz.get(f) ?? 0), 0);

const srv = await startAppServer('sqlite', { WEB_DIST: dist });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
});
try {
  const runs = Number(process.env.BENCH_LOGIN_RUNS || 5);
  const times: number[] = [];
  let loginJs = 0;
  let homeJs = 0;
  for (let i = 0; i < runs; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    const scripts = trackScripts(page);
    await page.goto(`${srv.url}/user/login`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-username').waitFor();
    if (i === 0) {
      loginJs = total(scripts);
      if (process.env.BENCH_VERBOSE)
        for (const f of [...scripts].sort((a, b) => (gz.get(b) ?? 0) - (gz.get(a) ?? 0))) console.log('  login loads', f, kb(gz.get(f) ?? 0));
    }
    await page.getByTestId('login-username').fill('yangfan');
    await page.getByTestId('login-password').fill('123456');
    await page.getByTestId('login-captcha').fill('0000');
    const t0 = Date.now();
    await page.getByTestId('login-submit').click();
    await page.getByTestId('home-greeting').waitFor({ timeout: 30_000 });
    times.push(Date.now() - t0);
    await ctx.close();
  }
  // JavaScript of a direct /zhome load by a signed-in user.
  {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${srv.url}/user/login`);
    await page.getByTestId('login-username').fill('yangfan');
    await page.getByTestId('login-password').fill('123456');
    await page.getByTestId('login-captcha').fill('0000');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('home-greeting').waitFor();
    const page2 = await ctx.newPage();
    const scripts = trackScripts(page2);
    await page2.goto(`${srv.url}/zhome`, { waitUntil: 'networkidle' });
    await page2.getByTestId('home-greeting').waitFor();
    homeJs = total(scripts);
    await ctx.close();
  }
  const [largestName, largest] = [...gz.entries()].sort((a, b) => b[1] - a[1])[0];
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const row = (name: string, value: string, target: string, ok: boolean) =>
    console.log(name.padEnd(36), value.padStart(12), target.padStart(12), ok ? 'ok' : 'OVER');
  console.log('figure'.padEnd(36), 'value'.padStart(12), 'target'.padStart(12));
  row('login page JS (gz)', kb(loginJs), '≤ 350 KB', loginJs <= 350 * 1024);
  row('/zhome JS (gz)', kb(homeJs), '≤ 700 KB', homeJs <= 700 * 1024);
  row(`largest chunk (gz) ${largestName}`, kb(largest), '< 300 KB', largest < 300 * 1024);
  row(`login click → /zhome (median of ${runs})`, `${median} ms`, '', true);
  console.log(`all runs: ${times.join(', ')} ms; ${gz.size} JS chunks in dist`);
} finally {
  await browser.close();
  await srv.stop();
}
