import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  baseURL,
  DESKTOP,
  launchBrowser,
  loginAs,
  newPage,
  PHONE,
  screenshot as save,
} from '../support/browser';

/**
 * The approval as people live it every day, three people in three browsers at once:
 * 董建 (employee, desktop) files an expense with two attachments; 马超 (his department head, on a
 * 390 × 844 phone) sees the header to-do count rise without a reload, is refused a rejection without
 * a reason, and approves from a card; 刘洋 (finance, desktop) reads 马超's comment on the form's
 * timeline and approves the last step; 董建 is told of each step and of the end and sees the timeline
 * on 查看. Then a new user must change the initial password at the first sign-in.
 */
const TITLE = `日常报销-${Date.now().toString(36)}`;
const PDF = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, name);
}

const headerTodo = (page: Page) =>
  page.getByTestId('header-todo').evaluate((el) => Number(el.getAttribute('data-count') ?? '0'));

/** The user's unread system messages (workflow notices) in the bell, by title. */
async function bellMessages(page: Page): Promise<string[]> {
  const popover = page.getByTestId('notice-popover');
  if (!(await popover.isVisible().catch(() => false))) await page.getByTestId('notice-bell').click();
  await popover.waitFor();
  await popover.getByRole('tab', { name: /系统消息/ }).click();
  const texts = await popover.locator('.ant-tabs-tabpane-active [data-testid="notice-row"]').allInnerTexts();
  await page.getByTestId('notice-bell').click();
  await popover.waitFor({ state: 'hidden' });
  return texts;
}

describe('[WORKFLOW]: a day of approvals — notices, the to-do count, phones and the timeline', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let employee: Page;
  let manager: Page;
  let finance: Page;
  const open = async (username: string, viewport = DESKTOP) => {
    const { context, page } = await newPage(browser, viewport);
    contexts.push(context);
    await loginAs(page, username);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    [employee, manager, finance] = await Promise.all([
      open('dongjian'),
      open('machao', PHONE),
      open('liuyang'),
    ]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('the employee applies with two attachments; both are kept under their own names', async () => {
    await manager.goto('/zhome');
    await manager.getByTestId('home-todo').waitFor();
    await manager.waitForLoadState('networkidle').catch(() => undefined);
    const before = await headerTodo(manager);

    await employee.goto('/activiti/forms/expense');
    await employee.getByTestId('start-apply').click();
    const form = employee.getByTestId('expense-form');
    await form.waitFor();
    await form.getByPlaceholder('不填则为“姓名的费用报销”').fill(TITLE);
    await employee.getByTestId('expense-reason').fill('华南客户拜访，往返高铁与两晚住宿');
    await form.getByPlaceholder('请输入费用项目').first().fill('高铁票');
    await form.getByPlaceholder('请输入金额（元）').first().fill('860.00');
    // Two files chosen in one dialog.
    await form.locator('.go-file-upload input[type=file]').setInputFiles([
      { name: '行程单.pdf', mimeType: 'application/pdf', buffer: PDF('itinerary') },
      { name: '住宿发票.pdf', mimeType: 'application/pdf', buffer: PDF('hotel invoice') },
    ]);
    const files = form.locator('.go-file-upload .ant-upload-list-item');
    await expect.poll(() => files.count(), { timeout: 15_000 }).toBe(2);
    await expect
      .poll(() => form.locator('.go-file-upload .ant-upload-list-item-done').count(), { timeout: 15_000 })
      .toBe(2);
    const names = await files.allInnerTexts();
    expect(names.join('\n')).toContain('行程单.pdf');
    expect(names.join('\n')).toContain('住宿发票.pdf');
    await employee.getByTestId('expense-reason').click();
    await screenshot(employee, 'daily-01-employee-form-two-files');
    await employee.getByTestId('expense-submit').click();
    await employee.getByTestId('apply-submit').click();
    await employee
      .locator('.ant-message')
      .getByText('已提交，等待「部门负责人审批」（马超）审批')
      .first()
      .waitFor();

    // The manager's header count rises without a reload.
    await expect.poll(() => headerTodo(manager), { timeout: 20_000 }).toBe(before + 1);
    expect(
      Number(await manager.getByTestId('home-todo').locator('.ant-statistic-content-value').innerText()),
    ).toBe(before + 1);
    await screenshot(manager, 'daily-02-manager-phone-count-rose');
  });

  it('on the phone the manager cannot reject without a reason, then approves from the card', async () => {
    await manager.getByTestId('header-todo').click();
    await manager.waitForURL((u) => u.pathname === '/activiti/todoManage');
    await manager.getByTestId('todo-search').fill(TITLE);
    await manager
      .getByTestId('todo-page')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const card = manager.getByTestId('todo-card').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await card.innerText()).toContain('部门负责人审批');
    await screenshot(manager, 'daily-03-manager-phone-card');

    // A rejection without a reason is refused.
    await card.getByTestId('todo-back').click();
    await manager.getByTestId('approval-form').waitFor();
    await manager.getByTestId('approval-submit').click();
    await manager.getByTestId('approval-form').getByText('请填写驳回理由', { exact: true }).first().waitFor();
    await screenshot(manager, 'daily-04-manager-phone-reject-needs-reason');
    await manager
      .locator('.ant-modal')
      .filter({ has: manager.getByTestId('approval-form') })
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await manager.getByTestId('approval-form').waitFor({ state: 'detached' });
    // The server refuses it too, whoever calls it (a blank reason counts as none).
    const token = await manager.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token')!).value as string);
    const call = async (url: string, body: unknown) => {
      const res = await fetch(`${baseURL()}/jeecg-boot${url}`, {
        method: 'POST',
        headers: { 'X-Access-Token': token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { success: boolean; message: string; result: { records: { id: string; title: string }[] } };
    };
    const todo = await call('/actTask/todoList', { name: TITLE, pageIndex: 1, pageSize: 10 });
    const taskId = todo.result.records.find((r) => r.title === TITLE)!.id;
    expect(await call('/actTask/back', { id: taskId, comment: '  ' })).toMatchObject({ success: false, message: '请填写驳回理由' });
    expect(await call('/actTask/pass', { id: taskId, type: 1, backTaskKey: '-1' })).toMatchObject({ success: false, message: '请填写驳回理由' });

    await card.getByTestId('todo-pass').click();
    await manager.getByTestId('next-assignees').waitFor();
    const chen = manager
      .getByTestId('next-assignees')
      .locator('.ant-select-selection-item', { hasText: '陈静' });
    if (await chen.count()) await chen.locator('.ant-select-selection-item-remove').click();
    await manager.getByTestId('approval-comment').fill('情况属实，同意，请财务审核');
    await screenshot(manager, 'daily-05-manager-phone-pass');
    await manager.getByTestId('approval-submit').click();
    await manager.locator('.ant-message').getByText('审批已通过，已通知下一审批人：刘洋').first().waitFor();
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);

    // The page has no horizontal scroll on the phone.
    expect(await manager.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
  });

  it('the employee is told of the step with the comment and the next approver', async () => {
    await expect
      .poll(() => bellMessages(employee), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining(`审批进度：${TITLE}`)]));
  });

  it("finance reads the manager's comment on the form's timeline and approves the last step", async () => {
    await finance.goto(`/activiti/todoManage?name=${encodeURIComponent(TITLE)}`);
    await finance.getByTestId('todo-page').waitFor();
    await expect.poll(() => finance.getByTestId('todo-open').count(), { timeout: 20_000 }).toBe(1);
    await finance.getByTestId('todo-open').click();
    const timeline = finance.getByTestId('form-timeline');
    await timeline.getByText('情况属实，同意，请财务审核').waitFor();
    expect(await timeline.innerText()).toContain('马超');
    expect(await finance.getByTestId('form-timeline-status').innerText()).toBe('审批中：财务审核（刘洋）');
    // Both attachments are on the form under their own names.
    const view = finance.getByTestId('expense-view');
    await view.getByText('行程单.pdf').waitFor();
    await view.getByText('住宿发票.pdf').waitFor();
    await screenshot(finance, 'daily-06-finance-form-timeline');
    await finance.getByTestId('form-pass').click();
    await finance.getByTestId('end-step').getByText('这是最后一步审批，通过后流程结束').waitFor();
    await finance.getByTestId('approval-comment').fill('票据齐全，同意报销');
    await screenshot(finance, 'daily-07-finance-last-step');
    await finance.getByTestId('approval-submit').click();
    await finance.locator('.ant-message').getByText('审批已通过，流程结束，已通知申请人').first().waitFor();
  });

  it('the employee is told of the end and sees the timeline on 查看', async () => {
    await expect
      .poll(() => bellMessages(employee), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining(`审批通过：${TITLE}`)]));
    await employee.goto(`/activiti/myApplications?title=${encodeURIComponent(TITLE)}`);
    const row = employee.locator('tr', { hasText: TITLE });
    await row.getByTestId('app-progress').getByText('已通过').waitFor();
    await row.getByText('查看', { exact: true }).click();
    const timeline = employee.getByTestId('form-timeline');
    await timeline.getByText('票据齐全，同意报销').waitFor();
    expect(await employee.getByTestId('form-timeline-status').innerText()).toBe('已通过');
    const text = await timeline.innerText();
    for (const s of ['提交申请', '马超', '情况属实，同意，请财务审核', '刘洋', '流程结束'])
      expect(text).toContain(s);
    await screenshot(employee, 'daily-08-employee-view-timeline');
  });

  it('a new user must change 123456 at the first sign-in', async () => {
    const admin = await apiLogin('admin');
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${baseURL()}/jeecg-boot${path}`, {
        method,
        headers: { 'X-Access-Token': admin, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await res.json()) as { success: boolean; message: string; result: unknown };
    };
    const departs = (await api('GET', '/sys/sysDepart/queryTreeList')) as {
      result: { id: string; orgCode: string; children?: unknown[] }[];
    };
    const flat: { id: string; orgCode: string }[] = [];
    const walk = (list: { id: string; orgCode: string; children?: unknown[] }[]) => {
      for (const d of list) {
        flat.push(d);
        walk((d.children ?? []) as typeof list);
      }
    };
    walk(departs.result);
    const dept = flat.find((d) => d.orgCode === 'A03A02') ?? flat[0];
    const username = `xin${Date.now().toString(36)}`;
    const roles = (await api('GET', '/sys/role/queryall')) as { result: { id: string; roleCode: string }[] };
    const staff = roles.result.find((r) => r.roleCode === 'staff')!;
    const add = await api('POST', '/sys/user/add', {
      username,
      realname: '新同事',
      password: '123456',
      selecteddeparts: dept.id,
      selectedroles: staff.id,
    });
    expect(add.success, add.message).toBe(true);

    const page = await open(username, PHONE);
    const dialog = page.locator('.ant-modal', { hasText: '请修改初始密码' });
    await dialog.waitFor();
    await screenshot(page, 'daily-09-first-sign-in');
    // It cannot be dismissed.
    await page.keyboard.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(true);
    await page.getByTestId('first-password-old').fill('123456');
    await page.getByTestId('first-password-new').fill('Daily-2026x');
    await page.getByTestId('first-password-confirm').fill('Daily-2026x');
    await page.getByTestId('first-password-submit').click();
    await page.locator('.ant-message').getByText('密码已修改，请牢记新密码').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('app-header').waitFor();
    await page.waitForTimeout(1000);
    expect(await dialog.isVisible()).toBe(false);
  });
});
