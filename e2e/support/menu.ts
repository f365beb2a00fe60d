import type { Page } from 'playwright-core';
import { apiLogin, baseURL } from './browser';

interface MenuNode {
  path: string;
  component?: string;
  hidden?: boolean;
  route?: string;
  meta?: { title?: string; hideMenu?: boolean; internalOrExternal?: boolean };
  children?: MenuNode[];
}

/** A page of the menu: its path and title. */
export interface MenuPage {
  path: string;
  title: string;
}

/**
 * Every page of a user's menu (leaves with a component; no external links, no hidden entries, no paths
 * with route parameters), in menu order. The administrator's menu holds every page of the product.
 */
export async function menuPages(username = 'admin'): Promise<MenuPage[]> {
  const token = await apiLogin(username);
  const res = await fetch(`${baseURL()}/jeecg-boot/sys/permission/getUserPermissionByToken`, {
    headers: { 'X-Access-Token': token },
  });
  const body = (await res.json()) as { result: { menu: MenuNode[] } };
  const out: MenuPage[] = [];
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes ?? []) {
      if (!n || n.hidden || n.meta?.hideMenu || n.route === '0') continue;
      const kids = (n.children ?? []).filter((c) => c && !c.hidden && !c.meta?.hideMenu);
      if (kids.length) {
        walk(kids);
        continue;
      }
      if (n.meta?.internalOrExternal || /^https?:/.test(n.path) || n.path.includes(':')) continue;
      out.push({ path: n.path, title: n.meta?.title ?? n.path });
    }
  };
  walk(body.result.menu);
  return out;
}

/** Waits briefly for a page's requests to finish (network idle, capped) and for its first paint after them. */
export async function settle(page: Page, cap = 3_000): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: cap }).catch(() => undefined);
  await page.waitForTimeout(200);
}

/**
 * Opens a menu page the way the app does, without reloading it (history and a popstate for the router):
 * a sweep over every menu page stays fast. Every `reloadEvery` pages (and on the first) it loads the page
 * afresh, so the pages the tab bar keeps alive do not pile up.
 */
export async function openMenuPage(page: Page, path: string, index: number, reloadEvery = 12): Promise<void> {
  if (index % reloadEvery === 0) {
    await page.goto(path);
  } else {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    }, path);
    await page.waitForURL((u) => u.pathname === path.split('?')[0], { timeout: 10_000 });
  }
  await page.getByTestId('app-header').waitFor();
}
