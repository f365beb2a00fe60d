import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

const topModal = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal-content').last();

async function openMenu(page: Page, group: string, item: string) {
  const menu = page.getByTestId('side-menu');
  const leaf = menu.locator('li.ant-menu-item').getByText(item, { exact: true });
  if (!(await leaf.isVisible())) await menu.locator('.ant-menu-submenu-title').getByText(group, { exact: true }).click();
  await leaf.click();
}

describe('[ONLINE]: online report journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens 费用报销明细 from its menu, searches, sees the 合计 row, and previews it from 在线报表配置', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await openMenu(page, '在线开发', '费用报销明细');
    await page.waitForURL(/\/online\/cgreport\/1100000000000000000001/);
    const table = page.locator('.ant-table:visible').first();
    await table.waitFor();
    await expect.poll(() => table.innerText()).toContain('合计');
    const before = await page.locator('.ant-table-tbody:visible > tr.ant-table-row').count();
    expect(before).toBeGreaterThan(0);
    await page.getByLabel('申请人').first().fill('*');
    await page.getByRole('button', { name: /查\s*询/ }).first().click();
    await expect.poll(() => table.innerText()).toContain('合计');
    await screenshot(page, 'online-report-page');

    await openMenu(page, '在线开发', '在线报表配置');
    const row = page.locator('.ant-table-tbody:visible > tr.ant-table-row', { hasText: 'expense_summary' }).first();
    await row.getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('功能测试', { exact: true }).click();
    const dialog = topModal(page);
    await expect.poll(() => dialog.innerText()).toContain('合计');
    await screenshot(page, 'online-report-preview');
    await dialog.getByRole('button', { name: 'Close' }).click().catch(() => page.keyboard.press('Escape'));
    await dialog.waitFor({ state: 'hidden' });

    // The popup report selector (docs/online.md, width 1200) on the same report: OK needs a chosen row.
    await row.getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('弹窗选择测试', { exact: true }).click();
    const popup = topModal(page);
    await expect.poll(() => popup.innerText()).toContain('申请人');
    expect(await page.locator('.ant-modal:visible').last().evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(1200);
    await popup.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.getByText('请至少选择一条记录').waitFor();
    await popup.locator('.ant-table-tbody > tr.ant-table-row').first().locator('input[type="checkbox"]').check();
    await popup.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.getByText('已选择 1 条记录').waitFor();
    await screenshot(page, 'online-report-popup');
    await context.close();
  });
});
