import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

describe('[SHELL]: session expiry', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a session revoked on the server while the page is open gives one expiry notice and returns to login', async () => {
    const { context, page } = await newPage(browser);
    // 页面示例 is an administrator's page; logging out revokes only this page's session
    await loginAs(page, 'admin');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token')!).value as string);
    const res = await fetch(`${baseURL()}/jeecg-boot/sys/logout`, { method: 'POST', headers: { 'X-Access-Token': token } });
    expect(res.status).toBe(200);

    // Opening the demo list fires several calls at once; every one answers 401.
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) failed.push(r.url());
    });
    // Count expiry notices as they appear (the page reloads afterwards, so count from the browser).
    let notices = 0;
    await page.exposeFunction('reportExpiryNotice', () => {
      notices++;
    });
    await page.evaluate(() => {
      const seen = new WeakSet<Node>();
      new MutationObserver(() => {
        for (const el of Array.from(document.querySelectorAll('.ant-notification-notice'))) {
          if (!seen.has(el) && el.textContent?.includes('很抱歉，登录已过期，请重新登录')) {
            seen.add(el);
            (window as unknown as { reportExpiryNotice(): void }).reportExpiryNotice();
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const menu = page.getByTestId('side-menu');
    await menu.locator('.ant-menu-submenu-title').getByText('页面示例', { exact: true }).click();
    await menu.locator('li.ant-menu-item').getByText('示例列表', { exact: true }).click();
    const notice = page.locator('.ant-notification-notice', { hasText: '很抱歉，登录已过期，请重新登录' });
    await notice.first().waitFor();
    await screenshot(page, 'shell-session-expired');
    await page.waitForURL('**/user/login?redirect=*', { timeout: 10_000 });
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(notices).toBe(1);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/demo/list');
    await context.close();
  });
});
