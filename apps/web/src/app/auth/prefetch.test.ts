import { afterEach, describe, expect, it, vi } from 'vitest';

const actions = vi.hoisted(() => ({ loadPermissions: vi.fn() }));
vi.mock('../session/actions', () => actions);
const shell = vi.hoisted(() => ({ preload: vi.fn(() => Promise.resolve()) }));
vi.mock('../router/shell-chunk', () => ({ ShellChunk: shell }));
vi.mock('../router/signed-in', () => ({ prefetchSignedIn: () => Promise.resolve() }));

const { fetchSignedInPagesAhead, prefetchSignedInPages, startPermissionLoad, takePermissionLoad } = await import('./prefetch');

describe('signed-in pages fetched while the user types', () => {
  it('preloads the listed files without running them, and runs them when the sign-in request leaves', () => {
    const doc = document.implementation.createHTMLDocument('');
    const meta = doc.createElement('meta');
    meta.name = 'signed-in-modules';
    meta.content = '/assets/a.js /assets/b.js /assets/c.css';
    doc.head.appendChild(meta);
    fetchSignedInPagesAhead(doc);
    fetchSignedInPagesAhead(doc);
    const links = [...doc.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href'), l.getAttribute('as')]);
    expect(links).toEqual([
      ['modulepreload', '/assets/a.js', null],
      ['modulepreload', '/assets/b.js', null],
      ['preload', '/assets/c.css', 'style'],
    ]);
    expect(shell.preload).not.toHaveBeenCalled();
    prefetchSignedInPages();
    prefetchSignedInPages();
    expect(shell.preload).toHaveBeenCalledTimes(1);
  });
});

describe('permission load started at sign-in', () => {
  afterEach(() => actions.loadPermissions.mockReset());

  it('hands the load under way to the route guard of the same token only', async () => {
    let resolve!: () => void;
    actions.loadPermissions.mockReturnValue(new Promise<void>((r) => (resolve = r)));
    startPermissionLoad('t1');
    expect(takePermissionLoad('t2')).toBeNull();
    const p = takePermissionLoad('t1');
    expect(p).not.toBeNull();
    resolve();
    await p;
    await Promise.resolve();
    expect(takePermissionLoad('t1')).toBeNull();
    expect(actions.loadPermissions).toHaveBeenCalledTimes(1);
  });

  it('hands a failed load over once, so the guard signs out as before', async () => {
    actions.loadPermissions.mockReturnValue(Promise.reject(new Error('菜单为空')));
    startPermissionLoad('t3');
    await new Promise((r) => setTimeout(r, 0));
    await expect(takePermissionLoad('t3')).rejects.toThrow('菜单为空');
    expect(takePermissionLoad('t3')).toBeNull();
  });
});
