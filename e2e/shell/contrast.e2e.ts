import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, loginAs, newPage, screenshot } from '../support/browser';
import { settle } from '../support/menu';

/**
 * Text contrast (WCAG 1.4.3, 4.5:1) of two texts shown only in a given state, so the sweep over every menu
 * page does not see them: 批量删除 once rows are selected (red on white) and 我的周报's empty text (a person
 * without reports), each under axe-core at 1440 px and at 360 px.
 */

const NARROW = { width: 360, height: 780 };
const WEEKLY_EMPTY = '还没有周报，点击“写本周周报”开始';

describe('[SHELL]: contrast of 批量删除 with rows selected and of 我的周报’s empty text, at 1440 and 360 px', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  for (const viewport of [DESKTOP, NARROW]) {
    it(`at ${viewport.width} px: no serious axe finding on 批量删除 (rows selected) and on 我的周报 without reports`, async () => {
      const { context, page } = await newPage(browser, viewport);
      contexts.push(context);
      await loginAs(page, 'admin');
      const found: string[] = [];

      // 用户管理 with one row selected: 批量删除 turns red
      await page.goto('/isystem/user');
      const batch = page.getByTestId('list-batch-delete');
      await batch.waitFor();
      await page.locator('tr.ant-table-row, [data-testid="phone-card-list"] .phone-card').first().waitFor();
      await settle(page);
      await page.locator('tr.ant-table-row .ant-checkbox-wrapper:visible, [data-testid="phone-card-list"] .ant-checkbox-wrapper:visible').first().click();
      await expect.poll(() => batch.getAttribute('class')).toContain('ant-btn-dangerous');
      found.push(...describeViolations(`批量删除 ${viewport.width} px`, await axeViolations(page, [], ['[data-testid="list-batch-delete"]'])));
      await screenshot(page, `contrast-${viewport.width}-batch-delete`);

      // 我的周报 of the administrator, who writes none: the page's own empty text
      await page.goto('/office/weekly');
      await page.getByText(WEEKLY_EMPTY).waitFor();
      await settle(page);
      found.push(...describeViolations(`我的周报 ${viewport.width} px`, await axeViolations(page, [], ['.ant-card'])));
      await screenshot(page, `contrast-${viewport.width}-weekly-empty`);
      expect(found).toEqual([]);
    });
  }
});
