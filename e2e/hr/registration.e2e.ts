import { writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, PHONE, screenshot as save } from '../support/browser';

/**
 * Public registration (docs/hr.md "在线登记"): an anonymous phone-sized browser fills in the form,
 * reaches /endRegis with its code, takes the personality test and reads its summary; then lina (人事)
 * signs in and finds the applicant with the test result in the talent pool. The test server runs with
 * LOGIN_CAPTCHA=off, which turns the registration captcha off as well.
 */
const RUN = Date.now().toString(36).slice(-5);
const NAME = `沈若溪${RUN}`;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
function nationalId(): string {
  // a woman (even sequence digit) born 1996-05-xx
  const n = parseInt(RUN, 36);
  const first = `330106199605${String(10 + (n % 18))}${String(n % 100).padStart(2, '0')}${(n % 5) * 2}`;
  const sum = [...first].reduce((s, c, i) => s + Number(c) * WEIGHTS[i], 0);
  return first + '10X98765432'[sum % 11];
}
const ID_CARD = nationalId();
const MOBILE = `1550${String(parseInt(RUN, 36) % 10_000_000).padStart(7, '0')}`;
const DIR = path.join(os.tmpdir(), `reg-e2e-${RUN}`);
const PHOTO = path.join(DIR, '证件照.png');
const CV = path.join(DIR, '简历.pdf');

async function shot(page: Page, name: string, full = false) {
  await page.waitForTimeout(300);
  await save(page, `registration-${name}`, full);
}

async function pick(page: Page, id: string, text: string) {
  await page.locator(`#${id}`).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first()
    .click();
}

describe('public registration and the personality test', () => {
  let browser: Browser;
  const errors: string[] = [];
  beforeAll(async () => {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(
      PHOTO,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    writeFileSync(CV, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an anonymous phone registers, takes the test, sees the end page and its summary; HR finds the result', async () => {
    const { context, page } = await newPage(browser, PHONE);
    page.on('pageerror', (e) => errors.push(String(e)));

    // A private page still asks for a login; the registration does not.
    await page.goto('/talentpool/HyUserList');
    await page.waitForURL(/\/user\/login\?redirect=/);
    await page.goto('/registration');
    await page.getByTestId('registration-form').waitFor();
    expect(page.url()).toContain('/registration');
    expect(await page.title()).toContain('应聘登记');

    // Required fields answer in Chinese before anything is sent.
    await page.getByTestId('registration-submit').click();
    await page.getByText('请输入姓名').first().waitFor();
    await page.getByText('请输入身份证号码').first().waitFor();
    await page.getByText('请上传照片').first().waitFor();
    await shot(page, 'phone-errors');

    await page.locator('#reg_realname').fill(NAME);
    await page.locator('#reg_idCard').fill('330106199605101235');
    await page.locator('#reg_mobile').fill('12345');
    await page.locator('#reg_email').click();
    await page.getByText('身份证号码校验位不正确').first().waitFor();
    await page.getByText('请输入正确手机号').first().waitFor();
    await page.locator('#reg_idCard').fill(ID_CARD);
    await page.locator('#reg_mobile').fill(MOBILE);
    // birthday and sex follow the national ID
    await expect
      .poll(() => page.locator('#reg_birthday').inputValue())
      .toBe(`1996-05-${ID_CARD.slice(12, 14)}`);
    expect(await page.locator('#reg_sex input[value="2"]').isChecked()).toBe(true);
    await page.locator('#reg_email').fill('shenrx@example.com');
    await pick(page, 'reg_degree', '硕士');
    await page.locator('#reg_school').fill('浙江大学');
    await page.locator('#reg_major').fill('人力资源管理');
    await page.getByTestId('educations-add').click();
    await page.locator('#reg_educations_0_school').fill('浙江大学');
    await page.locator('#reg_educations_0_start').fill('2018-09-01');
    await page.locator('#reg_educations_0_end').fill('2021-06-30');
    await page.getByTestId('workHistory-add').click();
    await page.locator('#reg_workHistory_0_company').fill('西湖数据有限公司');
    await page.locator('#reg_workHistory_0_position').fill('招聘专员');
    await page.locator('#reg_workHistory_0_start').fill('2021-07-01');
    await page.locator('#reg_workHistory_0_end').fill('2024-12-31');
    await pick(page, 'reg_orgCode', '华远商贸有限公司');
    await page.locator('#reg_applyPost').fill('人事专员');

    // A program named .jpg is refused by the server even though the browser lets it through as an image.
    await page.locator('#reg_photo').setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(512, 7)]),
    });
    await page.getByTestId('registration-submit').click();
    await expect.poll(() => page.getByTestId('registration-error').textContent()).toContain('照片只能是');
    // the refused picture is taken off the form and a real one chosen
    await page.locator('.ant-upload-list-picture-card .ant-upload-list-item').first().hover();
    await page.locator('.ant-upload-list-picture-card .anticon-delete').first().click({ force: true });
    await page.locator('#reg_photo').setInputFiles(PHOTO);
    await page.locator('#reg_cv').setInputFiles(CV);
    await shot(page, 'phone-filled', true);
    // The page never scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByTestId('registration-submit').click();
    await page.waitForURL('**/endRegis');
    const code = (await page.getByTestId('registration-code').textContent())!.trim();
    expect(code.length).toBeGreaterThanOrEqual(32);
    expect(page.url()).not.toContain(code);
    await shot(page, 'phone-end');

    // The test: one question at a time with the progress.
    await page.getByTestId('endregis-mbti').click();
    await page.getByTestId('mbti-question').waitFor();
    await expect.poll(() => page.getByTestId('mbti-progress').textContent()).toContain('0/28');
    await shot(page, 'phone-mbti');
    for (let i = 0; i < 28; i++) {
      const before = await page.getByTestId('mbti-question').textContent();
      await page.getByTestId('mbti-option-A').click();
      if (i < 27) await expect.poll(() => page.getByTestId('mbti-question').textContent()).not.toBe(before);
    }
    await expect.poll(() => page.getByTestId('mbti-progress').textContent()).toContain('28/28');
    await page.getByTestId('mbti-submit').click();
    await page.getByTestId('mbti-type').waitFor();
    // All first answers: the dimensions alternate their answer order (see the API test).
    expect(await page.getByTestId('mbti-type').textContent()).toBe('ENTP');
    await page.getByText('测试结果已记入您的应聘登记。').waitFor();
    await shot(page, 'phone-result');

    await page.getByTestId('mbti-done').click();
    await page.waitForURL('**/endRegis');
    await page.getByTestId('endregis-summary').click();
    await page.waitForURL('**/summarize');
    const fields = page.getByTestId('summary-fields');
    await fields.waitFor();
    expect(await fields.locator('[data-field="realname"]').textContent()).toBe(NAME);
    expect(await fields.locator('[data-field="idCard"]').textContent()).toBe(
      `${ID_CARD.slice(0, 3)}*************${ID_CARD.slice(-2)}`,
    );
    await page.getByText('西湖数据有限公司').waitFor();
    await page.getByRole('link', { name: '简历.pdf' }).waitFor();
    expect(await page.getByTestId('mbti-type').textContent()).toBe('ENTP');
    await expect
      .poll(() =>
        page.locator('img.reg-photo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(1);
    await shot(page, 'phone-summary', true);

    // Another browser without the code sees nothing of it.
    const other = await newPage(browser, PHONE);
    await other.page.goto('/summarize');
    await other.page.getByLabel('登记查询码').fill(`${code.slice(0, -3)}abc`);
    await other.page.getByRole('button', { name: /查\s*看/ }).click();
    await expect
      .poll(() => other.page.getByTestId('summary-error').textContent())
      .toContain('查询码无效或已过期');
    expect(await other.page.getByText(NAME).count()).toBe(0);
    await other.context.close();
    await context.close();

    // HR: the applicant in the talent pool with the personality type, the detail with photo, CV and result.
    const hr = await newPage(browser);
    hr.page.on('pageerror', (e) => errors.push(String(e)));
    await loginAs(hr.page, 'lina');
    await hr.page.goto(`/talentpool/HyUserList?realname=${encodeURIComponent(NAME)}`);
    const row = hr.page.locator('.ant-table-row', { hasText: NAME }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('ENTP');
    expect(await row.textContent()).toContain('人事专员');
    expect(await row.textContent()).toContain('在线登记');
    await row.locator(`a[aria-label="查看${NAME}的档案"]`).click();
    const panel = hr.page.getByTestId('registration-panel');
    await panel.waitFor();
    expect(await panel.getByTestId('mbti-type').textContent()).toBe('ENTP');
    await panel.getByText('辩论家').waitFor();
    await panel.getByRole('link', { name: '简历.pdf' }).waitFor();
    await expect
      .poll(() =>
        panel
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(1);
    await save(hr.page, 'registration-hr-detail');
    await hr.context.close();
    expect(errors).toEqual([]);
  });
});
