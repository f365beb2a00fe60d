import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks a role in a form's 角色分配 field (the role picker dialog): searches the role by name, ticks its
 * row and confirms; the field then reads the role's name.
 */
export async function pickRole(page: Page, form: Locator, roleName: string): Promise<void> {
  await form.locator('.ant-form-item', { hasText: '角色分配' }).getByRole('button', { name: /选\s*择/ }).click();
  const picker = page.locator('.ant-modal-wrap:visible .ant-modal-content', { hasText: '选择角色' }).last();
  const search = picker.getByPlaceholder('请输入角色名称');
  await search.fill(roleName);
  await search.press('Enter');
  const row = picker.locator('.ant-table-tbody tr.ant-table-row', { hasText: roleName }).first();
  await row.waitFor();
  await row.locator('input[type="checkbox"]').check();
  await picker.getByRole('button', { name: /^(确\s*定|OK)$/ }).click();
  await page.locator('.ant-modal-title', { hasText: '选择角色' }).waitFor({ state: 'hidden' });
  await expect.poll(() => form.getByLabel('角色分配').inputValue()).toContain(roleName);
}
