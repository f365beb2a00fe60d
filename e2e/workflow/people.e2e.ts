import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDate, pickOption } from '../forms/journey';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

/**
 * People in the workflow dialogs at 1440 px. 朱琳 (A03) files an expense whose first step is 马超 (A03). In
 * 马超's to-do, 转办 → 选择 finds 董建 by his Chinese name and by initials, shows phone and birthday masked,
 * and — since 马超 takes part in the application — 刘洋 of the group company (A01) for 加签, who is then added.
 * 朱琳's 出差 of 3 days: the submit dialog names everyone of 行政审核 (the HR role's members), as the task then
 * shows, never one name for the group.
 */
const SUFFIX = Date.now().toString(36);
const TITLE = `人员选择-${SUFFIX}`;

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, name);
}

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

async function openTasks(procInstId: string): Promise<string[]> {
  const h = await api<{ tasks: { key: string; status: number; assignees: { username: string }[] }[] }>('admin', 'GET', `/actTask/historicFlow/${procInstId}`);
  return h.result.tasks
    .filter((t) => t.status === 0)
    .map((t) => `${t.key}:${t.assignees.map((a) => a.username).sort().join('|')}`)
    .sort();
}

/** Types into the picker's search and waits for the table to answer. */
async function searchPeople(picker: ReturnType<Page['locator']>, keyword: string) {
  const box = picker.locator('input[data-testid="person-search"], [data-testid="person-search"] input').first();
  await box.fill(keyword);
  await box.press('Enter');
  await picker.page().waitForTimeout(600);
  await picker.locator('.ant-spin-spinning').waitFor({ state: 'detached' }).catch(() => undefined);
}

describe('[WORKFLOW]: person picker and next approvers at 1440 px', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let procInstId = '';
  const open = async (username: string) => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, username);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const defs = await api<{ id: string; processKey: string }[]>('zhulin', 'GET', '/activiti_process/startable?tableName=fm_expense');
    const procDefId = defs.result.find((d) => d.processKey === 'expense')!.id;
    const draft = await api<{ id: string }>('zhulin', 'POST', '/actBusiness/add', {
      tableName: 'fm_expense',
      procDefId,
      title: TITLE,
      reason: '客户拜访交通费',
      items: [{ name: '交通费', amount: 120 }],
    });
    expect(draft.success, draft.message).toBe(true);
    const applied = await api<{ procInstId: string }>('zhulin', 'POST', '/actBusiness/apply', { id: draft.result.id, procDefId });
    expect(applied.success, applied.message).toBe(true);
    procInstId = applied.result.procInstId;
    expect(await openTasks(procInstId)).toEqual(['deptApprove:machao']);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('转办 → 选择 finds people by Chinese name and initials, masked; 加签 reaches 刘洋 of the group company', async () => {
    const page = await open('machao');
    await page.goto(`/activiti/todoManage?name=${encodeURIComponent(TITLE)}`);
    const row = page.getByTestId('todo-page').locator('tr', { hasText: TITLE });
    await row.getByTestId('todo-more').click();
    await page.getByTestId('todo-transfer').click();
    const form = page.getByTestId('task-action-form');
    await form.getByTestId('task-action-users').getByRole('button', { name: /选\s*择/ }).click();
    const picker = page.locator('.ant-modal', { hasText: '根据部门选择用户' });
    await picker.waitFor();

    await searchPeople(picker, '董建');
    const dong = picker.getByTestId('person-table').locator('tbody tr', { hasText: '董建' });
    await dong.waitFor();
    const text = await dong.innerText();
    expect(text).toContain('138****0029');
    expect(text).not.toContain('13811110029');
    expect(text).toContain('1992-**-**');
    await screenshot(page, 'people-01-search-by-name');

    await searchPeople(picker, 'dj');
    await picker.getByTestId('person-table').locator('tbody tr', { hasText: '董建' }).waitFor();
    // 刘洋 is of the group company: reachable because 马超 takes part in this application
    await searchPeople(picker, '刘洋');
    await picker.getByTestId('person-table').locator('tbody tr', { hasText: '刘洋' }).waitFor();
    // 黄敏 (A02) is outside the reach
    await searchPeople(picker, '黄敏');
    await picker.getByText('未找到「黄敏」').waitFor();
    await picker.locator('.ant-modal-footer button').first().click();
    await page.getByRole('button', { name: /取\s*消/ }).last().click();

    await row.getByTestId('todo-more').click();
    await page.getByTestId('todo-addSign').click();
    const sign = page.getByTestId('task-action-form');
    await sign.getByRole('radio', { name: /并行加签/ }).check();
    await sign.getByTestId('task-action-users').getByRole('button', { name: /选\s*择/ }).click();
    const picker2 = page.locator('.ant-modal', { hasText: '根据部门选择用户' });
    await searchPeople(picker2, 'liuyang');
    await picker2.getByTestId('person-table').locator('tbody tr', { hasText: '刘洋' }).locator('input[type="checkbox"]').check();
    await screenshot(page, 'people-02-add-sign-group');
    await picker2.locator('.ant-modal-footer .ant-btn-primary').click();
    await picker2.waitFor({ state: 'detached' });
    await page.getByTestId('task-action-submit').click();
    await page.locator('.ant-message').getByText('已并行加签：刘洋，全部通过后流程继续').first().waitFor();
    expect(await openTasks(procInstId)).toEqual(['deptApprove:liuyang', 'deptApprove:machao']);
  });

  it('the submit dialog of a 3-day 出差 names every person the first step goes to', async () => {
    const page = await open('zhulin');
    await page.goto('/activiti/forms/trip');
    await page.getByTestId('trip-list').waitFor();
    await page.getByTestId('start-apply').click();
    await page.getByTestId('trip-form').waitFor();
    const title = `出差-${SUFFIX}`;
    await page.getByTestId('field-title').fill(title);
    const field = (key: string) => page.locator(`#tripForm_${key}`);
    await field('destination').fill('广州');
    await fillDate(field('startDate'), '2026-12-07');
    await fillDate(field('endDate'), '2026-12-09');
    await pickOption(page, 'field-transport', '飞机');
    await field('budget').fill('1500');
    await field('reason').fill('客户现场支持');
    await page.getByTestId('trip-submit').click();
    const apply = page.locator('.ant-modal', { hasText: '提交申请' }).last();
    const line = apply.getByTestId('apply-next-step-line');
    await line.first().waitFor();
    const shown = await line.first().innerText();
    await screenshot(page, 'people-03-submit-dialog');
    // the HR role's members, every company: the task goes to all of them
    expect(shown).toContain('行政审核');
    expect(shown).toMatch(/任一人审批：.*王芳.*李娜.*钱慧|任一人审批：.*钱慧.*王芳.*李娜/);
    await page.getByTestId('apply-submit').click();
    await page.locator('.ant-message').getByText('操作成功').first().waitFor();
    const draft = await api<{ records: { procInstId: string; title: string }[] }>('zhulin', 'GET', `/actBusiness/listData?title=${encodeURIComponent(title)}`);
    const inst = draft.result.records.find((r) => r.title === title)!.procInstId;
    const tasks = await openTasks(inst);
    expect(tasks).toHaveLength(1);
    for (const u of ['wangfang', 'lina', 'qianhui']) expect(tasks[0]).toContain(u);
  });
});
