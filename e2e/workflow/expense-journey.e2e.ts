import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  baseURL,
  launchBrowser,
  loginAs,
  newPage,
  PHONE,
  screenshot as save,
} from '../support/browser';

/**
 * The seeded 费用报销 process: 部门负责人审批 (heads of the applicant's department) → 财务审核 (members
 * of department A01A03) → amount gateway (> 5000 goes to the general manager) → end.
 * dongjian (staff, A03A02) files; machao (head of A03A02) is approver A; liuyang (A01A03) is approver B.
 */
const EMPLOYEE = 'dongjian';
const APPROVER_A = 'machao';
const APPROVER_B = 'liuyang';
const TITLE = `E2E差旅报销-${Date.now().toString(36)}`;

/** Screenshot once dialogs have finished their opening animation. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(500);
  await save(page, name);
}

async function todoTotal(username: string): Promise<number> {
  const token = await apiLogin(username);
  const res = await fetch(`${baseURL()}/jeecg-boot/actTask/todoList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: JSON.stringify({ pageIndex: 0, pageSize: 200 }),
  });
  const body = (await res.json()) as { result: { total: number } };
  return body.result.total;
}

/** Opens the to-do list filtered to the journey's application and waits for its one row. */
async function openTodo(page: Page): Promise<void> {
  // The search lives in the URL: open the list already filtered.
  await page.goto(`/activiti/todoManage?name=${encodeURIComponent(TITLE)}`);
  await page.getByTestId('todo-page').waitFor();
  expect(await page.getByTestId('todo-search').inputValue()).toBe(TITLE);
  await expect.poll(() => page.getByTestId('todo-open').count()).toBe(1);
}

async function pickOption(page: Page, select: string, option: string): Promise<void> {
  await page.getByTestId(select).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

async function selectedTags(page: Page, select: string): Promise<string[]> {
  return page.getByTestId(select).locator('.ant-select-selection-item-content').allInnerTexts();
}

async function submitApproval(page: Page): Promise<void> {
  await page.getByTestId('approval-submit').click();
  await page.locator('.ant-message .ant-message-success').first().waitFor();
  await page.getByTestId('approval-form').waitFor({ state: 'detached' });
}

describe('[WORKFLOW]: expense from filing to passed, with a return to an earlier node', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const open = async (username: string, viewport?: { width: number; height: number }) => {
    const { context, page } = await newPage(browser, viewport);
    contexts.push(context);
    await loginAs(page, username);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('the employee files an expense and submits it to the department head', async () => {
    const page = await open(EMPLOYEE);
    await page.goto('/activiti/forms/expense');
    await page.getByTestId('expense-list').waitFor();
    await page.getByTestId('start-apply').click();
    const form = page.getByTestId('expense-form');
    await form.waitFor();
    await form.getByPlaceholder('不填则为“姓名的费用报销”').fill(TITLE);
    await page.getByTestId('expense-reason').fill('赴广州拜访客户，往返高铁与市内交通');
    await form.getByPlaceholder('请输入费用项目').first().fill('高铁票');
    await form.getByPlaceholder('请输入金额（元）').first().fill('320.50');
    await form.getByPlaceholder('请输入备注').first().fill('往返');
    await page.getByTestId('expense-reason').click();
    await expect.poll(() => page.getByTestId('expense-total').innerText()).toContain('320.50');
    await screenshot(page, 'workflow-01-expense-form');
    await page.getByTestId('expense-submit').click();
    // The first step goes to the department head; the applicant sees who.
    const apply = page.locator('.ant-modal', { hasText: '提交申请' });
    await apply.getByText('第一步：部门负责人审批').waitFor();
    await apply.locator('.wf-next-step', { hasText: '马超' }).waitFor();
    await screenshot(page, 'workflow-02-apply-first-step');
    await page.getByTestId('apply-submit').click();
    await page.locator('.ant-message').getByText('操作成功，已提交，等待「部门负责人审批」（马超）审批').first().waitFor();
    await page.goto('/activiti/myApplications');
    const row = page.locator('tr', { hasText: TITLE });
    await row.getByTestId('app-status').getByText('处理中').waitFor();
    await expect(row.innerText()).resolves.toContain('部门负责人审批');
    await screenshot(page, 'workflow-03-my-applications-submitted');
  });

  it("approver A's to-do badge counts it; A passes choosing B", async () => {
    const total = await todoTotal(APPROVER_A);
    const page = await open(APPROVER_A);
    await openTodo(page);
    // The badge on the to-do menu item carries the pending count, the new task included.
    const badge = page.getByTestId('todo-badge').locator('.ant-scroll-number');
    await expect.poll(() => badge.getAttribute('title')).toBe(String(total));
    await screenshot(page, 'workflow-04-a-todo');
    await page.getByTestId('todo-open').click();
    await page.getByTestId('expense-view').getByText('赴广州拜访客户，往返高铁与市内交通').waitFor();
    await screenshot(page, 'workflow-05-a-task-form');
    await page.getByTestId('form-pass').click();
    // Next node 财务审核: its candidates (group finance) are pre-selected; A keeps only B.
    await expect
      .poll(() => selectedTags(page, 'next-assignees'))
      .toEqual(expect.arrayContaining(['刘洋', '陈静']));
    await page
      .getByTestId('next-assignees')
      .locator('.ant-select-selection-item', { hasText: '陈静' })
      .locator('.ant-select-selection-item-remove')
      .click();
    expect(await selectedTags(page, 'next-assignees')).toEqual(['刘洋']);
    await page.getByTestId('approval-comment').fill('同意，请财务审核');
    await screenshot(page, 'workflow-06-a-pass-choose-b');
    await submitApproval(page);
    await expect.poll(() => page.getByTestId('todo-open').count()).toBe(0);
  });

  it('B returns it to A’s node with A designated again', async () => {
    const page = await open(APPROVER_B);
    await openTodo(page);
    await page.getByTestId('todo-back').click();
    await pickOption(page, 'back-target', '部门负责人审批');
    await expect.poll(() => selectedTags(page, 'back-assignees')).toEqual(['马超']);
    await page.getByTestId('approval-comment').fill('请补充行程说明');
    await screenshot(page, 'workflow-07-b-return-to-a');
    await submitApproval(page);
  });

  it('A passes again (to B), then B passes and the process ends', async () => {
    const a = await open(APPROVER_A);
    await openTodo(a);
    await a.getByTestId('todo-pass').click();
    await a.getByTestId('next-assignees').waitFor();
    await a
      .getByTestId('next-assignees')
      .locator('.ant-select-selection-item', { hasText: '陈静' })
      .locator('.ant-select-selection-item-remove')
      .click();
    await a.getByTestId('approval-comment').fill('已补充行程说明');
    await submitApproval(a);

    const b = await open(APPROVER_B);
    await openTodo(b);
    await b.getByTestId('todo-pass').click();
    // The amount is under 5000: the gateway leads to the end, shown as its pseudo-assignee.
    await b.locator('.ant-modal').getByText('完成费用报销').waitFor();
    await b.getByTestId('approval-comment').fill('票据齐全，同意报销');
    await screenshot(b, 'workflow-08-b-final-pass');
    await submitApproval(b);
  });

  it('the employee sees it passed; the history shows every step with comments and the diagram', async () => {
    const page = await open(EMPLOYEE);
    await page.goto('/activiti/myApplications');
    const row = page.locator('tr', { hasText: TITLE });
    await row.getByTestId('app-status').getByText('已通过').waitFor();
    await expect(row.getByTestId('app-status').innerText()).resolves.toBe('已通过');
    await screenshot(page, 'workflow-09-my-applications-passed');
    await row.getByText('历史', { exact: true }).click();
    const timeline = page.getByTestId('history-timeline');
    await timeline.waitFor();
    const items = await timeline.getByTestId('history-item').allInnerTexts();
    const text = items.join('\n');
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const expected of [
      '提交申请',
      '马超',
      '同意，请财务审核',
      '退回至「部门负责人审批」',
      '请补充行程说明',
      '已补充行程说明',
      '刘洋',
      '票据齐全，同意报销',
      '流程结束',
    ]) {
      expect(text).toContain(expected);
    }
    await page.getByTestId('history-result').getByText('通过').waitFor();
    // The diagram is drawn, with the passed nodes marked.
    await page.locator('[data-testid="bpmn-diagram"] .djs-element.wf-done').first().waitFor();
    expect(
      await page.locator('[data-testid="bpmn-diagram"] .djs-element.wf-done').count(),
    ).toBeGreaterThanOrEqual(4);
    await page.waitForTimeout(600);
    await screenshot(page, 'workflow-10-history');
  });

  it('phone width: the to-do list, the approval dialog and the history stay usable', async () => {
    const page = await open(APPROVER_A, PHONE);
    await page.goto('/activiti/todoManage');
    await page.getByTestId('todo-page').waitFor();
    await expect.poll(() => page.getByTestId('todo-open').count()).toBeGreaterThan(0);
    await screenshot(page, 'workflow-11-phone-todo');
    await page.getByTestId('todo-pass').first().click();
    await page.getByTestId('approval-form').waitFor();
    await screenshot(page, 'workflow-12-phone-approval');
    await page.locator('.ant-modal-close').click();
    await page.getByTestId('approval-form').waitFor({ state: 'detached' });
    await page.getByTestId('todo-history').first().click();
    await page.locator('[data-testid="bpmn-diagram"] svg').first().waitFor();
    await screenshot(page, 'workflow-13-phone-history');
  });
});
