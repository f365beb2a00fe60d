/**
 * Code that fails to arrive (docs/widgets.md, "The shell": script chunk load): a script chunk (ChunkLoadError, also after the
 * 120 s timeout), a CSS chunk (CSS_CHUNK_LOAD_FAILED) or a module the build no longer has
 * (MODULE_NOT_FOUND). After a new release the old chunk names are gone, so the page reloads once to fetch
 * the new build; failing again within a short while it stays and shows the message instead.
 */
export type ChunkErrorCode = 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED' | 'MODULE_NOT_FOUND';

const CSS = /Loading CSS chunk|Unable to preload CSS|CSS_CHUNK_LOAD_FAILED/i;
const SCRIPT =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk .* failed|Loading chunk timed out|Unable to preload/i;
const MISSING = /Cannot find module|MODULE_NOT_FOUND/i;

/** Which kind of code-loading failure `error` is, or null for any other error. */
export function chunkErrorCode(error: unknown): ChunkErrorCode | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as { name?: unknown; message?: unknown; code?: unknown };
  const name = String(e.name ?? '');
  const message = String(e.message ?? '');
  const code = String(e.code ?? '');
  if (code === 'CSS_CHUNK_LOAD_FAILED' || CSS.test(message)) return 'CSS_CHUNK_LOAD_FAILED';
  if (code === 'MODULE_NOT_FOUND' || MISSING.test(message)) return 'MODULE_NOT_FOUND';
  if (name === 'ChunkLoadError' || SCRIPT.test(message)) return 'ChunkLoadError';
  return null;
}

/** The in-page text of a failure that a reload did not cure. */
export function chunkErrorText(code: ChunkErrorCode, page: string): string {
  if (code === 'CSS_CHUNK_LOAD_FAILED') return `页面样式加载失败：${page}，请刷新重试`;
  if (code === 'MODULE_NOT_FOUND') return `页面模块不存在：${page}，请刷新重试`;
  return `页面脚本加载失败：${page}，请刷新重试`;
}

export const CHUNK_RELOAD_KEY = 'go:chunk-reload-at';
/** A second failure within this time after the reload is shown, not reloaded again. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/**
 * Reloads the page once for a code-loading failure; true when it did. Not again while the previous reload
 * is younger than CHUNK_RELOAD_WINDOW_MS (kept in session storage, so it survives the reload).
 */
export function reloadOnceForChunkError(
  error: unknown,
  deps: { storage?: Pick<Storage, 'getItem' | 'setItem'>; reload?: () => void; now?: () => number } = {},
): boolean {
  if (!chunkErrorCode(error)) return false;
  const storage = deps.storage ?? window.sessionStorage;
  const now = (deps.now ?? Date.now)();
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (last && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  (deps.reload ?? (() => window.location.reload()))();
  return true;
}

/**
 * Vite's own preload of a chunk's scripts and CSS fails with a `vite:preloadError` event: reload once; when
 * that already happened the error goes on to the page's boundary, which shows the message.
 */
export function installChunkErrorReload(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadOnceForChunkError(payload)) event.preventDefault();
  });
}
