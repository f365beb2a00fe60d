import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

const stamp = Date.now().toString(36).slice(-5);

/** The dialog on top (antd keeps several `.ant-modal` in the DOM). */
const topModal = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal-content').last();
const okButton = (scope: Locator): Locator => scope.getByRole('button', { name: /^(确\s*定|OK)$/ });
const rows = (page: Page, text: string): Locator => page.locator('.ant-table-tbody:visible > tr.ant-table-row', { hasText: text });

async function waitForList(page: Page): Promise<void> {
  await page.locator('.ant-table:visible').first().waitFor();
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
}

/** Fills one search field of the generic list (by its label) and runs the search. */
async function search(page: Page, label: string, value: string): Promise<void> {
  const form = page.locator('form[id="listSearch"]');
  await form.getByLabel(label, { exact: true }).fill(value);
  await page.getByTestId('list-search').click();
  await waitForList(page);
}

/** 更多 › 删除 on a row, confirmed. */
async function deleteRow(page: Page, row: Locator): Promise<void> {
  await row.getByText('更多').click();
  await page.locator('.ant-dropdown:visible').getByText('删除', { exact: true }).click();
  await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: /^(确\s*定|OK)$/ }).click();
}

describe('[LEDGER]: the item catalogue and the warehouses, created, found, changed and removed', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('物品目录: the administrator adds an item, finds it by name, changes its spec, and deletes it', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, 'admin');
    await page.goto('/library/items');
    await waitForList(page);

    const code = `E2E-${stamp}`;
    const name = `订书机${stamp}`;
    await page.getByTestId('list-add').click();
    let modal = topModal(page);
    // the required marks speak first
    await okButton(modal).click();
    await modal.getByText('请输入物品编码').waitFor();
    await modal.getByLabel('物品编码').fill(code);
    await modal.getByLabel('物品名称').fill(name);
    await modal.getByLabel('规格').fill('标准型 24/6');
    await modal.getByLabel('单位').fill('个');
    await modal.getByLabel('参考单价').fill('18.5');
    await screenshot(page, 'ledger-catalogue-01-add-item');
    await okButton(modal).click();
    await modal.waitFor({ state: 'hidden' });

    await search(page, '物品名称', name);
    const row = rows(page, code);
    await row.waitFor();
    await expect.poll(() => rows(page, '').count()).toBe(1);
    await expect.poll(() => row.innerText()).toContain('标准型 24/6');

    await row.getByText('编辑', { exact: true }).click();
    modal = topModal(page);
    await expect.poll(() => modal.getByLabel('物品名称').inputValue()).toBe(name);
    expect(await modal.getByLabel('物品编码').isDisabled()).toBe(true);
    await modal.getByLabel('规格').fill('重型 23/13');
    await okButton(modal).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => rows(page, code).innerText()).toContain('重型 23/13');
    await screenshot(page, 'ledger-catalogue-02-item-changed');

    await deleteRow(page, rows(page, code));
    await expect.poll(() => rows(page, code).count()).toBe(0);
    await page.getByTestId('list-reset').click();
    await waitForList(page);
    expect(await rows(page, code).count()).toBe(0);
  });

  it('仓库: the administrator adds a store warehouse, finds it, moves its address, and deletes it', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, 'admin');
    await page.goto('/library/warehouse');
    await waitForList(page);

    const name = `测试门店仓${stamp}`;
    await page.getByTestId('list-add').click();
    const modal = topModal(page);
    await modal.getByLabel('仓库名称').fill(name);
    await modal.getByLabel('类型').click({ force: true });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '门店仓库' }).click();
    // a group administrator chooses the company the warehouse belongs to
    await modal.getByLabel('所属公司').click({ force: true });
    await page.keyboard.press('Enter');
    await modal.getByLabel('地址').fill('中山路 1 号');
    await modal.getByLabel('保管员').fill('李库管');
    await okButton(modal).click();
    await modal.waitFor({ state: 'hidden' });

    await search(page, '仓库名称', name);
    const row = rows(page, name);
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('门店仓库');
    await expect.poll(() => row.innerText()).toContain('中山路 1 号');

    await row.getByText('编辑', { exact: true }).click();
    const edit = topModal(page);
    await expect.poll(() => edit.getByLabel('仓库名称').inputValue()).toBe(name);
    await edit.getByLabel('地址').fill('解放路 88 号');
    await okButton(edit).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => rows(page, name).innerText()).toContain('解放路 88 号');
    await screenshot(page, 'ledger-catalogue-03-warehouse-changed');

    await deleteRow(page, rows(page, name));
    await expect.poll(() => rows(page, name).count()).toBe(0);
  });
});
