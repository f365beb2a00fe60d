/**
 * Phone pages, first load to the to-do list over Chromium DevTools' "Fast 3G" profile.
 * Target: navigation start → the to-do list visible with its rows ≤ 3 s from a cold cache, ≤ 1 s warm.
 *
 * Build-free: it serves what `npm run build` left (apps/server/dist/main.js and apps/web/dist), as the
 * browser journeys do (fresh DATA_DIR, seeded SQLite, LOGIN_CAPTCHA off). Chromium (/usr/bin/chromium)
 * at a phone viewport (360×740, mobile user agent, touch), signed in through /h5/login as machao
 * (a department head with seeded to-dos), then per run:
 * - cold: a new browser context (empty HTTP cache) with the signed-in storage, /h5/todo loaded once;
 * - warm: the same context, /h5/todo loaded again in a new tab (HTTP cache primed by the cold load).
 * Network: DevTools' Fast 3G preset through CDP Network.emulateNetworkConditions — latency 150 × 3.75 =
 * 562.5 ms, download 1.6 Mbps × 0.9 = 180,000 B/s, upload 750 kbps × 0.9 = 84,375 B/s. CPU throttling off.
 * The time is read in the page: performance.now() (from navigation start) when the first
 * [data-testid="h5-todo-item"] row is laid out with a size, seen by a MutationObserver installed before
 * any script of the page.
 *
 *   npm run build && npx tsx bench/h5-load.ts          (BENCH_H5_RUNS=7 by default)
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { compiledServerMain, startAppServer } from './lib/server.js';

const root = path.resolve(import.meta.dirname, '..');
const dist = process.env.BENCH_WEB_DIST || path.join(root, 'apps/web/dist');
if (!existsSync(compiledServerMain)) throw new Error('apps/server/dist/main.js missing: run `npm run build` first');
if (!existsSync(path.join(dist, 'index.html'))) throw new Error('apps/web/dist missing: run `npm run build` first');

/** Chromium DevTools' "Fast 3G" preset (front_end/core/sdk/NetworkManager.ts). */
const FAST_3G = { offline: false, latency: 150 * 3.75, downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, uploadThroughput: ((750 * 1000) / 8) * 0.9 };
const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36',
  locale: 'zh-CN',
};
const ROW = '[data-testid="h5-todo-item"]';
const COLD_TARGET = 3000;
const WARM_TARGET = 1000;

/** Records performance.now() when the first to-do row is on screen with a size. */
const watchRows = `(() => {
  const check = () => {
    if (window.__rowsAt) return true;
    const el = document.querySelector(${JSON.stringify(ROW)});
    if (el && el.getBoundingClientRect().height > 0) { window.__rowsAt = performance.now(); return true; }
    return false;
  };
  const start = () => {
    if (check()) return;
    const mo = new MutationObserver(() => { if (check()) mo.disconnect(); });
    mo.observe(document, { childList: true, subtree: true, attributes: true });
  };
  start();
})();`;

interface Load {
  ms: number;
  requests: number;
  /** bytes over the wire (encoded body + headers as the network reports them) */
  bytes: number;
  fromCache: number;
}

/** Loads /h5/todo in a new tab of `ctx` over Fast 3G and returns the time to the rows. */
async function load(ctx: BrowserContext, url: string): Promise<Load> {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  let requests = 0;
  let bytes = 0;
  let fromCache = 0;
  cdp.on('Network.responseReceived', (e) => {
    requests++;
    if (e.response.fromDiskCache) fromCache++;
  });
  cdp.on('Network.requestServedFromCache', () => {
    fromCache++;
  });
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
  });
  await page.addInitScript(watchRows);
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(ROW).first().waitFor({ timeout: 120_000 });
  const ms = await page.evaluate(() => (window as unknown as { __rowsAt: number }).__rowsAt);
  // let late requests (after the rows) finish so the next load starts from a settled cache
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await cdp.detach();
  await page.close();
  return { ms, requests, bytes, fromCache };
}

// a private copy of the built app, so a rebuild during the run cannot swap the assets
const webCopy = mkdtempSync(path.join(os.tmpdir(), 'go-bench-web-'));
cpSync(dist, webCopy, { recursive: true });
const srv = await startAppServer('sqlite', { WEB_DIST: webCopy }, { compiled: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
});
try {
  // What the server says about caching and encoding of the page and one hashed script.
  const html = await fetch(`${srv.url}/h5/todo`, { headers: { 'accept-encoding': 'br, gzip' } });
  const htmlText = await html.text();
  const script = /<script[^>]+src="([^"]+)"/.exec(htmlText)?.[1] ?? '';
  const asset = script ? await fetch(`${srv.url}${script}`, { headers: { 'accept-encoding': 'br, gzip' } }) : null;
  await asset?.arrayBuffer();
  console.log(`index.html: cache-control ${html.headers.get('cache-control')}, etag ${html.headers.get('etag') ?? '—'}, encoding ${html.headers.get('content-encoding') ?? 'identity'}`);
  if (asset)
    console.log(`${script}: cache-control ${asset.headers.get('cache-control')}, encoding ${asset.headers.get('content-encoding') ?? 'identity'}`);

  // Sign in once (unthrottled) through the phone sign-in page; every run starts from its storage.
  const signIn = await browser.newContext(PHONE);
  const lp = await signIn.newPage();
  await lp.goto(`${srv.url}/h5/login`);
  await lp.getByTestId('h5-username').locator('input').fill('machao');
  await lp.getByTestId('h5-password').locator('input').fill('123456');
  await lp.getByTestId('h5-captcha').locator('input').fill('0000');
  await lp.getByTestId('h5-login-submit').click();
  await lp.getByTestId('h5-home').waitFor();
  const storageState = await signIn.storageState();
  await signIn.close();

  const runs = Number(process.env.BENCH_H5_RUNS || 7);
  const cold: Load[] = [];
  const warm: Load[] = [];
  for (let i = 0; i < runs; i++) {
    const ctx = await browser.newContext({ ...PHONE, storageState });
    cold.push(await load(ctx, `${srv.url}/h5/todo`));
    warm.push(await load(ctx, `${srv.url}/h5/todo`));
    await ctx.close();
  }
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  };
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const row = (name: string, loads: Load[], target: number) => {
    const ms = loads.map((l) => l.ms);
    const p95 = pct(ms, 95);
    console.log(
      name.padEnd(44),
      `p50 ${Math.round(pct(ms, 50))} ms`.padStart(12),
      `p95 ${Math.round(p95)} ms`.padStart(12),
      `≤ ${target} ms`.padStart(12),
      p95 <= target ? 'met' : 'not met',
    );
  };
  console.log('Fast 3G (562.5 ms latency, 180,000 B/s down, 84,375 B/s up), CPU not throttled, 360×740 phone');
  console.log('figure'.padEnd(44), 'p50'.padStart(12), 'p95'.padStart(12), 'target'.padStart(12), 'verdict');
  row(`/h5/todo → rows, cold cache (${runs} runs)`, cold, COLD_TARGET);
  row(`/h5/todo → rows, warm cache (${runs} runs)`, warm, WARM_TARGET);
  const c = cold[0];
  const w = warm[0];
  console.log(`cold: ${c.requests} responses, ${kb(c.bytes)} over the wire; warm: ${w.requests} responses (${w.fromCache} from the cache), ${kb(w.bytes)} over the wire`);
  console.log(`cold runs: ${cold.map((l) => Math.round(l.ms)).join(', ')} ms; warm runs: ${warm.map((l) => Math.round(l.ms)).join(', ')} ms`);
} finally {
  await browser.close();
  await srv.stop();
  rmSync(webCopy, { recursive: true, force: true });
}
