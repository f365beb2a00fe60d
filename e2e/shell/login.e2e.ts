import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

describe('[SHELL]: sign-in and route guard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an unauthenticated deep link goes to login with a redirect and lands there after login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/activiti/myApplications?from=mail');
    await page.waitForURL('**/user/login?redirect=*');
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toBe('/activiti/myApplications?from=mail');
    await page.getByTestId('login-page').waitFor();
    expect(await page.getByText('集团办公与人事后台').first().isVisible()).toBe(true);
    expect(await page.getByText(/Copyright/).isVisible()).toBe(true);
    expect(await page.title()).toBe('集团办公与人事后台 · 登录');
    await screenshot(page, 'shell-login-desktop');

    // Empty submit shows the product texts.
    await page.getByTestId('login-submit').click();
    await page.getByText('请输入用户名').first().waitFor();
    await page.getByText('请输入密码').first().waitFor();

    // Captcha refreshes on click.
    const img = page.locator('[data-testid="login-captcha-img"] img');
    await img.waitFor();
    const before = await img.getAttribute('src');
    await page.getByTestId('login-captcha-img').click();
    await expect.poll(() => img.getAttribute('src')).not.toBe(before);

    // Wrong password stays on the page with the server's message.
    await page.getByTestId('login-username').fill('chenjing');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-captcha').fill('0000');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').waitFor();

    await page.getByTestId('login-password').fill('123456');
    await page.getByTestId('login-captcha').fill('0000');
    await page.getByTestId('login-remember').check();
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/activiti/myApplications?from=mail');
    await page.getByTestId('my-applications').waitFor();
    expect(await page.title()).toBe('集团办公与人事后台 · 我的申请');
    await screenshot(page, 'shell-deep-link-landed');

    // A signed-in user opening the login path goes home.
    await page.goto('/user/login');
    await page.waitForURL('**/zhome');
    await page.getByTestId('home-greeting').waitFor();
    expect(await page.getByTestId('home-greeting').textContent()).toMatch(/^(早上好|上午好|中午好|下午好|晚上好)，陈静/);
    expect(await page.title()).toBe('集团办公与人事后台');
    await context.close();
  });

  it('remembers the username and shows register, register-result and alteration pages', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'yangfan');
    await page.evaluate(() => localStorage.setItem('pro__Remember_Username', JSON.stringify({ value: 'yangfan', expire: null })));
    await page.evaluate(() => {
      localStorage.removeItem('pro__Access-Token');
    });
    await page.goto('/user/login');
    expect(await page.getByTestId('login-username').inputValue()).toBe('yangfan');
    for (const [path, id] of [
      ['/user/register', 'register-page'],
      ['/user/register-result', 'register-result-page'],
      ['/user/alteration', 'alteration-page'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(id).waitFor();
      await screenshot(page, `shell-${id}`);
    }
    await page.goto('/user/register');
    await page.getByTestId('register-submit').click();
    await page.getByText('请输入用户名').first().waitFor();
    await page.getByText('请输入手机号').first().waitFor();
    await context.close();
  });

  it('a user of several tenants chooses one at login; the choice goes with every request', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/user/login');
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill('123456');
    await page.getByTestId('login-captcha').fill('0000');
    await page.getByTestId('login-submit').click();
    const modal = page.locator('.ant-modal-content:visible', { hasText: '请选择登录租户' });
    await modal.waitFor();
    const radios = modal.locator('.ant-radio-wrapper');
    expect(await radios.count()).toBeGreaterThanOrEqual(2);
    await radios.nth(1).click();
    await screenshot(page, 'shell-tenant-choice');
    const tenantHeader = page.waitForRequest((r) => r.url().includes('getUserPermissionByToken'));
    await page.getByTestId('tenant-ok').click();
    const chosen = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__TENANT_ID')!).value as string);
    expect((await tenantHeader).headers()['tenant-id']).toBe(chosen);
    await page.waitForURL('**/zhome');
    await context.close();
  });

  it('unknown paths go to /404; the 403 and 500 pages exist', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByTestId('exception-404').waitFor();
    await page.goto('/403');
    await page.getByTestId('exception-403').waitFor();
    await page.goto('/500');
    await page.getByTestId('exception-500').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL('**/zhome');
    await context.close();
  });
});
