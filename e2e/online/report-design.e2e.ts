import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

const stamp = Date.now().toString(36).slice(-5);
const topModal = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal-content').last();

async function waitForList(page: Page): Promise<void> {
  await page.locator('.ant-table:visible').first().waitFor();
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
}

async function rowMenu(page: Page, row: Locator, item: string): Promise<void> {
  await row.getByText('更多').click();
  await page.locator('.ant-dropdown:visible').getByText(item, { exact: true }).click();
}

describe('[ONLINE]: 在线报表配置 — a report designed, found, tried, renamed and removed', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('the administrator writes the SQL, parses it into fields, saves, searches by code, previews, renames and deletes', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, 'admin');
    await page.goto('/online/cgreport');
    await waitForList(page);

    const code = `dept_list_${stamp}`;
    await page.getByTestId('list-add').click();
    const modal = topModal(page);
    await modal.getByTestId('report-code').fill(code);
    await modal.getByTestId('report-name').fill(`部门清单${stamp}`);
    // saving before parsing is refused with the reason
    await modal.getByTestId('report-sql').locator('.cm-content').click();
    await page.keyboard.type('select depart_name, org_code from sys_depart');
    await modal.getByTestId('report-save').click();
    await page.locator('.ant-message').getByText('请先解析SQL，生成报表字段').waitFor();
    await modal.getByTestId('report-parse').click();
    await page.locator('.ant-message').getByText('解析成功').waitFor();
    await modal.getByLabel('depart_name字段文本').fill('部门名称');
    await modal.getByLabel('org_code字段文本').fill('机构编码');
    await screenshot(page, 'online-report-design-01-parsed');
    await modal.getByTestId('report-save').click();
    await page.locator('.ant-message').getByText('报表已创建').waitFor();
    await modal.waitFor({ state: 'hidden' });

    const form = page.locator('form[id="listSearch"]');
    await form.getByLabel('报表编码', { exact: true }).fill(code);
    await page.getByTestId('list-search').click();
    await waitForList(page);
    const row = page.locator('.ant-table-tbody:visible > tr.ant-table-row', { hasText: code });
    await row.waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody:visible > tr.ant-table-row').count()).toBe(1);

    // 功能测试 runs it: the parsed labels head the columns, departments fill the rows
    await rowMenu(page, row, '功能测试');
    const preview = topModal(page);
    await preview.getByText('部门名称').first().waitFor();
    await expect.poll(() => preview.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await expect.poll(() => preview.innerText()).toMatch(/A01/);
    await screenshot(page, 'online-report-design-02-preview');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    await row.getByText('编辑', { exact: true }).click();
    const edit = topModal(page);
    await expect.poll(() => edit.getByTestId('report-code').inputValue()).toBe(code);
    await edit.getByTestId('report-name').fill(`部门清单（改）${stamp}`);
    await edit.getByTestId('report-save').click();
    await page.locator('.ant-message').getByText('报表已保存').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain(`部门清单（改）${stamp}`);

    await rowMenu(page, row, '删除');
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: /^(确\s*定|OK)$/ }).click();
    await expect.poll(() => row.count()).toBe(0);
    await screenshot(page, 'online-report-design-03-deleted');
  });
});
