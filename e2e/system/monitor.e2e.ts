import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

describe('[MONITOR]: the monitoring pages answer what an operator asks them', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('服务器信息 shows this instance and refreshes; 请求追踪 finds a request just made, filtered by method and URL; Redis监控 says it is not configured', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, 'admin');

    await page.goto('/monitor/server');
    const info = page.getByTestId('server-info');
    await info.getByText('Node版本').waitFor();
    await info.getByText('数据库版本').waitFor();
    // the embedded database answers in the journeys
    await expect.poll(() => info.innerText()).toMatch(/sqlite/i);
    await info.getByText(/上次更新：/).waitFor();
    const before = await info.getByText(/上次更新：/).innerText();
    await page.waitForTimeout(1100);
    await info.getByRole('button', { name: /刷\s*新/ }).click();
    await expect.poll(() => info.getByText(/上次更新：/).innerText()).not.toBe(before);
    await screenshot(page, 'monitor-01-server');

    // A request with a mark only this journey makes, then found in the trace.
    const token = await apiLogin('admin');
    const mark = `trace${Date.now().toString(36)}`;
    await fetch(`${baseURL()}/jeecg-boot/sys/dict/list?dictName=${mark}`, { headers: { 'X-Access-Token': token } });
    await page.goto('/monitor/httpTrace');
    const trace = page.getByTestId('http-trace');
    await trace.getByText(/共追踪到 \d+ 条近期请求/).waitFor();
    await trace.getByPlaceholder('请求URL').fill(mark);
    await trace.getByPlaceholder('请求URL').press('Enter');
    const row = trace.locator('.ant-table-tbody tr.ant-table-row', { hasText: mark });
    await row.first().waitFor();
    await expect.poll(() => trace.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await expect.poll(() => row.innerText()).toContain('200');
    // a method that request did not use leaves nothing
    await trace.getByRole('combobox', { name: '请求方法' }).click({ force: true });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'POST' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await screenshot(page, 'monitor-02-trace');

    await page.goto('/monitor/redis');
    const redis = page.getByTestId('redis-info');
    await redis.locator('.ant-alert').waitFor();
    expect(await redis.getByText('Redis Key 数量').count()).toBe(0);
    await screenshot(page, 'monitor-03-redis');
  });
});
