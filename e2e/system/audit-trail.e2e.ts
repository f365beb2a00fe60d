import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

/** The dialog on top (antd keeps several `.ant-modal` in the DOM). */
const topModal = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal-content').last();
const okButton = (scope: Locator): Locator => scope.getByRole('button', { name: /^(确\s*定|OK)$/ });

async function waitForList(page: Page): Promise<void> {
  await page.locator('.ant-table:visible').first().waitFor();
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
}

/** Saves the dialog on top and waits until it is gone. */
async function save(page: Page): Promise<void> {
  const modal = topModal(page);
  await okButton(modal).click();
  await modal.waitFor({ state: 'detached', timeout: 15_000 }).catch(() => modal.waitFor({ state: 'hidden' }));
}

describe('[AUDIT]: 变更记录 of a user and a dictionary item', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('admin edits a user and a dictionary item, then finds both changes in the search and in each record’s 变更记录', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    const phone = `010-6${String(Date.now()).slice(-7)}`;

    // 1. A user's 座机, in the user dialog.
    await page.goto('/isystem/user');
    await waitForList(page);
    await page.getByPlaceholder('请输入用户账号').fill('chenjing');
    await page.getByTestId('list-search').click();
    await waitForList(page);
    const userRow = page.locator('.ant-table-tbody:visible > tr.ant-table-row', { hasText: 'chenjing' }).first();
    await userRow.getByText('编辑', { exact: true }).click();
    let modal = topModal(page);
    const tel = modal.getByLabel('座机');
    await expect.poll(async () => (await modal.getByLabel('用户名字').inputValue()).length > 0).toBe(true);
    const oldTel = await tel.inputValue();
    await tel.fill(phone);
    await save(page);

    // its 变更记录, from the edit dialog
    await userRow.getByText('编辑', { exact: true }).click();
    modal = topModal(page);
    await modal.getByTestId('change-log-open').click();
    const drawer = page.locator('.ant-drawer:visible').last();
    await expect.poll(() => drawer.getByTestId('change-log').innerText()).toContain(phone);
    await expect.poll(() => drawer.getByTestId('change-log').innerText()).toContain('座机');
    await screenshot(page, 'audit-user-change-log');
    await drawer.locator('.ant-drawer-close').click();
    // the demo user gets its 座机 back
    await topModal(page).getByLabel('座机').fill(oldTel);
    await save(page);

    // 2. A dictionary item's 名称, in the dictionary's item drawer.
    await page.goto('/isystem/dict');
    await waitForList(page);
    await page.getByPlaceholder('请输入字典编号').fill('priority');
    await page.getByTestId('list-search').click();
    await waitForList(page);
    await page.locator('.ant-table-tbody:visible > tr.ant-table-row', { hasText: 'priority' }).first().getByText('字典配置').click();
    const items = page.locator('.ant-drawer:visible').last();
    await items.locator('.ant-table-tbody > tr.ant-table-row').first().waitFor();
    const itemRow = items.locator('.ant-table-tbody > tr.ant-table-row').first();
    await itemRow.getByText('编辑', { exact: true }).click();
    modal = topModal(page);
    const name = modal.getByLabel('名称');
    await expect.poll(async () => (await name.inputValue()).length > 0).toBe(true);
    const oldName = await name.inputValue();
    const newName = `${oldName}E2E`;
    await name.fill(newName);
    await save(page);
    await itemRow.getByText('编辑', { exact: true }).click();
    await topModal(page).getByTestId('change-log-open').click();
    const itemLog = page.locator('.ant-drawer:visible').last();
    await expect.poll(() => itemLog.getByTestId('change-log').innerText()).toContain(newName);
    await itemLog.locator('.ant-drawer-close').click();
    await topModal(page).getByLabel('名称').fill(oldName);
    await save(page);

    // 3. Both in the administrator's search (系统管理 → 变更记录).
    await page.goto('/isystem/changeLog');
    await waitForList(page);
    await page.getByPlaceholder('请输入操作人账号').fill('admin');
    await page.getByTestId('list-search').click();
    await waitForList(page);
    const table = page.locator('.ant-table-tbody:visible').first();
    await expect.poll(() => table.innerText()).toContain(phone);
    await expect.poll(() => table.innerText()).toContain(newName);
    await screenshot(page, 'audit-admin-search');
    await context.close();
  });
});
