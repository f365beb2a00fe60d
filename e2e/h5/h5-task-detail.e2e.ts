import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, launchBrowser, newPage, screenshot as save } from '../support/browser';

/**
 * The phone's task detail at 360 × 740: 朱琳 files an expense with two line items; 马超 opens it from the h5
 * to-do. Labels sit above their values (no label column breaking 费用类型 or 报销金额), each line item is a card
 * whose 金额 is on screen without an inner scroll, the to-do's grey lines meet text contrast, and the back
 * button is a button named 返回. The approve popup names the next approvers from the shared module.
 *
 * The task's form on the phone: a process whose first step has a required enum form property (是否同意) and
 * whose next step is a countersign; 朱琳 files, 马超 approves on the phone. The popup shows the property with
 * its required mark and the next step as 会签（全部审批）; 提交 without a choice is refused with 请填写「是否同意」,
 * with a choice the pass goes through and the value is stored as the process variable.
 */
const NARROW = { width: 360, height: 740 };
const TITLE = `手机详情-${Date.now().toString(36)}`;
const FORM_TITLE = `手机表单-${Date.now().toString(36)}`;
const FORM_KEY = `h5_task_form_${Date.now().toString(36)}`;
/** a role code nobody holds: the journey's process is not offered to anyone outside the moment it is filed */
const NOBODY = 'h5_task_form_journey';
const FORM_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="t">
  <process id="${FORM_KEY}" name="手机审批表单" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="review" name="主管复核">
      <extensionElements>
        <activiti:formProperty id="agree" name="是否同意" type="enum" required="true">
          <activiti:value id="yes" name="同意报销"/>
          <activiti:value id="no" name="不同意"/>
        </activiti:formProperty>
      </extensionElements>
    </userTask>
    <userTask id="cs" name="财务会签"><multiInstanceLoopCharacteristics isSequential="false"/></userTask>
    <endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="review"/>
    <sequenceFlow id="f2" sourceRef="review" targetRef="cs"/>
    <sequenceFlow id="f3" sourceRef="cs" targetRef="end"/>
  </process>
</definitions>`;

const tokens = new Map<string, string>();
async function api<T = unknown>(username: string, method: string, path: string, body?: unknown) {
  if (!tokens.has(username)) tokens.set(username, await apiLogin(username));
  const res = await fetch(`${baseURL()}/jeecg-boot${path}`, {
    method,
    headers: { 'X-Access-Token': tokens.get(username)!, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { success: boolean; message: string; result: T };
}

async function h5Login(page: Page, username: string): Promise<void> {
  await page.goto('/h5/todo');
  await page.waitForURL((u) => u.pathname === '/h5/login');
  await page.getByTestId('h5-username').locator('input').fill(username);
  await page.getByTestId('h5-password').locator('input').fill('123456');
  await page.getByTestId('h5-captcha').locator('input').fill('0000');
  await page.getByTestId('h5-login-submit').click();
  await page.getByTestId('h5-todo').waitFor();
}

/** WCAG contrast ratio of two `rgb(...)` colours. */
function contrast(fg: string, bg: string): number {
  const lum = (c: string) => {
    const [r, g, b] = (c.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map((x) => Number(x) / 255);
    const f = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

describe('[H5]: the task detail at 360 px', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const defs = await api<{ id: string; processKey: string }[]>('zhulin', 'GET', '/activiti_process/startable?tableName=fm_expense');
    const procDefId = defs.result.find((d) => d.processKey === 'expense')!.id;
    const draft = await api<{ id: string }>('zhulin', 'POST', '/actBusiness/add', {
      tableName: 'fm_expense',
      procDefId,
      title: TITLE,
      reason: '华南客户拜访的交通与住宿费用',
      items: [
        { name: '往返高铁票', amount: 1268.5, remark: '广州—深圳' },
        { name: '酒店住宿两晚', amount: 980 },
      ],
    });
    expect(draft.success, draft.message).toBe(true);
    const applied = await api('zhulin', 'POST', '/actBusiness/apply', { id: draft.result.id, procDefId });
    expect(applied.success, applied.message).toBe(true);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('labels above values, line items as cards with the amount on screen, contrast and a named back button', async () => {
    const { context, page } = await newPage(browser, NARROW);
    contexts.push(context);
    await h5Login(page, 'machao');

    // the to-do's description lines meet 4.5:1 on their background
    const item = page.getByTestId('h5-todo-item').filter({ hasText: TITLE });
    await item.waitFor();
    const colours = await item.locator('.adm-list-item-description').first().evaluate((el) => {
      let bg = 'rgb(255, 255, 255)';
      for (let n: Element | null = el; n; n = n.parentElement) {
        const c = getComputedStyle(n).backgroundColor;
        if (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') {
          bg = c;
          break;
        }
      }
      return { fg: getComputedStyle(el).color, bg };
    });
    expect(contrast(colours.fg, colours.bg)).toBeGreaterThanOrEqual(4.5);
    await item.click();
    await page.getByTestId('h5-task').waitFor();
    const view = page.getByTestId('h5-form-view');
    await view.getByText('往返高铁票').waitFor();

    // the back button is a button with a name
    const back = page.getByRole('button', { name: '返回', exact: true }).and(page.getByTestId('h5-back'));
    await back.waitFor();
    expect(await back.evaluate((el) => el.tagName)).toBe('BUTTON');

    // labels above values: 报销金额's label ends above its value, and no label breaks inside a word
    const label = view.locator('.ant-descriptions-item-label', { hasText: '报销金额' });
    const value = label.locator('xpath=following-sibling::*[1]');
    const lb = (await label.boundingBox())!;
    const vb = (await value.boundingBox())!;
    expect(lb.y + lb.height).toBeLessThanOrEqual(vb.y + 1);
    for (const text of ['费用类型', '报销金额']) {
      const box = (await view.locator('.ant-descriptions-item-label', { hasText: text }).boundingBox())!;
      expect(box.height, `${text} on one line`).toBeLessThan(40);
    }

    // each line item is a card; its amount is inside the screen, with no inner horizontal scroll
    const rows = view.locator('.ant-table tbody tr.ant-table-row');
    expect(await rows.count()).toBe(2);
    const amount = rows.first().locator('td', { hasText: '1,268.50' });
    const ab = (await amount.boundingBox())!;
    expect(ab.x + ab.width).toBeLessThanOrEqual(NARROW.width);
    expect(await amount.getAttribute('data-label')).toContain('金额');
    const inner = await view.evaluate((el) =>
      Array.from(el.querySelectorAll('*')).some((n) => n.scrollWidth - n.clientWidth > 1 && getComputedStyle(n).overflowX !== 'visible'),
    );
    expect(inner).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.waitForTimeout(300);
    await save(page, 'h5-task-detail-360', true);

    // the approve popup names the next approvers (shared next-approver module)
    await page.getByTestId('h5-pass').click();
    await page.getByTestId('h5-next-step-line').first().waitFor();
    expect(await page.getByTestId('h5-next-step-line').first().innerText()).toMatch(/审/);
    await save(page, 'h5-task-detail-360-approve');
  });
  it('the task form: a required enum property with its mark, refused without it, sent with 同意', async () => {
    const deployed = await api<{ id: string }>('admin', 'POST', '/activiti_process/deploy', {
      xml: FORM_XML,
      businessTable: 'fm_expense',
      roles: NOBODY,
    });
    expect(deployed.success, deployed.message).toBe(true);
    const procDefId = deployed.result.id;
    for (const [nodeId, relateId] of [
      ['review', 'machao'],
      ['cs', 'liuyang,chenjing'],
    ]) {
      const e = await api('admin', 'POST', '/activiti_process/editNodeUser', { procDefId, nodeId, rules: [{ type: 1, relateId }] });
      expect(e.success, e.message).toBe(true);
    }
    // filed by 朱琳 while the process may be started, then closed to everyone again
    const draft = await api<{ id: string }>('zhulin', 'POST', '/actBusiness/add', {
      tableName: 'fm_expense',
      procDefId,
      title: FORM_TITLE,
      reason: '客户培训的场地费用',
      items: [{ name: '场地租赁', amount: 800 }],
    });
    expect(draft.success, draft.message).toBe(true);
    const open = await api('admin', 'PUT', '/activiti_process/updateInfo', { id: procDefId, roles: '' });
    expect(open.success, open.message).toBe(true);
    const applied = await api<{ procInstId: string }>('zhulin', 'POST', '/actBusiness/apply', { id: draft.result.id, procDefId });
    const closed = await api('admin', 'PUT', '/activiti_process/updateInfo', { id: procDefId, roles: NOBODY });
    expect(applied.success, applied.message).toBe(true);
    expect(closed.success, closed.message).toBe(true);

    // 马超 (not the applicant) approves on the phone
    const { context, page } = await newPage(browser, NARROW);
    contexts.push(context);
    await h5Login(page, 'machao');
    await page.getByTestId('h5-todo-item').filter({ hasText: FORM_TITLE }).click();
    await page.getByTestId('h5-task').waitFor();
    await page.getByTestId('h5-pass').click();
    const popup = page.getByTestId('h5-approval');
    const field = popup.getByTestId('decision-field-agree');
    await field.waitFor();
    // the label with its required mark, the enum's values by name
    expect(await field.locator('label').innerText()).toContain('是否同意');
    await field.getByTestId('decision-agree-required').waitFor();
    await field.getByText('同意报销').waitFor();
    await field.getByText('不同意').waitFor();
    expect(await page.getByRole('radiogroup', { name: /是否同意/ }).count()).toBe(1);
    // the next step is the countersign, in words
    await popup.getByTestId('h5-next-step-line').waitFor();
    expect(await popup.getByTestId('h5-next-step-line').innerText()).toMatch(/会签（全部审批）：/);
    expect(await popup.getByTestId('h5-next-step-line').getAttribute('data-mode')).toBe('all');
    // the form fits the 360 px screen
    const fb = (await field.boundingBox())!;
    expect(fb.x + fb.width).toBeLessThanOrEqual(NARROW.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByTestId('h5-comment').locator('textarea').fill('费用合理');
    await page.waitForTimeout(300);
    await save(page, 'h5-task-form-360');

    // without a choice the server refuses with the property's name; the task stays open
    await page.getByTestId('h5-approval-submit').click();
    await popup.getByTestId('h5-approval-error').waitFor();
    expect(await popup.getByTestId('h5-approval-error').innerText()).toBe('请填写「是否同意」');
    await save(page, 'h5-task-form-360-refused');

    // with a choice the pass goes through and the value becomes the process variable
    await field.getByText('同意报销').click();
    await page.getByTestId('h5-approval-submit').click();
    await page.getByTestId('h5-todo').waitFor();
    const history = await api<{ rows?: unknown[] } | unknown[]>('zhulin', 'GET', `/actTask/historicFlow/${applied.result.procInstId}`);
    const text = JSON.stringify(history.result);
    expect(text).toContain('"agree":"yes"');
  });
});
