import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

/**
 * Moving running approvals to a new version: 朱琳 has three expenses waiting at 部门负责人审批 of the shipped
 * 费用报销 process; the administrator deploys a version where that node became 部门经理审批
 * (deptLeaderApprove), picks the three on 流程实例, sees in the preview that they cannot move until the
 * node is mapped, maps it, confirms and reads the result; 马超 (the head of 朱琳's department — she never
 * approves her own) finds the moved task in 待办 under its new name and approves it. Afterwards the
 * original process is deployed again with its node settings, so later journeys start on it.
 */
const SUFFIX = Date.now().toString(36);
const TITLE = `迁移测试-${SUFFIX}`;
const titles = [1, 2, 3].map((i) => `${TITLE}-${i}`);

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, name);
}

const tokens = new Map<string, string>();
async function api<T = unknown>(username: string, method: string, path: string, body?: unknown) {
  if (!tokens.has(username)) tokens.set(username, await apiLogin(username));
  const res = await fetch(`${baseURL()}/jeecg-boot${path}`, {
    method,
    headers: {
      'X-Access-Token': tokens.get(username)!,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { success: boolean; message: string; result: T };
}

type History = {
  procDefId: string;
  tasks: { key: string; name: string; status: number; assignees: { username: string }[] }[];
  list: { type: string; typeText: string; realname: string; comment: string }[];
};
const historyOf = async (procInstId: string) =>
  (await api<History>('admin', 'GET', `/actTask/historicFlow/${procInstId}`)).result;
const openTasks = async (procInstId: string) =>
  (await historyOf(procInstId)).tasks
    .filter((t) => t.status === 0)
    .map(
      (t) =>
        `${t.key}:${t.assignees
          .map((a) => a.username)
          .sort()
          .join('|')}`,
    )
    .sort();

type NodeSetting = {
  id: string;
  type: number;
  rules?: { type: number; relateId: string | null }[];
  emptyPolicy?: string;
  repeatPolicy?: string;
  chooseMark?: number;
  commentRequired?: number;
  allowInitiator?: number;
};

describe('[WORKFLOW]: migrating running expenses to a new version of the process', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const inst: string[] = [];
  let v1 = '';
  let v1Xml = '';
  let v1Nodes: NodeSetting[] = [];
  let v2 = '';
  let v2Version = 0;
  const open = async (username: string) => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, username);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const defs = await api<{ id: string; processKey: string }[]>(
      'zhulin',
      'GET',
      '/activiti_process/startable?tableName=fm_expense',
    );
    v1 = defs.result.find((d) => d.processKey === 'expense')!.id;
    for (const title of titles) {
      const draft = await api<{ id: string }>('zhulin', 'POST', '/actBusiness/add', {
        tableName: 'fm_expense',
        procDefId: v1,
        title,
        reason: '客户拜访交通费',
        items: [{ name: '交通费', amount: 180 }],
      });
      expect(draft.success, draft.message).toBe(true);
      const applied = await api<{ procInstId: string }>('zhulin', 'POST', '/actBusiness/apply', {
        id: draft.result.id,
        procDefId: v1,
      });
      expect(applied.success, applied.message).toBe(true);
      inst.push(applied.result.procInstId);
      expect(await openTasks(applied.result.procInstId)).toEqual(['deptApprove:machao']);
    }
    // the new version: 部门负责人审批 (deptApprove) became 部门经理审批 (deptLeaderApprove), same people rule
    v1Xml = (
      await api<{ xml: string }>('admin', 'GET', `/activiti_process/queryById/${encodeURIComponent(v1)}`)
    ).result.xml;
    v1Nodes = (
      await api<NodeSetting[]>('admin', 'GET', `/activiti_process/getProcessNode/${encodeURIComponent(v1)}`)
    ).result;
    const xml = v1Xml
      .replaceAll('deptApprove', 'deptLeaderApprove')
      .replace('name="部门负责人审批"', 'name="部门经理审批"');
    const deployed = await api<{ id: string; version: number }>('admin', 'POST', '/activiti_process/deploy', {
      xml,
      businessTable: 'fm_expense',
    });
    expect(deployed.success, deployed.message).toBe(true);
    v2 = deployed.result.id;
    v2Version = deployed.result.version;
    const rule = await api('admin', 'POST', '/activiti_process/editNodeUser', {
      procDefId: v2,
      nodeId: 'deptLeaderApprove',
      rules: [{ type: 4 }],
      emptyPolicy: 'admin',
    });
    expect(rule.success, rule.message).toBe(true);
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    // the shipped process again as the newest version, with the node settings it had
    if (v1Xml) {
      const back = await api<{ id: string }>('admin', 'POST', '/activiti_process/deploy', {
        xml: v1Xml,
        businessTable: 'fm_expense',
      });
      for (const n of v1Nodes.filter((x) => x.type === 1)) {
        await api('admin', 'POST', '/activiti_process/editNodeUser', {
          procDefId: back.result.id,
          nodeId: n.id,
          rules: (n.rules ?? []).map((r) => ({ type: r.type, relateId: r.relateId ?? undefined })),
          emptyPolicy: n.emptyPolicy,
          repeatPolicy: n.repeatPolicy,
          chooseMark: n.chooseMark,
          commentRequired: n.commentRequired,
          allowInitiator: n.allowInitiator,
        });
      }
    }
  });

  it('the administrator previews the three, maps the renamed node and migrates them', async () => {
    const admin = await open('admin');
    await admin.goto('/activiti/instances');
    const page = admin.getByTestId('running-instances');
    await page.getByPlaceholder('请输入标题').fill(TITLE);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    for (const title of titles) await page.locator('tr', { hasText: title }).waitFor();
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(3);
    for (const title of titles) await page.getByLabel(`选择${title}`).check();
    await admin.getByTestId('instances-migrate').click();

    const dialog = admin.getByTestId('migration-modal');
    const preview = dialog.getByTestId('migration-preview');
    // before the mapping: each waits at a node the new version lacks, and says so
    const reason = `节点「部门负责人审批」(deptApprove)在版本${v2Version}中不存在，请指定映射`;
    await expect.poll(() => preview.getByText(reason).count(), { timeout: 20_000 }).toBe(3);
    expect(await admin.getByTestId('migration-submit').isDisabled()).toBe(true);
    await dialog.getByTestId('migration-mapping').getByText('部门负责人审批（deptApprove）').waitFor();
    await screenshot(admin, 'migration-01-unmapped');

    // map it with the keyboard: focus the select, open, choose 部门经理审批
    const select = dialog.getByTestId('migration-map-deptApprove');
    await select.locator('input').focus();
    await admin.keyboard.press('Enter');
    await admin
      .locator('.ant-select-dropdown:visible')
      .getByText('部门经理审批（deptLeaderApprove）')
      .click();
    await expect
      .poll(() => preview.getByText('可迁移', { exact: true }).count(), { timeout: 20_000 })
      .toBe(3);
    for (const title of titles) {
      const row = preview.locator('tr', { hasText: title });
      await row.getByText('部门经理审批').waitFor();
      await row.getByText('马超').waitFor();
    }
    await dialog.getByTestId('migration-summary').getByText('共3个运行中实例，可迁移3个').waitFor();
    await screenshot(admin, 'migration-02-preview');

    await admin.getByTestId('migration-submit').click();
    const confirm = admin.locator('.ant-modal-confirm');
    await confirm
      .locator('.ant-modal-confirm-title')
      .getByText(`确定将3个流程实例迁移到版本${v2Version}吗？`)
      .waitFor();
    await confirm.getByRole('button', { name: /迁\s*移/ }).click();
    await dialog.getByText('迁移完成：成功3个，失败0个').waitFor();
    await admin.locator('.ant-message').getByText(`已将3个流程实例迁移到版本${v2Version}`).first().waitFor();
    await screenshot(admin, 'migration-03-results');
    await admin.getByTestId('migration-done').click();
    await dialog.waitFor({ state: 'detached' });

    for (const id of inst) {
      expect(await openTasks(id)).toEqual(['deptLeaderApprove:machao']);
      const h = await historyOf(id);
      expect(h.procDefId).toBe(v2);
      expect(h.list.find((x) => x.type === 'migrate')).toMatchObject({
        typeText: `迁移到版本${v2Version}`,
        realname: '管理员',
        comment: expect.stringContaining('「部门负责人审批」→「部门经理审批」'),
      });
    }
  });

  it('马超 finds the moved task in 待办 under its new name and approves it', async () => {
    const manager = await open('machao');
    await manager.goto(`/activiti/todoManage?name=${encodeURIComponent(titles[0])}`);
    await manager.getByTestId('todo-page').waitFor();
    const row = manager.locator('tr', { hasText: titles[0] });
    await row.getByText('部门经理审批').waitFor();
    await screenshot(manager, 'migration-04-todo');
    await row.getByTestId('todo-pass').click();
    await manager.getByTestId('approval-form').waitFor();
    await manager.getByTestId('approval-comment').fill('迁移后继续审批，同意');
    await manager.getByTestId('approval-submit').click();
    await manager
      .locator('.ant-message')
      .getByText(/审批已通过/)
      .first()
      .waitFor();
    const next = await openTasks(inst[0]);
    expect(next.length).toBe(1);
    expect(next[0]).toMatch(/^financeApprove:/);
    const h = await historyOf(inst[0]);
    expect(h.list.map((x) => x.type)).toEqual(['apply', 'migrate', 'pass']);
    expect(h.list[2]).toMatchObject({ realname: '马超', comment: '迁移后继续审批，同意' });
  });
});
