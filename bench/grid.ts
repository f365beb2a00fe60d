/**
 * The editable grid at 5,000 rows × 20 columns in Chromium: time to first render (mount to painted rows)
 * and frame times while scrolling through it. Targets: first render ≤ 500 ms, mean frame ≤ 16 ms.
 *
 *   npm run build -w apps/web && npx tsx bench/grid.ts
 *   (GRID_ROWS=5000, SCROLL_FRAMES=300, SCROLL_STEP=120 px per frame; WEB_DIST to use another build)
 *
 * Frames are measured with the frame-rate limit off, so a frame's length is the work it took (scroll
 * event, virtual-row render, layout, paint) rather than the 60 Hz vsync interval. Two speeds: a fast
 * wheel scroll (SCROLL_STEP, about 2 rows per frame) and a jump of 1,000 px per frame, where every
 * visible row is replaced in every frame. The machine's load average is printed: on a busy machine the
 * figures are inflated.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startAppServer } from './lib/server.js';

const root = path.resolve(import.meta.dirname, '..');
const webDist = process.env.WEB_DIST || path.join(root, 'apps/web/dist');
const rows = Number(process.env.GRID_ROWS || 5000);
const frames = Number(process.env.SCROLL_FRAMES || 300);
const steps = [Number(process.env.SCROLL_STEP || 120), 1000];

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  process.exit(1);
}

const srv = await startAppServer('sqlite', { WEB_DIST: webDist });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-gpu-vsync',
    '--disable-frame-rate-limit',
  ],
});
try {
  const context = await browser.newContext({ baseURL: srv.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('123456');
  await page.getByTestId('login-captcha').fill('0000');
  await page.getByTestId('login-submit').click();
  const tenantOk = page.getByTestId('tenant-ok');
  await Promise.race([
    page.waitForURL((u) => !u.pathname.startsWith('/user/'), { timeout: 30_000 }),
    tenantOk.waitFor({ timeout: 30_000 }).then(() => tenantOk.click()),
  ]);
  await page.waitForURL((u) => !u.pathname.startsWith('/user/'));
  await page.getByTestId('app-header').waitFor({ timeout: 30_000 });
  await page.goto(`/isystem/examples?gridRows=${rows}`);
  await page.getByTestId('bench-show').waitFor({ timeout: 60_000 });

  const results: { firstRender: number; scrolls: { step: number; times: number[] }[]; renderedRows: number }[] = [];
  for (let run = 0; run < 3; run++) {
    if (run > 0) {
      await page.reload();
      await page.getByTestId('bench-show').waitFor({ timeout: 60_000 });
    }
    // Browser code as strings: the TypeScript loader would otherwise inject helpers the page lacks.
    const firstRender = (await page.evaluate(`(async () => {
      const raf = () => new Promise((r) => requestAnimationFrame(r));
      const t0 = performance.now();
      document.querySelector('[data-testid="bench-show"]').click();
      while (!document.querySelector('[data-testid="bench-grid"] [data-testid="grid-row"]')) await raf();
      await raf();
      await raf();
      return performance.now() - t0;
    })()`)) as number;
    const scrolls: { step: number; times: number[] }[] = [];
    let rendered = 0;
    for (const step of steps) {
      const r = (await page.evaluate(`(async () => {
        const el = document.querySelector('[data-testid="bench-grid"] [data-testid="grid-scroll"]');
        el.scrollTop = 0;
        const raf = () => new Promise((r) => requestAnimationFrame(r));
        await raf();
        const times = [];
        let last = await raf();
        for (let i = 0; i < ${frames}; i++) {
          el.scrollTop = (el.scrollTop + ${step}) % Math.max(1, el.scrollHeight - el.clientHeight);
          const now = await raf();
          times.push(now - last);
          last = now;
        }
        return { times, rendered: document.querySelectorAll('[data-testid="bench-grid"] [data-testid="grid-row"]').length };
      })()`)) as { times: number[]; rendered: number };
      scrolls.push({ step, times: r.times });
      rendered = r.rendered;
    }
    results.push({ firstRender, scrolls, renderedRows: rendered });
  }

  const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / a.length;
  const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))];
  const load = (await import('node:os')).loadavg()[0];
  console.log(`grid ${rows} rows × 20 columns, Chromium headless, ${frames} frames per speed, load average ${load.toFixed(1)}`);
  console.log(
    'run'.padEnd(5),
    'first render ms'.padStart(16),
    ...steps.flatMap((st) => [`mean@${st}px`.padStart(13), `p95@${st}px`.padStart(12)]),
    'rows in DOM'.padStart(12),
  );
  results.forEach((r, i) =>
    console.log(
      String(i + 1).padEnd(5),
      r.firstRender.toFixed(1).padStart(16),
      ...r.scrolls.flatMap((x) => [mean(x.times).toFixed(2).padStart(13), pct(x.times, 0.95).toFixed(2).padStart(12)]),
      String(r.renderedRows).padStart(12),
    ),
  );
  const first = results.map((r) => r.firstRender).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  const frame = mean(results.flatMap((r) => r.scrolls[0].times));
  const jump = mean(results.flatMap((r) => r.scrolls[1].times));
  console.log(
    `median first render ${first.toFixed(1)} ms (target ≤ 500); mean frame ${frame.toFixed(2)} ms at ${steps[0]} px/frame (target ≤ 16), ${jump.toFixed(2)} ms at 1000 px/frame`,
  );
  await context.close();
} finally {
  await browser.close();
  await srv.stop();
}
