import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** Gzipped size (level 9) of every .js file of a built web app's assets folder. */
export function gzipSizes(dist: string): Map<string, number> {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: run \`npm run build -w apps/web\` first`);
  const assets = path.join(dist, 'assets');
  const gz = new Map<string, number>();
  for (const f of readdirSync(assets)) if (f.endsWith('.js')) gz.set(f, gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length);
  return gz;
}

/** Collects the /assets/*.js files a page fetches from now on. */
export function trackScripts(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (r) => {
    const m = /\/assets\/([^/?]+\.js)/.exec(r.url());
    if (m) seen.add(m[1]!);
  });
  return seen;
}

export const gzTotal = (gz: Map<string, number>, files: Iterable<string>) => [...files].reduce((s, f) => s + (gz.get(f) ?? 0), 0);
export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
