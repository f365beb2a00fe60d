import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

/**
 * The life of one person in the HR records (docs/hr.md): qianhui (人事, A03) takes the applicant into the
 * talent pool, interviews and hires (approved by lina, 人事 of the group), enters and regularises;
 * lina transfers the person to A05 (the system account follows), lets them leave and blacklists them;
 * they apply again in A03 and are flagged. sunyue (人事助理, no hr:sensitive:view) sees masked IDs.
 */
const RUN = Date.now().toString(36).slice(-5);
const NAME = `郑晓旅${RUN}`;
const ACCOUNT = `hy_e2e_${RUN}`;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
function nationalId(): string {
  const seq = String(100 + (parseInt(RUN, 36) % 800)).padStart(3, '0');
  const first = `320102199103${String(10 + (parseInt(RUN, 36) % 18))}${seq.slice(0, 2)}${Number(seq[2]) % 2 === 0 ? Number(seq[2]) + 1 : seq[2]}`;
  const sum = [...first].reduce((s, c, i) => s + Number(c) * WEIGHTS[i], 0);
  return first + '10X98765432'[sum % 11];
}
const ID_CARD = nationalId();
const MOBILE = `1360${String(parseInt(RUN, 36) % 10_000_000).padStart(7, '0')}`;

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, `hr-${name}`);
}

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseURL()}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: any };
}

/** Opens a file list filtered to the journey's person and waits for the row. */
async function openRow(page: Page, path: string, name = NAME) {
  await page.goto(`${path}?realname=${encodeURIComponent(name)}`);
  const row = page.locator('.ant-table-row', { hasText: name }).first();
  await row.waitFor();
  return row;
}

/** Row menu 更多 → an action. */
async function rowAction(page: Page, row: ReturnType<Page['locator']>, action: string) {
  await row.getByText('更多').click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: action }).first().click();
}

async function confirmModal(page: Page, title: string, expectMessage: string) {
  const modal = page.locator('.ant-modal', { hasText: title });
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-message').getByText(expectMessage).first().waitFor();
  await modal.waitFor({ state: 'detached' });
}

async function pickDepart(page: Page, field: ReturnType<Page['locator']>, name: string) {
  await field.click();
  const modal = page.locator('.ant-modal', { hasText: '选择部门' });
  await modal.getByPlaceholder('请输入部门名称').fill(name);
  await modal.getByPlaceholder('请输入部门名称').press('Enter');
  await modal.locator('.ant-tree-node-content-wrapper', { hasText: name }).first().click();
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await modal.waitFor({ state: 'detached' });
}

/**
 * The HR manager (lina) passes the journey's open approval from her to-do list (over the API: the task
 * form of the HR approval types is the shared declared-form view).
 */
async function approve(comment: string, who = 'lina') {
  const token = await apiLogin(who);
  let task: { id: string } | undefined;
  await expect
    .poll(async () => {
      const r = await api(token, 'POST', '/actTask/todoList', { name: NAME, pageIndex: 1, pageSize: 50 });
      const rows = (r.result?.records ?? r.result ?? []) as { id: string; title?: string; name?: string }[];
      task = rows.find((x) => JSON.stringify(x).includes(NAME));
      return !!task;
    })
    .toBe(true);
  const pass = await api(token, 'POST', '/actTask/pass', { id: task!.id, comment, type: 0 });
  expect(pass.success, pass.message).toBe(true);
}

describe('[HR]: one file from applicant to blacklist, and back as a flagged applicant', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let hr: Page; // qianhui
  let group: Page; // lina
  let fileId = '';
  const open = async (username: string) => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, username);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    hr = await open('qianhui');
    group = await open('lina');
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('an applicant registered in A03 shows masked in the talent pool and enters the pool, then interview', async () => {
    const token = await apiLogin('qianhui');
    const add = await api(token, 'POST', '/manager/hyUser/add', { realname: NAME, idCard: ID_CARD, mobile: MOBILE, orgCode: 'A03A02', post: 'zy', applyPost: '销售代表', source: '招聘网站' });
    expect(add.success, add.message).toBe(true);
    fileId = add.result.id;
    const row = await openRow(hr, '/talentpool/HyUserList');
    await expect(row.innerText()).resolves.toContain(`${ID_CARD.slice(0, 3)}*************${ID_CARD.slice(16)}`);
    await screenshot(hr, '01-talent-pool');
    await rowAction(hr, row, '入人才库');
    await hr.locator('.ant-modal textarea').fill('沟通能力强，储备');
    await screenshot(hr, '02-move-to-talent');
    await confirmModal(hr, '入人才库', '操作成功');
    await expect.poll(() => row.innerText()).toContain('人才库');
    await rowAction(hr, row, '安排面试');
    await confirmModal(hr, '安排面试', '操作成功');
  });

  it('HR records an interview round and hires; the group HR manager approves', async () => {
    const row = await openRow(hr, '/hr/interview');
    await rowAction(hr, row, '面试记录');
    const modal = hr.locator('.ant-modal', { hasText: '面试记录' });
    await modal.getByLabel('面试官').fill('马超');
    await modal.getByLabel('分数').fill('88');
    await modal.getByLabel('结论').click();
    await hr.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '通过' }).first().click();
    await modal.getByLabel('评语').fill('销售经验丰富');
    await modal.getByRole('button', { name: '记录本轮' }).click();
    await modal.locator('.ant-table-row', { hasText: '销售经验丰富' }).waitFor();
    await screenshot(hr, '03-interview-round');
    await modal.locator('.ant-modal-close').click();
    await rowAction(hr, row, '录用');
    const hire = hr.locator('.ant-modal', { hasText: '录用' });
    await hire.getByLabel('预计入职日期').fill('2026-12-01');
    await screenshot(hr, '04-hire');
    await confirmModal(hr, '录用', '已提交录用审批');
    await expect.poll(() => row.innerText()).toContain('审批中');
    await approve('同意录用');
    await openRow(hr, '/hr/newHire');
    await screenshot(hr, '05-new-hire-list');
  });

  it('HR enters the person with a system account and regularises', async () => {
    const row = await openRow(hr, '/hr/newHire');
    await rowAction(hr, row, '办理入职');
    const modal = hr.locator('.ant-modal', { hasText: '办理入职' });
    await modal.getByLabel('入职日期').fill('2026-01-05');
    await modal.getByLabel('系统账号').fill(ACCOUNT);
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await hr.locator('.ant-message').getByText(`已创建系统账号 ${ACCOUNT}`).first().waitFor();
    const inService = await openRow(hr, '/incumbency/HyUserList');
    await expect(inService.innerText()).resolves.toContain('试用期');
    await rowAction(hr, inService, '转正');
    await confirmModal(hr, '转正', '操作成功');
    await expect.poll(() => inService.innerText()).toContain('正式');
    await screenshot(hr, '06-incumbency');
  });

  it('the group HR transfers the person to A05 (approved); the system account follows the department', async () => {
    const row = await openRow(group, '/incumbency/HyUserList');
    await rowAction(group, row, '调动');
    const modal = group.locator('.ant-modal', { hasText: '调动' });
    await pickDepart(group, modal.locator('.ant-form-item', { hasText: '调入部门' }).locator('input').first(), '工程管理部');
    await modal.getByLabel('原因').fill('支援置业公司项目');
    await screenshot(group, '07-transfer');
    await confirmModal(group, '调动', '已提交调动审批');
    // lina filed it, and nobody approves their own application: the other group HR manager does
    await approve('同意调动', 'wangfang');
    const admin = await apiLogin('admin');
    const users = await api(admin, 'GET', `/sys/user/list?username=${ACCOUNT}`);
    expect(users.result.records[0].orgCode).toBe('A05A02');
    await group.goto(`/transfer/manage?realname=${encodeURIComponent(NAME)}`);
    await group.locator('.ant-table-row', { hasText: '工程管理部' }).first().waitFor();
    await screenshot(group, '08-transfer-records');
    // the file left A03: qianhui no longer sees it
    const token = await apiLogin('qianhui');
    expect((await api(token, 'GET', `/manager/hyUser/queryById?id=${fileId}`)).message).toBe('未找到对应数据');
  });

  it('the person leaves (approved) and is blacklisted with a reason', async () => {
    const row = await openRow(group, '/incumbency/HyUserList');
    await rowAction(group, row, '离职');
    const modal = group.locator('.ant-modal', { hasText: '离职' });
    await modal.getByLabel('离职类型').click();
    await group.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '主动离职' }).first().click();
    await modal.getByLabel('离职原因').fill('个人发展');
    await confirmModal(group, '离职', '已提交离职审批');
    await approve('同意离职', 'wangfang');
    const left = await openRow(group, '/dimission/HyUserList');
    await rowAction(group, left, '拉黑');
    const bl = group.locator('.ant-modal', { hasText: '拉黑' });
    await bl.locator('.ant-modal-footer .ant-btn-primary').click();
    await bl.getByText('请填写原因').waitFor();
    await screenshot(group, '09-blacklist-reason-required');
    await bl.getByLabel('拉黑原因').fill('离职后带走客户资料');
    await confirmModal(group, '拉黑', '操作成功');
    const black = await openRow(group, '/blacklist/HyUserList');
    await expect(black.innerText()).resolves.toContain('离职后带走客户资料');
    await screenshot(group, '10-blacklist');
  });

  it('the person applies again in A03 and is flagged', async () => {
    await hr.goto('/talentpool/HyUserList');
    await hr.getByTestId('list-add').click();
    const modal = hr.locator('.ant-modal', { hasText: '新增人事档案' });
    await modal.getByLabel('姓名').fill(NAME);
    await modal.getByLabel('身份证号').fill(ID_CARD);
    await pickDepart(hr, modal.locator('.ant-form-item', { hasText: '部门' }).locator('input').first(), '采购部');
    await modal.getByRole('tab', { name: '联系方式' }).click();
    await modal.getByLabel('手机号').fill(MOBILE);
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await hr.locator('.ant-message').getByText('添加成功！该人员在黑名单中，已标记').first().waitFor();
    const row = await openRow(hr, '/talentpool/HyUserList');
    await row.locator('.ant-tag', { hasText: '黑名单' }).waitFor();
    await screenshot(hr, '11-flagged-applicant');
  });

  it('an HR assistant without hr:sensitive:view sees masked IDs and no reveal; HR with it may reveal', async () => {
    const assistant = await open('sunyue');
    const row = await openRow(assistant, '/hr/roster');
    await expect(row.innerText()).resolves.toContain(`${ID_CARD.slice(0, 3)}*************`);
    await expect(row.innerText()).resolves.not.toContain(ID_CARD);
    await row.getByText('档案').click();
    const detail = assistant.locator('.ant-modal', { hasText: '人事档案' });
    await detail.locator('[data-field="idCard"]').filter({ hasText: '********' }).waitFor();
    expect(await detail.getByRole('button', { name: '显示敏感信息' }).count()).toBe(0);
    await screenshot(assistant, '12-assistant-masked');
    const own = await openRow(hr, '/hr/roster');
    await own.getByText('档案').click();
    const d2 = hr.locator('.ant-modal', { hasText: '人事档案' });
    await d2.getByRole('button', { name: '显示敏感信息' }).click();
    await d2.locator('[data-field="idCard"]', { hasText: ID_CARD }).waitFor();
    await screenshot(hr, '13-hr-reveal');
  });
});
