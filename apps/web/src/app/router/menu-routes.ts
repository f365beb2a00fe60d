import type { MenuNode } from '@go/contract';
import { HOME_PATH } from '@go/contract';
import { runtimeConfig } from '../config';

/** One routable page built from the server menu. */
export interface PageRoute {
  path: string;
  name: string;
  title: string;
  component: string;
  icon?: string;
  keepAlive: boolean;
  componentName: string;
  /** Resolved link of an iframe / external entry. */
  url?: string;
  internalOrExternal: boolean;
  hidden: boolean;
  redirect?: string | null;
  /** Titles of the ancestors, outermost first (for the breadcrumb). */
  parents: { title: string; path: string }[];
}

const LAYOUT_ROUTE_VIEW = /(^|\/)layouts\/(RouteView|TabLayout|PageView|BasicLayout|UserLayout|BlankLayout)$/;
export const IFRAME_COMPONENT = /(^|\/)layouts\/IframePageView$/;

export function isRouteView(component: string | null | undefined): boolean {
  return LAYOUT_ROUTE_VIEW.test(String(component ?? '').replace(/\.vue$/, ''));
}

function configValue(key: string): string {
  const c = runtimeConfig();
  if (key === 'domianURL' || key === 'domainURL' || key === 'baseURL') return `${window.location.origin}${c.baseURL}`;
  if (key === 'staticDomainURL') return `${window.location.origin}${c.baseURL}/sys/common/static`;
  const v = (window._CONFIG as Record<string, unknown> | undefined)?.[key];
  return v === undefined || v === null ? '' : String(v);
}

/**
 * Evaluates `{{ … }}` URL templates without running code: `window._CONFIG['key']` / `window._CONFIG.key`,
 * `window.location.origin|host|protocol` and quoted string literals joined with `+`. The result is kept
 * only if it is a URL.
 */
export function evalUrlTemplate(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  if (!url.includes('{{')) return url;
  const evalExpr = (expr: string): string =>
    expr
      .split('+')
      .map((part) => {
        const p = part.trim();
        let m = /^window\._CONFIG\s*(?:\[\s*['"]([^'"]+)['"]\s*\]|\.([A-Za-z_$][\w$]*))$/.exec(p);
        if (m) return configValue(m[1] ?? m[2]);
        m = /^window\.location\.(origin|host|hostname|protocol|port)$/.exec(p);
        if (m) return String(window.location[m[1] as 'origin']);
        m = /^(['"])(.*)\1$/.exec(p);
        if (m) return m[2];
        return '';
      })
      .join('');
  const out = url.replace(/\{\{([\s\S]*?)\}\}/g, (_all, expr: string) => evalExpr(expr));
  return /^(https?:)?\/\//.test(out) || out.startsWith('/') ? out : undefined;
}

/** Replaces `${token}` and `${tenantId}` in an iframe URL (IframePageView). */
export function fillIframeUrl(url: string, token: string | null, tenantId: string): string {
  return url.replace(/\$\{token\}/g, token ?? '').replace(/\$\{tenantId\}/g, tenantId);
}

/**
 * Flattens the server menu into routes: entries with route "0" make no route (they stay in the menu and
 * link by path), RouteView groups only nest, `alwaysShow` redirects to its own path.
 */
export function buildPageRoutes(menu: MenuNode[]): PageRoute[] {
  const out: PageRoute[] = [];
  const walk = (nodes: MenuNode[], parents: PageRoute['parents']) => {
    for (const n of nodes ?? []) {
      if (!n) continue;
      const title = n.meta?.title ?? n.name;
      const url = evalUrlTemplate(n.meta?.url);
      const here = { title, path: n.path };
      const children = n.children ?? [];
      if (String(n.route) !== '0' && n.path) {
        const isGroup = isRouteView(n.component);
        if (!isGroup || n.alwaysShow) {
          out.push({
            path: n.path.startsWith('/') ? n.path : `/${n.path}`,
            name: n.name,
            title,
            component: isGroup ? '' : String(n.component ?? ''),
            icon: n.meta?.icon,
            keepAlive: !!n.meta?.keepAlive && !!n.meta?.componentName,
            componentName: n.meta?.componentName ?? '',
            url,
            internalOrExternal: !!n.meta?.internalOrExternal,
            hidden: !!n.hidden,
            redirect: n.alwaysShow ? n.path : n.redirect,
            parents,
          });
        }
      }
      if (children.length) walk(children, [...parents, here]);
    }
  };
  walk(menu, []);
  // De-duplicate by path (first wins).
  const seen = new Set<string>();
  return out.filter((r) => (seen.has(r.path) ? false : (seen.add(r.path), true)));
}

export function findMenuByPath(menu: MenuNode[], path: string): MenuNode | undefined {
  for (const n of menu) {
    if (n.path === path) return n;
    const c = n.children ? findMenuByPath(n.children, path) : undefined;
    if (c) return c;
  }
  return undefined;
}

export { HOME_PATH };
