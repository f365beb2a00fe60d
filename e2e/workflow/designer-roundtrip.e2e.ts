import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, loginAs, newPage, screenshot as save } from '../support/browser';

/**
 * The administrator opens real BPMN files in the process designer — a Camunda Modeler export with its
 * diagram, and a Flowable engine test file that has none — changes one user task's candidate users, and
 * deploys. The deployed XML keeps the file's own extension attributes and diagram coordinates, with the
 * candidates written in the file's engine namespace.
 */
const SUFFIX = Date.now().toString(36);
const PUBLIC = (name: string) =>
  fileURLToPath(new URL(`../../apps/server/test/workflow/bpmn/public/${name}`, import.meta.url));

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, name);
}

async function api<T = unknown>(username: string, method: string, path: string, body?: unknown) {
  const token = await apiLogin(username);
  const res = await fetch(`${baseURL()}/jeecg-boot${path}`, {
    method,
    headers: { 'X-Access-Token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { success: boolean; message: string; result: T };
}

describe('[WORKFLOW]: the designer opens real BPMN files, edits one node and deploys what it does not edit as it was', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const deployed: string[] = [];
  let admin: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await loginAs(page, 'admin');
    admin = page;
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    // these processes also serve 费用报销: suspend them so other journeys start the seeded one
    for (const id of deployed)
      await api('admin', 'POST', '/activiti_process/updateStatus', { id, status: 0 });
  });

  /** Opens a file with 打开文件, selects one user task, sets its candidate users, deploys under `key`. */
  const openEditDeploy = async (file: string, taskId: string, users: string, key: string, shot: string) => {
    await admin.goto('/activiti/designer');
    await admin.getByTestId('process-designer').waitFor();
    await admin.locator('[data-element-id="step1"]').waitFor();
    await admin.getByTestId('process-designer').locator('input[type="file"]').setInputFiles(PUBLIC(file));
    const task = admin.locator(`[data-element-id="${taskId}"]`);
    await task.waitFor();
    await task.click();
    await admin.getByTestId('designer-props').waitFor();
    const before = await admin.locator('#prop-users').inputValue();
    await admin.locator('#prop-users').fill(users);
    await admin.locator('#designer-key').fill(key);
    await admin.getByTestId('process-designer').locator('.wf-search .ant-select-selector').click();
    await admin
      .locator('.ant-select-item-option')
      .filter({ hasText: /^费用$/ })
      .click();
    await screenshot(admin, `${shot}-edited`);
    await admin.getByTestId('designer-deploy').click();
    const result = admin.getByTestId('designer-result');
    await result.waitFor();
    const text = await result.innerText();
    expect(text).toContain('部署成功');
    await screenshot(admin, `${shot}-deployed`);
    const id = /部署成功：(\S+)/.exec(text)![1];
    deployed.push(id);
    const def = await api<{ xml: string; processKey: string }>(
      'admin',
      'GET',
      `/activiti_process/queryById/${encodeURIComponent(id)}`,
    );
    expect(def.result.processKey).toBe(key);
    return { before, xml: def.result.xml };
  };

  it('a Camunda Modeler export: the candidates go in camunda:, its forms, history setting and diagram stay', async () => {
    const { before, xml } = await openEditDeploy(
      'camunda-invoice-approval.bpmn',
      'UserTask_1',
      'lina,machao',
      `e2e_rt_camunda_${SUFFIX}`,
      'designer-roundtrip-00-camunda',
    );
    expect(before).toBe('');
    expect(xml).toContain('camunda:candidateUsers="lina,machao"');
    expect(xml).not.toContain('activiti:candidateUsers');
    for (const kept of [
      'camunda:formKey="camunda-forms:app:task-form.form"',
      'camunda:assignee="demo"',
      'camunda:formKey="camunda-forms:app:start-form.form"',
      'camunda:historyTimeToLive="P180D"',
      'exporter="Camunda Modeler"',
      'sourceElement="_BPMNShape_UserTask_3"',
      '<di:waypoint x="398" y="118" />',
      '<dc:Bounds x="533" y="268" width="0" height="0" />',
    ])
      expect(xml).toContain(kept);
  });

  it('a Flowable engine test file without a diagram: it is laid out, the flowable: candidates are shown and replaced', async () => {
    const { before, xml } = await openEditDeploy(
      'flowable-candidate-users-extension.bpmn20.xml',
      'theTask',
      'lina',
      `e2e_rt_flowable_${SUFFIX}`,
      'designer-roundtrip-01-flowable',
    );
    expect(before).toBe('kermit, gonzo');
    expect(xml).toContain('flowable:candidateUsers="lina"');
    expect(xml).not.toContain('kermit');
    expect(xml).not.toContain('activiti:candidateUsers');
    expect(xml).toContain('BPMNShape');
    expect(xml).toContain('targetNamespace="Examples"');
  });
});
