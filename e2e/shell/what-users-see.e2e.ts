import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot } from '../support/browser';
import { hiddenKeyColumns } from '../support/key-columns';

/**
 * What people read in lists, forms and change logs (docs/widgets.md "Key columns", docs/hr.md change log):
 * names and words, never ids, codes or internal keys; the columns a list is opened for in view at
 * 1440 px; screen-reader names without icon names.
 */
const RUN = Date.now().toString(36).slice(-5);
const NAME = `言见${RUN}`;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
function nationalId(): string {
  const seq = String(100 + (parseInt(RUN, 36) % 800)).padStart(3, '0');
  const first = `320102199204${String(10 + (parseInt(RUN, 36) % 18))}${seq}`;
  const sum = [...first].reduce((s, c, i) => s + Number(c) * WEIGHTS[i], 0);
  return first + '10X98765432'[sum % 11];
}

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseURL()}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: any };
}

interface MenuNode {
  path: string;
  hidden?: boolean;
  route?: string;
  meta?: { title?: string; hideMenu?: boolean; internalOrExternal?: boolean };
  children?: MenuNode[];
}

/** Every page of the administrator's menu (leaves with a component, no external links). */
async function adminMenuPages(): Promise<{ path: string; title: string }[]> {
  const token = await apiLogin('admin');
  const res = await fetch(`${baseURL()}/jeecg-boot/sys/permission/getUserPermissionByToken`, { headers: { 'X-Access-Token': token } });
  const body = (await res.json()) as { result: { menu: MenuNode[] } };
  const out: { path: string; title: string }[] = [];
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes ?? []) {
      if (!n || n.hidden || n.meta?.hideMenu || n.route === '0') continue;
      const kids = (n.children ?? []).filter((c) => c && !c.hidden && !c.meta?.hideMenu);
      if (kids.length) {
        walk(kids);
        continue;
      }
      if (n.meta?.internalOrExternal || /^https?:/.test(n.path) || n.path.includes(':')) continue;
      out.push({ path: n.path, title: n.meta?.title ?? n.path });
    }
  };
  walk(body.result.menu);
  return out;
}

async function settle(page: Page) {
  await page.getByTestId('app-header').waitFor();
  await page.waitForLoadState('networkidle', { timeout: 2500 }).catch(() => undefined);
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(200);
}

/** Header texts of the visible tables of the page. */
async function headers(page: Page): Promise<string[]> {
  return (await page.locator('.ant-table-thead:visible th').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

/** A line of the change log that shows a value changing to itself (状态 正式 → 正式). */
function noChange(line: string): boolean {
  const m = /：\S+ (.+?) → (.+?)(（|$)/.exec(line);
  return !!m && m[1].trim() === m[2].trim();
}

describe('[SHELL]: people read names and words, and the columns they came for', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('screen readers read 首页 and 流程 without icon names; a table names its select-all checkbox 全选', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    const menu = page.getByTestId('side-menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem', { name: '首页', exact: true }).count()).toBe(1);
    // 流程 may carry its to-do count after the name
    expect(await menu.getByRole('menuitem', { name: /^流程/ }).count()).toBe(1);
    // no menu item's name starts with an icon's name (home 首页, apartment 流程)
    expect(await menu.ariaSnapshot()).not.toMatch(/menuitem "[a-z][a-z-]* /);

    await page.goto('/isystem/user');
    await settle(page);
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.getByRole('checkbox', { name: '全选', exact: true }).count()).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'Select all' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: '选择本行', exact: true }).count()).toBeGreaterThan(0);
    // toolbar buttons read 新增, not "plus 新增"
    expect(await page.getByRole('button', { name: '新增', exact: true }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('at 1440 px 我的申请, 我的待办, 年度绩效 and 花名册 show their key columns without sideways scrolling; 我的申请 has one 状态', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    const lists: [string, string, string[]][] = [
      ['我的申请', '/activiti/myApplications', ['标题', '状态', '提交时间', '创建时间']],
      ['我的待办', '/activiti/todoManage', ['标题', '任务名称', '流程发起人', '创建时间']],
      ['年度绩效', '/performance/userYearPerf', ['姓名', '年度', '十一月', '十二月', '平均分']],
      ['花名册', '/hr/roster', ['姓名', '状态', '部门', '职务']],
    ];
    const problems: string[] = [];
    for (const [title, path, keys] of lists) {
      await page.goto(path);
      await settle(page);
      await page.locator('.ant-table-thead:visible').first().waitFor();
      await screenshot(page, `what-users-see-1440-${path.replace(/\//g, '_')}`);
      for (const p of await hiddenKeyColumns(page, 'desktop', keys)) problems.push(`${title}: ${p}`);
      if (path === '/activiti/myApplications') {
        const h = await headers(page);
        // state and outcome in one column: 审批结果 no longer repeats 处理中 beside 状态
        expect(h).not.toContain('审批结果');
        expect(h.filter((x) => x === '状态')).toHaveLength(1);
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it('an HR approval form and the file change log read in words: no file id, no department or position code, no field keys, no line without a change', async () => {
    const qianhui = await apiLogin('qianhui');
    const add = await api(qianhui, 'POST', '/manager/hyUser/add', {
      realname: NAME,
      idCard: nationalId(),
      mobile: `1371${String(parseInt(RUN, 36) % 10_000_000).padStart(7, '0')}`,
      orgCode: 'A03A02',
      post: 'zy',
      applyPost: '销售代表',
      source: '招聘网站',
    });
    expect(add.success, add.message).toBe(true);
    const fileId = String(add.result.id);
    const talent = await api(qianhui, 'POST', '/manager/hyUser/toTalent', { id: fileId, reason: '储备' });
    expect(talent.success, talent.message).toBe(true);
    const hire = await api(qianhui, 'POST', '/manager/hyUser/hire', { id: fileId, orgCode: 'A03A02', post: 'zy', entryDate: '2026-12-01', reason: '面试通过' });
    expect(hire.success, hire.message).toBe(true);

    const { context, page } = await newPage(browser);
    await loginAs(page, 'qianhui');
    // the approval form as the applicant (and the approver) reads it
    await page.goto('/activiti/myApplications');
    const row = page.getByTestId('my-applications').locator('.ant-table-row', { hasText: NAME }).first();
    await row.waitFor();
    await row.getByText('查看', { exact: true }).click();
    const view = page.getByTestId('hyNew-view');
    await view.waitFor();
    await expect.poll(() => view.innerText()).toContain('录用部门');
    const form = await view.innerText();
    await screenshot(page, 'what-users-see-hr-approval-form');
    expect(form).not.toContain('档案编号');
    expect(form).not.toContain('部门编码');
    expect(form).not.toMatch(/\d{15,}/);
    expect(form).not.toMatch(/\bA0\d(A0\d)*\b/);
    // 职务 by its name (专员), never the position code
    expect(form).toMatch(/职务\s*专员/);
    expect(form).not.toMatch(/\bzy\b/);
    await page.keyboard.press('Escape');

    // lina (人事, the group) approves: nobody approves their own application
    const lina = await apiLogin('lina');
    let task: { id: string } | undefined;
    await expect
      .poll(async () => {
        const r = await api(lina, 'POST', '/actTask/todoList', { name: NAME, pageIndex: 1, pageSize: 50 });
        const rows = (r.result?.records ?? r.result ?? []) as { id: string }[];
        task = rows.find((x) => JSON.stringify(x).includes(NAME));
        return !!task;
      })
      .toBe(true);
    const pass = await api(lina, 'POST', '/actTask/pass', { id: task!.id, comment: '同意录用', type: 0 });
    expect(pass.success, pass.message).toBe(true);

    // the file's change log
    await page.goto(`/hr/newHire?realname=${encodeURIComponent(NAME)}`);
    const fileRow = page.locator('.ant-table-row', { hasText: NAME }).first();
    await fileRow.waitFor();
    await fileRow.getByText('档案', { exact: true }).click();
    const modal = page.locator('.ant-modal', { hasText: '档案变更记录' });
    await modal.waitFor();
    const items = modal.locator('.ant-timeline-item-content');
    await expect.poll(() => items.count()).toBeGreaterThan(3);
    const lines = (await items.allInnerTexts()).map((t) => t.trim());
    await modal.getByText('档案变更记录').scrollIntoViewIfNeeded();
    await screenshot(page, 'what-users-see-hr-change-log');
    // 录用 in words: the dictionary text of the employment type, the offer date by its label
    expect(lines.some((l) => l.includes('录用') && l.includes('用工类型') && !l.includes('→ 1'))).toBe(true);
    expect(lines.some((l) => l.includes('录用日期'))).toBe(true);
    for (const l of lines) {
      expect(l, l).not.toMatch(/[A-Za-z]{3,}/); // offerDate, pendingMove, approval, dimission
      expect(l, l).not.toMatch(/\bA0\d/);
      expect(l, l).not.toMatch(/\bzy\b/); // 职务 reads 专员
      // a coded field reads its dictionary text (用工类型 空 → 全职, never → 1); 试用期(月) is a number
      if (/用工类型|学历|性别|职级/.test(l)) expect(l, l).not.toMatch(/→ \d+(（|$)/);
      expect(noChange(l), l).toBe(false);
    }
    await context.close();

    // 用户日志 reads the same words
    const admin = await newPage(browser);
    await loginAs(admin.page, 'admin');
    await admin.page.goto(`/hr/userLogs?realname=${encodeURIComponent(NAME)}`);
    await admin.page.locator('.ant-table-row', { hasText: NAME }).first().waitFor();
    const cells = (await admin.page.locator('.ant-table-row').allInnerTexts()).join('\n');
    expect(cells).not.toMatch(/offerDate|pendingMove|employType|orgCode|部门编码/);
    expect(cells).not.toMatch(/\bA0\d/);
    await admin.context.close();
  });

  it('生成菜单 names the new menu in words and the menu shows at once, without a reload', async () => {
    const token = await apiLogin('admin');
    const table = `wus_visit_${RUN}`;
    const title = `客户回访${RUN}`;
    const field = { dbFieldName: 'customer', dbFieldTxt: '客户', dbType: 'string', dbLength: 50, dbPointLength: 0, dbIsNull: 1, isShowList: 1, isShowForm: 1, isQuery: 0 };
    const add = await api(token, 'POST', '/online/cgform/api/addAll', { head: { tableName: table, tableTxt: title, tableType: 1 }, fields: [field] });
    expect(add.success, add.message).toBe(true);
    const sync = await api(token, 'POST', `/online/cgform/api/doDbSynch/${add.result}/normal`);
    expect(sync.success, sync.message).toBe(true);

    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    let reloads = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) reloads++;
    });
    await page.goto(`/online/cgform?tableName=${table}`);
    await settle(page);
    const row = page.locator('.ant-table-tbody:visible > tr.ant-table-row', { hasText: table }).first();
    await row.waitFor();
    const before = reloads;
    await row.getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('生成菜单', { exact: true }).click();
    const dialog = page.locator('.ant-modal-confirm', { hasText: '菜单已生成' });
    await dialog.waitFor();
    const said = await dialog.innerText();
    await screenshot(page, 'what-users-see-gen-menu');
    expect(said).toContain(title);
    expect(said).not.toMatch(/\/online\/|\d{15,}/);
    await dialog.getByRole('button', { name: /关\s?闭/ }).click();
    const menu = page.getByTestId('side-menu');
    const leaf = menu.locator('li.ant-menu-item').getByText(title, { exact: true });
    if (!(await leaf.isVisible())) await menu.locator('.ant-menu-submenu-title').getByText('在线开发', { exact: true }).click();
    await leaf.waitFor({ timeout: 10_000 });
    expect(reloads).toBe(before);
    await context.close();
  });

  it('the online report shows the department by name, not a 部门编码 column', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    const token = await apiLogin('admin');
    const menu = await api(token, 'GET', '/sys/permission/getUserPermissionByToken');
    const path = JSON.stringify(menu.result.menu).match(/"path":"(\/online\/cgreport\/[^"]*\d[^"]*)"/)?.[1];
    expect(path, 'a menu entry of the demo report').toBeTruthy();
    await page.goto(path!);
    await settle(page);
    await page.locator('.ant-table-row').first().waitFor();
    const h = await headers(page);
    expect(h).not.toContain('部门编码');
    expect(h).toContain('部门');
    const cells = (await page.locator('.ant-table-row').allInnerTexts()).join('\n');
    expect(cells).not.toMatch(/\bA0\d/);
    await screenshot(page, 'what-users-see-online-report');
    await context.close();
  });

  it('sweep: every menu page at 1440 px shows the key columns of its lists', async () => {
    const pages = await adminMenuPages();
    expect(pages.length).toBeGreaterThan(10);
    const { context, page } = await newPage(browser);
    await loginAs(page, 'admin');
    const problems: string[] = [];
    let marked = 0;
    for (const p of pages) {
      await page.goto(p.path);
      await page.getByTestId('app-header').waitFor();
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
      await page.waitForTimeout(400);
      marked += await page.locator('th[data-key-column]').count();
      const found = await hiddenKeyColumns(page, 'desktop');
      if (found.length) {
        problems.push(...found.map((f) => `${p.title} ${p.path}: ${f}`));
        await screenshot(page, `desktop-key-columns-${p.path.replace(/\//g, '_')}`);
      }
    }
    await context.close();
    expect(marked).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  }, 900_000);

  it('sweep: the phone pages at 360 px keep any table key column reachable', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 780 });
    await page.goto('/h5/todo');
    await page.waitForURL((u) => u.pathname === '/h5/login');
    await page.getByTestId('h5-username').locator('input').fill('admin');
    await page.getByTestId('h5-password').locator('input').fill('123456');
    await page.getByTestId('h5-captcha').locator('input').fill('0000');
    await page.getByTestId('h5-login-submit').click();
    await page.getByTestId('h5-todo').waitFor();
    const problems: string[] = [];
    for (const path of ['/h5/todo', '/h5/apply', '/h5/apps', '/h5/notices', '/h5/weekly', '/h5/me']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(300);
      problems.push(...(await hiddenKeyColumns(page, 'phone')).map((f) => `${path}: ${f}`));
    }
    await screenshot(page, 'what-users-see-360-h5-me');
    await context.close();
    expect(problems).toEqual([]);
  });
});
