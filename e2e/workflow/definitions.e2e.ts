import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(500);
  await save(page, name);
}

/** The definition row of the seeded 费用报销 process. */
const expenseRow = (page: Page) => page.locator('[data-testid="process-definitions"] tr', { hasText: 'expense' });

async function toggle(page: Page, action: '挂起' | '激活'): Promise<void> {
  await expenseRow(page).getByText(action, { exact: true }).click();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await page.locator('.ant-message').getByText(action === '挂起' ? '挂起成功' : '激活成功').first().waitFor();
}

describe('[WORKFLOW]: process definitions and a suspended process', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const open = async (username: string) => {
    const { context, page } = await newPage(browser);
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

  it('the admin sees the definitions with the diagram and the node rules', async () => {
    const page = await open('admin');
    await page.goto('/activiti/processDefinitions');
    await expenseRow(page).waitFor();
    await screenshot(page, 'workflow-20-definitions');
    await expenseRow(page).getByText('流程图', { exact: true }).click();
    await page.locator('[data-testid="bpmn-diagram"] .djs-element').first().waitFor();
    await screenshot(page, 'workflow-21-definition-diagram');
    await page.locator('.ant-modal-close').click();
    await expenseRow(page).getByText('节点设置', { exact: true }).click();
    const nodes = page.locator('.ant-modal', { hasText: '节点审批人设置' });
    await nodes.getByText('财务审核（financeApprove）').waitFor();
    await nodes.getByText('发起人的部门负责人').waitFor();
    await screenshot(page, 'workflow-22-node-rules');
  });

  it('suspending the process greys out its tasks and disables their actions; activating restores them', async () => {
    const admin = await open('admin');
    await admin.goto('/activiti/processDefinitions');
    await expenseRow(admin).waitFor();
    await toggle(admin, '挂起');
    try {
      const a = await open('machao');
      await a.goto(`/activiti/todoManage?name=${encodeURIComponent('费用报销')}`);
      const row = a.locator('tr.wf-row-suspended').first();
      await row.waitFor();
      await row.getByText('挂起', { exact: true }).waitFor();
      expect(await row.getByTestId('todo-pass').count()).toBe(0);
      expect(await row.locator('.wf-link-disabled').count()).toBe(4); // 通过, 驳回, 委托 and 更多
      await screenshot(a, 'workflow-23-suspended-todo');
      // The task form opens read-only with its actions disabled.
      await row.getByTestId('todo-open').click();
      await a.getByTestId('expense-view').waitFor();
      expect(await a.getByTestId('form-pass').isDisabled()).toBe(true);
      await a.getByText('流程已被挂起，无法操作！').waitFor();
      await screenshot(a, 'workflow-24-suspended-form');
    } finally {
      await admin.reload();
      await expenseRow(admin).waitFor();
      await toggle(admin, '激活');
    }
  });
});
