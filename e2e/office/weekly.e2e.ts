import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, PHONE, screenshot as save } from '../support/browser';

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, name);
}

/** Picks a user in an antd select by typing part of the name and choosing the option. */
async function pickUser(page: Page, selectTestId: string, name: string): Promise<void> {
  const select = page.getByTestId(selectTestId);
  await select.click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
  await page.keyboard.press('Escape');
}

describe('[OFFICE]: a weekly report from writing to reading', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
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

  it('the writer starts from last week\'s plan, cannot send to herself, submits to her leader; the leader reads and comments; the writer sees it read', async () => {
    const writer = await open('chenjing');
    await writer.goto('/office/weekly');
    await writer.getByTestId('weekly-write').click();
    const done = writer.locator('[data-testid="weekly-done"] .ProseMirror');
    // Last week's plan (seeded) is this week's starting point.
    await done.getByText('完成十一月报销单据审核').waitFor();
    await writer.getByText('已将上周的工作计划填入本周完成').waitFor();
    await done.click();
    await writer.keyboard.press('Control+End');
    await writer.keyboard.type('另外完成了年终盘点准备。');
    await writer.locator('[data-testid="weekly-plan"] .ProseMirror').click();
    await writer.keyboard.type('年终结账，整理审计资料。');
    await writer.locator('[data-testid="weekly-problem"] .ProseMirror').click();
    await writer.keyboard.type('审计资料需要业务部门配合。');

    // Choosing oneself is refused in the form.
    await pickUser(writer, 'weekly-recipients', '陈静');
    await writer.getByText('不能选择自己提交周报').waitFor();
    await screenshot(writer, 'office-01-weekly-not-to-self');
    await writer.getByTestId('weekly-submit').click();
    await writer.getByText('不能选择自己提交周报').waitFor();
    await writer.locator('[data-testid="weekly-recipients"] .ant-select-selection-item', { hasText: '陈静' }).locator('.ant-select-selection-item-remove').click();
    await pickUser(writer, 'weekly-recipients', '刘洋');
    expect(await writer.getByText('不能选择自己提交周报').count()).toBe(0);
    await screenshot(writer, 'office-02-weekly-editor');
    await writer.getByTestId('weekly-submit').click();
    await writer.locator('.ant-message').getByText('提交成功').waitFor();
    const row = writer.locator('.ant-table-row').first();
    await row.getByText('已提交').waitFor();
    await row.getByText('0/1 人已读').waitFor();

    const leader = await open('liuyang');
    await leader.goto('/office/weeklyReceived');
    const received = leader.locator('[data-testid="weekly-received"] .ant-table-row', { hasText: '陈静' }).first();
    await received.getByText('未读').waitFor();
    await screenshot(leader, 'office-03-weekly-received-unread');
    await received.getByText('查看', { exact: true }).click();
    const view = leader.getByTestId('weekly-view');
    await view.getByText('另外完成了年终盘点准备。').waitFor();
    await view.getByText('年终结账，整理审计资料。').waitFor();
    await view.getByTestId('weekly-recipient-states').getByText('刘洋 · 已读').waitFor();
    await leader.getByLabel('评论内容').fill('审计资料我来协调，周三前给你。');
    await leader.getByTestId('weekly-comment-post').click();
    await view.getByText('审计资料我来协调，周三前给你。').waitFor();
    await screenshot(leader, 'office-04-weekly-read-and-comment');
    await leader.getByTestId('weekly-view-close').click();
    await received.getByText('已读').waitFor();

    await writer.reload();
    await writer.locator('.ant-table-row').first().getByText('1/1 人已读').waitFor();
    await writer.locator('.ant-table-row').first().getByText('查看', { exact: true }).click();
    await writer.getByTestId('weekly-view').getByText('审计资料我来协调，周三前给你。').waitFor();
    await screenshot(writer, 'office-05-weekly-writer-sees-read');
  });

  it('a leader sees who has not submitted and reminds them', async () => {
    const leader = await open('admin');
    await leader.goto('/office/weeklyTeam');
    await leader.getByText('未提交名单').waitFor();
    await leader.getByText(/团队 \d+ 人，未提交 \d+ 人/).waitFor();
    const row = leader.locator('.ant-table-row', { hasText: '杨帆' });
    await row.getByText('未填写').waitFor();
    await screenshot(leader, 'office-06-weekly-team');
    await row.getByRole('button', { name: '提醒' }).click();
    await leader.locator('.ant-message').getByText('已提醒 1 人').waitFor();
  });
  it('on the phone, 接收人 is found through the shared person search by initials and shows the real name', async () => {
    const { context, page } = await newPage(browser, PHONE);
    contexts.push(context);
    await loginAs(page, 'zhaolei');
    await page.goto('/h5/weekly');
    await page.getByTestId('h5-weekly').waitFor();
    await page.locator('[aria-label="搜索接收人"] input').fill('ly');
    const option = page.locator('.adm-selector-item', { hasText: '刘洋' }).first();
    await option.waitFor();
    const shown = (await page.locator('.adm-selector').innerText()).trim();
    expect(shown).not.toMatch(/[a-z]{3,}/); // real names, no account names
    await option.click();
    await screenshot(page, 'office-03-h5-weekly-recipients');
    await expect.poll(() => page.locator('.adm-selector-item-multiple-active', { hasText: '刘洋' }).count()).toBe(1);
  });
});
