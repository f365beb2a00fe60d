import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

/** One declared form type's journey: the employee files it, each approver passes it on the to-do page. */
export interface FormJourney {
  slug: string;
  /** the list page's `新增…` button label */
  employee: string;
  /** fills the editor (the title is filled already); `field(key)` is the input of a field */
  fill(page: Page, field: (key: string) => Locator): Promise<void>;
  /** who the first step goes to (shown in the apply dialog) */
  firstStep: string;
  /** approvers in order; the last one sees the end pseudo-assignee */
  approvers: { username: string; sees: string }[];
  endLabel: string;
  /** a text of the read-only view the first approver sees */
  viewText: string;
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, name);
}

export async function pickOption(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

export async function fillDate(input: Locator, value: string): Promise<void> {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Picks one user by account in the department user picker of a field. */
export async function pickUser(page: Page, fieldKey: string, username: string, realname: string): Promise<void> {
  await page.getByTestId(`field-${fieldKey}`).getByRole('button', { name: /选\s*择/ }).click();
  const modal = page.locator('.ant-modal', { hasText: '根据部门选择用户' });
  await modal.getByPlaceholder('请输入用户账号').fill(username);
  await modal.getByPlaceholder('请输入用户账号').press('Enter');
  const row = modal.locator('tr', { hasText: realname });
  await row.locator('input[type="radio"], input[type="checkbox"]').first().check();
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await modal.waitFor({ state: 'detached' });
}

/** Runs the journey as a vitest sequence; returns the title it used. */
export function formJourney(j: FormJourney, it: (name: string, fn: () => Promise<void>) => void, hooks: { beforeAll: (fn: () => Promise<void>) => void; afterAll: (fn: () => Promise<void>) => void }) {
  const title = `E2E-${j.slug}-${Date.now().toString(36)}`;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const open = async (username: string) => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, username);
    return page;
  };
  hooks.beforeAll(async () => {
    browser = await launchBrowser();
  });
  hooks.afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it(`${j.slug}: the employee files it from the 流程 list and submits it`, async () => {
    const page = await open(j.employee);
    await page.goto(`/activiti/forms/${j.slug}`);
    await page.getByTestId(`${j.slug}-list`).waitFor();
    await shot(page, `forms-${j.slug}-01-list`);
    await page.getByTestId('start-apply').click();
    const form = page.getByTestId(`${j.slug}-form`);
    await form.waitFor();
    // Submitting empty shows the shared rules' Chinese messages.
    await page.getByTestId(`${j.slug}-submit`).click();
    await expect.poll(() => form.locator('.ant-form-item-explain-error').count()).toBeGreaterThan(1);
    await page.getByTestId('field-title').fill(title);
    await j.fill(page, (key) => page.locator(`#${j.slug}Form_${key}`));
    await shot(page, `forms-${j.slug}-02-editor`);
    await page.getByTestId(`${j.slug}-submit`).click();
    const apply = page.locator('.ant-modal', { hasText: '提交申请' }).last();
    await apply.getByText(j.firstStep).first().waitFor();
    await shot(page, `forms-${j.slug}-03-apply`);
    await page.getByTestId('apply-submit').click();
    await page.locator('.ant-message').getByText('操作成功').first().waitFor();
    await page.goto('/activiti/myApplications');
    const row = page.locator('tr', { hasText: title });
    await row.getByTestId('app-status').getByText('处理中').waitFor();
  });

  j.approvers.forEach((a, i) => {
    it(`${j.slug}: ${a.username} approves on the to-do page`, async () => {
      const page = await open(a.username);
      await page.goto(`/activiti/todoManage?name=${encodeURIComponent(title)}`);
      await page.getByTestId('todo-page').waitFor();
      await expect.poll(() => page.getByTestId('todo-open').count()).toBe(1);
      await page.getByTestId('todo-open').click();
      await page.getByTestId(`${j.slug}-view`).getByText(j.viewText).first().waitFor();
      if (i === 0) await shot(page, `forms-${j.slug}-04-task-form`);
      await page.getByTestId('form-pass').click();
      const dialog = page.locator('.ant-modal', { has: page.getByTestId('approval-comment') });
      await dialog.getByText(a.sees).first().waitFor();
      await page.getByTestId('approval-comment').fill(`同意（${a.username}）`);
      await shot(page, `forms-${j.slug}-05-pass-${a.username}`);
      await page.getByTestId('approval-submit').click();
      const notice = page.locator('.ant-message-notice').first();
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(/审批已通过|操作成功/);
      await page.getByTestId('approval-form').waitFor({ state: 'detached' });
    });
  });

  it(`${j.slug}: the employee sees it passed in my applications`, async () => {
    const page = await open(j.employee);
    await page.goto('/activiti/myApplications');
    const row = page.locator('tr', { hasText: title });
    await row.getByTestId('app-status').getByText('已通过').waitFor();
    await expect(row.getByTestId('app-status').innerText()).resolves.toBe('已通过');
    await shot(page, `forms-${j.slug}-06-my-applications`);
    await page.goto(`/activiti/forms/${j.slug}?title=${encodeURIComponent(title)}`);
    const listRow = page.getByTestId(`${j.slug}-list`).locator('tr', { hasText: title });
    await listRow.locator('.ant-tag', { hasText: /^通过$/ }).waitFor();
    await shot(page, `forms-${j.slug}-07-list-passed`);
  });
  return title;
}
