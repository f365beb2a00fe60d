import { ShellChunk } from '../router/shell-chunk';
import { loadPermissions } from '../session/actions';

let shellRequested = false;
const extras: (() => void)[] = [];

/** More code the signed-in pages need (the shell's feature slots), fetched with them. */
export function addSignedInPrefetch(load: () => void): void {
  extras.push(load);
}

/**
 * Loads and runs the code of the signed-in pages (design system, main layout, home page) once, all at the
 * same time; the sign-in page calls it as soon as its request is on its way, so the click waits for the
 * server only.
 */
export function prefetchSignedInPages(): void {
  if (shellRequested) return;
  shellRequested = true;
  for (const load of extras) load();
  Promise.all([ShellChunk.preload(), import('../router/signed-in').then((m) => m.prefetchSignedIn())]).catch(() => {
    shellRequested = false;
  });
}

/** Quiet time after the last keystroke before code fetched ahead is run without waiting for the click. */
const RUN_WHEN_IDLE_MS = 1000;
let fetchedAhead = false;
let lastInput = 0;

/**
 * Fetches the files of the signed-in pages while the user types, without running them: the production
 * page names them (`meta[name="signed-in-modules"]`, vite.config.ts) and the browser fetches and compiles
 * them as module preloads. They run when the sign-in request leaves (`prefetchSignedInPages`), or once all
 * have arrived and the user has stopped typing for a second. Without the list (development server) the
 * pages are loaded and run at once.
 */
export function fetchSignedInPagesAhead(doc: Document = document): void {
  lastInput = Date.now();
  if (fetchedAhead || shellRequested) return;
  fetchedAhead = true;
  const files = doc.querySelector<HTMLMetaElement>('meta[name="signed-in-modules"]')?.content.split(' ').filter(Boolean) ?? [];
  if (!files.length) return prefetchSignedInPages();
  const arrivals = files.map((href) => {
    const link = doc.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.crossOrigin = '';
    link.href = href;
    const arrived = new Promise<void>((resolve) => {
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () => resolve());
    });
    doc.head.appendChild(link);
    return arrived;
  });
  const runWhenQuiet = () => {
    const wait = lastInput + RUN_WHEN_IDLE_MS - Date.now();
    if (wait > 0) window.setTimeout(runWhenQuiet, wait);
    else prefetchSignedInPages();
  };
  void Promise.all(arrivals).then(runWhenQuiet);
}

const dataLoads: ((target: string) => void)[] = [];

/** Data a page shows first, asked for at sign-in beside the permission load (`target`: where sign-in leads). */
export function addSignInDataPrefetch(load: (target: string) => void): void {
  dataLoads.push(load);
}

let early: { token: string; promise: Promise<void>; settled: boolean } | null = null;

/**
 * Starts the permission load for a token just received, before the route guard mounts, and then the
 * first data of the page sign-in leads to (`target`), so neither waits for the other.
 */
export function startPermissionLoad(token: string, target?: string): void {
  const promise = loadPermissions();
  if (target !== undefined) for (const load of dataLoads) load(target);
  const entry = { token, promise, settled: false };
  early = entry;
  promise.then(
    () => {
      if (early === entry) early = null;
    },
    () => {
      entry.settled = true;
    },
  );
}

/**
 * The permission load already under way (or failed) for this token, for the route guard to wait on
 * instead of asking again; null when none was started.
 */
export function takePermissionLoad(token: string | null): Promise<void> | null {
  if (!token || !early || early.token !== token) return null;
  const { promise, settled } = early;
  if (settled) early = null;
  return promise;
}
