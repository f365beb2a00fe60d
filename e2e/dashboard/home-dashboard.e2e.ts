import { readFileSync } from 'node:fs';
import { DASHBOARD_STATS, greetingByHour, PLATFORM_NAME } from '@go/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe';
import { launchBrowser, loginAs, newPage, PHONE, screenshot } from '../support/browser';

/** Page errors and failed statistics calls collected while a page lives. */
function watch(page: Page) {
  const errors: string[] = [];
  const statCalls: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (r.url().includes('/dashboard/hoom/')) statCalls.push(r.url());
  });
  return { errors, statCalls };
}

async function expectHomeCards(page: Page, realname: string) {
  const greeting = await page.getByTestId('home-greeting').innerText();
  const hour = await page.evaluate(() => new Date().getHours());
  expect(greeting).toContain(realname);
  expect(greeting).toContain(greetingByHour(hour));
  for (const card of ['home-todo', 'home-applications', 'home-notices']) {
    await page.getByTestId(card).waitFor();
    await expect.poll(() => page.getByTestId(`${card}-loading`).count(), { timeout: 20_000 }).toBe(0);
    expect(await page.getByTestId(`${card}-error`).count(), card).toBe(0);
  }
  await page.getByTestId('home-todo-count').waitFor();
  await page.getByTestId('home-applications-count').waitFor();
  // The home page title is the platform name alone (docs/hr.md, "The home page and the dashboard").
  await expect.poll(() => page.title()).toBe(PLATFORM_NAME);
}

describe('[DASHBOARD]: the home page and the HR statistics', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('group HR sees the greeting, her cards and all twelve charts; filters by company, reads a table, downloads the figures', async () => {
    const { context, page } = await newPage(browser);
    const { errors, statCalls } = watch(page);
    await loginAs(page, 'lina');
    await page.waitForLoadState('networkidle').catch(() => undefined);
    statCalls.length = 0;
    await page.goto('/zhome');
    await expectHomeCards(page, '李娜');
    await page.getByTestId('hr-dashboard').waitFor();
    for (const { name, title } of DASHBOARD_STATS) {
      const chart = page.getByTestId(`stat-chart-${name}`);
      await chart.locator('canvas').first().waitFor({ timeout: 30_000 });
      expect(await chart.getAttribute('role')).toBe('img');
      expect(await chart.getAttribute('aria-label')).toContain(title);
      expect(await page.getByTestId(`stat-${name}`).locator('table caption').count(), name).toBeGreaterThan(0);
    }
    expect(statCalls.length).toBe(12);
    await screenshot(page, 'dashboard-hr-desktop', true);
    // axe-core (WCAG 2.1 AA): no serious or critical finding on the home page with the twelve charts
    expect(describeViolations('/zhome (HR)', await axeViolations(page))).toEqual([]);

    // A01 picks a company: every statistic is asked again for A03 only.
    const before = statCalls.length;
    await page.getByTestId('hr-dashboard-company').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'A03' }).click();
    await expect.poll(() => statCalls.slice(before).filter((u) => u.includes('company=A03')).length, { timeout: 20_000 }).toBe(12);
    await page.getByTestId('stat-chart-sexStatistics').locator('canvas').first().waitFor();

    // The table instead of the chart, and the figures as a CSV file.
    await page.getByTestId('stat-toggle-sexStatistics').click();
    const table = page.getByTestId('stat-sexStatistics').locator('table');
    await table.waitFor({ state: 'visible' });
    expect(await table.locator('caption').innerText()).toBe('性别分布');
    const rows = await table.locator('tbody tr').allInnerTexts();
    expect(rows.join('\n')).toMatch(/[男女]\s+\d+/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('stat-download-sexStatistics').click()]);
    expect(download.suggestedFilename()).toBe('性别分布-A03.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\ufeff项目,人数\r\n')).toBe(true);
    expect(csv).toMatch(/[男女],\d+/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a staff member on a 390 px phone sees the home cards and no statistics', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const { errors, statCalls } = watch(page);
    await loginAs(page, 'yangfan');
    await page.goto('/zhome');
    await expectHomeCards(page, '杨帆');
    await page.waitForLoadState('networkidle').catch(() => undefined);
    expect(await page.getByTestId('hr-dashboard').count()).toBe(0);
    expect(statCalls).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-staff-phone', true);
    expect(describeViolations('/zhome (staff, phone)', await axeViolations(page))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('company HR on a phone sees her own company without a filter; charts fit the width', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const { errors, statCalls } = watch(page);
    await loginAs(page, 'qianhui');
    await page.goto('/zhome');
    await page.getByTestId('hr-dashboard').waitFor();
    expect(await page.getByTestId('hr-dashboard-company').count()).toBe(0);
    await page.getByTestId('stat-chart-workTimeStatistics').locator('canvas').first().waitFor({ timeout: 30_000 });
    expect(statCalls.every((u) => !u.includes('company='))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-hr-phone', true);
    await page.getByTestId('stat-toggle-degreeStatistics').click();
    expect(describeViolations('/zhome (company HR, phone, a table shown)', await axeViolations(page))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
