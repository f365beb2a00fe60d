import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

const tabTitles = (page: Page) => page.locator('[data-testid="tab-bar"] .ant-tabs-tab .app-tab-label').allInnerTexts();
const tab = (page: Page, title: string) => page.locator('[data-testid="tab-bar"] .ant-tabs-tab', { hasText: title });

async function openMenu(page: Page, group: string, item: string) {
  const menu = page.getByTestId('side-menu');
  const leaf = menu.locator('li.ant-menu-item').getByText(item, { exact: true });
  if (!(await leaf.isVisible())) await menu.locator('.ant-menu-submenu-title').getByText(group, { exact: true }).click();
  await leaf.click();
}

async function tabMenu(page: Page, title: string, action: string) {
  await tab(page, title).locator('.app-tab-label').click({ button: 'right' });
  await page.locator('.ant-dropdown:visible').getByText(action, { exact: true }).click();
}

describe('[SHELL]: multi-tab bar and keep-alive', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('three pages make three tabs; home cannot close; kept-alive state survives switching; tabs survive reload; close left/right/others', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await openMenu(page, '页面示例', '示例列表');
    await page.getByTestId('demo-search').fill('合同审批');
    await openMenu(page, '页面示例', '示例说明');
    await page.getByTestId('about-input').fill('临时输入');
    await openMenu(page, '系统管理', '角色管理');
    await page.waitForURL('**/isystem/role');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '示例列表', '示例说明', '角色管理']);
    expect(await page.getByTestId('breadcrumb').innerText()).toMatch(/首页\s*\/\s*系统管理\s*\/\s*角色管理/);
    expect(await page.title()).toBe('集团办公与人事后台 · 角色管理');

    // Kept-alive page keeps its typed text; the other page remounts.
    await tab(page, '示例列表').click();
    await page.waitForURL('**/demo/list');
    expect(await page.getByTestId('demo-search').inputValue()).toBe('合同审批');
    await tab(page, '示例说明').click();
    await page.waitForURL('**/demo/about');
    expect(await page.getByTestId('about-input').inputValue()).toBe('');
    await tab(page, '示例列表').click();
    expect(await page.getByTestId('demo-search').inputValue()).toBe('合同审批');
    await screenshot(page, 'shell-tabs-keepalive');

    // Home cannot be closed.
    await tab(page, '首页').locator('.ant-tabs-tab-remove').click();
    await page.locator('.ant-message').getByText('首页不能关闭!').waitFor();

    // Reload keeps the tabs.
    await page.reload();
    await page.getByTestId('tab-bar').waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '示例列表', '示例说明', '角色管理']);

    // 关闭右侧 / 关闭左侧 / 关闭其它.
    await tabMenu(page, '示例说明', '关闭右侧');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '示例列表', '示例说明']);
    await tabMenu(page, '示例说明', '关闭左侧');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '示例说明']);
    await openMenu(page, '页面示例', '示例列表');
    await openMenu(page, '系统管理', '角色管理');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '示例说明', '示例列表', '角色管理']);
    await tabMenu(page, '示例列表', '关闭其它');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '示例列表']);
    await page.waitForURL('**/demo/list');

    // 刷新 remounts the page (its typed text is gone).
    await page.getByTestId('demo-search').fill('临时');
    await tabMenu(page, '示例列表', '刷 新');
    await expect.poll(() => page.getByTestId('demo-search').inputValue()).toBe('');

    // Closing the active tab activates its neighbour.
    await tab(page, '示例列表').locator('.ant-tabs-tab-remove').click();
    await page.waitForURL('**/zhome');
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);
    await screenshot(page, 'shell-tabs-closed');
    await context.close();
  });
});
