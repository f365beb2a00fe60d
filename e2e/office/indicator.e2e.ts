import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(600);
  await save(page, name);
}

/** The chart canvas as an image, to compare before and after. */
const chartImage = async (page: Page) => (await page.getByTestId('indicator-chart').locator('canvas').first().screenshot()).toString('base64');

describe('[OFFICE]: strategic indicators from target to actuals', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('a leader creates an indicator, enters actuals and sees the summary, the tree and the chart change', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, 'admin');
    await page.goto('/office/indicator');
    await page.getByTestId('indicator-table').waitFor();

    await page.getByTestId('indicator-add').click();
    const form = page.getByTestId('indicator-form');
    await form.getByLabel('所属公司或部门').first().click();
    await page.keyboard.type('信息技术部');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '信息技术部' }).first().click();
    await page.getByTestId('indicator-name').fill('机房节能率');
    await page.getByTestId('indicator-unit').fill('%');
    await page.locator('input[data-testid="indicator-target"], [data-testid="indicator-target"] input').first().fill('120');
    await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
    await page.locator('.ant-message').getByText('添加成功！').waitFor();

    const row = page.locator('[data-testid="indicator-table"] .ant-table-row', { hasText: '机房节能率' });
    await row.getByText('未填报').waitFor();
    await row.click();
    const summary = page.getByTestId('indicator-summary');
    await summary.getByText(/累计实际 0% \/ 年度目标 120%/).waitFor();
    await page.getByTestId('indicator-chart').locator('canvas').first().waitFor();
    await screenshot(page, 'office-20-indicator-created');
    const before = await chartImage(page);

    // The owner enters January to March: 9 + 11 + 12 = 32 of a 30 plan to date → 正常.
    await row.getByTestId('indicator-actuals').click();
    for (const [m, v] of [
      [1, '9'],
      [2, '11'],
      [3, '12'],
    ] as const) {
      await page.locator(`input[data-testid="month-actual-${m}"], [data-testid="month-actual-${m}"] input`).first().fill(v);
    }
    await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
    await page.locator('.ant-message').getByText('保存成功').waitFor();
    await summary.getByText(/累计实际 32% \/ 年度目标 120%，完成率 26\.67%，进度 106\.67%/).waitFor();
    await row.getByText('正常').waitFor();
    expect(await page.getByTestId('indicator-chart').getAttribute('data-actual-total')).toBe('32');
    await page.waitForTimeout(600);
    const after = await chartImage(page);
    expect(after).not.toBe(before);
    // The department's node in the tree now reports.
    await page.getByTestId('indicator-node-A01A04').waitFor();
    await screenshot(page, 'office-21-indicator-actuals');
  });
});
