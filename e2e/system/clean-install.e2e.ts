import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { pickRole } from '../support/pickers';

const ROOT = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

interface CleanServer {
  base: string;
  output: string[];
  stop(): Promise<void>;
}

/** A built server on an empty data folder, as a company's first `npm start` with SEED_DEMO=off. */
async function startClean(env: Record<string, string>): Promise<CleanServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'go-e2e-clean-'));
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOGIN_CAPTCHA: 'off',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(inject('dataDir'), 'web-dist'),
      SEED_DEMO: 'off',
      ADMIN_PASSWORD: '',
      ADMIN_USERNAME: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (b: Buffer) => output.push(b.toString('utf8')));
  child.stderr!.on('data', (b: Buffer) => output.push(b.toString('utf8')));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output.join('').slice(-2000)}`);
    try {
      if ((await fetch(`${base}/jeecg-boot/actuator/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > until) throw new Error('server not healthy');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    output,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const topModal = (page: Page): Locator => page.locator('.ant-modal-wrap:visible .ant-modal-content').last();
const okButton = (scope: Locator): Locator => scope.getByRole('button', { name: /^(确\s*定|OK)$/ });

/** Signs in on the login page; when the first-password dialog opens, sets `newPassword`. */
async function signIn(page: Page, base: string, username: string, password: string, newPassword?: string): Promise<void> {
  await page.goto(`${base}/user/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha').fill('0000');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/'));
  await page.getByTestId('app-header').waitFor();
  if (newPassword) {
    await page.getByTestId('first-password-form').waitFor();
    await page.getByTestId('first-password-old').fill(password);
    await page.getByTestId('first-password-new').fill(newPassword);
    await page.getByTestId('first-password-confirm').fill(newPassword);
    await page.getByTestId('first-password-submit').click();
    await page.getByTestId('first-password-form').waitFor({ state: 'detached' });
  }
}

async function addUser(page: Page, base: string, u: { username: string; realname: string; role: string; depart: string; head?: boolean }) {
  await page.goto(`${base}/isystem/user`);
  await page.locator('.ant-table:visible').first().waitFor();
  await page.getByTestId('list-add').click();
  const modal = topModal(page);
  await modal.getByLabel('用户账号').fill(u.username);
  await modal.getByLabel('登录密码').fill('Init-pass-1');
  await modal.getByLabel('确认密码').fill('Init-pass-1');
  await modal.getByLabel('用户名字').fill(u.realname);
  await pickRole(page, modal, u.role);
  await modal.locator('.ant-form-item', { hasText: '部门分配' }).getByRole('button', { name: /选\s*择/ }).click();
  const departModal = topModal(page);
  await departModal.getByText('选择部门').first().waitFor();
  await departModal.locator('.ant-tree-treenode', { hasText: u.depart }).last().locator('.ant-tree-checkbox').click();
  await okButton(departModal).click();
  await expect.poll(() => modal.getByLabel('部门分配').inputValue()).toContain(u.depart);
  if (u.head) await modal.locator('.ant-form-item', { hasText: '身份' }).getByText('上级').click();
  await okButton(modal).click();
  await page.locator('tr.ant-table-row', { hasText: u.username }).waitFor();
}

describe('[SYSTEM]: a clean production install (SEED_DEMO=off)', () => {
  let browser: Browser;
  const servers: CleanServer[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.stop();
  });

  it('the administrator of ADMIN_PASSWORD builds the organisation; a staff expense is approved by the HR head', { timeout: 420_000 }, async () => {
    const s = await startClean({ ADMIN_PASSWORD: 'Go-live-2026' });
    servers.push(s);
    const { context, page } = await newPage(browser);
    await signIn(page, s.base, 'admin', 'Go-live-2026');
    // An empty organisation: the home page says where to begin.
    const notice = page.getByTestId('home-empty-org');
    await notice.getByText('组织架构还是空的').waitFor();
    await screenshot(page, 'clean-install-01-home');
    await notice.getByRole('button', { name: '创建第一家公司' }).click();
    await page.waitForURL((u) => u.pathname === '/isystem/depart');

    // The first company and a department under it.
    await page.getByRole('button', { name: /添加部门/ }).click();
    let modal = topModal(page);
    await modal.getByLabel('机构名称').fill('远航集团');
    await okButton(modal).click();
    await page.locator('.ant-tree-title', { hasText: '远航集团' }).click();
    await page.getByRole('button', { name: /添加下级/ }).click();
    modal = topModal(page);
    await modal.getByLabel('机构名称').fill('综合管理部');
    await okButton(modal).click();
    await page.locator('.ant-message').getByText(/成功/).first().waitFor();
    // The reloaded tree may keep the company folded: open it once its new child has arrived.
    const company = page.locator('.ant-tree-treenode', { hasText: '远航集团' }).first();
    const child = page.locator('.ant-tree-title', { hasText: '综合管理部' });
    await expect
      .poll(
        async () => {
          if (await child.isVisible()) return true;
          const folded = company.locator('.ant-tree-switcher_close');
          if (await folded.count()) await folded.click();
          return child.isVisible();
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe(true);
    await screenshot(page, 'clean-install-02-departments');

    await addUser(page, s.base, { username: 'hrhead', realname: '韩立', role: 'HR', depart: '综合管理部', head: true });
    await addUser(page, s.base, { username: 'staff01', realname: '陆远', role: '普通员工', depart: '综合管理部' });
    await context.close();

    // The staff user files an expense; the first step goes to the department head (the HR user).
    const st = await newPage(browser);
    await signIn(st.page, s.base, 'staff01', 'Init-pass-1', 'Staff-pass-2026');
    await st.page.goto(`${s.base}/activiti/forms/expense`);
    await st.page.getByTestId('expense-list').waitFor();
    await st.page.getByTestId('start-apply').click();
    const form = st.page.getByTestId('expense-form');
    await form.waitFor();
    await form.getByPlaceholder('不填则为“姓名的费用报销”').fill('首笔报销');
    await st.page.getByTestId('expense-reason').fill('办公用品采购');
    await form.getByPlaceholder('请输入费用项目').first().fill('文具');
    await form.getByPlaceholder('请输入金额（元）').first().fill('86');
    await st.page.getByTestId('expense-reason').click();
    await st.page.getByTestId('expense-submit').click();
    const apply = st.page.locator('.ant-modal', { hasText: '提交申请' });
    await apply.getByText('第一步：部门负责人审批').waitFor();
    await apply.locator('.wf-next-step', { hasText: '韩立' }).waitFor();
    await st.page.getByTestId('apply-submit').click();
    await st.page.locator('.ant-message').getByText(/已提交/).first().waitFor();
    await st.context.close();

    const hr = await newPage(browser);
    await signIn(hr.page, s.base, 'hrhead', 'Init-pass-1', 'Hr-pass-2026');
    await hr.page.goto(`${s.base}/activiti/todoManage?name=${encodeURIComponent('首笔报销')}`);
    await hr.page.getByTestId('todo-page').waitFor();
    await expect.poll(() => hr.page.getByTestId('todo-open').count()).toBe(1);
    await hr.page.getByTestId('todo-pass').click();
    await hr.page.getByTestId('approval-comment').fill('同意');
    await screenshot(hr.page, 'clean-install-03-hr-approves');
    await hr.page.getByTestId('approval-submit').click();
    await hr.page.locator('.ant-message .ant-message-success').first().waitFor();
    await expect.poll(() => hr.page.getByTestId('todo-open').count()).toBe(0);
    await hr.context.close();
  });

  it('without ADMIN_PASSWORD the log shows a one-time password and the first sign-in forces a change', { timeout: 300_000 }, async () => {
    const s = await startClean({});
    servers.push(s);
    const line = s.output.join('').split('\n').find((l) => l.includes('一次性密码'));
    expect(line, 'the one-time password is in the log').toBeTruthy();
    const pw = /一次性密码 (\S+)（/.exec(line!)?.[1];
    expect(pw).toMatch(/^[A-Za-z0-9]{16}$/);
    const { context, page } = await newPage(browser);
    await signIn(page, s.base, 'admin', pw!);
    await page.getByTestId('first-password-form').waitFor();
    await screenshot(page, 'clean-install-04-first-password');
    await page.getByTestId('first-password-old').fill(pw!);
    await page.getByTestId('first-password-new').fill('Own-pass-2026');
    await page.getByTestId('first-password-confirm').fill('Own-pass-2026');
    await page.getByTestId('first-password-submit').click();
    await page.getByTestId('first-password-form').waitFor({ state: 'detached' });
    await context.close();
    const again = await newPage(browser);
    await signIn(again.page, s.base, 'admin', 'Own-pass-2026');
    await again.page.getByTestId('home-empty-org').waitFor();
    await again.context.close();
  });
});
