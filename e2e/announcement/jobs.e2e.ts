import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser';

/** Signs in through the login page, confirming the tenant choice when the account has several tenants. */
async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill('123456');
  await page.getByTestId('login-captcha').fill('0000');
  await page.getByTestId('login-submit').click();
  const confirmTenant = page.locator('.ant-modal-content .ant-btn-primary');
  for (let i = 0; i < 60 && new URL(page.url()).pathname.startsWith('/user/'); i++) {
    if (await confirmTenant.isVisible().catch(() => false)) await confirmTenant.click().catch(() => undefined);
    await page.waitForTimeout(250);
  }
  await page.getByTestId('app-header').waitFor();
}

describe('[ANNOUNCEMENT]: scheduled jobs and the cron editor', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = (await newPage(browser)).page;
    await signIn(page, 'admin');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('builds an expression in the Cron表达式 dialog, saves a job, runs it once and shows the run history', async () => {
    await page.goto('/isystem/quartzJob');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.getByTestId('job-form');
    await form.locator('#jobClassName, input').first().fill('SampleJob');
    await page.locator('.ant-select-item-option', { hasText: 'office.job.SampleJob' }).click();
    await form.getByTestId('cron-input-pick').click();

    const dialog = page.getByTestId('cron-modal');
    await dialog.getByRole('tab', { name: '分' }).click();
    await dialog.getByTestId('cron-minute-3').click();
    await dialog.locator('.ant-tabs-tabpane-active .cron-grid label', { hasText: /^30$/ }).click();
    await dialog.getByRole('tab', { name: '周' }).click();
    await dialog.getByTestId('cron-week-3').click();
    await dialog.locator('.ant-tabs-tabpane-active .cron-grid-week label', { hasText: '星期六' }).click();
    // Minute set → an every second becomes 0; a week set → an every hour becomes 0 and the day is unset;
    // Saturday is 7 and Sunday 1 in Quartz numbering.
    await expect.poll(() => dialog.getByTestId('cron-expression').inputValue()).toBe('0 30 0 ? * 7 *');
    await dialog.locator('.ant-tabs-tabpane-active .cron-grid-week label', { hasText: '星期日' }).click();
    await expect.poll(() => dialog.getByTestId('cron-expression').inputValue()).toBe('0 30 0 ? * 1,7 *');
    await dialog.locator('.ant-tabs-tabpane-active .cron-grid-week label', { hasText: '星期日' }).click();
    await expect.poll(() => dialog.getByTestId('cron-expression').inputValue()).toBe('0 30 0 ? * 7 *');
    // The preview lists 10 Saturday runs once the editing pauses.
    await expect.poll(() => dialog.getByTestId('cron-preview').locator('li').count()).toBe(10);
    const first = await dialog.getByTestId('cron-preview').locator('li').first().textContent();
    // The listed wall-clock time (GMT+8) falls on a Saturday.
    expect(new Date(`${first!.replace(' ', 'T')}Z`).getUTCDay()).toBe(6);
    await page.waitForTimeout(400);
    await screenshot(page, 'jobs-cron-dialog');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => form.getByTestId('cron-input').inputValue()).toBe('0 30 0 ? * 7 *');

    const description = `示例任务${Date.now()}`;
    await form.locator('textarea').nth(1).fill(description);
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    await form.waitFor({ state: 'hidden' });

    const row = page.locator('tr', { hasText: description });
    await row.waitFor();
    await row.getByTestId('job-execute').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.locator('.ant-message', { hasText: '执行成功' }).waitFor();

    await row.getByTestId('job-history').click();
    const history = page.locator('.ant-modal', { hasText: '运行记录' });
    await expect
      .poll(async () => {
        await history.locator('.ant-modal-close').click();
        await row.getByTestId('job-history').click();
        return history.locator('.ant-table-row').count();
      }, { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await history.locator('.ant-table-row').first().textContent()).toContain('手动执行');
    await page.waitForTimeout(400); // opening animation
    await screenshot(page, 'jobs-run-history');
  });
});
