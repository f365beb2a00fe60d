import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

/**
 * The administrator designs a two-step process in the designer — 部门审批 by 马超, then a parallel
 * countersign 会签 of 刘洋, 李娜 and 王芳 — and deploys it. 朱琳 applies and copies 陈静; 马超 passes,
 * the three signers pass (the node waits for all three); 陈静 finds the application in 抄送我的 and opens
 * it; 朱琳 sees 已通过 in 我的申请.
 */
const KEY = `e2e_cs_${Date.now().toString(36)}`;
const TITLE = `会签报销-${Date.now().toString(36)}`;

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, name);
}

async function api<T = unknown>(username: string, method: string, path: string, body?: unknown) {
  const token = await apiLogin(username);
  const res = await fetch(`${baseURL()}/jeecg-boot${path}`, {
    method,
    headers: { 'X-Access-Token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
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

async function passAs(username: string, procInstId: string) {
  const todo = await api<{ records: { id: string; procInstId: string }[] }>(username, 'POST', '/actTask/todoList', { pageIndex: 1, pageSize: 200 });
  const task = todo.result.records.find((r) => r.procInstId === procInstId);
  expect(task, `${username} has a task`).toBeTruthy();
  const r = await api(username, 'POST', '/actTask/pass', { id: task!.id, comment: '同意', type: 0 });
  expect(r.success, r.message).toBe(true);
}

describe('[WORKFLOW]: design a countersign process, deploy, apply, three signers, CC inbox, the outcome', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let procInstId = '';
  let procDefId = '';
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

  it('the administrator sets the approvers and the countersign in the designer and deploys', async () => {
    const admin = await open('admin');
    await admin.goto('/activiti/designer');
    const designer = admin.getByTestId('process-designer');
    await designer.waitFor();
    await admin.locator('[data-element-id="step1"]').waitFor();
    await admin.locator('#designer-key').fill(KEY);
    await admin.locator('#designer-name').fill('会签报销');

    await admin.locator('[data-element-id="step1"]').click();
    await admin.getByTestId('designer-props').waitFor();
    await admin.locator('#prop-assignee').fill('machao');

    await admin.locator('[data-element-id="step2"]').click();
    await admin.locator('#prop-name').fill('部门会签');
    await admin.locator('#prop-users').fill('liuyang,lina,wangfang');
    await admin.getByRole('radio', { name: '并行会签' }).check();
    await screenshot(admin, 'designer-01-countersign-properties');

    await admin.getByTestId('designer-deploy').click();
    const result = admin.getByTestId('designer-result');
    await result.waitFor();
    const text = await result.innerText();
    expect(text).toContain('部署成功');
    await screenshot(admin, 'designer-02-deployed');

    procDefId = /部署成功：(\S+)/.exec(text)![1];
    expect(procDefId.startsWith(`${KEY}:1:`)).toBe(true);
    const def = await api<{ processKey: string; status: number; xml: string }>('admin', 'GET', `/activiti_process/queryById/${encodeURIComponent(procDefId)}`);
    expect(def.result.status).toBe(1);
    expect(def.result.xml).toContain('multiInstanceLoopCharacteristics');
  });

  it('the applicant applies and copies 陈静; 马超 passes; the countersign needs all three', async () => {
    const add = await api<{ id: string }>('zhulin', 'POST', '/actBusiness/add', {
      tableName: 'fm_expense',
      procDefId,
      title: TITLE,
      reason: '客户会议餐费',
      items: [{ name: '餐费', amount: 320 }],
    });
    expect(add.success, add.message).toBe(true);
    const apply = await api<{ procInstId: string }>('zhulin', 'POST', '/actBusiness/apply', { id: add.result.id, procDefId });
    expect(apply.success, apply.message).toBe(true);
    procInstId = apply.result.procInstId;
    const cc = await api('zhulin', 'POST', '/actTask/cc', { procInstId, userIds: ['chenjing'], comment: '请知悉' });
    expect(cc.success, cc.message).toBe(true);

    expect(await openTasks(procInstId)).toEqual(['step1:machao']);
    await passAs('machao', procInstId);
    expect(await openTasks(procInstId)).toEqual(['step2:lina', 'step2:liuyang', 'step2:wangfang']);
    await passAs('liuyang', procInstId);
    await passAs('lina', procInstId);
    expect(await openTasks(procInstId)).toEqual(['step2:wangfang']);
    await passAs('wangfang', procInstId);
    expect(await openTasks(procInstId)).toEqual([]);
  });

  it('陈静 finds it unread in 抄送我的 and opens it', async () => {
    const cc = await open('chenjing');
    await cc.goto('/activiti/ccInbox');
    const inbox = cc.getByTestId('cc-inbox');
    await inbox.waitFor();
    const row = inbox.locator('tr', { hasText: TITLE });
    await row.waitFor();
    expect(await row.innerText()).toContain('未读');
    expect(await row.innerText()).toContain('朱琳');
    await screenshot(cc, 'designer-03-cc-inbox');
    await row.getByTestId('cc-open').click();
    await cc.locator('.ant-modal').first().waitFor();
    await screenshot(cc, 'designer-04-cc-history');
    await cc.keyboard.press('Escape');
    await expect.poll(async () => row.innerText()).toContain('已读');
  });

  it('the administrator finds the finished instance in 流程实例', async () => {
    const admin = await open('admin');
    await admin.goto('/activiti/instances');
    const page = admin.getByTestId('running-instances');
    await page.waitFor();
    await page.getByLabel('标题').fill(TITLE);
    await page.locator('.wf-search .ant-select').click();
    await admin.locator('.ant-select-item-option', { hasText: '全部' }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('tr', { hasText: TITLE });
    await row.waitFor();
    expect(await row.innerText()).toContain('已通过');
    await screenshot(admin, 'designer-06-instances');
  });

  it('the applicant sees the outcome in 我的申请', async () => {
    const me = await open('zhulin');
    await me.goto('/activiti/myApplications');
    const list = me.getByTestId('my-applications');
    await list.waitFor();
    const row = list.locator('tr', { hasText: TITLE });
    await row.waitFor();
    await expect.poll(async () => row.getByTestId('app-result').innerText()).toContain('通过');
    await screenshot(me, 'designer-05-applicant-outcome');
  });
});
