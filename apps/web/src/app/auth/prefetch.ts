import { ShellChunk } from '../router/shell-chunk';
import { loadPermissions } from '../session/actions';

let shellRequested = false;
const extras: (() => void)[] = [];

/** More code the signed-in pages need (the shell's feature slots), fetched with them. */
export function addSignedInPrefetch(load: () => void): void {
  extras.push(load);
}

/**
 * Starts fetching the code of the signed-in pages (design system, main layout, home page) once, all at
 * the same time; the sign-in page calls it while the user types, so the click on 确定 waits for the
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
