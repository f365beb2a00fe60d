import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

const stamp = Date.now().toString(36).slice(-5);
const MAIN = `e2e_order_${stamp}`;
const SUB = `e2e_order_line_${stamp}`;
const TITLE = `旅程订单${stamp}`;

const topModal = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal-content').last();

async function openMenu(page: Page, group: string, item: string) {
  const menu = page.getByTestId('side-menu');
  const leaf = menu.locator('li.ant-menu-item').getByText(item, { exact: true });
  if (!(await leaf.isVisible())) await menu.locator('.ant-menu-submenu-title').getByText(group, { exact: true }).click();
  await leaf.click();
}

async function rowMenu(page: Page, rowText: string, action: string) {
  const row = page.locator('.ant-table-tbody:visible > tr.ant-table-row', { hasText: rowText }).first();
  await row.getByText('更多').click();
  await page.locator('.ant-dropdown:visible').getByText(action, { exact: true }).click();
}

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseURL()}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: unknown };
}

describe('[ONLINE]: online form journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('designs a main table with a sub table, previews and syncs, generates its menu, adds a row with a sub row and finds it', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await openMenu(page, '在线开发', '在线表单开发');

    // The main table's head through the designer dialog, its fields in the field grid.
    await page.getByTestId('list-add').click();
    let dialog = topModal(page);
    await dialog.getByTestId('cgform-table-name').fill(MAIN);
    await dialog.getByTestId('cgform-table-txt').fill(TITLE);
    await dialog.getByTestId('cgform-table-type').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '主表' }).click();
    await dialog.getByTestId('cgform-sub-tables').fill(SUB);
    await dialog.getByTestId('grid-add').click();
    const cell = (key: string) => dialog.locator('[data-testid="grid-row"]').first().locator(`[data-col="${key}"]`);
    await cell('dbFieldName').click();
    await cell('dbFieldName').locator('input').fill('customer');
    await cell('dbFieldTxt').click();
    await cell('dbFieldTxt').locator('input').fill('客户');
    await cell('isQuery').locator('input[type=checkbox]').check();
    await screenshot(page, 'online-form-designer-dialog');
    await dialog.getByTestId('cgform-save').click();
    await dialog.waitFor({ state: 'detached' }).catch(() => {});
    await expect.poll(() => page.locator('.ant-table-tbody:visible').innerText()).toContain(MAIN);

    // The sub table over the API (same designer call), then sync both from the list.
    const token = await apiLogin('admin');
    const sub = await api(token, 'POST', '/online/cgform/api/addAll', {
      head: { tableName: SUB, tableTxt: '订单明细', tableType: 3 },
      fields: [
        { dbFieldName: 'order_id', dbFieldTxt: '订单', dbType: 'string', dbLength: 32, mainTable: MAIN, mainField: 'id', isShowForm: 0 },
        { dbFieldName: 'product', dbFieldTxt: '商品', dbType: 'string', dbLength: 50, dbIsNull: 0 },
      ],
    });
    expect(sub.success, sub.message).toBe(true);

    await page.getByTestId('list-search').click();
    await rowMenu(page, MAIN, '同步数据库');
    dialog = topModal(page);
    await expect.poll(() => dialog.getByTestId('cgform-ddl').innerText()).toContain(`create table "${MAIN}"`);
    expect(await dialog.getByTestId('cgform-ddl').innerText()).toContain(`create table "${SUB}"`);
    await screenshot(page, 'online-form-sync-preview');
    await dialog.getByTestId('cgform-sync-run').click();
    await page.getByText('同步数据库成功!').first().waitFor();

    await rowMenu(page, MAIN, '生成菜单');
    await page.locator('.ant-modal-confirm-title', { hasText: '菜单已生成' }).waitFor();
    await page.locator('.ant-modal-confirm-btns button').last().click();

    // The new menu after a reload, the generated list and form.
    await page.reload();
    await page.getByTestId('app-header').waitFor();
    await openMenu(page, '在线开发', TITLE);
    await page.getByTestId('cgform-add').click();
    dialog = topModal(page);
    await dialog.getByTestId('cgform-field-customer').fill('旅程客户甲');
    const grid = dialog.getByTestId(`cgform-sub-${SUB}`);
    await grid.getByTestId('grid-add').click();
    await grid.locator('[data-testid="grid-row"]').first().locator('[data-col="product"]').click();
    await grid.locator('[data-testid="grid-row"]').first().locator('[data-col="product"] input').fill('旅程商品');
    await screenshot(page, 'online-form-row-dialog');
    await dialog.getByTestId('cgform-row-save').click();
    await page.getByText('添加成功！').first().waitFor();

    const search = page.getByRole('textbox', { name: '客户' }).first();
    await search.fill('旅程客户');
    await page.locator('[data-testid="list-search"]:visible').click();
    await expect.poll(() => page.locator('.ant-table-tbody:visible').innerText()).toContain('旅程客户甲');
    await screenshot(page, 'online-form-generated-list');

    // The sub row was saved with the main row.
    const data = (await api(token, 'GET', `/online/cgform/head/list?tableName=${MAIN}`)).result as { records: { id: string; tableName: string }[] };
    const mainId = data.records.find((r) => r.tableName === MAIN)!.id;
    const rows = (await api(token, 'GET', `/online/cgform/api/getData/${mainId}?customer=${encodeURIComponent('旅程客户甲')}`)).result as { records: { id: string }[] };
    const one = (await api(token, 'GET', `/online/cgform/api/form/${mainId}/${rows.records[0].id}`)).result as Record<string, { product: string }[]>;
    expect(one[SUB].map((r) => r.product)).toEqual(['旅程商品']);
    await context.close();
  });
});
