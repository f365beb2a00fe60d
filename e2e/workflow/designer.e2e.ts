import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

/**
 * The administrator designs a two-step process in the designer — 部门审批 by 马超 with a decision field
 * and a due date, then a parallel countersign 会签 of 刘洋, 李娜 and 王芳 — and deploys it. 朱琳 applies in
 * the browser; 马超 passes in his to-do list (choosing 同意); 刘洋 passes and copies 陈静 (抄送) in the
 * approval dialog, and 陈静's open 抄送我的 shows it without a reload; 李娜 and 王芳 pass (the node waits
 * for all three); 陈静 opens it read-only with its timeline; 朱琳 sees 已通过 in 我的申请.
 */
const SUFFIX = Date.now().toString(36);
const KEY = `e2e_cs_${SUFFIX}`;
const PROCESS = `会签报销${SUFFIX}`;
const TITLE = `会签报销-${SUFFIX}`;

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
    // The designed process also serves 费用报销: suspend it so later journeys start the seeded one.
    if (procDefId) await api('admin', 'POST', '/activiti_process/updateStatus', { id: procDefId, status: 0 });
  });

  it('the administrator sets the approvers and the countersign in the designer and deploys', async () => {
    const admin = await open('admin');
    await admin.goto('/activiti/designer');
    const designer = admin.getByTestId('process-designer');
    await designer.waitFor();
    await admin.locator('[data-element-id="step1"]').waitFor();
    await admin.locator('#designer-key').fill(KEY);
    await admin.locator('#designer-name').fill(PROCESS);
    await admin.getByTestId('process-designer').locator('.wf-search .ant-select-selector').click();
    await admin.locator('.ant-select-item-option').filter({ hasText: /^费用$/ }).click();

    await admin.locator('[data-element-id="step1"]').click();
    await admin.getByTestId('designer-props').waitFor();
    await admin.locator('#prop-assignee').fill('machao');
    // a due date of two days that reminds, and the decision 马超 makes
    await admin.locator('#prop-due').fill('2');
    await admin.getByTestId('designer-props').locator('.ant-select-selector', { hasText: '小时' }).click();
    await admin.locator('.ant-select-item-option', { hasText: '天' }).click();
    await admin.getByRole('radio', { name: '催办提醒' }).check();
    await admin.getByRole('button', { name: '添加决定字段' }).click();
    await screenshot(admin, 'designer-00-due-date-and-decision');

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
    expect(def.result.xml).toContain('activiti:dueDate="P2D"');
    expect(def.result.xml).toContain('wf:timeoutAction="remind"');
    expect(def.result.xml).toMatch(/<activiti:formProperty id="approved" name="是否同意" type="enum" required="true">/);
  });

  /** `username` opens the to-do list, passes the application with a comment (and a decision when asked). */
  const passInBrowser = async (
    username: string,
    opts: { decision?: string; nextCount?: number; cc?: { username: string; realname: string } } = {},
  ) => {
    const page = await open(username);
    await page.goto(`/activiti/todoManage?name=${encodeURIComponent(TITLE)}`);
    const todo = page.getByTestId('todo-page');
    await todo.waitFor();
    await expect.poll(() => todo.getByTestId('todo-pass').count(), { timeout: 20_000 }).toBe(1);
    await todo.getByTestId('todo-pass').click();
    const form = page.getByTestId('approval-form');
    await form.waitFor();
    if (opts.decision) {
      await form.getByTestId('decision-fields').waitFor();
      await form.getByRole('radio', { name: opts.decision, exact: true }).check();
    }
    if (opts.nextCount) {
      await expect.poll(() => form.getByTestId('next-assignees').locator('.ant-select-selection-item').count()).toBe(opts.nextCount);
    }
    await page.getByTestId('approval-comment').fill(`${username} 同意`);
    if (opts.cc) {
      // 抄送 in the approval dialog: the department user picker
      await form.getByTestId('approval-cc').getByRole('button', { name: /选\s*择/ }).click();
      const picker = page.locator('.ant-modal', { hasText: '根据部门选择用户' });
      await picker.getByPlaceholder('请输入用户账号').fill(opts.cc.username);
      await picker.getByPlaceholder('请输入用户账号').press('Enter');
      await picker.locator('tr', { hasText: opts.cc.realname }).locator('input[type="checkbox"]').check();
      await picker.locator('.ant-modal-footer .ant-btn-primary').click();
      await picker.waitFor({ state: 'detached' });
      await expect.poll(() => form.locator('#approval-cc').inputValue()).toBe(opts.cc.realname);
    }
    await screenshot(page, `designer-pass-${username}`);
    await page.getByTestId('approval-submit').click();
    await form.waitFor({ state: 'detached' });
    if (opts.cc) await page.locator('.ant-message').getByText(`已抄送给${opts.cc.realname}`).first().waitFor();
    await expect.poll(() => todo.getByTestId('todo-pass').count(), { timeout: 15_000 }).toBe(0);
    await page.context().close();
  };

  it('the applicant applies with the designed process in the browser', async () => {
    const me = await open('zhulin');
    await me.goto('/activiti/forms/expense');
    await me.getByTestId('start-apply').click();
    await me.locator('.ant-dropdown-menu-item', { hasText: PROCESS }).click();
    const form = me.getByTestId('expense-form');
    await form.waitFor();
    await form.getByPlaceholder('不填则为“姓名的费用报销”').fill(TITLE);
    await me.getByTestId('expense-reason').fill('客户会议餐费');
    await form.getByPlaceholder('请输入费用项目').first().fill('餐费');
    await form.getByPlaceholder('请输入金额（元）').first().fill('320.00');
    await me.getByTestId('expense-submit').click();
    await me.getByTestId('apply-submit').click();
    await me.locator('.ant-message').getByText('已提交，等待「部门审批」（马超）审批').first().waitFor();
    await screenshot(me, 'designer-03a-applied');

    const mine = await api<{ records: { title: string; procInstId: string; procDefId: string }[] }>('zhulin', 'POST', '/actBusiness/listData', { title: TITLE, pageNo: 1, pageSize: 10 });
    const row = mine.result.records.find((r) => r.title === TITLE);
    expect(row?.procDefId).toBe(procDefId);
    procInstId = row!.procInstId;
    expect(await openTasks(procInstId)).toEqual(['step1:machao']);
  });

  it('马超 passes in his to-do list with the decision; the countersign opens for all three', async () => {
    await passInBrowser('machao', { decision: '同意', nextCount: 3 });
    expect(await openTasks(procInstId)).toEqual(['step2:lina', 'step2:liuyang', 'step2:wangfang']);
    const h = await api<{ list: { type: string; detail: { variables?: Record<string, unknown> } | null }[] }>('admin', 'GET', `/actTask/historicFlow/${procInstId}`);
    expect(h.result.list.find((x) => x.type === 'pass')?.detail?.variables).toEqual({ approved: 'true' });
  });

  let ccPage: Page;
  it('the countersign needs all three signers; 刘洋 copies 陈静 in the approval dialog and her open inbox shows it', async () => {
    // 陈静 has 抄送我的 open before anything was copied to her
    ccPage = await open('chenjing');
    await ccPage.goto('/activiti/ccInbox');
    const inbox = ccPage.getByTestId('cc-inbox');
    await inbox.waitFor();
    await inbox.locator('.ant-table-tbody').waitFor();
    expect(await inbox.locator('tr', { hasText: TITLE }).count()).toBe(0);

    await passInBrowser('liuyang', { cc: { username: 'chenjing', realname: '陈静' } });
    expect(await openTasks(procInstId)).toEqual(['step2:lina', 'step2:wangfang']);
    // live: the CC notice on her socket refreshes the list, no reload
    await inbox.locator('tr', { hasText: TITLE }).waitFor({ timeout: 20_000 });
    const h = await api<{ list: { type: string; realname: string; detail: { users?: string[] } | null }[] }>('admin', 'GET', `/actTask/historicFlow/${procInstId}`);
    const ccEntry = h.result.list.find((x) => x.type === 'cc');
    expect(ccEntry?.realname).toBe('刘洋');
    expect(ccEntry?.detail?.users).toEqual(['chenjing']);

    await passInBrowser('lina');
    expect(await openTasks(procInstId)).toEqual(['step2:wangfang']);
    await passInBrowser('wangfang');
    expect(await openTasks(procInstId)).toEqual([]);
  });

  it('陈静 finds it unread in 抄送我的 and opens it read-only with its timeline', async () => {
    const inbox = ccPage.getByTestId('cc-inbox');
    const row = inbox.locator('tr', { hasText: TITLE });
    await row.waitFor();
    expect(await row.innerText()).toContain('未读');
    expect(await row.innerText()).toContain('朱琳');
    expect(await row.innerText()).toContain('刘洋');
    await screenshot(ccPage, 'designer-03-cc-inbox');
    await row.getByTestId('cc-open').click();
    const timeline = ccPage.getByTestId('history-timeline');
    await timeline.waitFor();
    await expect.poll(() => timeline.innerText()).toContain('抄送');
    expect(await timeline.innerText()).toContain('刘洋');
    // read-only: no approval action in the dialog
    expect(await ccPage.locator('.ant-modal').getByTestId('approval-submit').count()).toBe(0);
    await screenshot(ccPage, 'designer-04-cc-history');
    await ccPage.keyboard.press('Escape');
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
    await expect.poll(async () => row.getByTestId('app-status').innerText()).toContain('已通过');
    await screenshot(me, 'designer-05-applicant-outcome');
  });
});
