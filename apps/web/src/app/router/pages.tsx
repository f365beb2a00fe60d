import { CHUNK_LOAD_TIMEOUT_MS } from '@go/contract';
import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from './preloadable';

/**
 * Page auto-discovery: a menu component string `<domain>/<Name>` resolves to the default export of
 * `src/features/<domain>/pages/<Name>.tsx`, loaded lazily (its own chunk).
 */
type PageModule = { default: ComponentType };
const modules = import.meta.glob<PageModule>(['../../features/*/pages/*.tsx', '!../../features/*/pages/*.test.tsx']);

const registry = new Map<string, () => Promise<PageModule>>();
for (const [file, loader] of Object.entries(modules)) {
  const m = /features\/([^/]+)\/pages\/([^/]+)\.tsx$/.exec(file);
  if (m) registry.set(`${m[1]}/${m[2]}`, loader);
}

/** The stock online-report components map to the bundled report pages (docs/widgets.md, "The shell": dynamic routes). */
const STOCK_ALIASES: Record<string, string> = {
  'modules/online/cgreport/auto/OnlCgreportAutoList': 'online/ReportPage',
  'modules/online/cgreport/OnlCgreportHeadList': 'online/ReportDesignList',
  'modules/online/cgform/auto/OnlCgformAutoList': 'online/FormAutoList',
  'modules/online/cgform/OnlCgformHeadList': 'online/FormDesignList',
};

/** `/views/system/UserList.vue` → `system/UserList`. */
export function normalizeComponent(component: string | null | undefined): string {
  const name = String(component ?? '')
    .trim()
    .replace(/^\/+/, '')
    .replace(/^(src\/)?views\//, '')
    .replace(/\.(vue|tsx|jsx|ts|js)$/, '');
  return STOCK_ALIASES[name] ?? name;
}

export function hasPage(component: string): boolean {
  return registry.has(normalizeComponent(component));
}

export function pageNames(): string[] {
  return [...registry.keys()].sort();
}

/** A page chunk that does not arrive within 120 s fails as a ChunkLoadError (docs/widgets.md, "The shell"). */
function withTimeout<T>(loader: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const e = new Error('Loading chunk timed out');
      e.name = 'ChunkLoadError';
      reject(e);
    }, CHUNK_LOAD_TIMEOUT_MS);
  });
  return Promise.race([loader(), timeout]).finally(() => clearTimeout(timer));
}

const pageCache = new Map<string, Preloadable>();

/** The lazily loaded page of a component string, or null when no such page exists. */
export function resolvePage(component: string): Preloadable | null {
  const key = normalizeComponent(component);
  const loader = registry.get(key);
  if (!loader) return null;
  let c = pageCache.get(key);
  if (!c) {
    c = preloadable(() => withTimeout(loader));
    pageCache.set(key, c);
  }
  return c;
}

/** Starts loading a page's code ahead of its route (nothing for an unknown component). */
export function preloadPage(component: string): void {
  void resolvePage(component)?.preload().catch(() => undefined);
}
