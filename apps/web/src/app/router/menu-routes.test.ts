import type { MenuNode } from '@go/contract';
import { describe, expect, it } from 'vitest';
import { buildPageRoutes, evalUrlTemplate, fillIframeUrl } from './menu-routes';
import { normalizeComponent } from './pages';

const meta = (title: string, extra: Partial<MenuNode['meta']> = {}) => ({
  keepAlive: false,
  internalOrExternal: false,
  title,
  componentName: title,
  ...extra,
});

const MENU: MenuNode[] = [
  { id: '1', route: '1', path: '/zhome', name: 'zhome', component: 'dashboard/Analysis', meta: meta('首页') },
  {
    id: '2',
    route: '1',
    path: '/isystem',
    name: 'isystem',
    component: 'layouts/RouteView',
    redirect: '/isystem/user',
    meta: meta('系统管理'),
    children: [
      { id: '3', route: '1', path: '/isystem/user', name: 'u', component: 'system/UserList', meta: meta('用户管理', { keepAlive: true, componentName: 'UserList' }) },
      { id: '4', route: '0', path: '/isystem/param?id=1', name: 'p', component: 'system/Param', meta: meta('参数页') },
      { id: '5', route: '1', path: '/isystem/hidden', name: 'h', component: 'system/Hidden', hidden: true, meta: meta('隐藏页') },
      {
        id: '6',
        route: '1',
        path: 'abc123',
        name: 'doc',
        component: 'layouts/IframePageView',
        meta: meta('接口文档', { url: "{{ window._CONFIG['domianURL'] }}/doc.html", internalOrExternal: true }),
      },
    ],
  },
  { id: '7', route: '1', path: '/group', name: 'g', component: 'layouts/RouteView', alwaysShow: true, meta: meta('分组') },
];

describe('routes from the server menu', () => {
  const routes = buildPageRoutes(MENU);
  const byPath = (p: string) => routes.find((r) => r.path === p);

  it('skips route "0" and RouteView groups, keeps hidden pages routable', () => {
    expect(routes.map((r) => r.path)).toEqual(['/zhome', '/isystem/user', '/isystem/hidden', '/abc123', '/group']);
    expect(byPath('/isystem/hidden')?.hidden).toBe(true);
  });
  it('keep-alive needs keepAlive and a component name', () => {
    expect(byPath('/isystem/user')?.keepAlive).toBe(true);
    expect(byPath('/zhome')?.keepAlive).toBe(false);
  });
  it('records parents for the breadcrumb', () => {
    expect(byPath('/isystem/user')?.parents.map((p) => p.title)).toEqual(['系统管理']);
  });
  it('alwaysShow redirects to its own path', () => {
    expect(byPath('/group')?.redirect).toBe('/group');
  });
  it('evaluates URL templates without running code', () => {
    expect(byPath('/abc123')?.url).toBe(`${window.location.origin}/jeecg-boot/doc.html`);
    expect(evalUrlTemplate("{{ alert('x') }}")).toBeUndefined();
    expect(evalUrlTemplate('https://example.com/a')).toBe('https://example.com/a');
  });
  it('fills token and tenant into iframe URLs', () => {
    expect(fillIframeUrl('https://x/?t=${token}&tenant=${tenantId}', 'tok', '3')).toBe('https://x/?t=tok&tenant=3');
  });
  it('normalises component strings', () => {
    expect(normalizeComponent('/views/system/UserList.vue')).toBe('system/UserList');
    expect(normalizeComponent('system/UserList')).toBe('system/UserList');
  });
});
