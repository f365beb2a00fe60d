import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, newPage, PHONE, screenshot as save } from '../support/browser';

/**
 * The h5 pages at 390 × 844: dongjian (staff, A03A02) signs in with account and password and files an
 * expense from the phone; machao (head of A03A02, mobile 13811110013) signs in with an SMS code read from
 * the recording channel and approves it with a comment from the h5 to-do; the application then waits at
 * 财务审核. Every h5 page is checked for horizontal scroll at 360 px.
 */
const EMPLOYEE = 'dongjian';
const APPROVER = 'machao';
const APPROVER_MOBILE = '13811110013';
const TITLE = `H5报销-${Date.now().toString(36)}`;
const COMMENT = '手机端审批：同意，请财务审核';

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, name);
}

async function recordedCode(mobile: string, after: number): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseURL()}/jeecg-boot/sys/sms/testOutbox?mobile=${mobile}`);
    const body = (await res.json()) as { result: { code: string; at: number } | null };
    if (body.result && body.result.at >= after) return body.result.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no SMS recorded for ${mobile}`);
}

async function h5AccountLogin(page: Page, username: string): Promise<void> {
  await page.goto('/h5/todo');
  // the guard sends a signed-out visitor to the h5 login with the requested path
  await page.waitForURL((u) => u.pathname === '/h5/login' && u.searchParams.get('redirect') === '/h5/todo');
  await page.getByTestId('h5-username').locator('input').fill(username);
  await page.getByTestId('h5-password').locator('input').fill('123456');
  await page.getByTestId('h5-captcha').locator('input').fill('0000');
  await page.getByTestId('h5-login-submit').click();
  await page.getByTestId('h5-todo').waitFor();
}

async function noHorizontalScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('[H5]: phone pages — sign in, apply for an expense, approve from the to-do', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const open = async (viewport = PHONE) => {
    const { context, page } = await newPage(browser, viewport);
    contexts.push(context);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('the employee signs in on the h5 and applies for an expense; it shows in my applications', async () => {
    const page = await open();
    await h5AccountLogin(page, EMPLOYEE);
    await page.goto('/h5');
    await page.getByTestId('h5-greeting').getByText('董建').waitFor();
    await screenshot(page, 'h5-01-home');
    await page.getByTestId('h5-shortcut-apply').click();
    await page.getByTestId('h5-apply').waitFor();
    // the reason is required
    await page.getByTestId('h5-apply-submit').click();
    await page.getByTestId('h5-apply-error').getByText('请输入报销事由').waitFor();
    await page.getByTestId('h5-expense-title').locator('input').fill(TITLE);
    await page.getByTestId('h5-expense-reason').locator('textarea').fill('手机端提交：拜访客户的出租车费');
    const item = page.getByTestId('h5-expense-item').first();
    await item.getByRole('textbox', { name: '费用项目' }).fill('出租车');
    await item.getByRole('textbox', { name: '金额（元）' }).fill('86.5');
    await expect.poll(() => page.getByTestId('h5-expense-total').innerText()).toContain('86.50');
    await screenshot(page, 'h5-02-apply');
    await page.getByTestId('h5-apply-submit').click();
    const confirm = page.getByTestId('h5-apply-confirm');
    await confirm.getByText('第一步：部门负责人审批').waitFor();
    await confirm.getByText('马超').waitFor();
    await screenshot(page, 'h5-03-apply-confirm');
    await page.getByTestId('h5-apply-confirm-submit').click();
    await page.getByTestId('h5-apps').waitFor();
    const row = page.getByTestId('h5-app-item').filter({ hasText: TITLE });
    await row.getByTestId('h5-app-status').getByText('处理中').waitFor();
    expect(await row.innerText()).toContain('部门负责人审批');
    await screenshot(page, 'h5-04-my-applications');
  });

  it('the approver signs in with an SMS code and approves it with a comment from the h5 to-do', async () => {
    const page = await open();
    await page.goto('/h5/login');
    await page.getByText('手机号登录', { exact: true }).click();
    await page.getByTestId('h5-mobile').locator('input').fill(APPROVER_MOBILE);
    const asked = Date.now() - 1000;
    await page.getByTestId('h5-send-code').click();
    await page
      .getByTestId('h5-send-code')
      .getByText(/^\d+ s$/)
      .waitFor();
    const code = await recordedCode(APPROVER_MOBILE, asked);
    await page.getByTestId('h5-smscode').locator('input').fill(code);
    await screenshot(page, 'h5-05-phone-login');
    await page.getByTestId('h5-login-submit').click();
    await page.getByTestId('h5-home').waitFor();
    await expect
      .poll(async () => Number(await page.getByTestId('h5-todo-count').innerText()))
      .toBeGreaterThan(0);

    await page.getByTestId('h5-todo-summary').click();
    await page.getByTestId('h5-todo').waitFor();
    await page.getByTestId('h5-todo-item').first().waitFor();
    await screenshot(page, 'h5-06-todo');
    await page.getByTestId('h5-todo-search').locator('input').fill(TITLE);
    await page.getByTestId('h5-todo-search').locator('input').press('Enter');
    await expect.poll(() => page.getByTestId('h5-todo-item').count()).toBe(1);
    await page.getByTestId('h5-todo-item').click();
    await page.getByTestId('h5-task').waitFor();
    await page.getByTestId('h5-form-view').getByText('手机端提交：拜访客户的出租车费').waitFor();
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'h5-07-task');

    // a rejection needs a reason
    await page.getByTestId('h5-reject').click();
    await page.getByTestId('h5-approval-submit').click();
    await page.getByTestId('h5-approval-error').getByText('请填写驳回理由').waitFor();
    await screenshot(page, 'h5-08-reject-needs-reason');
    await page
      .locator('.adm-mask')
      .first()
      .click({ position: { x: 10, y: 10 } });
    await page.getByTestId('h5-approval').waitFor({ state: 'detached' });

    await page.getByTestId('h5-pass').click();
    const assignees = page.getByTestId('h5-next-assignees');
    await assignees.getByText('刘洋').waitFor();
    await page.getByTestId('h5-comment').locator('textarea').fill(COMMENT);
    await screenshot(page, 'h5-09-pass');
    await page.getByTestId('h5-approval-submit').click();
    await page
      .locator('.adm-toast-main')
      .getByText(/操作成功，审批已通过/)
      .waitFor();
    await page.getByTestId('h5-todo').waitFor();

    // server side: the application left machao's to-do and its history carries the comment
    const token = await apiLogin(EMPLOYEE);
    const res = await fetch(
      `${baseURL()}/jeecg-boot/actBusiness/listData?pageNo=1&pageSize=50&title=${encodeURIComponent(TITLE)}`,
      {
        headers: { 'X-Access-Token': token },
      },
    );
    const body = (await res.json()) as {
      result: { records: { title: string; procInstId: string; currTaskName: string }[] };
    };
    const app = body.result.records.find((r) => r.title === TITLE)!;
    expect(app.currTaskName).toContain('财务审核');
    const hist = await fetch(`${baseURL()}/jeecg-boot/actTask/historicFlow/${app.procInstId}`, {
      headers: { 'X-Access-Token': token },
    });
    expect(JSON.stringify(await hist.json())).toContain(COMMENT);
  });

  it('no h5 page scrolls sideways at 360 px', async () => {
    const page = await open({ width: 360, height: 780 });
    await h5AccountLogin(page, APPROVER);
    for (const path of ['/h5', '/h5/todo', '/h5/apply', '/h5/apps', '/h5/notices', '/h5/weekly', '/h5/me']) {
      await page.goto(path);
      await page.locator('.h5-page').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await noHorizontalScroll(page), path).toBeLessThanOrEqual(0);
      await screenshot(page, `h5-360${path.replace(/\//g, '-')}`);
    }
    // the first notice's detail (the seed publishes notices to everyone)
    await page.goto('/h5/notices');
    const first = page.getByTestId('h5-notice-item').first();
    await first.waitFor();
    {
      await first.click();
      await page.getByTestId('h5-notice-detail').locator('.h5-article').waitFor();
      expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'h5-360-notice-detail');
    }
    const login = await open({ width: 360, height: 780 });
    await login.goto('/h5/login');
    await login.getByTestId('h5-login').waitFor();
    expect(await noHorizontalScroll(login)).toBeLessThanOrEqual(0);
  });
});
