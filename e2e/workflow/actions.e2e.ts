import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

/**
 * The approval actions beyond pass and reject, each where a person does it in the browser: 朱琳 withdraws
 * (撤回) and urges (催办 — a second urge within 10 minutes is refused with the server's words) from
 * 我的申请; 马超 transfers (转办) from the 更多 menu of a to-do card on his phone and 孙丽 adds 马超 back
 * as a signer before her (前加签); the administrator reassigns (重新分配) and terminates (终止) on 流程实例.
 */
const SUFFIX = Date.now().toString(36);
const T = {
  withdraw: `撤回测试-${SUFFIX}`,
  urge: `催办测试-${SUFFIX}`,
  terminate: `终止测试-${SUFFIX}`,
  transfer: `转办测试-${SUFFIX}`,
};

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

/** How many open to-do tasks `username` has with this title. */
async function todoCount(username: string, title: string): Promise<number> {
  const r = await api<{ total: number }>(username, 'POST', '/actTask/todoList', { name: title, pageIndex: 1, pageSize: 10 });
  return r.result.total;
}

async function historyTypes(procInstId: string): Promise<string[]> {
  const h = await api<{ list: { typeText: string }[] }>('admin', 'GET', `/actTask/historicFlow/${procInstId}`);
  return h.result.list.map((x) => x.typeText);
}

/** Picks users by account in the department user picker opened from `field`. */
async function pickUsers(page: Page, field: ReturnType<Page['getByTestId']>, users: { username: string; realname: string }[]) {
  await field.getByRole('button', { name: /选\s*择/ }).click();
  const picker = page.locator('.ant-modal', { hasText: '根据部门选择用户' });
  for (const u of users) {
    await picker.getByPlaceholder('请输入用户账号').fill(u.username);
    await picker.getByPlaceholder('请输入用户账号').press('Enter');
    await picker.locator('tr', { hasText: u.realname }).locator('input[type="checkbox"], input[type="radio"]').check();
  }
  await picker.locator('.ant-modal-footer .ant-btn-primary').click();
  await picker.waitFor({ state: 'detached' });
}

describe('[WORKFLOW]: withdraw, urge, transfer, add signer, reassign and terminate in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const inst: Record<keyof typeof T, string> = { withdraw: '', urge: '', terminate: '', transfer: '' };
  const open = async (username: string, viewport?: typeof PHONE) => {
    const { context, page } = await newPage(browser, viewport);
    contexts.push(context);
    await loginAs(page, username);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    // 朱琳 files four expenses with the seeded 费用报销 process (first step: her department head 马超)
    const defs = await api<{ id: string; processKey: string }[]>('zhulin', 'GET', '/activiti_process/startable?tableName=fm_expense');
    const procDefId = defs.result.find((d) => d.processKey === 'expense')!.id;
    for (const k of Object.keys(T) as (keyof typeof T)[]) {
      const draft = await api<{ id: string }>('zhulin', 'POST', '/actBusiness/add', {
        tableName: 'fm_expense',
        procDefId,
        title: T[k],
        reason: '客户拜访交通费',
        items: [{ name: '交通费', amount: 120 }],
      });
      expect(draft.success, draft.message).toBe(true);
      const applied = await api<{ procInstId: string }>('zhulin', 'POST', '/actBusiness/apply', { id: draft.result.id, procDefId });
      expect(applied.success, applied.message).toBe(true);
      inst[k] = applied.result.procInstId;
      expect(await openTasks(inst[k])).toEqual(['deptApprove:machao']);
    }
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('朱琳 withdraws an untouched application from 我的申请 after confirming', async () => {
    const me = await open('zhulin');
    await me.goto(`/activiti/myApplications?title=${encodeURIComponent(T.withdraw)}`);
    const row = me.getByTestId('my-applications').locator('tr', { hasText: T.withdraw });
    await row.getByTestId('app-withdraw').click();
    const confirm = me.locator('.ant-popconfirm');
    await confirm.getByText('撤回后审批人的待办将被取消，可修改后重新提交').waitFor();
    await screenshot(me, 'actions-01-withdraw-confirm');
    await confirm.getByRole('button', { name: /撤\s*回/ }).click();
    await me.locator('.ant-message').getByText(`已撤回「${T.withdraw}」`).first().waitFor();
    await expect.poll(() => row.getByTestId('app-status').innerText()).toContain('撤回');
    expect(await row.getByTestId('app-withdraw').count()).toBe(0);
    expect(await openTasks(inst.withdraw)).toEqual([]);
  });

  it('朱琳 urges 马超; a second urge within 10 minutes shows the server refusal', async () => {
    const me = await open('zhulin');
    await me.goto(`/activiti/myApplications?title=${encodeURIComponent(T.urge)}`);
    const row = me.getByTestId('my-applications').locator('tr', { hasText: T.urge });
    await row.getByTestId('app-urge').click();
    const form = me.getByTestId('urge-form');
    await form.waitFor();
    expect(await form.innerText()).toContain('马超');
    await form.getByLabel('催办留言').fill('客户等着报销，麻烦今天处理');
    await screenshot(me, 'actions-02-urge');
    await me.getByTestId('urge-submit').click();
    await me.locator('.ant-message').getByText('已催办：部门负责人审批（马超）').first().waitFor();
    await form.waitFor({ state: 'detached' });
    expect(await historyTypes(inst.urge)).toContain('催办');

    await row.getByTestId('app-urge').click();
    await me.getByTestId('urge-submit').click();
    await me.locator('.ant-message').getByText('催办过于频繁，请10分钟后再试').first().waitFor();
    // the dialog stays open after a refusal
    expect(await me.getByTestId('urge-form').count()).toBe(1);
  });

  it('马超 transfers from the 更多 menu of his phone card; 孙丽 adds 马超 as a signer before her', async () => {
    const phone = await open('machao', PHONE);
    await phone.goto(`/activiti/todoManage?name=${encodeURIComponent(T.transfer)}`);
    const card = phone.getByTestId('todo-card').filter({ hasText: T.transfer });
    await card.getByTestId('todo-more').click();
    await phone.getByTestId('todo-transfer').click();
    const form = phone.getByTestId('task-action-form');
    await form.waitFor();
    await pickUsers(phone, form.getByTestId('task-action-users'), [{ username: 'sunli', realname: '孙丽' }]);
    await form.getByTestId('task-action-comment').fill('我出差，请孙总代为处理');
    await screenshot(phone, 'actions-03-transfer-phone');
    await phone.getByTestId('task-action-submit').click();
    await phone.locator('.ant-message').getByText('已转办给孙丽，已通知孙丽').first().waitFor();
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
    expect(await todoCount('sunli', T.transfer)).toBe(1);
    expect(await todoCount('machao', T.transfer)).toBe(0);

    const sunli = await open('sunli');
    await sunli.goto(`/activiti/todoManage?name=${encodeURIComponent(T.transfer)}`);
    const todo = sunli.getByTestId('todo-page');
    const row = todo.locator('tr', { hasText: T.transfer });
    await row.getByTestId('todo-more').click();
    await sunli.getByTestId('todo-addSign').click();
    const sign = sunli.getByTestId('task-action-form');
    await sign.getByRole('radio', { name: /前加签/ }).check();
    await pickUsers(sunli, sign.getByTestId('task-action-users'), [{ username: 'machao', realname: '马超' }]);
    await screenshot(sunli, 'actions-04-add-signer');
    await sunli.getByTestId('task-action-submit').click();
    await sunli.locator('.ant-message').getByText('已前加签：马超，待其审批通过后任务回到您').first().waitFor();
    expect(await todoCount('machao', T.transfer)).toBe(1);
    expect(await todoCount('sunli', T.transfer)).toBe(0);
    const types = await historyTypes(inst.transfer);
    expect(types).toContain('转办给 孙丽');
    expect(types).toContain('加签 马超');
  });

  it('the administrator reassigns a task and terminates an application on 流程实例, each after confirming', async () => {
    const admin = await open('admin');
    await admin.goto('/activiti/instances');
    const page = admin.getByTestId('running-instances');
    await page.waitFor();
    await page.getByLabel('标题').fill(T.urge);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const urgeRow = page.locator('tr', { hasText: T.urge });
    await urgeRow.getByTestId('instance-reassign').click();
    const reassign = admin.getByTestId('reassign-form');
    await reassign.waitFor();
    expect(await reassign.innerText()).toContain('当前审批人：马超');
    await admin.getByTestId('reassign-submit').click();
    await reassign.getByText('请选择新的审批人').waitFor();
    await pickUsers(admin, reassign.getByTestId('reassign-users'), [{ username: 'sunli', realname: '孙丽' }]);
    await screenshot(admin, 'actions-05-reassign');
    await admin.getByTestId('reassign-submit').click();
    await admin.locator('.ant-message').getByText('已将「部门负责人审批」重新分配给孙丽').first().waitFor();
    await expect.poll(() => urgeRow.innerText()).toContain('孙丽');
    expect(await openTasks(inst.urge)).toEqual(['deptApprove:sunli']);

    await page.getByLabel('标题').fill(T.terminate);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('tr', { hasText: T.terminate });
    await row.getByTestId('instance-terminate').click();
    const confirm = admin.getByTestId('terminate-form');
    await confirm.getByText('终止后申请变为已取消，待办任务全部关闭，不能恢复。').waitFor();
    await confirm.getByLabel('终止原因').fill('重复提交');
    await screenshot(admin, 'actions-06-terminate-confirm');
    await admin.getByTestId('terminate-submit').click();
    await admin.locator('.ant-message').getByText(`已终止「${T.terminate}」，待办任务已全部关闭`).first().waitFor();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
    expect(await openTasks(inst.terminate)).toEqual([]);
    const h = await api<{ list: { typeText: string; comment: string | null }[]; status: number }>('zhulin', 'GET', `/actTask/historicFlow/${inst.terminate}`);
    expect(h.result.status).toBe(3);
    expect(h.result.list.find((x) => x.typeText === '管理员终止')?.comment).toBe('重复提交');
  });
});
