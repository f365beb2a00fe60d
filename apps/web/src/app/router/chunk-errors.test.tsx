import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from '../layout/RoutePage';
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, chunkErrorCode, installChunkErrorReload, reloadOnceForChunkError } from './chunk-errors';

const err = (message: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), extra);

describe('code-loading failures', () => {
  it('tells script chunks, CSS chunks and missing modules apart from other errors', () => {
    expect(chunkErrorCode(err('Loading chunk timed out', { name: 'ChunkLoadError' }))).toBe('ChunkLoadError');
    expect(chunkErrorCode(new TypeError('Failed to fetch dynamically imported module: https://oa.example.com/assets/UserList-3b1.js'))).toBe('ChunkLoadError');
    expect(chunkErrorCode(new TypeError('error loading dynamically imported module: /assets/UserList-3b1.js'))).toBe('ChunkLoadError');
    expect(chunkErrorCode(new TypeError('Importing a module script failed.'))).toBe('ChunkLoadError');
    expect(chunkErrorCode(err('Loading chunk 12 failed.'))).toBe('ChunkLoadError');
    expect(chunkErrorCode(err('Loading CSS chunk 12 failed.\n(/assets/12.css)', { code: 'CSS_CHUNK_LOAD_FAILED' }))).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(chunkErrorCode(err('Loading CSS chunk 7 failed.'))).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(chunkErrorCode(err('Unable to preload CSS for /assets/UserList-3b1.css'))).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(chunkErrorCode(err("Cannot find module './UserList'", { code: 'MODULE_NOT_FOUND' }))).toBe('MODULE_NOT_FOUND');
    expect(chunkErrorCode(new TypeError('Failed to fetch'))).toBeNull();
    expect(chunkErrorCode(err('x is undefined'))).toBeNull();
    expect(chunkErrorCode(null)).toBeNull();
  });

  it('reloads once, not again within the window, and again after it', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const reload = vi.fn();
    let now = 1_000_000;
    const deps = { storage, reload, now: () => now };
    expect(reloadOnceForChunkError(err('x is undefined'), deps)).toBe(false);
    expect(reloadOnceForChunkError(new TypeError('Failed to fetch dynamically imported module: /a.js'), deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    now += 5_000;
    expect(reloadOnceForChunkError(err('Loading CSS chunk 3 failed.'), deps)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    now += CHUNK_RELOAD_WINDOW_MS;
    expect(reloadOnceForChunkError(err('Loading CSS chunk 3 failed.'), deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('a vite:preloadError after a recent reload is left to the page (not prevented)', () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const target = new EventTarget() as unknown as Window;
    installChunkErrorReload(target);
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: err('Unable to preload CSS for /assets/a.css') });
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    sessionStorage.clear();
  });
});

function Broken({ error }: { error: Error }): never {
  throw error;
}

describe('page error boundary', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it.each([
    [new TypeError('Failed to fetch dynamically imported module: /assets/UserList.js'), 'ChunkLoadError', '页面脚本加载失败：system/UserList，请刷新重试'],
    [new TypeError('error loading dynamically imported module: /assets/UserList.js'), 'ChunkLoadError', '页面脚本加载失败：system/UserList，请刷新重试'],
    [err('Loading CSS chunk 4 failed.', { code: 'CSS_CHUNK_LOAD_FAILED' }), 'CSS_CHUNK_LOAD_FAILED', '页面样式加载失败：system/UserList，请刷新重试'],
    [err("Cannot find module './UserList'", { code: 'MODULE_NOT_FOUND' }), 'MODULE_NOT_FOUND', '页面模块不存在：system/UserList，请刷新重试'],
  ])('after the one reload, %s shows %s', (error, title, text) => {
    render(
      <PageErrorBoundary name="system/UserList">
        <Broken error={error} />
      </PageErrorBoundary>,
    );
    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('another error shows its own message and does not reload', () => {
    sessionStorage.clear();
    render(
      <PageErrorBoundary name="system/UserList">
        <Broken error={err('x is undefined')} />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('页面出错了')).toBeTruthy();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });
});
