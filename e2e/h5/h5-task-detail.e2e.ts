import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, newPage, screenshot as save } from '../support/browser';

/**
 * The phone's task detail at 360 × 740: 朱琳 files an expense with two line items; 马超 opens it from the h5
 * to-do. Labels sit above their values (no label column breaking 费用类型 or 报销金额), each line item is a card
 * whose 金额 is on screen without an inner scroll, the to-do's grey lines meet text contrast, and the back
 * button is a button named 返回. The approve popup names the next approvers from the shared module.
 */
const NARROW = { width: 360, height: 740 };
const TITLE = `手机详情-${Date.now().toString(36)}`;

const tokens = new Map<string, string>();
async function api<T = unknown>(username: string, method: string, path: string, body?: unknown) {
  if (!tokens.has(username)) tokens.set(username, await apiLogin(username));
  const res = await fetch(`${baseURL()}/jeecg-boot${path}`, {
    method,
    headers: { 'X-Access-Token': tokens.get(username)!, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { success: boolean; message: string; result: T };
}

async function h5Login(page: Page, username: string): Promise<void> {
  await page.goto('/h5/todo');
  await page.waitForURL((u) => u.pathname === '/h5/login');
  await page.getByTestId('h5-username').locator('input').fill(username);
  await page.getByTestId('h5-password').locator('input').fill('123456');
  await page.getByTestId('h5-captcha').locator('input').fill('0000');
  await page.getByTestId('h5-login-submit').click();
  await page.getByTestId('h5-todo').waitFor();
}

/** WCAG contrast ratio of two `rgb(...)` colours. */
function contrast(fg: string, bg: string): number {
  const lum = (c: string) => {
    const [r, g, b] = (c.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map((x) => Number(x) / 255);
    const f = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

describe('[H5]: the task detail at 360 px', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const defs = await api<{ id: string; processKey: string }[]>('zhulin', 'GET', '/activiti_process/startable?tableName=fm_expense');
    const procDefId = defs.result.find((d) => d.processKey === 'expense')!.id;
    const draft = await api<{ id: string }>('zhulin', 'POST', '/actBusiness/add', {
      tableName: 'fm_expense',
      procDefId,
      title: TITLE,
      reason: '华南客户拜访的交通与住宿费用',
      items: [
        { name: '往返高铁票', amount: 1268.5, remark: '广州—深圳' },
        { name: '酒店住宿两晚', amount: 980 },
      ],
    });
    expect(draft.success, draft.message).toBe(true);
    const applied = await api('zhulin', 'POST', '/actBusiness/apply', { id: draft.result.id, procDefId });
    expect(applied.success, applied.message).toBe(true);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('labels above values, line items as cards with the amount on screen, contrast and a named back button', async () => {
    const { context, page } = await newPage(browser, NARROW);
    contexts.push(context);
    await h5Login(page, 'machao');

    // the to-do's description lines meet 4.5:1 on their background
    const item = page.getByTestId('h5-todo-item').filter({ hasText: TITLE });
    await item.waitFor();
    const colours = await item.locator('.adm-list-item-description').first().evaluate((el) => {
      let bg = 'rgb(255, 255, 255)';
      for (let n: Element | null = el; n; n = n.parentElement) {
        const c = getComputedStyle(n).backgroundColor;
        if (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') {
          bg = c;
          break;
        }
      }
      return { fg: getComputedStyle(el).color, bg };
    });
    expect(contrast(colours.fg, colours.bg)).toBeGreaterThanOrEqual(4.5);
    await item.click();
    await page.getByTestId('h5-task').waitFor();
    const view = page.getByTestId('h5-form-view');
    await view.getByText('往返高铁票').waitFor();

    // the back button is a button with a name
    const back = page.getByRole('button', { name: '返回', exact: true }).and(page.getByTestId('h5-back'));
    await back.waitFor();
    expect(await back.evaluate((el) => el.tagName)).toBe('BUTTON');

    // labels above values: 报销金额's label ends above its value, and no label breaks inside a word
    const label = view.locator('.ant-descriptions-item-label', { hasText: '报销金额' });
    const value = label.locator('xpath=following-sibling::*[1]');
    const lb = (await label.boundingBox())!;
    const vb = (await value.boundingBox())!;
    expect(lb.y + lb.height).toBeLessThanOrEqual(vb.y + 1);
    for (const text of ['费用类型', '报销金额']) {
      const box = (await view.locator('.ant-descriptions-item-label', { hasText: text }).boundingBox())!;
      expect(box.height, `${text} on one line`).toBeLessThan(40);
    }

    // each line item is a card; its amount is inside the screen, with no inner horizontal scroll
    const rows = view.locator('.ant-table tbody tr.ant-table-row');
    expect(await rows.count()).toBe(2);
    const amount = rows.first().locator('td', { hasText: '1,268.50' });
    const ab = (await amount.boundingBox())!;
    expect(ab.x + ab.width).toBeLessThanOrEqual(NARROW.width);
    expect(await amount.getAttribute('data-label')).toContain('金额');
    const inner = await view.evaluate((el) =>
      Array.from(el.querySelectorAll('*')).some((n) => n.scrollWidth - n.clientWidth > 1 && getComputedStyle(n).overflowX !== 'visible'),
    );
    expect(inner).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.waitForTimeout(300);
    await save(page, 'h5-task-detail-360', true);

    // the approve popup names the next approvers (shared next-approver module)
    await page.getByTestId('h5-pass').click();
    await page.getByTestId('h5-next-step-line').first().waitFor();
    expect(await page.getByTestId('h5-next-step-line').first().innerText()).toMatch(/审/);
    await save(page, 'h5-task-detail-360-approve');
  });
});
