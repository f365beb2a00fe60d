import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, loginAs, newPage, PHONE, screenshot } from '../support/browser';

/** The latest code the recording SMS channel holds for a mobile (test servers only). */
async function recordedCode(mobile: string, after: number): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseURL()}/jeecg-boot/sys/sms/testOutbox?mobile=${mobile}`);
    const body = (await res.json()) as { result: { code: string; at: number } | null };
    if (body.result && body.result.at >= after) return body.result.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no SMS recorded for ${mobile}`);
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(sw).toBeLessThanOrEqual(cw);
}

describe('phone login at 390 × 844', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in with a code read from the recording channel; a wrong code is refused; the countdown blocks a resend', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/user/login');
    await page.getByTestId('login-tab-phone').click();
    await page.getByTestId('phone-mobile').waitFor();
    await noHorizontalScroll(page);
    // the mobile is checked before any code is asked for
    await page.getByTestId('phone-send-code').click();
    await page.getByText('请输入手机号').first().waitFor();

    await page.getByTestId('phone-mobile').fill('13811110006');
    const asked = Date.now() - 1000;
    await page.getByTestId('phone-send-code').click();
    await page.getByTestId('phone-send-code').getByText(/^\d+ s$/).waitFor();
    expect(await page.getByTestId('phone-send-code').isDisabled()).toBe(true);
    await screenshot(page, 'shell-phone-login-countdown');
    const code = await recordedCode('13811110006', asked);

    await page.getByTestId('phone-smscode').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('phone-submit').click();
    await page.getByTestId('login-error').getByText('手机验证码错误').waitFor();

    await page.getByTestId('phone-smscode').fill(code);
    await page.getByTestId('phone-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/user/'));
    await page.getByTestId('app-header').waitFor();
    const who = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Login_Userinfo') ?? 'null')?.value?.username as string | undefined);
    expect(who).toBe('yangfan');
    await screenshot(page, 'shell-phone-login-home');
    await noHorizontalScroll(page);
    await context.close();
  });

  it('the administrator sees the phone session in 在线用户 and ends it', async () => {
    // a session to end, signed in by phone over the API
    const t0 = Date.now() - 1000;
    await fetch(`${baseURL()}/jeecg-boot/sys/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1' },
      body: JSON.stringify({ mobile: '13811110007', smsmode: '0' }),
    });
    const code = await recordedCode('13811110007', t0);
    const login = await fetch(`${baseURL()}/jeecg-boot/sys/phoneLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1' },
      body: JSON.stringify({ mobile: '13811110007', captcha: code }),
    });
    const victim = ((await login.json()) as { result: { token: string } }).result.token;

    const { context, page } = await newPage(browser, PHONE);
    await loginAs(page, 'admin');
    await page.goto('/isystem/online');
    const card = page.getByText('zhaolei').first();
    await card.waitFor();
    await screenshot(page, 'shell-online-users-phone');
    await noHorizontalScroll(page);
    await page.getByTestId('force-logout-zhaolei').first().click();
    await page.getByRole('button', { name: '确 定' }).or(page.getByRole('button', { name: '确定' })).first().click();
    await page.getByText('强制退出成功').waitFor();
    const after = await fetch(`${baseURL()}/jeecg-boot/sys/user/getCurrentUserDeparts`, { headers: { 'X-Access-Token': victim } });
    expect(after.status).toBe(401);
    await context.close();
  });
});
