import { afterEach, describe, expect, it, vi } from 'vitest';

const actions = vi.hoisted(() => ({ loadPermissions: vi.fn() }));
vi.mock('../session/actions', () => actions);

const { startPermissionLoad, takePermissionLoad } = await import('./prefetch');

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
