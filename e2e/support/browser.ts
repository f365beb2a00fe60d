import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const ARTIFACTS = path.join(ROOT, '.test-artifacts');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export function baseURL(): string {
  return inject('baseURL');
}

/** Debian's Chromium, headless, with the STACK.md arguments. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A fresh context (own storage) at the app's base URL. */
export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    deviceScaleFactor: 1,
    // The app turns antd animations off for reduced motion: steadier clicks on a loaded machine.
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** Signs in through the login page (captcha is off on the test server) and waits for the layout. */
export async function loginAs(page: Page, username: string, password = '123456', path = '/user/login'): Promise<void> {
  await page.goto(path);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha').fill('0000');
  await page.getByTestId('login-submit').click();
  // Users of several tenants choose one (the first is preselected).
  const tenantOk = page.getByTestId('tenant-ok');
  await Promise.race([
    page.waitForURL((u) => !u.pathname.startsWith('/user/')),
    tenantOk.waitFor().then(() => tenantOk.click()),
  ]);
  await page.waitForURL((u) => !u.pathname.startsWith('/user/'));
  await page.getByTestId('app-header').waitFor();
}

/** Saves a screenshot into `.test-artifacts/<name>.png`. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** Signs in over the API (no browser) and returns the token; for setting up server-side state. */
export async function apiLogin(username: string, password = '123456'): Promise<string> {
  const res = await fetch(`${baseURL()}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha: '0000', checkKey: '1' }),
  });
  const body = (await res.json()) as { success: boolean; message: string; result: { token: string } };
  if (!body.success) throw new Error(`login ${username}: ${body.message}`);
  return body.result.token;
}
