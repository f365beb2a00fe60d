import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe';
import { launchBrowser, loginAs, newPage, screenshot } from '../support/browser';
import { menuPages, openMenuPage, settle } from '../support/menu';
import { hiddenKeyColumns } from '../support/key-columns';

/** The narrowest phone the product supports. */
const NARROW = { width: 360, height: 780 };

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

describe('[SHELL]: every menu page fits a 360 px phone without horizontal scrolling', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the administrator visits every menu page at 360 px: nothing scrolls sideways, no serious accessibility finding', async () => {
    const pages = await menuPages('admin');
    expect(pages.length).toBeGreaterThan(10);
    const { context, page } = await newPage(browser, NARROW);
    await loginAs(page, 'admin');
    const offenders: string[] = [];
    const inaccessible: string[] = [];
    const keyColumns: string[] = [];
    let checked = 0;
    for (const p of pages) {
      await openMenuPage(page, p.path, checked);
      await settle(page);
      const o = await overflow(page);
      if (o.extra > 1) {
        offenders.push(`${p.title} ${p.path}: +${o.extra}px ${o.culprit}`);
        await screenshot(page, `phone-overflow-${p.path.replace(/\//g, '_')}`);
      }
      // axe-core: serious and critical findings (labels, contrast, landmark and ARIA names)
      const found = await axeViolations(page, ['.page-keep[style*="none"]']);
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
