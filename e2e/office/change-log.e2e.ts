import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

const topModal = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal-content').last();

/** Saves the mission dialog and waits until it is gone. */
async function saveMission(page: Page): Promise<void> {
  const modal = topModal(page);
  await modal.getByRole('button', { name: /^保\s*存$/ }).click();
  await modal.waitFor({ state: 'detached', timeout: 15_000 }).catch(() => modal.waitFor({ state: 'hidden' }));
}

describe('[AUDIT]: 变更记录 of an office mission', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('admin renames a mission, finds the change in the dialog’s 变更记录, and puts the name back', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await page.goto('/office/mission');
    await page.locator('.ant-table-tbody:visible > tr.ant-table-row').first().waitFor();
    const row = page.locator('.ant-table-tbody:visible > tr.ant-table-row').first();
    await row.getByText('编辑', { exact: true }).click();
    let modal = topModal(page);
    const title = modal.getByTestId('mission-title');
    await expect.poll(async () => (await title.inputValue()).length > 0).toBe(true);
    const old = await title.inputValue();
    await title.fill(`${old}（审计）`);
    await saveMission(page);

    await page.locator('.ant-table-tbody:visible > tr.ant-table-row', { hasText: `${old}（审计）` }).first().getByText('编辑', { exact: true }).click();
    modal = topModal(page);
    await modal.getByTestId('change-log-open').scrollIntoViewIfNeeded();
    await screenshot(page, 'office-mission-edit-dialog');
    await modal.getByTestId('change-log-open').click();
    const drawer = page.locator('.ant-drawer:visible');
    await expect.poll(() => drawer.getByTestId('change-log').innerText()).toContain(`${old}（审计）`);
    await expect.poll(() => drawer.getByTestId('change-log').innerText()).toContain('任务名称');
    await screenshot(page, 'office-mission-change-log');
    await drawer.locator('.ant-drawer-close').click();

    // the seeded name again
    await modal.getByTestId('mission-title').fill(old);
    await saveMission(page);
    await page.locator('.ant-table-tbody:visible > tr.ant-table-row', { hasText: old }).first().waitFor();
    await context.close();
  });
});
