import { ShellChunk } from '../router/shell-chunk';
import { loadPermissions } from '../session/actions';

let shellRequested = false;
const extras: (() => void)[] = [];

/** More code the signed-in pages need (the shell's feature slots), fetched with them. */
export function addSignedInPrefetch(load: () => void): void {
  extras.push(load);
}

/**
 * Starts fetching the code of the signed-in pages (design system, main layout, home page) once; the
 * sign-in page calls it while the user types, so the click on 确定 waits for the server only.
 */
export function prefetchSignedInPages(): void {
  if (shellRequested) return;
  shellRequested = true;
  for (const load of extras) load();
  Promise.all([ShellChunk.preload(), import('../Shell')])
    .then(([, shell]) => shell.prefetchSignedIn())
    .catch(() => {
      shellRequested = false;
    });
}

let early: { token: string; promise: Promise<void>; settled: boolean } | null = null;

/** Starts the permission load for a token just received, before the route guard mounts. */
export function startPermissionLoad(token: string): void {
  const promise = loadPermissions();
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
