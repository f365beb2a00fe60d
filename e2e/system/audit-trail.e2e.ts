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

describe('[AUDIT]: 变更记录 of a user, a dictionary item, an employee file and a department', () => {
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

  it('admin changes an employee file and a department, then finds each change in 变更记录 on the file’s detail and on the department panel', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    const stamp = String(Date.now()).slice(-7);

    // 1. An employee file's 籍贯, in the roster's edit dialog (人事档案, record type hy_user).
    await page.goto('/hr/roster');
    await waitForList(page);
    const label = await page.locator('.ant-table-tbody:visible > tr.ant-table-row a[aria-label^="查看"]').first().getAttribute('aria-label');
    const person = String(label).replace(/^查看/, '').replace(/的档案$/, '');
    await page.goto(`/hr/roster?realname=${encodeURIComponent(person)}`);
    await waitForList(page);
    const fileRow = page.locator('.ant-table-tbody:visible > tr.ant-table-row', { hasText: person }).first();
    await fileRow.getByText('编辑', { exact: true }).click();
    let modal = topModal(page);
    await expect.poll(async () => (await modal.getByLabel('姓名').inputValue()).length > 0).toBe(true);
    const oldPlace = await modal.getByLabel('籍贯').inputValue();
    const place = `籍贯E2E${stamp}`;
    await modal.getByLabel('籍贯').fill(place);
    await save(page);

    // its 变更记录, from the file detail (档案)
    await fileRow.getByLabel(`查看${person}的档案`).click();
    const detail = page.locator('.ant-modal-wrap:visible .ant-modal-content', { hasText: '人事档案' }).last();
    await detail.locator('[data-field="realname"]', { hasText: person }).waitFor();
    await detail.getByTestId('change-log-open').click();
    const fileLog = page.locator('.ant-drawer:visible').last();
    await expect.poll(() => fileLog.getByTestId('change-log').innerText()).toContain(place);
    await expect.poll(() => fileLog.getByTestId('change-log').innerText()).toContain('籍贯');
    await screenshot(page, 'audit-hr-file-change-log');
    await fileLog.locator('.ant-drawer-close').click();
    await fileLog.waitFor({ state: 'hidden' });
    await detail.locator('.ant-modal-close').click();
    await detail.waitFor({ state: 'hidden' });
    // the file gets its 籍贯 back
    await fileRow.getByText('编辑', { exact: true }).click();
    modal = topModal(page);
    await expect.poll(async () => modal.getByLabel('籍贯').inputValue()).toBe(place);
    await modal.getByLabel('籍贯').fill(oldPlace);
    await save(page);

    // 2. A department's 传真, in the department tree's own panel (部门管理, record type sys_depart)
    // (a company: the tree's top level, shown unfolded)
    await page.goto('/isystem/depart');
    await page.locator('.ant-tree-title', { hasText: '华远物流有限公司' }).first().click();
    const panel = page.locator('.ant-tabs-tabpane-active').filter({ has: page.getByLabel('传真') });
    await expect.poll(() => panel.getByLabel('机构名称').inputValue()).toBe('华远物流有限公司');
    const oldFax = await panel.getByLabel('传真').inputValue();
    const fax = `010-8${stamp}`;
    const saveDepart = async (value: string) => {
      await panel.getByLabel('传真').fill(value);
      const saved = page.waitForResponse((r) => r.url().includes('/sys/sysDepart/edit'));
      await panel.getByRole('button', { name: /^保\s*存$/ }).click();
      expect(((await (await saved).json()) as { success: boolean }).success).toBe(true);
    };
    await saveDepart(fax);
    await panel.getByTestId('change-log-open').click();
    const departLog = page.locator('.ant-drawer:visible').last();
    await expect.poll(() => departLog.getByTestId('change-log').innerText()).toContain(fax);
    await expect.poll(() => departLog.getByTestId('change-log').innerText()).toContain('传真');
    await screenshot(page, 'audit-depart-change-log');
    await departLog.locator('.ant-drawer-close').click();
    await departLog.waitFor({ state: 'hidden' });
    // the department gets its 传真 back
    await saveDepart(oldFax);
    await context.close();
  });
});
