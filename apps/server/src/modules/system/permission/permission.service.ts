import { createHash, createHmac } from 'node:crypto';
import { gzip, gzipSync } from 'node:zlib';
import type { AllAuthEntry, AuthEntry, MenuNode, PermissionResult } from '@go/contract';
import type { CurrentUser } from '../../../platform/access/access.js';
import type { PermissionChecker } from '../../../platform/context.js';
import type { Realtime } from '../../../platform/realtime/hub.js';
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
 * How long a user's resolved permissions are reused. Every grant write drops them at once on this instance
 * and, with Redis, on every other one (`GRANTS_CHANGED_TOPIC`); without Redis another instance picks a change
 * up within `CACHE_MS`. With Redis the bound is only a safety net for writes that bypass the services.
 */
const CACHE_MS = 10_000;
const CACHE_MS_WITH_FANOUT = 60_000;

/** Instance-to-instance topic: grants, roles, menus, users or departments changed. */
export const GRANTS_CHANGED_TOPIC = 'permission:changed';

interface Cached<T> {
  at: number;
  value: Promise<T>;
  /** a background rebuild of this entry is running */
  refreshing?: boolean;
}

/**
 * The share of the cache period after which a request served from a payload also rebuilds it in the
 * background (from fresh reads), so a user who keeps loading never waits for the rebuild; the entry still
 * answers only within its period, so the staleness bound is unchanged.
 */
const REFRESH_AT = 0.6;

/** The serialised permission payload of one user at one grant version, with its entity tag. */
export interface PermissionPayload {
  /** `JSON.stringify(result)` */
  json: string;
  /** strong entity tag over the JSON (equal payloads, equal tags) */
  etag: string;
  /** the grant version it was built at */
  version: number;
  /** the last envelope written for it (see `PermissionService.envelope`) */
  body?: { at: number; message: string; buf: Buffer };
  /** the last gzipped envelope, the envelope it was made from, and whether its successor is being compressed */
  gzip?: { source: NonNullable<PermissionPayload['body']>; buf: Buffer; compressing?: boolean };
}

export class PermissionService implements PermissionChecker {
  private readonly results = new Map<string, Cached<PermissionResult>>();
  private readonly payloads = new Map<string, Cached<PermissionPayload>>();
  private readonly codeSets = new Map<string, Cached<Set<string>>>();
  /** The granted rows per user and every button of the system, read once per cache period. */
  private readonly userRows = new Map<string, Cached<SysPermission[]>>();
  private readonly buttons = new Map<'all', Cached<Awaited<ReturnType<typeof findAllButtons>>>>();
  private realtime: Pick<Realtime, 'publishInternal'> | null = null;
  private cacheMs = CACHE_MS;
  /** Bumped by every grant write seen here (local or from another instance). */
  private grantVersion = 0;
  private onChange: (() => void) | null = null;

  constructor(private readonly db: Database) {}

  /**
   * Joins the instance-to-instance fan-out: a grant write here is announced to the others, and theirs drop
   * this instance's cache. `onChange` runs on every change seen (e.g. to drop cached identities).
   */
  connect(realtime: Pick<Realtime, 'publishInternal' | 'onInternal'>, opts: { fanOut: boolean; onChange?: () => void }): void {
    this.realtime = realtime;
    this.cacheMs = opts.fanOut ? CACHE_MS_WITH_FANOUT : CACHE_MS;
    this.onChange = opts.onChange ?? null;
    realtime.onInternal(GRANTS_CHANGED_TOPIC, (data) => this.dropLocal((data as { userId?: string } | null)?.userId));
  }

  /** The current grant version on this instance. */
  get version(): number {
    return this.grantVersion;
  }

  /** Forgets cached permissions (all users, or one) here and on every other instance; call after changing roles, grants or menus. */
  invalidate(userId?: string): void {
    if (this.realtime) this.realtime.publishInternal(GRANTS_CHANGED_TOPIC, userId ? { userId } : null);
    else this.dropLocal(userId);
  }

  private dropLocal(userId?: string): void {
    this.grantVersion++;
    if (userId) {
      this.results.delete(userId);
      this.payloads.delete(userId);
      this.codeSets.delete(userId);
      this.userRows.delete(userId);
    } else {
      this.results.clear();
      this.payloads.clear();
      this.codeSets.clear();
      this.userRows.clear();
      this.buttons.clear();
    }
    this.onChange?.();
  }

  private cached<T>(map: Map<string, Cached<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = map.get(key);
    if (hit && Date.now() - hit.at < this.cacheMs) return hit.value;
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

  /**
   * The serialised `getUserPermissionByToken` result of a user, built once per grant version (and cache
   * period) and shared by every request; the result is exactly `loadForUser`'s.
   */
  payloadForUser(userId: string): Promise<PermissionPayload> {
    const build = async (fresh: boolean): Promise<PermissionPayload> => {
      const version = this.grantVersion;
      const json = JSON.stringify(await this.buildForUser(userId, fresh));
      return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"`, version };
    };
    const payload = this.cached(this.payloads, userId, () => build(false));
    this.refreshAhead(this.payloads, userId, () => build(true));
    return payload;
  }

  /**
   * Rebuilds an entry past `REFRESH_AT` of its period in the background; the rebuild replaces it only if no
   * grant write dropped or replaced it meanwhile, and a failed rebuild leaves it to expire as before.
   */
  private refreshAhead<T>(map: Map<string, Cached<T>>, key: string, build: () => Promise<T>): void {
    const hit = map.get(key);
    const started = Date.now();
    if (!hit || hit.refreshing || started - hit.at < this.cacheMs * REFRESH_AT || started - hit.at >= this.cacheMs) return;
    hit.refreshing = true;
    const version = this.grantVersion;
    build().then(
      (value) => {
        if (this.grantVersion === version && map.get(key) === hit) map.set(key, { at: started, value: Promise.resolve(value) });
      },
      () => undefined,
    );
  }

  /**
   * The whole response body for a payload: the success envelope with its timestamp and response signature
   * (`zSignVer`, as platform/crypto adds to every envelope), without re-serialising the result. The body is
   * reused for up to a second, so its timestamp is never more than a second old (two for the gzipped body,
   * see `gzippedEnvelope`; clients only check the signature, which covers the timestamp it carries).
   */
  static envelope(payload: PermissionPayload, message: string, aesKey: string): Buffer {
    const now = Date.now();
    const last = payload.body;
    if (last && last.message === message && now - last.at < 1_000) return last.buf;
    return PermissionService.freshEnvelope(payload, message, aesKey, now);
  }

  /**
   * The same body gzipped (browsers always accept it; the payload shrinks about sevenfold). When the envelope
   * has just been renewed, the previous compressed one (at most two seconds old) is still sent while the new
   * one is compressed on the thread pool, so no request waits for the compression once a user's payload is
   * in use; the first one, or one older than that, is compressed at once.
   */
  static gzippedEnvelope(payload: PermissionPayload, message: string, aesKey: string): Buffer {
    PermissionService.envelope(payload, message, aesKey);
    const body = payload.body!;
    const last = payload.gzip;
    if (last?.source === body) return last.buf;
    if (last && last.source.message === message && body.at - last.source.at < 2_000) {
      if (!last.compressing) {
        last.compressing = true;
        gzip(body.buf, { level: 6 }, (err, buf) => {
          if (payload.gzip !== last) return;
          if (err) last.compressing = false;
          else payload.gzip = { source: body, buf };
        });
      }
      return last.buf;
    }
    payload.gzip = { source: body, buf: gzipSync(body.buf, { level: 6 }) };
    return payload.gzip.buf;
  }

  private static freshEnvelope(payload: PermissionPayload, message: string, aesKey: string, now: number): Buffer {
    const sign = createHmac('sha256', aesKey).update(`${now}:`, 'utf8').update(payload.json, 'utf8').digest('hex');
    const buf = Buffer.from(
      `{"success":true,"message":${JSON.stringify(message)},"code":200,"result":${payload.json},"timestamp":${now},"zSignVer":"${sign}"}`,
      'utf8',
    );
    payload.body = { at: now, message, buf };
    return buf;
  }

  /** The result from the cached rows, or (`fresh`) from rows read now. */
  private async buildForUser(userId: string, fresh = false): Promise<PermissionResult> {
    const rows = fresh ? await findUserPermissions(this.db, userId) : await this.rowsFor(userId);
    const menuRows = rows.filter((r) => r.menuType !== 2);
    if (menuRows.length === 0) throw new AppError('EMPTY_MENU');
    if (!menuRows.some((r) => r.name === '首页' && !r.parentId)) {
      const home = await findHomeMenu(this.db);
      if (home) menuRows.unshift(home);
    }
    const auth: AuthEntry[] = rows
      .filter((r) => r.menuType === 2 && r.status === '1' && r.perms)
      .map((r) => ({ action: r.perms!, type: r.permsType ?? '1', describe: r.name ?? '' }));
    const allAuth: AllAuthEntry[] = (fresh ? await findAllButtons(this.db) : await this.allButtons())
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
