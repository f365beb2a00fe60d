import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

async function menuTitles(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await menu.waitFor();
  return (await menu.locator(':scope > li').allInnerTexts()).map((t) => t.trim().split('\n')[0]);
}

describe('[SHELL]: permission-driven menus, routes and buttons', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('admin sees 系统管理 and every demo button enabled', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    const titles = await menuTitles(page);
    expect(titles).toContain('首页');
    expect(titles).toContain('系统管理');
    expect(titles).toContain('页面示例');
    await page.goto('/demo/list');
    await page.getByTestId('shell-demo').waitFor();
    expect(await page.getByTestId('demo-add').count()).toBe(1);
    expect(await page.getByTestId('demo-export').count()).toBe(1);
    expect(await page.getByTestId('demo-salary').isDisabled()).toBe(false);
    // The signed dictionary lookup answered (X-Sign accepted).
    await expect.poll(() => page.getByText(/优先级选项来自需签名的字典接口（[1-9]\d* 项）/).count()).toBe(1);
    await screenshot(page, 'shell-permissions-admin');

    // A menu entry whose component does not exist shows a clear in-page message.
    await page.goto('/demo/missing');
    await page.getByTestId('unknown-component').waitFor();
    expect(await page.getByTestId('unknown-component').textContent()).toContain('dashboard/NoSuchPage');
    await screenshot(page, 'shell-unknown-component');

    // Admin reaches a system page.
    await page.goto('/isystem/role');
    await page.waitForURL('**/isystem/role');
    expect(page.url()).not.toContain('/404');
    await context.close();
  });

  it('a restricted user sees fewer menus, gets 404 on routes it lacks (the example pages too) and misses a button', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'chenjing');
    const titles = await menuTitles(page);
    expect(titles).toContain('首页');
    // 页面示例 and 组件示例 are developer pages for administrators only
    expect(titles).not.toContain('页面示例');
    expect(titles).not.toContain('系统管理');
    await screenshot(page, 'shell-permissions-staff-menu');

    for (const path of ['/isystem/user', '/demo/list', '/demo/about', '/demo/missing', '/isystem/examples']) {
      await page.goto(path);
      await page.waitForURL('**/404');
      await page.getByTestId('exception-404').waitFor();
    }
    await context.close();

    // HR reaches 用户管理 with export only: no add button
    const hr = await newPage(browser);
    await loginAs(hr.page, 'lina');
    expect(await menuTitles(hr.page)).not.toContain('页面示例');
    await hr.page.goto('/isystem/user');
    await hr.page.getByTestId('list-export').waitFor();
    expect(await hr.page.getByTestId('list-add').count()).toBe(0);
    await screenshot(hr.page, 'shell-permissions-hr-buttons');
    await hr.context.close();
  });
});
