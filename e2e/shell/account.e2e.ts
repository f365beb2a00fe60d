import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot } from '../support/browser';

async function userMenu(page: Page, item: string) {
  await page.getByTestId('user-menu').click();
  await page.locator('.ant-dropdown:visible').getByText(item, { exact: true }).click();
}

const modal = (page: Page, title: string) => page.locator('.ant-modal-content:visible', { hasText: title });

describe('[SHELL]: user menu — password, department, avatar, cache, logout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('password change shows the product texts and succeeds with valid input', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'zhaolei');
    await userMenu(page, '密码修改');
    const m = modal(page, '修改密码');
    await m.waitFor();
    await m.getByRole('button', { name: /确\s*定/ }).click();
    await m.getByText('请输入旧密码!').waitFor();
    await m.getByText('请输入新密码!').waitFor();
    await m.getByText('请确认新密码!').waitFor();
    await m.getByPlaceholder('请输入新密码').fill('Newpass123');
    await m.getByPlaceholder('请确认新密码').fill('Other123');
    await m.getByText('两次输入的密码不一样！').waitFor();
    await screenshot(page, 'shell-password-validation');
    await m.getByPlaceholder('请输入旧密码').fill('123456');
    await m.getByPlaceholder('请确认新密码').fill('Newpass123');
    await m.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-success').waitFor();
    await m.waitFor({ state: 'hidden' });
    await context.close();
    // The journeys share one database: zhaolei gets the usual password back for the ones that follow.
    const token = await apiLogin('zhaolei', 'Newpass123');
    const back = await fetch(`${baseURL()}/jeecg-boot/sys/user/updatePassword`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'X-Access-Token': token },
      body: JSON.stringify({ username: 'zhaolei', oldpassword: 'Newpass123', password: '123456', confirmpassword: '123456' }),
    });
    expect(((await back.json()) as { success: boolean }).success).toBe(true);
  });

  it('department switch opens only with several departments and reloads with the new department', async () => {
    const single = await newPage(browser);
    await loginAs(single.page, 'chenjing');
    await single.page.getByTestId('user-menu').click();
    await single.page.locator('.ant-dropdown:visible').getByText('密码修改').waitFor();
    expect(await single.page.locator('.ant-dropdown:visible').getByText('切换部门').count()).toBe(0);
    await single.context.close();

    const { context, page } = await newPage(browser);
    await loginAs(page, 'wangfang');
    const before = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Login_Userinfo')!).value.orgCode as string);
    await userMenu(page, '切换部门');
    const m = modal(page, '部门切换');
    await m.waitFor();
    await m.getByRole('button', { name: /确\s*认/ }).click();
    await m.getByText('请选择部门').waitFor();
    await m.locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.count()).toBe(2);
    const other = before === 'A01A02' ? 1 : 0;
    await options.nth(other).click();
    await screenshot(page, 'shell-depart-switch');
    await Promise.all([page.waitForEvent('load'), m.getByRole('button', { name: /确\s*认/ }).click()]);
    await page.getByTestId('app-header').waitFor();
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Login_Userinfo')!).value.orgCode as string);
    expect(after).not.toBe(before);
    await context.close();
  });

  it('avatar upload rejects a 2 MB PNG and a PDF with the product texts and accepts a small JPG', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'yangfan');
    const dir = tmpdir();
    const bigPng = path.join(dir, 'big-avatar.png');
    const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    writeFileSync(bigPng, Buffer.concat([pngHeader, Buffer.alloc(2 * 1024 * 1024)]));
    const pdf = path.join(dir, 'resume.pdf');
    writeFileSync(pdf, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const jpgData = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 64;
      c.height = 64;
      const g = c.getContext('2d')!;
      g.fillStyle = '#1890ff';
      g.fillRect(0, 0, 64, 64);
      return c.toDataURL('image/jpeg', 0.8).split(',')[1];
    });
    const jpg = path.join(dir, 'avatar.jpg');
    writeFileSync(jpg, Buffer.from(jpgData, 'base64'));

    await userMenu(page, '更换头像');
    const m = modal(page, '更换头像');
    await m.waitFor();
    const input = m.locator('input[type=file]');
    await input.setInputFiles(bigPng);
    await page.locator('.ant-message').getByText('上传头像图片大小不能超过 1MB!').waitFor();
    await input.setInputFiles(pdf);
    await page.locator('.ant-message').getByText('上传头像图片只能是 JPG 格式!').waitFor();
    await input.setInputFiles(jpg);
    const img = m.locator('[data-testid="avatar-preview"] img');
    await img.waitFor();
    expect(await img.getAttribute('src')).toContain('/jeecg-boot/sys/common/static/');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(64);
    await screenshot(page, 'shell-avatar-modal');
    await m.getByRole('button', { name: /确\s*定/ }).click();
    await m.waitFor({ state: 'hidden' });
    const headerImg = page.getByTestId('user-menu').locator('img');
    await headerImg.waitFor();
    expect(await headerImg.getAttribute('src')).toContain('/sys/common/static/');
    // Saved on the server: a new sign-in brings the same avatar.
    const again = await fetch(`${baseURL()}/jeecg-boot/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'yangfan', password: '123456', captcha: '0000', checkKey: '1' }),
    });
    const avatar = ((await again.json()) as { result: { userInfo: { avatar: string } } }).result.userInfo.avatar;
    expect(avatar).toMatch(/avatar/);
    expect(await headerImg.getAttribute('src')).toContain(avatar);
    await context.close();
  });

  it('清理缓存 refreshes dictionaries; 退出登录 asks for confirmation and returns to login', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'zhulin');
    await userMenu(page, '清理缓存');
    await page.locator('.ant-message').getByText('刷新缓存完成！').waitFor();

    await userMenu(page, '退出登录');
    const confirm = page.locator('.ant-modal-confirm:visible');
    await confirm.getByText('真的要注销登录吗 ?').waitFor();
    await screenshot(page, 'shell-logout-confirm');
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/zhome');

    await userMenu(page, '退出登录');
    await Promise.all([
      page.waitForEvent('load'),
      page.locator('.ant-modal-confirm:visible').getByRole('button', { name: /确\s*定/ }).click(),
    ]);
    await page.waitForURL('**/user/login**');
    await page.getByTestId('login-page').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
    await context.close();
  });
});
