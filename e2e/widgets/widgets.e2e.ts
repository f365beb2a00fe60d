import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

interface GridRowValue {
  id: string;
  name?: string;
  orderNum?: number;
  [k: string]: unknown;
}
interface GridSummary {
  rows: GridRowValue[];
  newRowIds: string[];
  changedRowIds: string[];
  deletedIds: string[];
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2213bc80000000049454e44ae426082',
  'hex',
);

async function readValue<T>(page: Page, name: string): Promise<T> {
  const text = await page.getByTestId(`value-${name}`).textContent();
  return JSON.parse(text ?? 'null') as T;
}

function gridRows(page: Page): Locator {
  return page.getByTestId('demo-grid').getByTestId('grid-row');
}

/** Types into a text cell of the demo grid (click shows the editor; Enter commits). */
async function editCell(page: Page, rowIndex: number, key: string, text: string): Promise<void> {
  const row = gridRows(page).nth(rowIndex);
  await row.locator(`[data-col="${key}"] [data-cell="${key}"]`).click();
  const input = row.locator(`[data-col="${key}"] input`);
  await input.fill(text);
  await input.press('Enter');
  await row.locator(`[data-col="${key}"] input`).waitFor({ state: 'detached' });
}

async function names(page: Page): Promise<string[]> {
  return (await readValue<GridSummary>(page, 'grid')).rows.map((r) => r.name ?? '');
}

describe('[WIDGETS]: editable grid, uploads and small widgets on 组件示例', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await loginAs(page, 'admin');
    await page.goto('/isystem/examples');
    await page.getByTestId('demo-grid').waitFor();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('adds 3 rows at index 1, drags one, validates with tooltips, deletes with the confirm and reads the values back', async () => {
    expect(await names(page)).toEqual(['办公桌', '打印机', '显示器']);

    // 新增 options: 3 rows after the first row; the choice is remembered locally.
    await page.getByTestId('grid-add-options').click();
    const settings = page.getByTestId('grid-add-settings');
    await settings.waitFor();
    await settings.getByTestId('grid-add-count').fill('3');
    await settings.getByTestId('grid-add-index').fill('1');
    await settings.getByText('0 = 最底部').click();
    await page.getByTestId('grid-add-options').click();
    await settings.waitFor({ state: 'hidden' });
    const remembered = await page.evaluate(() => localStorage.getItem('jet-add-btn-settings'));
    expect(JSON.parse(remembered ?? '{}')).toMatchObject({ addRowNum: 3, addIndex: 1 });

    await page.getByTestId('grid-add').click();
    await expect.poll(() => names(page)).toEqual(['办公桌', '', '', '', '打印机', '显示器']);
    let v = await readValue<GridSummary>(page, 'grid');
    expect(v.newRowIds).toHaveLength(3);
    expect(v.rows.map((r) => r.orderNum)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await gridRows(page).getByTestId('row-number').allTextContents()).toEqual(['1', '2', '3', '4', '5', '6']);

    // Fill two new rows: a duplicate name and a bad mobile number; the third stays empty.
    await editCell(page, 1, 'name', '办公椅');
    await editCell(page, 2, 'name', '办公椅');
    await editCell(page, 1, 'phone', '123');
    await editCell(page, 1, 'qty', '5a');
    await expect.poll(async () => (await readValue<GridSummary>(page, 'grid')).rows[1].qty).toBe(5);

    // Drag 显示器 (row 6) to the top: hold near the top edge so the list scrolls up, then drop on row 1.
    const handle = gridRows(page).nth(5).getByTestId('drag-handle');
    await handle.scrollIntoViewIfNeeded();
    const hb = (await handle.boundingBox())!;
    const sb = (await page.getByTestId('demo-grid').getByTestId('grid-scroll').boundingBox())!;
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    await page.mouse.move(hb.x + hb.width / 2, sb.y + 50, { steps: 12 });
    await expect.poll(() => page.getByTestId('demo-grid').getByTestId('grid-scroll').evaluate((e) => e.scrollTop)).toBe(0);
    const tb = (await gridRows(page).nth(0).boundingBox())!;
    await page.mouse.move(hb.x + hb.width / 2, tb.y + tb.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => names(page)).toEqual(['显示器', '办公桌', '办公椅', '办公椅', '', '打印机']);
    v = await readValue<GridSummary>(page, 'grid');
    expect(v.rows.map((r) => r.orderNum)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(v.changedRowIds.sort()).toEqual(['1001', '1002', '1003']);

    // Validate: errors counted, the first failing cell's message shows in a tooltip, others on hover.
    await page.getByTestId('grid-validate').click();
    await expect.poll(async () => (await readValue<{ error: number } | null>(page, 'grid-check'))?.error).toBe(4);
    await page.locator('.ant-tooltip:visible').filter({ hasText: '名称不能重复' }).first().waitFor();
    await screenshot(page, 'widgets-grid-validation');
    const emptyName = gridRows(page).nth(4).locator('[data-col="name"] [data-error]');
    expect(await emptyName.getAttribute('data-error')).toBe('请输入名称');
    await gridRows(page).nth(2).locator('[data-col="phone"] [data-error]').hover();
    await page.locator('.ant-tooltip:visible').filter({ hasText: '手机号格式不正确' }).waitFor();

    // Fix the duplicate; its error goes away at once.
    await gridRows(page).nth(3).locator('[data-col="name"] [data-cell="name"]').click();
    const nameInput = gridRows(page).nth(3).locator('[data-col="name"] input');
    await nameInput.fill('文件柜');
    await nameInput.press('Enter');
    await expect.poll(() => page.getByTestId('demo-grid').locator('[data-error="名称不能重复"]').count()).toBe(0);

    // Delete the empty new row and 打印机 behind the confirm.
    await gridRows(page).nth(4).getByTestId('row-select').locator('input').check();
    await gridRows(page).nth(5).getByTestId('row-select').locator('input').check();
    await page.getByTestId('grid-remove').click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await confirm.getByText('确定要删除这 2 项吗?').waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => names(page)).toEqual(['显示器', '办公桌', '办公椅', '文件柜']);
    v = await readValue<GridSummary>(page, 'grid');
    expect(v.deletedIds).toEqual(['1002']);
    expect(v.newRowIds).toHaveLength(2);
    const fixedRow = v.rows.find((r) => r.name === '办公椅')!;
    expect(fixedRow).toMatchObject({ phone: '123', qty: 5, orderNum: 3 });

    // A live row from the table socket is merged without counting as a local change.
    await page.getByTestId('grid-push').click();
    await expect.poll(() => names(page)).toEqual(['显示器', '推送更新', '办公椅', '文件柜']);
    await screenshot(page, 'widgets-grid-after');
  });

  it('rejects uploads with the product texts and keeps only finished files as the value', async () => {
    const images = page.getByTestId('image-upload');
    await images.scrollIntoViewIfNeeded();
    const pick = (loc: Locator, file: { name: string; mimeType: string; buffer: Buffer }) =>
      loc.locator('input[type="file"]').setInputFiles(file);
    const toast = (text: string) => page.locator('.ant-message').getByText(text).first().waitFor();

    await pick(images, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toast('请上传图片');
    await pick(images, { name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]) });
    await toast('文件大小必须小于10MB!');

    const avatar = page.getByTestId('avatar-upload');
    await pick(avatar, { name: 'me.bmp', mimeType: 'image/bmp', buffer: Buffer.from('BM0000') });
    await toast('上传头像图片只能是 JPG 格式!');
    await pick(avatar, { name: 'me.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]) });
    await toast('上传头像图片大小不能超过 1MB!');

    // The server checks the content too: a text file named .png is refused.
    await pick(images, { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    const dialog = page.locator('.ant-modal-confirm:visible');
    await dialog.locator('.ant-modal-confirm-title').getByText('上传出错').waitFor();
    await dialog.getByText('错误信息：请上传图片').waitFor();
    await dialog.getByRole('button').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await readValue<string>(page, 'images')).toBe('');
    // The failed file stays in the list (marked) until removed; it is never part of the value.
    const failed = images.getByTestId('image-card').filter({ hasText: 'fake.png' });
    await failed.hover();
    await failed.getByTestId('remove').click();
    await failed.waitFor({ state: 'detached' });

    // Two real pictures upload; both paths become the value, and the arrows reorder them.
    await pick(images, { name: '第一张图片.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => readValue<string>(page, 'images')).toMatch(/^oa\/examples\/第一张图片_\w+\.png$/);
    await pick(images, { name: 'second.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(async () => (await readValue<string>(page, 'images')).split(',').length).toBe(2);
    const [first, second] = (await readValue<string>(page, 'images')).split(',');
    const cards = images.getByTestId('image-card').filter({ has: page.locator('img') });
    await cards.first().hover();
    await cards.first().getByTestId('move-left').click();
    await toast('未知的操作');
    await cards.last().hover();
    await cards.last().getByTestId('move-right').click();
    await toast('已到最后~');
    await cards.first().hover();
    await cards.first().getByTestId('move-right').click();
    await expect.poll(() => readValue<string>(page, 'images')).toBe(`${second},${first}`);

    // The stored file is served back to the session (the picture's link carries it), and to nobody else.
    const img = cards.first().locator('img');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const src = (await img.getAttribute('src'))!;
    expect(src).toContain('?token=');
    const res = await page.request.get(src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    const anonymous = await page.request.get(`/jeecg-boot/sys/common/static/${encodeURI(second)}`);
    expect(anonymous.status()).toBe(404);

    // A general file shows its original name (only very long names are shortened).
    const files = page.getByTestId('file-upload');
    await pick(files, { name: '年度预算报告.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect.poll(() => readValue<string>(page, 'file')).toMatch(/^oa\/examples\/年度预算报告_\w+\.pdf$/);
    await files.getByText('年度预算报告.pdf').first().waitFor();
    await screenshot(page, 'widgets-uploads');
  });

  it('verifies the drag slider once, formats tags and cuts long text', async () => {
    const slider = page.getByTestId('drag-verify');
    await slider.scrollIntoViewIfNeeded();
    const h = (await slider.getByTestId('drag-verify-handle').boundingBox())!;
    const box = (await slider.boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 5, h.y + h.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => readValue<boolean>(page, 'slider')).toBe(true);
    expect(await slider.getAttribute('data-verified')).toBe('true');
    await slider.getByText('验证通过').waitFor();

    await page.getByTestId('tag-input').locator('input').fill('abcde');
    await expect.poll(() => readValue<string>(page, 'tags')).toBe('ab;cd;e');

    const cut = await page.getByTestId('ellipsis').textContent();
    expect(cut).toBe('集团办公与人事后台的省略组件会在超过二十五个字符之...');
  });
});
