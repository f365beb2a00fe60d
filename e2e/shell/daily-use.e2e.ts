import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe';
import { apiLogin, baseURL, DESKTOP, launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

/** The narrowest phone the product supports. */
const NARROW = { width: 360, height: 780 };
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

/**
 * dongjian (staff of A03A02) files expenses; machao (head of A03A02) approves the first step
 * (部门负责人审批) — nobody approves their own application.
 */
const EMPLOYEE = 'dongjian';
const APPROVER = 'machao';
const TITLE = `E2E日常报销-${Date.now().toString(36)}`;

/** Screenshot once pop-ups and dialogs have finished their opening animation. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, name);
}

async function expectNoAxe(page: Page, where: string, exclude: string[] = []): Promise<void> {
  // the pointer off every control: the design system's hover colours are not what a page shows at rest
  await page.mouse.move(1, page.viewportSize()!.height - 1);
  expect(describeViolations(where, await axeViolations(page, exclude))).toEqual([]);
}

/** A phone: mobile user agent, touch, 360 px. */
async function phoneContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: NARROW,
    userAgent: PHONE_UA,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** The paths the page's main frame showed (client-side route changes included). */
function trackPaths(page: Page): string[] {
  const seen: string[] = [];
  const note = () => {
    const p = new URL(page.url()).pathname;
    if (seen[seen.length - 1] !== p) seen.push(p);
  };
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note();
  });
  return seen;
}

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseURL()}/jeecg-boot${path}`, {
    method,
    headers: { 'X-Access-Token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { success: boolean; message: string; result: unknown };
}

describe('[SHELL]: daily use — phones get the phone pages, work pops up, totals follow the typing, 发起申请 on the home page', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('a phone opening / signed out gets the phone sign-in at once; 电脑版 and 手机版 switch sites and are remembered', async () => {
    const { context, page } = await phoneContext(browser);
    contexts.push(context);
    const paths = trackPaths(page);
    const t0 = Date.now();
    await page.goto('/');
    await page.getByTestId('h5-login-submit').waitFor();
    const ms = Date.now() - t0;
    console.log(`[daily-use] phone / → h5 sign-in usable after ${ms} ms`);
    expect(new URL(page.url()).pathname).toBe('/h5/login');
    // straight there: the desktop sign-in (or its blank frame) never showed
    expect(paths).not.toContain('/user/login');
    expect(paths).not.toContain('/zhome');
    await screenshot(page, 'daily-use-01-phone-root-h5-login-360');
    await expectNoAxe(page, 'h5 login');

    // 电脑版登录: the desktop sign-in, remembered for the next visit
    await page.getByTestId('h5-desktop-site').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/user/login');
    await page.getByTestId('login-username').waitFor();
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/user/login');
    await page.getByTestId('login-phone-site').waitFor();
    await screenshot(page, 'daily-use-02-phone-chose-desktop-360');
    await expectNoAxe(page, 'desktop login on a phone');

    // 手机版 back to the phone pages; signed in, / opens the phone home and the to-do list the phone to-do
    await page.getByTestId('login-phone-site').click();
    await page.waitForURL((u) => u.pathname === '/h5/login');
    await page.getByTestId('h5-username').locator('input').fill(EMPLOYEE);
    await page.getByTestId('h5-password').locator('input').fill('123456');
    await page.getByTestId('h5-captcha').locator('input').fill('0000');
    await page.getByTestId('h5-login-submit').click();
    await page.getByTestId('h5-home').waitFor();
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/h5');
    await page.getByTestId('h5-greeting').waitFor();
    await page.goto('/activiti/todoManage');
    await page.waitForURL((u) => u.pathname === '/h5/todo');
    await page.getByTestId('h5-todo').waitFor();

    // 电脑版 on the phone home: the desktop home, and / stays on the desktop from then on
    await page.goto('/h5');
    await page.getByTestId('h5-shortcut-desktop').click();
    await page.waitForURL((u) => u.pathname === '/zhome');
    await page.getByTestId('app-header').waitFor();
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/zhome');
    await page.getByTestId('home-page').waitFor();
  });

  it('a desktop browser is not redirected and its sign-in offers 手机版', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    contexts.push(context);
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/user/login');
    await page.getByTestId('login-phone-site').waitFor();
    await screenshot(page, 'daily-use-03-desktop-login-1440');
    // a narrow desktop window without touch keeps the desktop site too
    await page.setViewportSize(NARROW);
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/user/login');
    await page.getByTestId('login-username').waitFor();
  });

  it('发起申请 on the home page opens the expense form, whose totals follow the amount as it is typed; the approver gets a pop-up', async () => {
    const approver = await newPage(browser, DESKTOP);
    contexts.push(approver.context);
    await loginAs(approver.page, APPROVER);
    await approver.page.getByTestId('home-page').waitFor();

    const { context, page } = await newPage(browser, DESKTOP);
    contexts.push(context);
    await loginAs(page, EMPLOYEE);
    const start = page.getByTestId('home-start');
    await start.getByTestId('home-start-item').first().waitFor();
    const names = await start.getByTestId('home-start-item').allInnerTexts();
    expect(names).toContain('费用报销');
    await screenshot(page, 'daily-use-04-home-start-1440');
    await expectNoAxe(page, 'home page');

    // keyboard: the entry is a button reached and pressed from the keyboard
    const expense = start.getByTestId('home-start-item').filter({ hasText: '费用报销' });
    await expense.focus();
    await page.keyboard.press('Enter');
    const form = page.getByTestId('expense-form');
    await form.waitFor();
    await form.getByPlaceholder('不填则为“姓名的费用报销”').fill(TITLE);
    await page.getByTestId('expense-reason').fill('客户拜访的市内交通');
    await form.getByPlaceholder('请输入费用项目').first().fill('出租车');
    const amount = form.getByPlaceholder('请输入金额（元）').first();
    await amount.click();
    await amount.pressSequentially('86.5');
    // still typing (the box has the focus): both totals already show the amount
    expect(await amount.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByTestId('expense-total').innerText()).toContain('86.50');
    await expect.poll(() => form.getByTestId('grid-footer-sum').innerText()).toContain('86.5');
    await screenshot(page, 'daily-use-05-expense-total-while-typing-1440');
    await page.getByTestId('expense-submit').click();
    // the submit dialog (its first step goes to 马超, the head of dongjian's department)
    const apply = page.locator('.ant-modal', { hasText: '提交申请' });
    await apply.getByText('马超').first().waitFor();
    await page.getByTestId('apply-submit').click();
    await page.locator('.ant-message .ant-message-success').first().waitFor();

    // the approver's page pops up the new task; 去处理 opens the to-do list at it
    const a = approver.page;
    const notice = a.getByTestId('work-notice').filter({ hasText: TITLE });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.getAttribute('data-kind')).toBe('task');
    expect(await a.getByTestId('work-notice-heading').first().innerText()).toBe('新的待办');
    await screenshot(a, 'daily-use-06-approver-task-popup-1440');
    await expectNoAxe(a, 'task pop-up');
    // the bell opens on 系统消息, which holds the task
    await a.getByTestId('notice-bell').focus();
    await a.keyboard.press('Enter');
    const pop = a.getByTestId('notice-popover');
    await pop.waitFor();
    expect(await pop.locator('.ant-tabs-tab').allInnerTexts()).toEqual([expect.stringMatching(/^系统消息\(\d+\)$/), expect.stringMatching(/^通知\(\d+\)$/)]);
    expect(await pop.locator('.ant-tabs-tab-active').innerText()).toMatch(/^系统消息/);
    await pop.getByText(`待审批：${TITLE}`).waitFor();
    await screenshot(a, 'daily-use-07-bell-on-system-messages-1440');
    await a.keyboard.press('Escape');
    await a.locator('.ant-notification-notice').filter({ hasText: TITLE }).getByTestId('work-notice-go').click();
    await a.waitForURL((u) => u.pathname === '/activiti/todoManage' && u.searchParams.get('name') === TITLE);
    await expect.poll(() => a.getByTestId('todo-open').count(), { timeout: 20_000 }).toBe(1);
    await screenshot(a, 'daily-use-08-todo-from-popup-1440');

    // the result: the approver rejects (over the API); the employee's page, now phone-wide, pops it up, and
    // 去处理 opens 我的申请
    await page.setViewportSize({ width: 360, height: 780 });
    const token = await apiLogin(APPROVER);
    const todo = (await api(token, 'POST', '/actTask/todoList', { name: TITLE, pageIndex: 1, pageSize: 10 })) as {
      result: { records: { id: string; title: string }[] };
    };
    const taskId = todo.result.records.find((r) => r.title === TITLE)!.id;
    const back = await api(token, 'POST', '/actTask/back', { id: taskId, comment: '发票抬头不对，请重开' });
    expect(back.success, back.message).toBe(true);
    const result = page.getByTestId('work-notice').filter({ hasText: TITLE });
    await result.waitFor({ timeout: 20_000 });
    expect(await result.getAttribute('data-kind')).toBe('result');
    expect(await result.innerText()).toContain('发票抬头不对，请重开');
    await screenshot(page, 'daily-use-09-employee-result-popup-360');
    const box = await page.locator('.ant-notification-notice').filter({ hasText: TITLE }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await expectNoAxe(page, 'result pop-up at 360 px');
    await page.locator('.ant-notification-notice').filter({ hasText: TITLE }).getByTestId('work-notice-go').click();
    await page.waitForURL((u) => u.pathname === '/activiti/myApplications' && u.searchParams.get('title') === TITLE);
    await page.getByText(TITLE).first().waitFor();
    await screenshot(page, 'daily-use-10-my-application-from-popup-360');
  });

  it('at 360 px the home page lists 发起申请 and the expense total follows the typing', async () => {
    const { context, page } = await newPage(browser, NARROW);
    contexts.push(context);
    await loginAs(page, EMPLOYEE);
    const start = page.getByTestId('home-start');
    await start.getByTestId('home-start-item').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'daily-use-11-home-start-360');
    await expectNoAxe(page, 'home page at 360 px');
    // the expense form on the phone width: the total follows the typing as well
    await start.getByTestId('home-start-item').filter({ hasText: '费用报销' }).click();
    const form = page.getByTestId('expense-form');
    await form.waitFor();
    const amount = form.getByPlaceholder('请输入金额（元）').first();
    await amount.click();
    await amount.pressSequentially('12.34');
    await expect.poll(() => page.getByTestId('expense-total').innerText()).toContain('12.34');
    await screenshot(page, 'daily-use-12-expense-total-360');
  });
});
