import type { MenuNode } from '@go/contract';

/** The header naming the low-code application of the current page (docs/security.md, "Tokens and sessions": headers). */
export const LOW_APP_HEADER = 'X-Low-App-ID';

interface LowAppRoute {
  re: RegExp;
  appIdAt: number;
}

let cachedFor: readonly MenuNode[] | null = null;
let cached: LowAppRoute[] = [];

/** Menu routes of low-code applications: a name starting with `low-app` and an `:appId` in the path. */
function lowAppRoutes(menu: readonly MenuNode[]): LowAppRoute[] {
  if (menu === cachedFor) return cached;
  const out: LowAppRoute[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const n of nodes) {
      if (n.name?.startsWith('low-app') && n.path?.includes(':appId')) {
        const names: string[] = [];
        const source = n.path
          .split('/')
          .map((seg) => {
            if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            names.push(seg.slice(1));
            return '([^/]+)';
          })
          .join('/');
        out.push({ re: new RegExp(`^${source}/?$`), appIdAt: names.indexOf('appId') + 1 });
      }
      if (n.children) walk(n.children);
    }
  };
  walk(menu);
  cachedFor = menu;
  cached = out;
  return out;
}

/**
 * The low-code application id of `pathname` when it is a low-app route, else null; as it stands in the path
 * (percent-encoded), since a header carries only ASCII.
 */
export function lowAppId(pathname: string, menu: readonly MenuNode[]): string | null {
  for (const r of lowAppRoutes(menu)) {
    const m = r.re.exec(pathname);
    if (m && m[r.appIdAt]) return m[r.appIdAt]!;
  }
  return null;
}
