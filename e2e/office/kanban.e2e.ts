import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, name);
}

const card = (page: Page, column: string, title: string) => page.getByTestId(`kanban-column-${column}`).locator(`[data-testid="kanban-card"][data-title="${title}"]`);

describe('[OFFICE]: a kanban card moves for everyone watching the board', () => {
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

  it('the owner drags a card to 已完成; a colleague sees it move without reloading; the keyboard moves it back', async () => {
    const owner = await open('yangfan');
    const viewer = await open('admin');
    for (const p of [owner, viewer]) {
      await p.goto('/office/kanban');
      await card(p, '1', '周报模块上线').waitFor();
    }
    await screenshot(owner, 'office-10-kanban-before');
    // Give the viewer's table socket a moment to connect.
    await viewer.waitForTimeout(1500);

    await card(owner, '1', '周报模块上线').dragTo(owner.getByTestId('kanban-column-2'));
    await card(owner, '2', '周报模块上线').waitFor();
    await owner.locator('.ant-message').getByText('该卡片已被他人移动').waitFor({ state: 'detached', timeout: 1500 }).catch(() => undefined);

    // The other browser context follows over the table socket.
    await card(viewer, '2', '周报模块上线').waitFor({ timeout: 15_000 });
    expect(await card(viewer, '1', '周报模块上线').count()).toBe(0);
    await card(viewer, '2', '周报模块上线').getByTestId('kanban-flash').waitFor();
    await screenshot(viewer, 'office-11-kanban-seen-by-colleague');

    // The move is saved: the mission list shows the new status.
    await viewer.goto('/office/mission');
    await viewer.getByLabel('只看我的').click();
    const row = viewer.locator('.ant-table-row', { hasText: '周报模块上线' });
    await row.getByText('已完成').waitFor();
    await row.locator('.ant-progress-status-success').waitFor();

    // Keyboard alternative: 左移 puts it back to 进行中.
    await owner.getByRole('button', { name: '左移 周报模块上线' }).click();
    await card(owner, '1', '周报模块上线').waitFor();
    await owner.reload();
    await card(owner, '1', '周报模块上线').waitFor();
    await screenshot(owner, 'office-12-kanban-after');
  });
});
