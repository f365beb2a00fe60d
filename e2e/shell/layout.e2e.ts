import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, PHONE, screenshot } from '../support/browser';

async function userMenu(page: Page, item: string) {
  await page.getByTestId('user-menu').click();
  await page.locator('.ant-dropdown:visible').getByText(item, { exact: true }).click();
}

describe('[SHELL]: layout, settings drawer and phone width', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('desktop: 200 px side menu, to-do count fetched on every route change, settings persisted locally', async () => {
    const { context, page } = await newPage(browser);
    let todoCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/actTask/todoList')) todoCalls++;
    });
    await loginAs(page, 'admin');
    const sider = page.getByTestId('app-sider');
    expect((await sider.boundingBox())?.width).toBe(200);
    await page.getByTestId('side-menu').waitFor();
    const callsAtHome = todoCalls;
    await page.goto('/demo/about');
    await page.getByTestId('shell-about').waitFor();
    // the test page exists for a signed-in user (no 404)
    await page.goto('/test/home');
    await page.getByTestId('test-home').waitFor();
    expect(page.url()).toMatch(/\/test\/home$/);
    await page.getByTestId('breadcrumb').getByText('首页').click();
    await page.waitForURL('**/zhome');
    await expect.poll(() => todoCalls).toBeGreaterThan(callsAtHome);

    await userMenu(page, '系统设置');
    const drawer = page.locator('.ant-drawer-content:visible', { hasText: '系统设置' });
    await drawer.waitFor();
    await drawer.getByTestId('setting-theme-dark').click();
    await expect.poll(() => sider.getAttribute('class')).toContain('ant-layout-sider-dark');
    await drawer.getByTestId('setting-color-#722ED1').click();
    await screenshot(page, 'shell-settings-drawer');
    await drawer.getByTestId('setting-layout-topmenu').click();
    await page.getByTestId('top-menu').waitFor();
    expect(await page.getByTestId('app-sider').count()).toBe(0);
    // In top-menu mode the fixed side menu switch is disabled.
    expect(await drawer.locator('.ant-list-item', { hasText: '固定侧边菜单' }).locator('button.ant-switch').isDisabled()).toBe(true);
    // Hide-header-on-scroll needs a fixed header.
    const autoHide = drawer.locator('.ant-list-item', { hasText: '下滑时隐藏 Header' }).locator('button.ant-switch');
    expect(await autoHide.isDisabled()).toBe(true);
    await drawer.locator('.ant-list-item', { hasText: '固定 Header' }).locator('button.ant-switch').click();
    expect(await autoHide.isDisabled()).toBe(false);
    await drawer.locator('.ant-list-item', { hasText: '多页签模式' }).locator('button.ant-switch').click();
    await page.getByTestId('tab-bar').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await screenshot(page, 'shell-topmenu-mode');

    await page.reload();
    await page.getByTestId('top-menu').waitFor();
    expect(await page.getByTestId('tab-bar').count()).toBe(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Platform_Settings')!).value);
    expect(stored).toMatchObject({ navTheme: 'dark', primaryColor: '#722ED1', layout: 'topmenu', fixedHeader: true, multipage: false });

    await userMenu(page, '系统设置');
    await page.locator('.ant-drawer-content:visible').getByRole('button', { name: '恢复默认设置' }).click();
    await page.getByTestId('app-sider').waitFor();
    await page.getByTestId('tab-bar').waitFor();
    await context.close();
  });

  it('at 390 px the menu is a left drawer and every shell element is usable', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/user/login');
    await page.getByTestId('login-page').waitFor();
    await screenshot(page, 'shell-login-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await loginAs(page, 'admin');
    await page.getByTestId('home-page').waitFor();
    expect(await page.getByTestId('app-sider').count()).toBe(0);
    expect(await page.getByTestId('tab-bar').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'shell-home-390');

    await page.getByTestId('menu-trigger').click();
    const drawerMenu = page.locator('.app-menu-drawer [data-testid="side-menu"]');
    await drawerMenu.waitFor();
    const wrapper = page.locator('.app-menu-drawer .ant-drawer-content-wrapper');
    await expect.poll(async () => (await wrapper.boundingBox())?.x).toBe(0);
    expect((await wrapper.boundingBox())?.width).toBe(200);
    await drawerMenu.locator('.ant-menu-submenu-title').getByText('页面示例', { exact: true }).click();
    await screenshot(page, 'shell-drawer-390');
    await drawerMenu.locator('li.ant-menu-item').getByText('示例列表', { exact: true }).click();
    await page.waitForURL('**/demo/list');
    await page.getByTestId('shell-demo').waitFor();
    await page.locator('.app-menu-drawer .ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'shell-demo-390');

    await userMenu(page, '密码修改');
    const m = page.locator('.ant-modal-content:visible', { hasText: '修改密码' });
    await m.waitFor();
    const mbox = await m.boundingBox();
    expect(mbox!.x).toBeGreaterThanOrEqual(0);
    expect(mbox!.x + mbox!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'shell-password-390');
    await m.getByRole('button', { name: /取\s*消/ }).click();

    await userMenu(page, '系统设置');
    const drawer = page.locator('.ant-drawer-content:visible', { hasText: '系统设置' });
    await drawer.waitFor();
    await screenshot(page, 'shell-settings-390');
    await context.close();
  });
});
