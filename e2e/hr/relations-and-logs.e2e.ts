import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

const stamp = Date.now().toString(36).slice(-5);

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseURL()}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: any };
}

async function waitForList(page: Page): Promise<void> {
  await page.locator('.ant-table:visible').first().waitFor();
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
}

/** The texts of one column (by its header) of the visible list table. */
async function column(page: Page, header: string): Promise<string[]> {
  const table = page.locator('.ant-table:visible').first();
  const headers = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim());
  const index = headers.indexOf(header);
  expect(index, `${header} in ${headers.join(',')}`).toBeGreaterThanOrEqual(0);
  const rows = table.locator('.ant-table-tbody > tr.ant-table-row');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).locator('td').nth(index).innerText()).trim());
  return out;
}

describe('[HR]: 员工关系 and 用户日志 answer the questions HR asks of them', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('员工关系: each tab lists only the people it names; a name search narrows the birthdays of the month', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, 'lina');
    await page.goto('/hr/relations');
    await waitForList(page);

    // 本月生日: every birthday shown falls in this month (the demo has some)
    await page.getByRole('tab', { name: '本月生日' }).click();
    await expect.poll(() => page.url()).toContain('kind=birthday');
    await waitForList(page);
    // the server's day and Shanghai's may differ by one around midnight: either month is this month
    const months = [new Date().toISOString().slice(5, 7), new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(5, 7)];
    await expect
      .poll(async () => {
        const births = await column(page, '出生日期');
        return births.length > 0 && births.every((b) => months.includes(b.slice(5, 7)));
      })
      .toBe(true);
    const names = await column(page, '姓名');
    await screenshot(page, 'hr-relations-01-birthdays');

    const form = page.locator('form[id="listSearch"]');
    await form.getByLabel('姓名', { exact: true }).fill(names[0]);
    await page.getByTestId('list-search').click();
    await waitForList(page);
    await expect.poll(async () => (await column(page, '姓名')).every((n) => n.includes(names[0]))).toBe(true);
    expect((await column(page, '姓名')).length).toBeGreaterThan(0);

    // 30天内合同到期: contracts ending from today to 30 days on
    const today = new Date(new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' })).getTime();
    const within30 = async () =>
      (await column(page, '合同结束')).every((end) => {
        const days = (new Date(end).getTime() - today) / 86_400_000;
        return days >= -1 && days <= 31;
      });
    await page.getByRole('tab', { name: '30天内合同到期' }).click();
    await expect.poll(() => page.url()).toContain('kind=contract30');
    await waitForList(page);
    await expect.poll(within30).toBe(true);
    for (const tab of ['60天内合同到期', '90天内合同到期', '试用期将满']) {
      await page.getByRole('tab', { name: tab }).click();
      await waitForList(page);
    }
    await page.getByRole('tab', { name: '本月入职周年' }).click();
    await expect.poll(() => page.url()).toContain('kind=anniversary');
    await waitForList(page);
    await expect.poll(async () => (await column(page, '入职日期')).every((entry) => months.includes(entry.slice(5, 7)))).toBe(true);
    await screenshot(page, 'hr-relations-02-anniversaries');
  });

  it('用户日志: a change to a file shows who changed which field from what to what, found by name and action', async () => {
    const token = await apiLogin('lina');
    const list = await api(token, 'GET', '/manager/hyUser/list?pageNo=1&pageSize=5&status=regular');
    expect(list.success, list.message).toBe(true);
    const person = (list.result.records as { id: string; realname: string; school?: string }[]).find((r) => r.realname);
    expect(person).toBeTruthy();
    const school = `华东理工大学${stamp}`;
    const edited = await api(token, 'PUT', '/manager/hyUser/edit', { id: person!.id, school });
    expect(edited.success, edited.message).toBe(true);

    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, 'lina');
    await page.goto('/hr/userLogs');
    await waitForList(page);
    const form = page.locator('form[id="listSearch"]');
    await form.getByLabel('姓名', { exact: true }).fill(person!.realname);
    await form.getByLabel('操作', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '修改' }).first().click();
    await page.getByTestId('list-search').click();
    await waitForList(page);
    const row = page.locator('.ant-table-tbody:visible > tr.ant-table-row', { hasText: school }).first();
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(person!.realname);
    expect(text).toContain('修改');
    expect(text).toMatch(/李娜|lina/);
    // every row the search leaves is this person's change
    for (const n of await column(page, '姓名')) expect(n).toBe(person!.realname);
    await screenshot(page, 'hr-user-logs-01-found');
  });
});
