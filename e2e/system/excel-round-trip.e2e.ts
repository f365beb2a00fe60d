/**
 * Export then import on generic lists (角色管理, 数据字典, 供应商, 年度绩效, 季度绩效): the downloaded .xlsx goes back through the
 * list's 导入 button unchanged, the import answers full success, and the list shows the same rows.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

const TMP = mkdtempSync(path.join(tmpdir(), 'excel-rt-e2e-'));
const topModal = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal-content').last();

async function waitForList(page: Page): Promise<void> {
  await page.locator('.ant-table:visible').first().waitFor();
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
}

/** The list's total (`共 N 条`) as the pagination shows it. */
async function total(page: Page): Promise<string> {
  return (await page.locator('.ant-pagination-total-text:visible').first().innerText()).trim();
}

async function exportThenImport(page: Page, route: string, fileName: string, shot: string): Promise<void> {
  await page.goto(route);
  await waitForList(page);
  const before = await total(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
  expect(download.suggestedFilename()).toBe(`${fileName}.xlsx`);
  const file = path.join(TMP, download.suggestedFilename());
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const header = (wb.worksheets[0].getRow(3).values as unknown[]).map((v) => String(v ?? ''));
  expect(header).toContain('ID');
  let rows = 0;
  wb.worksheets[0].eachRow((_r, n) => {
    if (n > 3) rows++;
  });

  await page.getByTestId('list-import').click();
  const dialog = topModal(page);
  await dialog.getByText('导入EXCEL').first().waitFor();
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByRole('button', { name: /开始上传/ }).click();
  await page.locator('.ant-message-notice', { hasText: `共${rows}行数据全部导入成功！` }).first().waitFor();
  await screenshot(page, shot);
  await waitForList(page);
  expect(await total(page)).toBe(before);
}

describe('[EXCEL] export and import back on generic lists', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('角色管理 and 数据字典: the exported file imports back as it is, no copies', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await exportThenImport(page, '/isystem/role', '角色信息', 'excel-round-trip-role');
    await exportThenImport(page, '/isystem/dict', '数据字典', 'excel-round-trip-dict');
    await context.close();
  });

  it('供应商, 年度绩效 and 季度绩效: the exported file imports back as it is, no copies', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await exportThenImport(page, '/adminstration/library/supplier', '供应商', 'excel-round-trip-supplier');
    await exportThenImport(page, '/performance/userYearPerf', '年度绩效', 'excel-round-trip-year-perf');
    await exportThenImport(page, '/performance/userYearPart', '季度绩效', 'excel-round-trip-year-part');
    await context.close();
  });
});
