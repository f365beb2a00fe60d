import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

/**
 * A daily HR user of 绩效考评:
 * - lina (HR) adds 杨帆's yearly row for the previous year from 年度绩效 (the demo already holds one: the
 *   dialog finds it and saves into it, never "本年度…已存在");
 * - qianhui (A03 HR) starts the fourth-quarter KPI round of 销售部 from 绩效排名; 朱琳 already filed hers and
 *   is skipped with the reason; 马超 (the department head, a second person) finds 董建's form in his to-do list.
 */
const LAST_YEAR = String(new Date().getFullYear() - 1);
const THIS_YEAR = new Date().getFullYear();

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, `kpi-round-${name}`);
}

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseURL()}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: any };
}

describe('[PERFORMANCE]: previous year rows and the KPI round of a team', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const open = async (username: string) => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    page.on('pageerror', (e) => errors.push(String(e)));
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

  it("HR adds 杨帆's row for the previous year", async () => {
    const page = await open('lina');
    await page.goto('/performance/userYearPerf');
    await page.getByTestId('list-add').click();
    const modal = page.locator('.ant-modal', { hasText: '新增年度绩效' });
    await modal.waitFor();
    await modal.locator('.ant-form-item', { hasText: '人员' }).getByRole('button', { name: /选\s*择/ }).click();
    const picker = page.locator('.ant-modal', { hasText: '根据部门选择用户' });
    const search = picker.getByPlaceholder(/请输入用户账号|账号/).first();
    await search.fill('yangfan');
    await search.press('Enter');
    await picker.locator('tr', { hasText: '杨帆' }).locator('input[type="radio"], input[type="checkbox"]').first().check();
    await picker.locator('.ant-modal-footer .ant-btn-primary').click();
    await picker.waitFor({ state: 'detached' });
    await modal.locator('.ant-form-item', { hasText: '考核年度' }).locator('.ant-select').click();
    await page.keyboard.type(LAST_YEAR);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `${LAST_YEAR}年` }).first().click();
    await modal.locator('.ant-form-item', { hasText: '十二月' }).locator('input').fill('66.5');
    await screenshot(page, '01-previous-year');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    const msg = page.locator('.ant-message-notice').first();
    await msg.waitFor();
    expect(await msg.innerText()).not.toContain('已存在');
    await modal.waitFor({ state: 'detached' });
    // the row of that year carries the month
    const token = await apiLogin('lina');
    const row = await api(token, 'GET', `/userYearPerf/queryById?userId=yangfan&yearPart=${LAST_YEAR}`);
    expect(row.result).toMatchObject({ userName: '杨帆', yearPart: LAST_YEAR, decemBranch: 66.5 });
  });

  it('A03 HR starts the fourth-quarter KPI round of 销售部; who already has one is skipped and told why', async () => {
    // 朱琳 filed her own fourth-quarter KPI form already
    const zhulin = await apiLogin('zhulin');
    const own = await api(zhulin, 'POST', '/actBusiness/add', { tableName: 'fm_kpi_part', yearPart: THIS_YEAR, quarter: '4', kpiGoal: '个人目标', kpiResult: '进行中', selfScore: 85 });
    expect(own.success, own.message).toBe(true);

    const page = await open('qianhui');
    await page.goto('/rankingUserAvg/list');
    await page.getByTestId('kpi-round-open').click();
    const modal = page.getByTestId('kpi-round-modal');
    await modal.waitFor();
    // required fields answer first
    await page.getByTestId('kpi-round-next').click();
    await modal.getByText('请选择部门').first().waitFor();
    await modal.getByText('请输入KPI目标').first().waitFor();
    await page.getByRole('combobox', { name: '季度' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '第四季度' }).first().click();
    await page.getByRole('combobox', { name: '部门或公司' }).click();
    await page.keyboard.type('销售部');
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '销售部' }).first().click();
    await modal.locator('textarea').fill('第四季度回款率不低于95%，新客户不少于5家');
    await page.getByTestId('kpi-round-next').click();
    await page.getByTestId('kpi-round-confirm-text').waitFor();
    await screenshot(page, '02-confirm');
    await page.getByTestId('kpi-round-confirm').click();
    const summary = page.getByTestId('kpi-round-summary');
    await summary.waitFor();
    const text = await summary.innerText();
    expect(text).toMatch(/已发起 \d+ 份，跳过 1 人/);
    const items = page.getByTestId('kpi-round-items');
    const zhulinRow = items.locator('tr', { hasText: '朱琳' });
    await expect.poll(() => zhulinRow.innerText()).toContain('已跳过');
    expect(await zhulinRow.innerText()).toContain('本期已有季度KPI考评');
    expect(await items.locator('tr', { hasText: '董建' }).innerText()).toContain('已发起');
    await screenshot(page, '03-summary');
  });

  it("the department head finds 董建's KPI form in his to-do list", async () => {
    const page = await open('machao');
    await page.goto(`/activiti/todoManage?name=${encodeURIComponent('董建')}`);
    await page.getByTestId('todo-page').waitFor();
    await page.getByTestId('todo-open').first().waitFor();
    const body = await page.getByTestId('todo-page').innerText();
    expect(body).toContain(`董建${THIS_YEAR}年第四季度KPI考评`);
    await screenshot(page, '04-head-todo');
    expect(errors).toEqual([]);
  });
});
