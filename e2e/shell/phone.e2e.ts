import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot } from '../support/browser';
import { hiddenKeyColumns } from '../support/key-columns';

/** The narrowest phone the product supports. */
const NARROW = { width: 360, height: 780 };

interface MenuNode {
  path: string;
  component?: string;
  hidden?: boolean;
  route?: string;
  meta?: { title?: string; hideMenu?: boolean; internalOrExternal?: boolean };
  children?: MenuNode[];
}

/** Every page of the administrator's menu (leaves with a component, no external links). */
async function adminMenuPages(): Promise<{ path: string; title: string }[]> {
  const token = await apiLogin('admin');
  const res = await fetch(`${baseURL()}/jeecg-boot/sys/permission/getUserPermissionByToken`, {
    headers: { 'X-Access-Token': token },
  });
  const body = (await res.json()) as { result: { menu: MenuNode[] } };
  const out: { path: string; title: string }[] = [];
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

/** The page's horizontal overflow (0 = none) and the widest element that causes it. */
async function overflow(page: Page): Promise<{ extra: number; culprit: string }> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const extra = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - vw;
    let culprit = '';
    if (extra > 1) {
      let widest = 0;
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.right > vw + 1 && r.width > 0 && r.right > widest) {
          widest = r.right;
          culprit = `${el.tagName.toLowerCase()}.${String((el as HTMLElement).className).slice(0, 80)} (right ${Math.round(r.right)})`;
        }
      }
    }
    return { extra, culprit };
  });
}

/**
 * Pages whose own widgets still have serious accessibility findings (axe-core, WCAG 2.1 AA); they are
 * listed in docs/workflow.md ("Accessibility") and checked for everything else. The layout, the header,
 * the menus, the shared list page and every other menu page must have none.
 */
const AXE_KNOWN: Record<string, string[]> = {
  '/hr/relations': ['aria-required-children'],
  '/isystem/category': ['aria-hidden-focus'],
  '/isystem/examples': ['aria-prohibited-attr', 'color-contrast', 'scrollable-region-focusable', 'label', 'aria-input-field-name'],
  '/demo/list': ['label'],
};

describe('[SHELL]: every menu page fits a 360 px phone without horizontal scrolling', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the administrator visits every menu page at 360 px: nothing scrolls sideways, no serious accessibility finding', async () => {
    const pages = await adminMenuPages();
    expect(pages.length).toBeGreaterThan(10);
    const { context, page } = await newPage(browser, NARROW);
    await loginAs(page, 'admin');
    const offenders: string[] = [];
    const inaccessible: string[] = [];
    const keyColumns: string[] = [];
    let checked = 0;
    for (const p of pages) {
      await page.goto(p.path);
      await page.getByTestId('app-header').waitFor();
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(300);
      const o = await overflow(page);
      if (o.extra > 1) {
        offenders.push(`${p.title} ${p.path}: +${o.extra}px ${o.culprit}`);
        await screenshot(page, `phone-overflow-${p.path.replace(/\//g, '_')}`);
      }
      // axe-core: serious and critical findings (labels, contrast, landmark and ARIA names)
      const known = AXE_KNOWN[p.path] ?? [];
      const found = (await axeViolations(page)).filter((v) => !known.includes(v.id));
      inaccessible.push(...describeViolations(`${p.title} ${p.path}`, found));
      // a desktop table may scroll sideways here, but its key columns come first and stay reachable
      keyColumns.push(...(await hiddenKeyColumns(page, 'phone')).map((k) => `${p.title} ${p.path}: ${k}`));
      checked++;
    }
    await page.goto('/activiti/myApplications');
    await page.getByTestId('my-applications').waitFor();
    await screenshot(page, 'phone-360-my-applications');
    await context.close();
    expect(offenders).toEqual([]);
    expect(checked).toBe(pages.length);
    expect(inaccessible).toEqual([]);
    expect(keyColumns).toEqual([]);
  }, 600_000);
});
