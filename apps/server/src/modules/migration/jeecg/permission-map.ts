/**
 * JeecgBoot menus and buttons (sys_permission) → this product's rows. A JeecgBoot entry maps when its url or
 * its perms code names a page or button this product has: the same url or code (url compared without case),
 * a button code under this product's `system:` prefix, or one of the known renamed pages below. Everything
 * else has no equivalent here and is reported.
 */

/** JeecgBoot url → this product's url (or `perms:<code>` for pages that are permission codes here). */
export const URL_ALIASES: Record<string, string> = {
  '/dashboard/analysis': '/zhome',
  '/isystem/roleuserlist': '/isystem/role',
  '/isystem/newpermissionlist': '/isystem/permission',
  '/isys/category': '/isystem/category',
  '/isys/tenant': '/isystem/tenant',
  '/isystem/quartzjoblist': '/isystem/quartzJob',
  '/isystem/gatewayroute': '/isystem/gateway',
  '/modules/message/sysmessagetemplatelist': '/isystem/messageTemplate',
  '/isystem/checkrule': 'perms:system:checkRule:list',
  '/isystem/fillrule': 'perms:system:fillRule:list',
  '/dashboard3': '/monitor',
  '/monitor/redis/info': '/monitor/redis',
  '/monitor/systeminfo': '/monitor/server',
};

export interface ProductPermission {
  id: string;
  parentId: string | null;
  name: string | null;
  url: string | null;
  perms: string | null;
}

export interface SourcePermission {
  id: string;
  name: string | null;
  url: string | null;
  perms: string | null;
}

export interface PermissionMatch {
  target: ProductPermission;
  /** how it matched: 'url', 'perms', 'alias' */
  by: 'url' | 'perms' | 'alias';
}

export class PermissionMapper {
  private readonly byUrl = new Map<string, ProductPermission>();
  private readonly byPerms = new Map<string, ProductPermission>();
  private readonly byId = new Map<string, ProductPermission>();

  constructor(product: ProductPermission[]) {
    for (const p of product) {
      this.byId.set(p.id, p);
      // the first row with a url or code wins (a page listed twice under two menus keeps its first place)
      if (p.url && !this.byUrl.has(p.url.toLowerCase())) this.byUrl.set(p.url.toLowerCase(), p);
      for (const code of (p.perms ?? '').split(',').map((c) => c.trim()).filter(Boolean)) {
        if (!this.byPerms.has(code)) this.byPerms.set(code, p);
      }
    }
  }

  match(src: SourcePermission): PermissionMatch | null {
    const url = (src.url ?? '').trim().toLowerCase();
    if (url) {
      const exact = this.byUrl.get(url);
      if (exact) return { target: exact, by: 'url' };
      const alias = URL_ALIASES[url];
      if (alias) {
        const t = alias.startsWith('perms:') ? this.byPerms.get(alias.slice(6)) : this.byUrl.get(alias.toLowerCase());
        if (t) return { target: t, by: 'alias' };
      }
    }
    for (const code of (src.perms ?? '').split(',').map((c) => c.trim()).filter(Boolean)) {
      const t = this.byPerms.get(code) ?? this.byPerms.get(`system:${code}`);
      if (t) return { target: t, by: 'perms' };
    }
    return null;
  }

  /** The row and its parents up to the top menu (a granted page needs its menus to be shown). */
  withAncestors(id: string): string[] {
    const out: string[] = [];
    const seen = new Set<string>();
    let cur = this.byId.get(id);
    while (cur && !seen.has(cur.id)) {
      seen.add(cur.id);
      out.push(cur.id);
      cur = cur.parentId ? this.byId.get(cur.parentId) : undefined;
    }
    return out;
  }
}
