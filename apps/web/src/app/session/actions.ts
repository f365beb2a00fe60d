import type { PermissionResult } from '@go/contract';
import { getAction, serverLogout } from '../http/client';
import { getSession, type DictItem } from './store';

/** Loads menu and button permissions; an empty menu counts as a failure (docs/widgets.md, "The shell"). */
export async function loadPermissions(): Promise<void> {
  const res = await getAction<PermissionResult>('/sys/permission/getUserPermissionByToken', undefined, { silent: false });
  if (!res.success || !res.result) throw new Error(res.message || '加载权限失败');
  const { menu, auth, allAuth, sysSafeMode } = res.result;
  if (!Array.isArray(menu) || menu.length === 0) throw new Error('菜单为空');
  getSession().setPermissions({ menu, auth: auth ?? [], allAuth: allAuth ?? [], sysSafeMode });
}

/**
 * Logout: server call (outcome ignored), then token, permissions and cached items cleared. With
 * `reload` the page keeps its state until the reload brings up the login page.
 */
export async function logout(opts: { reload?: boolean } = {}): Promise<void> {
  const { token } = getSession();
  await serverLogout(token);
  if (opts.reload) {
    getSession().clearPersisted();
    window.location.reload();
    return;
  }
  getSession().clear();
}

/** 清理缓存: refresh the server's dictionary cache, then reload every item into the session. */
export async function refreshDictCache(): Promise<boolean> {
  const r1 = await getAction('/sys/dict/refleshCache');
  if (!r1.success) return false;
  const r2 = await getAction<Record<string, DictItem[]>>('/sys/dict/queryAllDictItems');
  if (!r2.success || !r2.result) return false;
  getSession().setDictItems(r2.result);
  return true;
}
