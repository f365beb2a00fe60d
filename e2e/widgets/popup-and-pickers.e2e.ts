/**
 * The popup report selector and the pickers in an online form: a form whose 申请人 is a popup on the online
 * report 费用报销明细 (filling 申请人 and 金额), with 部门 (department picker), 负责人 (person picker), 地区
 * (area linkage) and 性别 (dictionary search-select); pick, save, read the row back. Then the 组件示例 page:
 * the popup there, the wrongly configured popup's 弹窗配置错误, and the drag slider moved with the mouse.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

const stamp = Date.now().toString(36).slice(-5);
const TABLE = `e2e_popup_${stamp}`;
const TITLE = `弹窗选择${stamp}`;

const topModal = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal-content').last();

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseURL()}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: unknown };
}

async function openMenu(page: Page, group: string, item: string) {
  const menu = page.getByTestId('side-menu');
  const leaf = menu.locator('li.ant-menu-item').getByText(item, { exact: true });
  if (!(await leaf.isVisible())) await menu.locator('.ant-menu-submenu-title').getByText(group, { exact: true }).click();
  await leaf.click();
}

const field = (dbFieldName: string, dbFieldTxt: string, extra: Record<string, unknown> = {}) => ({
  dbFieldName,
  dbFieldTxt,
  dbType: 'string',
  dbLength: 100,
  dbIsNull: 1,
  isShowList: 1,
  isShowForm: 1,
  ...extra,
});

describe('[WIDGETS]: popup report selector, pickers and the drag slider', () => {
  let browser: Browser;
  let formId = '';
  let token = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiLogin('admin');
    const design = await api(token, 'POST', '/online/cgform/api/addAll', {
      head: { tableName: TABLE, tableTxt: TITLE, tableType: 1 },
      fields: [
        field('applicant', '申请人', { fieldShowType: 'popup', dictTable: 'expense_summary', dictField: 'applicant_name,amount', dictText: 'applicant,amount', orderNum: 1 }),
        field('amount', '金额', { orderNum: 2 }),
        field('depart', '部门', { fieldShowType: 'sel_depart', orderNum: 3 }),
        field('owner', '负责人', { fieldShowType: 'sel_user', orderNum: 4 }),
        field('area', '地区', { fieldShowType: 'pca', orderNum: 5 }),
        field('sex', '性别', { fieldShowType: 'sel_search', dictField: 'sex', orderNum: 6 }),
      ],
    });
    expect(design.success, design.message).toBe(true);
    formId = String(design.result);
    const sync = await api(token, 'POST', `/online/cgform/api/doDbSynch/${formId}/normal`, {});
    expect(sync.success, sync.message).toBe(true);
    const menu = await api(token, 'POST', `/online/cgform/head/genMenu/${formId}`, {});
    expect(menu.success, menu.message).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('fills an online form through the popup report and the pickers and saves it', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await openMenu(page, '在线开发', TITLE);
    await page.getByTestId('cgform-add').click();
    const dialog = topModal(page);

    // 申请人: the popup on 费用报销明细 (width 1200), one row, which fills 申请人 and 金额
    await dialog.getByTestId('cgform-field-applicant').click();
    const popup = topModal(page);
    await popup.locator('.ant-modal-title', { hasText: '申请人' }).waitFor();
    expect(Math.round((await popup.boundingBox())!.width)).toBe(1200);
    const firstRow = popup.locator('.ant-table-tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    // nothing picked: the selector asks for a record
    await popup.locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('请至少选择一条记录').first().waitFor();
    const name = (await firstRow.locator('td').nth(2).innerText()).trim();
    await firstRow.locator('input[type=radio]').check();
    await screenshot(page, 'widgets-popup-report-selector');
    await popup.locator('.ant-modal-footer button.ant-btn-primary').click();
    await popup.waitFor({ state: 'detached' }).catch(() => {});
    await expect.poll(() => dialog.getByTestId('cgform-field-applicant').inputValue()).toBe(name);
    const amount = await dialog.locator('#amount').inputValue();
    expect(Number(amount)).toBeGreaterThan(0);

    // 部门: the department picker (500 px dialog, one department)
    await dialog.locator('#depart').click();
    const departs = topModal(page);
    await departs.locator('.ant-modal-title', { hasText: '选择部门' }).waitFor();
    await departs.locator('.ant-tree-node-content-wrapper').first().click();
    const departName = (await departs.locator('.ant-tree-node-selected').innerText()).trim();
    await departs.locator('.ant-modal-footer button.ant-btn-primary').click();
    await expect.poll(() => dialog.locator('#depart').inputValue()).toContain(departName);

    // 负责人: the person picker (department tree and person table)
    await dialog.locator('#owner').click();
    const people = topModal(page);
    await people.locator('.ant-modal-title', { hasText: '根据部门选择用户' }).waitFor();
    const search = people.locator('input[data-testid="person-search"], [data-testid="person-search"] input').first();
    await search.fill('admin');
    await search.press('Enter');
    const person = people.getByTestId('person-table').locator('tr.ant-table-row').first();
    await person.waitFor();
    await person.locator('input[type=radio]').check();
    await people.locator('.ant-modal-footer button.ant-btn-primary').click();
    await expect.poll(() => dialog.locator('#owner').inputValue()).not.toBe('');

    // 地区: province, city, district
    await dialog.locator('#area').click();
    const cascader = page.locator('.ant-cascader-dropdown:visible');
    await cascader.getByText('北京市', { exact: true }).click();
    await cascader.getByText('市辖区', { exact: true }).click();
    await cascader.getByText('东城区', { exact: true }).click();

    // 性别: dictionary search-select
    const sex = dialog.locator('.ant-form-item', { hasText: '性别' }).locator('.ant-select');
    await sex.click();
    await sex.locator('input').fill('男');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '男' }).first().click();

    await screenshot(page, 'widgets-online-form-pickers');
    await dialog.getByTestId('cgform-row-save').click();
    await page.getByText('添加成功！').first().waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody:visible').innerText()).toContain(name);
    const listText = await page.locator('.ant-table-tbody:visible').innerText();
    expect(listText).toContain('东城区');
    await screenshot(page, 'widgets-online-form-list');

    const rows = (await api(token, 'GET', `/online/cgform/api/getData/${formId}`)).result as { records: Record<string, string>[] };
    expect(rows.records).toHaveLength(1);
    expect(rows.records[0]).toMatchObject({ applicant: name, amount, owner: 'admin', area: '110101', sex: '1' });
    expect(rows.records[0].depart).toBeTruthy();
    await context.close();
  });

  it('shows the popup and the pickers on 组件示例 and verifies the slider with a mouse drag', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await page.goto('/isystem/examples');
    await page.getByTestId('component-examples').waitFor();
    const example = page.getByTestId('example-popup');
    await example.scrollIntoViewIfNeeded();
    await example.getByText('弹窗配置错误').waitFor();

    // several rows at once: 申请人 and 金额 joined by commas
    await example.getByTestId('report-popup').click();
    const popup = topModal(page);
    const rows = popup.locator('.ant-table-tbody tr.ant-table-row');
    await rows.nth(1).waitFor();
    await rows.nth(0).locator('input[type=checkbox]').check();
    await rows.nth(1).locator('input[type=checkbox]').check();
    await popup.locator('.ant-modal-footer button.ant-btn-primary').click();
    await expect
      .poll(async () => JSON.parse((await page.getByTestId('value-popup').textContent()) ?? '{}') as Record<string, string>)
      .toMatchObject({ name: expect.stringContaining(','), money: expect.stringContaining(',') });

    // the drag slider, pressed and moved by the mouse in small steps past the end of the bar
    const slider = page.getByTestId('drag-verify');
    await slider.scrollIntoViewIfNeeded();
    const h = (await slider.getByTestId('drag-verify-handle').boundingBox())!;
    const box = (await slider.boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(h.x + h.width / 2 + i * 15, h.y + h.height / 2 + (i % 2 ? 12 : -12));
    expect(Number(await slider.getByTestId('drag-verify-handle').getAttribute('aria-valuenow'))).toBeGreaterThan(50);
    expect(await slider.getAttribute('data-verified')).toBe('false');
    await page.mouse.move(box.x + box.width + 60, h.y + 70, { steps: 6 });
    await page.mouse.up();
    await slider.getByText('验证通过').waitFor();
    expect(await slider.getAttribute('data-verified')).toBe('true');
    await screenshot(page, 'widgets-examples-popup-slider');
    await context.close();
  });
});
