import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

const TMP = mkdtempSync(path.join(tmpdir(), 'weekly-search-'));

describe('[OFFICE]: 周报查询 finds submitted reports by person, opens one and exports what it found', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('the administrator searches 赵磊, reads the report, exports the result, and resets the search', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, 'admin');
    await page.goto('/office/weeklySearch');
    const rows = page.locator('.ant-table-tbody:visible > tr.ant-table-row');
    await rows.first().waitFor();
    const all = await rows.count();
    expect(all).toBeGreaterThan(1);

    await page.getByLabel('姓名').fill('赵磊');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(async () => (await rows.allInnerTexts()).every((t) => t.includes('赵磊'))).toBe(true);
    const found = await rows.count();
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(all);
    await screenshot(page, 'office-weekly-search-01-found');

    await rows.first().getByRole('button', { name: /查\s*看/ }).click();
    const view = page.getByTestId('weekly-view');
    await view.getByText('服务器巡检，更新备份策略。').waitFor();
    await screenshot(page, 'office-weekly-search-02-view');
    await page.getByTestId('weekly-view-close').click();
    await view.waitFor({ state: 'hidden' });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = path.join(TMP, download.suggestedFilename());
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const texts: string[] = [];
    wb.worksheets[0].eachRow((row) => texts.push(row.values.toString()));
    const withName = texts.filter((t) => t.includes('赵磊'));
    // the export holds what the search found, and nobody else's report
    expect(withName.length).toBe(found);
    expect(texts.some((t) => t.includes('陈静'))).toBe(false);

    await page.getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => rows.count()).toBe(all);
  });
});
