import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

const FUNDS = { payee: '华信科技有限公司', bank: '招商银行上海分行', account: '6225880123456789', payMethod: 'transfer', dueDate: '2026-12-20', purpose: '变更记录旅程' };

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseURL()}/jeecg-boot${path}`, {
    method,
    headers: { 'X-Access-Token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { success: boolean; message: string; result: Record<string, unknown> };
  expect(json.success, json.message).toBe(true);
  return json.result;
}

/** 变更记录 of an approval form: the applicant edits a draft, the approver opens its changes from the task form. */
describe('[FORMS]: 变更记录 on an approval form', () => {
  let browser: Browser;
  let dongjian: string;
  let businessId = '';
  const title = `E2E-变更记录-${Date.now().toString(36)}`;
  beforeAll(async () => {
    browser = await launchBrowser();
    dongjian = await apiLogin('dongjian');
  });
  afterAll(async () => {
    // the application is withdrawn again: 马超's to-do list is as before
    if (businessId) await api(dongjian, 'POST', '/actBusiness/cancel', { id: businessId, reason: '旅程结束' }).catch(() => undefined);
    await browser?.close();
  });

  it('the department head opens the changes of a funds application from the task form', async () => {
    const draft = await api(dongjian, 'POST', '/actBusiness/add', { tableName: 'fm_funds', title, ...FUNDS, amount: 1280 });
    businessId = String(draft.id);
    await api(dongjian, 'PUT', '/actBusiness/editForm', { id: businessId, title, ...FUNDS, amount: 2560.5 });
    await api(dongjian, 'POST', '/actBusiness/apply', { id: businessId });

    const { context, page } = await newPage(browser);
    await loginAs(page, 'machao');
    await page.goto(`/activiti/todoManage?name=${encodeURIComponent(title)}`);
    await page.getByTestId('todo-page').waitFor();
    await expect.poll(() => page.getByTestId('todo-open').count()).toBe(1);
    await page.getByTestId('todo-open').click();
    await page.getByTestId('funds-view').getByText('华信科技有限公司').first().waitFor();
    await page.getByTestId('change-log-open').click();
    const drawer = page.locator('.ant-drawer:visible').last();
    await expect.poll(() => drawer.getByTestId('change-log').innerText()).toContain('金额（元）');
    const text = await drawer.getByTestId('change-log').innerText();
    expect(text).toContain('2560.5');
    expect(text).toContain('董建');
    await page.waitForTimeout(300);
    await screenshot(page, 'forms-funds-change-log');
    await context.close();
  });
});
