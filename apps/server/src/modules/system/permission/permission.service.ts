import { createHash } from 'node:crypto';
import type { AllAuthEntry, AuthEntry, MenuNode, PermissionResult } from '@go/contract';
import type { CurrentUser } from '../../../platform/access/access.js';
import type { PermissionChecker } from '../../../platform/context.js';
import type { Database } from '../../../platform/db/database.js';
import type { SysPermission } from '../../../platform/db/schema.js';
import { AppError } from '../../../platform/http/errors.js';
import { findAllButtons, findHomeMenu, findUserPermissions } from './permission.repo.js';

const isExternal = (url: string) => /^https?:\/\//.test(url) || url.startsWith('{{');

function routeName(p: SysPermission): string {
  if (p.componentName) return p.componentName;
  return (p.url ?? '').replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function toNode(p: SysPermission, topLevel: boolean): MenuNode {
  const url = p.url ?? '';
  const external = isExternal(url);
  const component = p.component ?? '';
  const node: MenuNode = {
    id: p.id,
    route: p.isRoute === 0 ? '0' : '1',
    path: external ? createHash('md5').update(url).digest('hex') : url,
    name: routeName(p),
    component,
    meta: {
      keepAlive: p.keepAlive === 1,
      internalOrExternal: p.internalOrExternal === 1,
      title: p.name ?? '',
      componentName: p.componentName || component.slice(component.lastIndexOf('/') + 1),
    },
  };
  if (topLevel) node.redirect = p.redirect ?? null;
  if (p.hidden === 1) node.hidden = true;
  if (p.alwaysShow === 1) node.alwaysShow = true;
  if (p.icon) node.meta.icon = p.icon;
  if (external) node.meta.url = url;
  if (p.hideTab === 1) node.meta.hideTab = true;
  return node;
}

/** Builds the menu tree from menu rows (types 0 and 1); recursion only enters non-leaf rows. */
export function buildMenuTree(rows: SysPermission[]): MenuNode[] {
  const menus = rows.filter((r) => r.menuType === 0 || r.menuType === 1);
  const byParent = new Map<string, SysPermission[]>();
  for (const r of menus) {
    const key = r.parentId ?? '';
    const list = byParent.get(key) ?? [];
    list.push(r);
    byParent.set(key, list);
  }
  const build = (p: SysPermission, top: boolean): MenuNode => {
    const node = toNode(p, top);
    if (p.isLeaf === 0) {
      const children = (byParent.get(p.id) ?? []).map((c) => build(c, false));
      if (children.length) node.children = children;
    }
    return node;
  };
  const roots = (byParent.get('') ?? []).map((r) => build(r, true));
  for (const r of roots) {
    if (r.children?.length && r.children.every((c) => c.hidden)) r.hidden = true;
  }
  return roots;
}

/** Splits a comma-separated perms field into codes. */
function codes(perms: string | null): string[] {
  return (perms ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * How long a user's resolved permissions are reused. Changes made through this instance invalidate at once
 * (`invalidate()`); other instances pick them up within this bound.
 */
const CACHE_MS = 10_000;

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

export class PermissionService implements PermissionChecker {
  private readonly results = new Map<string, Cached<PermissionResult>>();
  private readonly codeSets = new Map<string, Cached<Set<string>>>();
  /** The granted rows per user and every button of the system, read once per cache period. */
  private readonly userRows = new Map<string, Cached<SysPermission[]>>();
  private readonly buttons = new Map<'all', Cached<Awaited<ReturnType<typeof findAllButtons>>>>();

  constructor(private readonly db: Database) {}

  /** Forgets cached permissions (all users, or one); call after changing roles, grants or menus. */
  invalidate(userId?: string): void {
    if (userId) {
      this.results.delete(userId);
      this.codeSets.delete(userId);
      this.userRows.delete(userId);
    } else {
      this.results.clear();
      this.codeSets.clear();
      this.userRows.clear();
      this.buttons.clear();
    }
  }

  private cached<T>(map: Map<string, Cached<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = map.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const value = load();
    map.set(key, { at: Date.now(), value });
    value.catch(() => map.delete(key));
    if (map.size > 10_000) map.delete(map.keys().next().value as string);
    return value;
  }

  private rowsFor(userId: string): Promise<SysPermission[]> {
    return this.cached(this.userRows, userId, () => findUserPermissions(this.db, userId));
  }

  private allButtons() {
    return this.cached(this.buttons, 'all', () => findAllButtons(this.db));
  }

  /** `getUserPermissionByToken`: the menu tree, the user's buttons and every button of the system. */
  loadForUser(userId: string): Promise<PermissionResult> {
    return this.cached(this.results, userId, () => this.buildForUser(userId));
  }

  private async buildForUser(userId: string): Promise<PermissionResult> {
    const rows = await this.rowsFor(userId);
    const menuRows = rows.filter((r) => r.menuType !== 2);
    if (menuRows.length === 0) throw new AppError('EMPTY_MENU');
    if (!menuRows.some((r) => r.name === '首页' && !r.parentId)) {
      const home = await findHomeMenu(this.db);
      if (home) menuRows.unshift(home);
    }
    const auth: AuthEntry[] = rows
      .filter((r) => r.menuType === 2 && r.status === '1' && r.perms)
      .map((r) => ({ action: r.perms!, type: r.permsType ?? '1', describe: r.name ?? '' }));
    const allAuth: AllAuthEntry[] = (await this.allButtons())
      .filter((r) => r.perms)
      .map((r) => ({
        action: r.perms!,
        status: r.status ?? '1',
        type: r.permsType ?? '1',
        describe: r.name ?? '',
      }));
    return { menu: buildMenuTree(menuRows), auth, allAuth, sysSafeMode: false };
  }

  /**
   * The codes a user holds on the server: the perms of every granted menu and active button, plus every
   * button whose rule is off (status '0' means nobody is restricted, as the client reads it).
   */
  codesForUser(userId: string): Promise<Set<string>> {
    return this.cached(this.codeSets, userId, () => this.buildCodes(userId));
  }

  private async buildCodes(userId: string): Promise<Set<string>> {
    const set = new Set<string>();
    for (const r of await this.rowsFor(userId)) for (const c of codes(r.perms)) set.add(c);
    for (const b of await this.allButtons()) if (b.status === '0') for (const c of codes(b.perms)) set.add(c);
    return set;
  }

  async has(user: CurrentUser, code: string): Promise<boolean> {
    return (await this.codesForUser(user.id)).has(code);
  }
}
