import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage, PHONE, screenshot } from '../support/browser';
import { pickRole } from '../support/pickers';

const stamp = Date.now().toString(36).slice(-5);
const TMP = mkdtempSync(path.join(tmpdir(), 'sys-e2e-'));

/** The dialog on top (antd keeps several `.ant-modal` in the DOM). */
const topModal = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal-content').last();
const okButton = (scope: Locator): Locator => scope.getByRole('button', { name: /^(确\s*定|OK)$/ });

async function pickOption(page: Page, input: Locator, text: string): Promise<void> {
  await input.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

/** Texts of one column of the list table (1-based after the selection column). */
async function columnTexts(page: Page, index: number): Promise<string[]> {
  await page.locator('.ant-table-tbody:visible').first().waitFor();
  const rows = page.locator('.ant-table-tbody:visible > tr.ant-table-row');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).locator('td').nth(index).innerText()).trim());
  return out;
}

async function waitForList(page: Page): Promise<void> {
  await page.locator('.ant-table:visible').first().waitFor();
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
}

function treeNode(scope: Locator, title: string): Locator {
  return scope.locator('.ant-tree-treenode').filter({ has: scope.page().locator('.ant-tree-title', { hasText: new RegExp(`^${title}`) }) }).first();
}

describe('[SYSTEM]: administration screens and the generic list', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('admin creates a role granting two menus and one button and a user in A03; that user sees exactly those', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');

    // Role with 用户管理 + 职务管理 (and their group) and the 职务管理 add button.
    const roleName = `巡检角色${stamp}`;
    const roleCode = `e2e_role_${stamp}`;
    await page.goto('/isystem/role');
    await waitForList(page);
    await page.getByTestId('list-add').click();
    let modal = topModal(page);
    await modal.getByLabel('角色名称').fill(roleName);
    await modal.getByLabel('角色编码').fill(roleCode);
    await okButton(modal).click();
    await page.locator('tr.ant-table-row', { hasText: roleCode }).waitFor();
    await page.locator('tr.ant-table-row', { hasText: roleCode }).getByText('授权').click();
    const drawer = page.locator('.ant-drawer-content:visible');
    await treeNode(drawer, '系统管理').waitFor();
    for (const t of ['系统管理', '用户管理', '职务管理']) await treeNode(drawer, t).locator('.ant-tree-checkbox').click();
    await treeNode(drawer, '职务管理').locator('.ant-tree-switcher').click();
    const addButton = treeNode(drawer, '职务管理').locator('xpath=following-sibling::div[1]');
    expect(await addButton.innerText()).toContain('添加');
    await addButton.locator('.ant-tree-checkbox').click();
    await screenshot(page, 'system-role-permission-tree');
    await drawer.getByRole('button', { name: /^保\s*存$/ }).click();
    await page.locator('.ant-message').getByText(/成功/).first().waitFor();
    await page.locator('.ant-drawer-close:visible').click();

    // User in company A03 (华远商贸有限公司) with that role.
    const username = `e2eu${stamp}`;
    await page.goto('/isystem/user');
    await waitForList(page);
    await page.getByTestId('list-add').click();
    modal = topModal(page);
    await modal.getByLabel('用户账号').fill(username);
    await modal.getByLabel('登录密码').fill('Passw0rd!');
    await modal.getByLabel('确认密码').fill('Passw0rd!');
    await modal.getByLabel('用户名字').fill('巡检用户');
    await pickRole(page, modal, roleName);
    await modal.locator('.ant-form-item', { hasText: '部门分配' }).getByRole('button', { name: /选\s*择/ }).click();
    const departModal = topModal(page);
    await departModal.getByText('选择部门').first().waitFor();
    await treeNode(departModal, '华远商贸有限公司').locator('.ant-tree-checkbox').click();
    await okButton(departModal).click();
    await expect.poll(() => modal.getByLabel('部门分配').inputValue()).toBe('华远商贸有限公司');
    await screenshot(page, 'system-user-add');
    await okButton(modal).click();
    await page.locator('tr.ant-table-row', { hasText: username }).waitFor();
    await context.close();

    // The new user: exactly the two granted menus, the granted button, not the other.
    const u = await newPage(browser);
    await loginAs(u.page, username, 'Passw0rd!');
    await u.page.goto('/isystem/position');
    await waitForList(u.page);
    const menu = u.page.getByTestId('side-menu');
    await menu.getByText('职务管理').waitFor();
    const menuText = await menu.innerText();
    expect(menuText).toContain('系统管理');
    expect(menuText).toContain('用户管理');
    expect(menuText).toContain('职务管理');
    for (const other of ['角色管理', '菜单管理', '部门管理', '数据字典', '系统日志']) expect(menuText).not.toContain(other);
    expect(await u.page.getByTestId('list-add').count()).toBe(1);
    expect(await u.page.getByTestId('list-batch-delete').count()).toBe(0);
    await screenshot(u.page, 'system-restricted-user-positions');
    await u.context.close();
  });

  it('exports the filtered users to a real spreadsheet and imports a file with one bad row', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await page.goto('/isystem/user?username=zh&pageSize=30');
    await waitForList(page);
    const shown = await columnTexts(page, 1);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((u) => u.includes('zh'))).toBe(true);
    await screenshot(page, 'system-user-list-filtered');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
    const file = path.join(TMP, download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0];
    let col = 0;
    let headerRow = 0;
    ws.eachRow((row, r) => {
      row.eachCell((c, ci) => {
        if (!col && /^(登录账号|用户账号)/.test(String(c.value ?? ''))) {
          col = ci;
          headerRow = r;
        }
      });
    });
    expect(col).toBeGreaterThan(0);
    const exported: string[] = [];
    for (let r = headerRow + 1; r <= ws.rowCount; r++) {
      const v = String(ws.getRow(r).getCell(col).value ?? '').trim();
      if (v) exported.push(v);
    }
    expect(exported.sort()).toEqual([...shown].sort());

    // Import: two good rows and one whose account already exists.
    const good = [`e2eimpa${stamp}`, `e2eimpb${stamp}`];
    const out = new ExcelJS.Workbook();
    const sheet = out.addWorksheet('用户');
    sheet.addRow(['用户信息']);
    sheet.addRow([]);
    sheet.addRow(['登录账号', '真实名称', '手机号码']);
    sheet.addRow([good[0], '导入甲', '']);
    sheet.addRow(['admin', '重复账号', '']);
    sheet.addRow([good[1], '导入乙', '']);
    const upload = path.join(TMP, '用户导入.xlsx');
    await out.xlsx.writeFile(upload);

    await page.getByTestId('list-import').click();
    const dialog = topModal(page);
    await dialog.getByText('导入EXCEL').first().waitFor();
    expect(await dialog.getByRole('button', { name: /开始上传/ }).isDisabled()).toBe(true);
    await dialog.locator('input[type=file]').setInputFiles(upload);
    await dialog.getByRole('button', { name: /开始上传/ }).click();
    const warning = page.locator('.ant-modal-confirm', { hasText: '导入成功,但是有错误数据!' });
    await warning.waitFor();
    const href = await warning.getByText('点击下载').getAttribute('href');
    expect(href).toBeTruthy();
    const errorFile = await page.request.get(href as string);
    expect(errorFile.status()).toBe(200);
    expect(await errorFile.text()).toContain('用户名已经存在');
    await screenshot(page, 'system-user-import-warning');
    await warning.getByRole('button').last().click();

    await page.getByPlaceholder('请输入用户账号').fill('e2eimp');
    await page.getByTestId('list-search').click();
    await waitForList(page);
    await expect.poll(async () => (await columnTexts(page, 1)).sort()).toEqual([...good].sort());
    await context.close();
  });

  it('builds an advanced query, saves it, and runs it again after a reload', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    await page.goto('/isystem/user');
    await waitForList(page);
    await page.getByTestId('list-superquery').click();
    let builder = topModal(page);
    await builder.getByText('高级查询构造器').first().waitFor();
    await pickOption(page, builder.getByLabel('字段').first(), '用户账号');
    await pickOption(page, builder.getByLabel('规则').first(), '包含');
    await builder.getByPlaceholder('请输入值').fill('zh');
    await builder.getByRole('button', { name: '保存查询条件' }).click();
    const naming = topModal(page);
    await naming.getByLabel('保存名称').fill('含zh的账号');
    await okButton(naming).click();
    await page.locator('.ant-message').getByText('保存成功').waitFor();
    await screenshot(page, 'system-super-query-saved');
    await builder.getByRole('button', { name: /^关\s*闭$/ }).click();

    await page.reload();
    await waitForList(page);
    await page.getByTestId('list-superquery').click();
    builder = topModal(page);
    await builder.getByText('含zh的账号').click();
    await page.getByText('已有高级查询条件生效').waitFor();
    await builder.getByRole('button', { name: /^关\s*闭$/ }).click();
    await waitForList(page);
    expect(page.url()).toContain('superQueryParams');
    const names = await columnTexts(page, 1);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.includes('zh'))).toBe(true);
    await screenshot(page, 'system-super-query-run');
    await context.close();
  });

  it('system screens render on a phone', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await loginAs(page, 'admin');
    for (const p of ['user', 'role', 'permission', 'depart', 'dict', 'category', 'position', 'tenant', 'log', 'gateway', 'datasource']) {
      await page.goto(`/isystem/${p}`);
      await page.locator('.ant-table, .ant-tree, .ant-empty, [data-testid="phone-card-list"]').first().waitFor();
      expect(page.url()).not.toContain('/404');
      await screenshot(page, `system-${p}-phone`);
    }
    await context.close();
  });
});
