import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage, PHONE, screenshot } from '../support/browser';

const API = () => `${baseURL()}/jeecg-boot`;
const XSS_TITLE = '<img src=x onerror="window.__xss=1">放假<script>window.__xss=2</script>';

/** Signs in through the login page, confirming the tenant choice when the account has several tenants. */
async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill('123456');
  await page.getByTestId('login-captcha').fill('0000');
  await page.getByTestId('login-submit').click();
  const confirmTenant = page.locator('.ant-modal-content .ant-btn-primary');
  for (let i = 0; i < 60 && new URL(page.url()).pathname.startsWith('/user/'); i++) {
    if (await confirmTenant.isVisible().catch(() => false)) await confirmTenant.click().catch(() => undefined);
    await page.waitForTimeout(250);
  }
  await page.getByTestId('app-header').waitFor();
}

async function apiLogin(username: string): Promise<{ token: string; id: string }> {
  const res = await fetch(`${API()}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: '123456', captcha: '0000', checkKey: '1' }),
  });
  const body = (await res.json()) as { success: boolean; message: string; result: { token: string; userInfo: { id: string } } };
  if (!body.success) throw new Error(`login ${username}: ${body.message}`);
  return { token: body.result.token, id: body.result.userInfo.id };
}

async function api<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<{ success: boolean; message: string; result: T }> {
  const res = await fetch(`${API()}${path}`, {
    method,
    headers: { 'X-Access-Token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { success: boolean; message: string; result: T };
}

/** The id of the newest announcement whose stored title contains `marker`. */
async function announcementId(token: string, marker: string): Promise<string> {
  const r = await api<{ records: { id: string; titile: string }[] }>(token, 'GET', `/sys/annountCement/list?pageSize=50&column=createTime&order=desc`);
  const row = r.result.records.find((x) => x.titile.includes(marker));
  if (!row) throw new Error(`announcement not found: ${marker}`);
  return row.id;
}

/** Opens the bell's popover (a click toggles it) and returns it. */
async function openBell(page: Page) {
  const popover = page.getByTestId('notice-popover');
  if (!(await popover.isVisible().catch(() => false))) await page.getByTestId('notice-bell').click();
  await popover.waitFor();
  return popover;
}

async function closeBell(page: Page) {
  const popover = page.getByTestId('notice-popover');
  if (await popover.isVisible().catch(() => false)) await page.getByTestId('notice-bell').click();
  await popover.waitFor({ state: 'hidden' });
}

const bellCount = (page: Page) => page.getByTestId('notice-bell').evaluate((el) => Number(el.getAttribute('data-count') ?? '0'));

/** Waits until the bell shows `count` (no reload: the page keeps its marker); returns the milliseconds it took. */
async function waitForCount(page: Page, count: number, since: number): Promise<number> {
  await page.waitForFunction((n) => document.querySelector('[data-testid=notice-bell]')?.getAttribute('data-count') === String(n), count, { timeout: 10_000 });
  return Date.now() - since;
}

describe('[ANNOUNCEMENT]: notices reach the bell in real time', () => {
  let browser: Browser;
  let admin: Page;
  let employee: Page;
  let other: Page;
  let adminToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = (await newPage(browser)).page;
    employee = (await newPage(browser)).page;
    other = (await newPage(browser)).page;
    await Promise.all([signIn(admin, 'admin'), signIn(employee, 'chenjing'), signIn(other, 'yangfan')]);
    adminToken = (await apiLogin('admin')).token;
    // A marker that a reload would wipe out.
    for (const p of [employee, other]) await p.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('admin publishes to all → the employee\'s bell rises without a reload; the title shows as text; revoke → it disappears', async () => {
    const before = await bellCount(employee);
    const marker = String(Date.now());
    const title = `${XSS_TITLE}${marker}`;

    await admin.goto('/isystem/annountCement');
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    const form = admin.getByTestId('announcement-form');
    await form.getByTestId('annt-title').fill(title);
    await form.locator('.ProseMirror, [contenteditable=true]').first().click();
    await admin.keyboard.type('<script>window.__xss=3</script>请各部门做好安排。');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    await form.waitFor({ state: 'hidden' });
    await screenshot(admin, 'announcement-admin-list');

    const id = await announcementId(adminToken, marker);
    const row = admin.locator('tr', { hasText: marker }).first();
    await row.getByTestId('annt-release').click();
    const released = admin.waitForResponse((r) => r.url().includes('/sys/annountCement/doReleaseData'));
    await admin.locator('.ant-popover .ant-btn-primary').click();
    await released;
    const took = await waitForCount(employee, before + 1, Date.now());
    console.log(`bell updated ${took} ms after the publish answered`);
    expect(await employee.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // The server keeps the title as plain text (markup removed); the bell shows exactly that text.
    const stored = (await api<{ titile: string }>(adminToken, 'GET', `/sys/annountCement/queryById?id=${id}`)).result.titile;
    expect(stored).not.toMatch(/<|onerror/);
    const popover = await openBell(employee);
    await expect.poll(() => popover.textContent()).toContain(stored);
    // Layout width (the opening animation scales the box for a moment).
    expect(await employee.locator('.notice-bell-popover .ant-popover-inner').evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(300);
    await screenshot(employee, 'announcement-bell-employee');
    expect(await employee.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await popover.locator('.notice-row-title img, .notice-row-title script').count()).toBe(0);
    await closeBell(employee);

    // Revoke: the notice leaves the bell.
    await admin.getByTestId('annt-revoke').first().waitFor();
    const revokeRow = admin.locator('tr', { hasText: marker }).first();
    await revokeRow.getByTestId('annt-revoke').click();
    const revoked = admin.waitForResponse((r) => r.url().includes('/sys/annountCement/doReovkeData'));
    await admin.locator('.ant-popover .ant-btn-primary').click();
    await revoked;
    await waitForCount(employee, before, Date.now());
    const after = await openBell(employee);
    await expect.poll(() => after.textContent()).not.toContain(stored);
    await closeBell(employee);
  });

  it('a notice to chosen users reaches only them; its HTML content is shown safely in 通知消息', async () => {
    const target = await apiLogin('chenjing');
    const beforeEmployee = await bellCount(employee);
    const beforeOther = await bellCount(other);
    const title = `个人档案提醒${Date.now()}`;
    const add = await api(adminToken, 'POST', '/sys/annountCement/add', {
      titile: title,
      msgCategory: '1',
      priority: 'H',
      msgType: 'USER',
      userIds: `${target.id},`,
      openType: 'url',
      openPage: '/notice',
      msgContent: '<p>请<b>尽快</b>完善档案</p><img src="x" onerror="window.__xss=4"><script>window.__xss=5</script><a href="javascript:window.__xss=6">链接</a>',
    });
    expect(add.success).toBe(true);
    const id = await announcementId(adminToken, title);
    const since = Date.now();
    const rel = await api(adminToken, 'GET', `/sys/annountCement/doReleaseData?id=${id}`);
    expect(rel.message).toBe('该系统通知发布成功');
    await waitForCount(employee, beforeEmployee + 1, since);
    // The other user's socket got nothing and their list has not changed.
    await other.waitForTimeout(800);
    expect(await bellCount(other)).toBe(beforeOther);
    expect(await (await openBell(other)).textContent()).not.toContain(title);
    await closeBell(other);

    await openBell(employee);
    const row = employee.getByTestId('notice-row').filter({ hasText: title });
    await expect.poll(() => row.textContent()).toContain('紧急');
    await row.click();
    const modal = employee.getByTestId('announcement-detail');
    await modal.getByTestId('announcement-detail-content').waitFor();
    await expect.poll(() => modal.getByTestId('announcement-detail-content').textContent()).toContain('尽快');
    expect(await modal.textContent()).toContain('通知消息');
    expect(await modal.getByTestId('announcement-detail-sender').textContent()).toBe('管理员');
    const html = await modal.getByTestId('announcement-detail-content').innerHTML();
    expect(html).not.toMatch(/onerror|<script|javascript:/i);
    expect(await employee.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await screenshot(employee, 'announcement-detail-modal');
    // Reading it marks it read: the count goes back down; 去处理 (openType url) opens its page.
    await waitForCount(employee, beforeEmployee, Date.now());
    await modal.getByRole('button', { name: /去\s*处\s*理/ }).click();
    await employee.waitForURL((u) => u.pathname === '/notice');
  });

  it('the header ticker shows published announcements (urgent first), opens one, and 更多 opens /notice', async () => {
    const ticker = employee.getByTestId('news-ticker');
    await ticker.waitFor();
    const { token } = await apiLogin('chenjing');
    const mine = await api<{ records: { titile: string; priority: string }[] }>(
      token,
      'GET',
      '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=10&msgCategory=1',
    );
    const titles = mine.result.records.map((r) => r.titile);
    expect(titles.length).toBeGreaterThan(0);
    // Each item stays length/3 seconds (text and duration read together).
    const item = employee.getByTestId('news-ticker-item');
    const { shown, duration, kind } = await item.evaluate((el) => ({
      shown: el.getAttribute('title') ?? '',
      duration: getComputedStyle(el).animationDuration,
      kind: el.getAttribute('data-kind'),
    }));
    expect(kind).toBe('announcement');
    expect(titles).toContain(shown);
    expect(parseFloat(duration)).toBeCloseTo([...shown].length / 3, 1);
    // A click opens the announcement's 通知消息 detail.
    await item.click();
    const modal = employee.locator('.ant-modal', { hasText: '通知消息' });
    await modal.waitFor();
    await modal.getByRole('button', { name: /关\s*闭/ }).first().click();
    await modal.waitFor({ state: 'hidden' });
    await employee.getByTestId('news-ticker-more').click();
    await employee.waitForURL((u) => u.pathname === '/notice');
    await employee.locator('.ant-table-row').first().waitFor();
    await screenshot(employee, 'announcement-notice-page');
  });

  it('the header on a phone: bell popover fits 390 px', async () => {
    const { page } = await newPage(browser, PHONE);
    await signIn(page, 'chenjing');
    await openBell(page);
    await page.waitForTimeout(500); // let the opening animation finish before measuring
    const box = await page.locator('.notice-bell-popover .ant-popover-inner').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(300);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'announcement-bell-phone');
    await page.getByTestId('notice-more').click();
    await page.waitForURL((u) => u.pathname === '/isps/userAnnouncement');
    // Below the mobile breakpoint the list shows cards.
    await page.getByTestId('phone-card').first().waitFor();
    await screenshot(page, 'announcement-my-list-phone');
  });
});
