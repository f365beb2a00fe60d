import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, DESKTOP, launchBrowser, loginAs, newPage, PHONE, screenshot } from '../support/browser';
import { settle } from '../support/menu';

/**
 * Keyboard focus is visible (WCAG 2.4.7) on the approver's controls: the approval dialog's 下一审批人 select at
 * 1440 px and the phone task page's 驳回 / 委托 / 同意 at 390 px. Each is reached with Tab; its outline or box
 * shadow (on it or one of its five nearest ancestors) differs from the same elements without the focus, and the
 * difference is a ring that can be seen: an outline or a shadow of at least half opacity.
 */

const APPROVER = 'machao';
const APPLICANT = 'dongjian';
const TITLE = `焦点检查-${Date.now().toString(36)}`;

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

/** The outline and box shadow of the focused element and its five nearest ancestors (kept for the second look). */
const snapshotFocused = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __ring?: HTMLElement[] };
    const chain: HTMLElement[] = [];
    for (let n = document.activeElement as HTMLElement | null; n && chain.length < 6; n = n.parentElement) chain.push(n);
    w.__ring = chain;
    return chain.map((n) => {
      const c = getComputedStyle(n);
      return { outline: `${c.outlineStyle} ${c.outlineWidth} ${c.outlineColor}`, shadow: c.boxShadow };
    });
  });

/** The same elements' outline and box shadow now. */
const snapshotAgain = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { __ring?: HTMLElement[] }).__ring ?? []).map((n) => {
      const c = getComputedStyle(n);
      return { outline: `${c.outlineStyle} ${c.outlineWidth} ${c.outlineColor}`, shadow: c.boxShadow };
    }),
  );

/** The opacity of each colour in a computed style value (`rgb(…)` is 1). */
const alphas = (v: string): number[] => [...v.matchAll(/rgba?\(([^)]*)\)/g)].map((m) => (m[1].split(',').length === 4 ? Number(m[1].split(',')[3]) : 1));

/** Whether a focused style shows a ring: a drawn outline, or a shadow with a colour of at least half opacity. */
function visibleRing(s: { outline: string; shadow: string }): boolean {
  const [style, width] = s.outline.split(' ');
  const outline = style !== 'none' && parseFloat(width) >= 1 && alphas(s.outline).some((a) => a >= 0.5);
  const shadow = s.shadow !== 'none' && alphas(s.shadow).some((a) => a >= 0.5);
  return outline || shadow;
}

/**
 * Presses Tab until the focus is inside `target`, then compares the focused look with the look after Shift+Tab
 * moved the focus away (both after the page settled, so a focus class set by a component counts too). Returns
 * what is wrong, or '' when the focus shows a visible ring.
 */
async function focusRing(page: Page, target: Locator, what: string, maxTabs = 20): Promise<string> {
  const handle = await target.elementHandle();
  if (!handle) return `${what}: not found`;
  let reached = false;
  for (let i = 0; i < maxTabs && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await handle.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  }
  if (!reached) return `${what}: not reached by Tab`;
  await page.waitForTimeout(300);
  const focused = await snapshotFocused(page);
  await page.keyboard.press('Shift+Tab');
  await page.waitForTimeout(300);
  const plain = await snapshotAgain(page);
  await page.keyboard.press('Tab');
  await page.waitForTimeout(100);
  const ring = focused.some((f, i) => (f.outline !== plain[i].outline || f.shadow !== plain[i].shadow) && visibleRing(f));
  return ring ? '' : `${what}: no visible focus (focused ${JSON.stringify(focused.slice(0, 2))}, without focus ${JSON.stringify(plain.slice(0, 2))})`;
}

describe('[SHELL]: keyboard focus is visible on the approval dialog and the phone task page', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let businessId = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    // a to-do of 马超 filed by 董建 (马超 never approves his own application)
    const defs = await api<{ id: string; processKey: string }[]>(APPLICANT, 'GET', '/activiti_process/startable?tableName=fm_expense');
    const procDefId = defs.result.find((d) => d.processKey === 'expense')!.id;
    const draft = await api<{ id: string }>(APPLICANT, 'POST', '/actBusiness/add', {
      tableName: 'fm_expense',
      procDefId,
      title: TITLE,
      reason: '客户拜访的交通费用',
      items: [{ name: '出租车', amount: 86 }],
    });
    expect(draft.success, draft.message).toBe(true);
    businessId = draft.result.id;
    const applied = await api(APPLICANT, 'POST', '/actBusiness/apply', { id: businessId, procDefId });
    expect(applied.success, applied.message).toBe(true);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    // the application is withdrawn again: nobody's to-do keeps it
    if (businessId) await api(APPLICANT, 'POST', '/actBusiness/cancel', { id: businessId, reason: '焦点检查结束' }).catch(() => undefined);
  });

  it('the approval dialog at 1440 px: Tab reaches 下一审批人 and it shows a ring', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    contexts.push(context);
    await loginAs(page, APPROVER);
    await page.goto(`/activiti/todoManage?name=${encodeURIComponent(TITLE)}`);
    await page.getByTestId('todo-page').waitFor();
    await expect.poll(() => page.getByTestId('todo-pass').count(), { timeout: 20_000 }).toBe(1);
    await page.getByTestId('todo-pass').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('approval-submit') });
    await dialog.waitFor();
    const select = dialog.getByTestId('next-assignees');
    await select.waitFor();
    await settle(page);
    await page.locator('.ant-modal-wrap:visible').last().focus();
    const problem = await focusRing(page, select, '审批对话框 下一审批人');
    await screenshot(page, 'focus-1440-next-approver');
    expect(problem).toBe('');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the phone task page at 390 px: Tab reaches 驳回, 委托 and 同意 and each shows a ring', async () => {
    const { context, page } = await newPage(browser, PHONE);
    contexts.push(context);
    await loginAs(page, APPROVER);
    await page.goto('/h5/todo');
    await page.getByTestId('h5-todo-item').filter({ hasText: TITLE }).click();
    await page.getByTestId('h5-task').waitFor();
    await page.getByTestId('h5-form-view').getByText('出租车').waitFor();
    await settle(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const problems: string[] = [];
    for (const [testId, text] of [
      ['h5-reject', '驳回'],
      ['h5-delegate', '委托'],
      ['h5-pass', '同意'],
    ]) {
      const problem = await focusRing(page, page.getByTestId(testId), `手机审批 ${text}`);
      if (problem) problems.push(problem);
      if (testId === 'h5-delegate') await screenshot(page, 'focus-390-h5-task-delegate');
    }
    expect(problems).toEqual([]);
  });
});
