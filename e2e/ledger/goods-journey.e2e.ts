import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  baseURL,
  launchBrowser,
  loginAs,
  newPage,
  PHONE,
  screenshot as save,
} from '../support/browser';

/**
 * The goods ledger from purchase to scrap: admin (A01, asset administrator) files the purchase and the stock
 * entry and approves everything; yangfan (A01) receives, returns and shares; zhulin (A03) claims the shared
 * laptop across companies (group level A01); machao (A03) recycles and scraps it. Libraries are checked
 * after each step.
 */
const RUN = Date.now().toString(36);
const T = (s: string) => `E2E${s}-${RUN}`;
const LAPTOP = '笔记本电脑';
const SUPPLIER = '上海联想电脑销售有限公司';
const A01_WH = '集团总部仓库';

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await save(page, name);
}

/**
 * zhangwei (A01) becomes a second asset administrator: what admin files is approved by him, since nobody
 * approves their own application.
 */
async function addSecondAdmin(): Promise<void> {
  const token = await apiLogin('admin');
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${baseURL()}/jeecg-boot${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'X-Access-Token': token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { success: boolean; message: string; result: any };
  };
  const roles = (await call('GET', '/sys/role/list?pageSize=100')).result.records as { id: string; roleCode: string }[];
  const user = (await call('GET', '/sys/user/list?username=zhangwei')).result.records[0] as { id: string };
  const ids = roles.filter((r) => r.roleCode === 'admin' || r.roleCode === 'dept_leader').map((r) => r.id);
  const r = await call('PUT', '/sys/user/edit', { id: user.id, selectedroles: ids.join(',') });
  expect(r.success, r.message).toBe(true);
}

async function api<T>(username: string, url: string): Promise<T> {
  const token = await apiLogin(username);
  const res = await fetch(`${baseURL()}/jeecg-boot${url}`, { headers: { 'X-Access-Token': token } });
  const body = (await res.json()) as { result: T };
  return body.result;
}

/** Opens an antd Select by its accessible label, optionally types to search, and picks the option with `text`. */
async function pick(page: Page, label: string, text: string, search = false): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (search) await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

async function fileForm(
  page: Page,
  type: string,
  title: string,
  fill: (p: Page) => Promise<void>,
  shot: string,
): Promise<void> {
  await page.goto('/library/apply');
  await page.getByTestId(`new-${type}`).click();
  const form = page.getByTestId('goods-form');
  await form.waitFor();
  await form.getByPlaceholder(/^不填则为/).fill(title);
  await fill(page);
  await screenshot(page, shot);
  await page.getByTestId('goods-submit').click();
  await page.getByTestId('apply-submit').click();
  await page.locator('.ant-message').getByText('操作成功').first().waitFor();
}

/** The asset administrator passes the one open task of `title` from the to-do list. */
async function approve(page: Page, title: string, check?: (p: Page) => Promise<void>): Promise<void> {
  await page.goto(`/activiti/todoManage?name=${encodeURIComponent(title)}`);
  await page.getByTestId('todo-page').waitFor();
  await expect.poll(() => page.getByTestId('todo-pass').count()).toBe(1);
  if (check) {
    await page.getByTestId('todo-open').click();
    await check(page);
    await page.getByTestId('form-pass').click();
  } else {
    await page.getByTestId('todo-pass').click();
  }
  await page.getByTestId('approval-submit').click();
  await page.locator('.ant-message .ant-message-success').first().waitFor();
  await expect.poll(() => page.getByTestId('todo-pass').count()).toBe(0);
}

async function searchList(page: Page, path: string, field: string, value: string): Promise<void> {
  await page.goto(path);
  await page.getByPlaceholder(`请输入${field}`).fill(value);
  await page.getByTestId('list-search').click();
  await page.locator('.ant-table-tbody').waitFor();
}

const rowText = (page: Page, hasText: string) =>
  page.locator('.ant-table-tbody tr', { hasText }).first().innerText();

describe('[LEDGER]: purchase → pool → stock entry → receive → return → share → claim (A01) → recycle → scrap', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pages = new Map<string, Page>();
  const as = async (username: string) => {
    let page = pages.get(username);
    if (!page) {
      const c = await newPage(browser);
      contexts.push(c.context);
      page = c.page;
      await loginAs(page, username);
      pages.set(username, page);
    }
    return page;
  };
  let assetA = '';
  let assetB = '';

  /** The A01 warehouse's laptop stock on the total library page equals `n` (polled: the page loads after the search). */
  const expectLaptopStock = async (n: number): Promise<void> => {
    const admin = await as('admin');
    await searchList(admin, '/library/total', '物品名称', LAPTOP);
    await expect
      .poll(async () => {
        const row = admin.locator('.ant-table-tbody tr.ant-table-row', { hasText: A01_WH }).first();
        return (await row.count()) ? Number(/(\d+) 台/.exec(await row.innerText())?.[1] ?? NaN) : NaN;
      })
      .toBe(n);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    await addSecondAdmin();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('采购: the purchase passes and its line waits in the procure pool; the export holds every line', async () => {
    const admin = await as('admin');
    await expectLaptopStock(3);
    await fileForm(
      admin,
      'ld_purchase',
      T('采购'),
      async (p) => {
        await p.getByLabel('采购事由').fill('新员工入职配置电脑');
        await pick(p, '第1行 物品', LAPTOP, true);
        await p.getByLabel('第1行 数量').fill('1');
        await p.getByLabel('第1行 预估单价').fill('7600');
        await pick(p, '第1行 首选供应商', SUPPLIER, true);
      },
      'ledger-01-purchase-form',
    );
    await approve(await as('zhangwei'), T('采购'));
    await admin.goto('/library/procure');
    const row = admin.locator('.ant-table-tbody tr', { hasText: T('采购') });
    await row.waitFor();
    expect(await row.innerText()).toContain('待采购');
    expect(await admin.getByTestId('pool-groups').innerText()).toContain(SUPPLIER);
    await screenshot(admin, 'ledger-02-procure-pool');

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByTestId('pool-export').click(),
    ]);
    const file = await download.path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file!);
    const ws = wb.worksheets[0];
    const lines: string[][] = [];
    ws.eachRow((r, n) => n > 3 && lines.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const total = await api<{ total: number }>(
      'admin',
      '/activiti/actProcurePoolExtend/list?pageNo=1&pageSize=1',
    );
    expect(lines).toHaveLength(total.total);
    const mine = lines.find((l) => l.includes(T('采购')))!;
    expect(mine.slice(0, 2)).toEqual([SUPPLIER, LAPTOP]);
  });

  it('入库: the stock entry picks the pool line; stock rises and the pool line is 已入库', async () => {
    const admin = await as('admin');
    await fileForm(
      admin,
      'ld_stock_entry',
      T('入库'),
      async (p) => {
        await pick(p, '第1行 采购池明细', `${LAPTOP} × 1（${SUPPLIER}`);
        await pick(p, '第1行 入库仓库', A01_WH);
      },
      'ledger-03-stock-entry-form',
    );
    await approve(await as('zhangwei'), T('入库'));
    await expectLaptopStock(4);
    await screenshot(admin, 'ledger-04-total-after-entry');
    await admin.goto('/library/procure');
    expect(await rowText(admin, T('采购'))).toContain('已入库');
  });

  it('领用: yangfan receives two laptops; the receive library shows them held by 杨帆', async () => {
    const y = await as('yangfan');
    await fileForm(
      y,
      'ld_receive',
      T('领用'),
      async (p) => {
        await p.getByLabel('领用事由').fill('开发与测试用机');
        await pick(p, '第1行 资产', LAPTOP, true);
        await p.getByTestId('goods-add-line').click();
        await pick(p, '第2行 资产', LAPTOP, true);
      },
      'ledger-05-receive-form',
    );
    await approve(await as('admin'), T('领用'));
    const held = await api<{ records: { assetNo: string; holder: string }[] }>(
      'admin',
      '/ledger/library/receive/list?holder=yangfan&pageSize=50',
    );
    expect(held.records).toHaveLength(2);
    [assetA, assetB] = held.records.map((r) => r.assetNo).sort();
    await y.goto('/library/receive');
    expect(await rowText(y, assetA)).toContain('杨帆');
    expect(await rowText(y, assetB)).toContain('杨帆');
    await screenshot(y, 'ledger-06-receive-library');
    await expectLaptopStock(2);
  });

  it('归还: yangfan returns one; it is back in stock', async () => {
    const y = await as('yangfan');
    await fileForm(
      y,
      'ld_return',
      T('归还'),
      async (p) => {
        await pick(p, '第1行 资产', assetA, true);
        await pick(p, '第1行 归还仓库', A01_WH);
      },
      'ledger-07-return-form',
    );
    await approve(await as('admin'), T('归还'));
    await expectLaptopStock(3);
    await y.goto('/library/receive');
    await y.locator('.ant-table-tbody tr', { hasText: assetB }).waitFor();
    expect(await y.locator('.ant-table-tbody tr', { hasText: assetA }).count()).toBe(0);
  });

  it('共享: yangfan offers the other one to the share library, which every company sees', async () => {
    const y = await as('yangfan');
    await fileForm(
      y,
      'ld_share',
      T('共享'),
      (p) => pick(p, '第1行 资产', assetB, true),
      'ledger-08-share-form',
    );
    await approve(await as('admin'), T('共享'));
    const z = await as('zhulin');
    await z.goto('/library/share');
    expect(await rowText(z, assetB)).toContain('杨帆');
    await screenshot(z, 'ledger-09-share-library-other-company');
  });

  it('共享申领: zhulin of A03 claims it; the claim is marked group level A01 and approved by the group', async () => {
    const z = await as('zhulin');
    await fileForm(
      z,
      'ld_share_claim',
      T('申领'),
      (p) => pick(p, '第1行 资产', assetB, true),
      'ledger-10-claim-form',
    );
    await approve(await as('admin'), T('申领'), async (p) => {
      await p.getByTestId('goods-view').waitFor();
      await p.getByTestId('group-level').getByText('集团级 A01').waitFor();
      await screenshot(p, 'ledger-11-claim-task-group-level');
    });
    await z.goto('/library/receive');
    expect(await rowText(z, assetB)).toContain('朱琳');
    await z.goto('/library/share');
    await z.locator('.ant-table-tbody').waitFor();
    expect(await z.locator('.ant-table-tbody tr', { hasText: assetB }).count()).toBe(0);
  });

  it('回收 then 报废: machao of A03 recycles it and scraps it; it leaves the books', async () => {
    const m = await as('machao');
    await fileForm(
      m,
      'ld_recycle',
      T('回收'),
      (p) => pick(p, '第1行 资产', assetB, true),
      'ledger-12-recycle-form',
    );
    await approve(await as('admin'), T('回收'));
    await m.goto('/library/recycle');
    expect(await rowText(m, assetB)).toContain('已回收');
    await screenshot(m, 'ledger-13-recycle-library');

    await fileForm(
      m,
      'ld_scrap',
      T('报废'),
      async (p) => {
        await p.getByLabel('报废原因').fill('屏幕碎裂，维修费用高于残值');
        await pick(p, '第1行 资产', assetB, true);
      },
      'ledger-14-scrap-form',
    );
    await approve(await as('admin'), T('报废'));
    await m.goto('/library/scrap');
    expect(await rowText(m, assetB)).toContain('已报废');
    await m.locator('.ant-table-tbody tr', { hasText: assetB }).getByText('流水').click();
    const history = m.locator('.ant-modal', { hasText: '出入库流水' });
    await history.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const kinds = await history.locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();
    expect(kinds).toEqual([
      '报废',
      '回收',
      '共享申领',
      '共享',
      '领用',
      expect.stringMatching(/^(期初|入库|归还)$/),
    ]);
    await screenshot(m, 'ledger-15-scrap-library-history');
    // a scrapped asset is offered to nobody for receiving
    const pickable = await api<{ assetNo: string }[]>('zhulin', '/ledger/asset/picker?purpose=ld_receive');
    expect(pickable.map((a) => a.assetNo)).not.toContain(assetB);
  });

  it('供应商: the bank-card rule and the credit code checked in the dialog; a supplier can be disabled', async () => {
    const admin = await as('admin');
    await admin.goto('/adminstration/library/supplier');
    await admin.getByTestId('list-add').click();
    const dialog = admin.locator('.ant-modal', { hasText: '新增供应商' });
    await dialog.getByLabel('供应商名称').fill(`E2E供应商${RUN}`);
    await dialog.getByLabel('统一社会信用代码').fill('91440101ma59e2e01k'.slice(0, 18));
    await dialog.getByLabel('银行账号').fill('0123');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入正确的银行卡号').waitFor();
    await screenshot(admin, 'ledger-16-supplier-form-rules');
    await dialog.getByLabel('银行账号').fill('6216610100001234567');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = admin.locator('.ant-table-tbody tr', { hasText: `E2E供应商${RUN}` });
    expect(await row.innerText()).toContain('91440101MA59E2E01K');
    await row.getByText('停用', { exact: true }).click();
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await admin.locator('.ant-message').getByText('停用成功').waitFor();
    const list = await api<{ records: { status: number }[] }>(
      'admin',
      `/adminstration/library/supplier/list?name=${encodeURIComponent(`*E2E供应商${RUN}*`)}`,
    );
    expect(list.records.map((r) => r.status)).toEqual([0]);
    await row.getByText('启用', { exact: true }).waitFor();
    await screenshot(admin, 'ledger-17-supplier-list');
  });

  it('phone: the total library reads as cards', async () => {
    const { context, page } = await newPage(browser, PHONE);
    contexts.push(context);
    await loginAs(page, 'yangfan');
    await page.goto('/library/total');
    await page.getByText('A4打印纸').first().waitFor();
    await screenshot(page, 'ledger-18-total-phone');
  });
});
