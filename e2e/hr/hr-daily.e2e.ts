import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, PHONE, screenshot as save } from '../support/browser';

/**
 * What a daily HR user meets:
 * - the public registration form says 请上传照片 once;
 * - A03 opens 看板 and finds its company board (never 还没有看板);
 * - qianhui (A03 HR) files a 离职 dated ahead; lina (HR manager, a second person) approves; the file shows
 *   待离职 with the date in 在职 (the scheduled job making it 离职 on the day is tested in
 *   apps/server/test/hr/dimission-schedule.test.ts).
 */
const DAY = 86_400_000;
/** A GMT+8 calendar day `days` from today. */
const gmt8Day = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10);
const LEAVE_DATE = gmt8Day(20);

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, `hr-daily-${name}`);
}

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseURL()}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: any };
}

describe('[HR]: registration photo message, the company kanban board, 离职 on its date', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const open = async (username?: string, viewport?: { width: number; height: number }) => {
    const { context, page } = await newPage(browser, viewport);
    contexts.push(context);
    page.on('pageerror', (e) => errors.push(String(e)));
    if (username) await loginAs(page, username);
    return page;
  };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('the registration form asks for the photo once', async () => {
    const page = await open(undefined, PHONE);
    await page.goto('/registration');
    await page.getByTestId('registration-form').waitFor();
    await page.getByTestId('registration-submit').click();
    await page.getByText('请输入姓名').first().waitFor();
    await page.getByText('请上传照片', { exact: true }).first().waitFor();
    await page.getByText('请上传照片', { exact: true }).first().scrollIntoViewIfNeeded();
    await screenshot(page, '01-registration-photo');
    expect(await page.getByText('请上传照片', { exact: true }).count()).toBe(1);
  });

  it('A03 has its company kanban board out of the box', async () => {
    const page = await open('machao');
    await page.goto('/office/kanban');
    await page.getByTestId('kanban').waitFor();
    expect(await page.getByText('还没有看板').count()).toBe(0);
    await page.locator('.ant-select-selection-item', { hasText: '华远商贸有限公司看板' }).first().waitFor();
    for (const col of ['未开始', '进行中', '已完成', '已取消']) await page.getByTestId('kanban').getByText(col, { exact: true }).first().waitFor();
    await screenshot(page, '02-kanban');
  });

  it('a 离职 dated ahead shows 待离职 until its date', async () => {
    // an A03 employee in service without an account of his own
    const hrToken = await apiLogin('qianhui');
    const list = await api(hrToken, 'GET', '/manager/hyUser/list?status=probation,regular&pageSize=100');
    const person = (list.result.records as { id: string; realname: string; pendingMove: string | null; userId: string | null }[]).find((r) => !r.pendingMove && !r.userId);
    expect(person, 'an A03 employee without an account').toBeTruthy();
    const name = person!.realname;

    const hr = await open('qianhui');
    await hr.goto(`/incumbency/HyUserList?realname=${encodeURIComponent(name)}`);
    const row = hr.locator('.ant-table-row', { hasText: name }).first();
    await row.waitFor();
    await row.getByText('更多').click();
    await hr.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '离职' }).first().click();
    const modal = hr.locator('.ant-modal', { hasText: '离职' });
    await modal.getByLabel('离职类型').click();
    await hr.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '主动离职' }).first().click();
    await modal.getByLabel('离职日期').fill(LEAVE_DATE);
    await modal.getByLabel('离职原因').fill('个人发展，月底交接完毕');
    await screenshot(hr, '03-dimission-ahead');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await hr.locator('.ant-message').getByText('已提交离职审批').first().waitFor();
    await modal.waitFor({ state: 'detached' });

    // the HR manager approves (a second person)
    const lina = await apiLogin('lina');
    let taskId = '';
    await expect
      .poll(async () => {
        const r = await api(lina, 'POST', '/actTask/todoList', { name: '', pageIndex: 1, pageSize: 100 });
        const rows = (r.result?.records ?? r.result ?? []) as { id: string }[];
        taskId = rows.find((x) => JSON.stringify(x).includes(name) && JSON.stringify(x).includes('离职'))?.id ?? '';
        return taskId;
      })
      .not.toBe('');
    const pass = await api(lina, 'POST', '/actTask/pass', { id: taskId, comment: '同意离职', type: 0 });
    expect(pass.success, pass.message).toBe(true);

    // still in service, marked 待离职 with the date
    await hr.goto(`/incumbency/HyUserList?realname=${encodeURIComponent(name)}`);
    const after = hr.locator('.ant-table-row', { hasText: name }).first();
    await after.waitFor();
    await expect.poll(() => after.innerText()).toContain(`待离职 ${LEAVE_DATE}`);
    await screenshot(hr, '04-leave-pending-list');
    await after.getByLabel(`查看${name}的档案`).click();
    const detail = hr.locator('.ant-modal', { hasText: '人事档案' });
    await detail.getByText(`待离职 ${LEAVE_DATE}`).first().waitFor();
    await screenshot(hr, '05-leave-pending-detail');
    // not in the 离职 list yet
    const left = await api(hrToken, 'GET', `/manager/hyUser/list?status=dimission&realname=${encodeURIComponent(name)}`);
    expect(left.result.total).toBe(0);
    expect(errors).toEqual([]);
  });
});
