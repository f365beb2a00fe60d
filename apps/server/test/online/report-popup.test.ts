/**
 * The popup report selector: one page of an online report by its code (the report's paging, parameters
 * and search values), the view permission, and the `弹窗配置错误` checks of the endpoint and of a form design
 * with a popup field; form fields of the picker types are no dictionaries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const URL = '/online/cgreport/api/getPopupData/expense_summary';

const field = (dbFieldName: string, dbFieldTxt: string, extra: Record<string, unknown> = {}) => ({
  dbFieldName,
  dbFieldTxt,
  dbType: 'string',
  dbLength: 100,
  dbIsNull: 1,
  isShowList: 1,
  isShowForm: 1,
  ...extra,
});

describe.each(dbKinds)('[ONLINE] popup report data on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, staff] = await Promise.all([t.login('admin'), t.login('wuting')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a session and the report view permission', async () => {
    expect((await t.call(null, 'GET', URL)).status).toBe(401);
    const denied = await t.call(staff, 'GET', URL);
    expect(denied.status).toBe(403);
    expect(JSON.stringify(denied.body)).not.toContain('applicant_name');
  });

  it('answers a page of the report by code with the report paging, parameters and search values', async () => {
    const all = (await t.call(admin, 'GET', `${URL}?pageNo=1&pageSize=100`)).body;
    expect(all.success).toBe(true);
    expect(all.result.total).toBeGreaterThan(2);
    expect(all.result).toMatchObject({ current: 1, size: 100, pages: 1 });
    expect(Object.keys(all.result.records[0]).sort()).toEqual(['amount', 'applicant_name', 'create_time', 'depart_name', 'expense_type']);

    const page2 = (await t.call(admin, 'GET', `${URL}?pageNo=2&pageSize=1&column=amount&order=desc`)).body.result;
    expect(page2.records).toHaveLength(1);
    expect(page2.pages).toBe(all.result.total);
    const sorted = [...all.result.records].map((r: { amount: unknown }) => Number(r.amount)).sort((a, b) => b - a);
    expect(Number(page2.records[0].amount)).toBe(sorted[1]);

    const min = sorted[0];
    const big = (await t.call(admin, 'GET', `${URL}?self_min_amount=${min}`)).body.result;
    expect(big.records.every((r: { amount: unknown }) => Number(r.amount) >= min)).toBe(true);
    expect(big.total).toBeLessThan(all.result.total);

    const name = String(all.result.records[0].applicant_name);
    const found = (await t.call(admin, 'GET', `${URL}?applicant_name=${encodeURIComponent(`*${name.slice(0, 1)}*`)}&fields=applicant_name,amount`)).body.result;
    expect(found.total).toBeGreaterThan(0);
    expect(found.records.every((r: { applicant_name: string }) => r.applicant_name.includes(name.slice(0, 1)))).toBe(true);

    // the sort column is one of the report's columns
    expect((await t.call(admin, 'GET', `${URL}?column=password`)).body.success).toBe(false);
  });

  it('answers 弹窗配置错误 for an unknown report or a column the report does not have', async () => {
    const none = await t.call(admin, 'GET', '/online/cgreport/api/getPopupData/no_such_report');
    expect(none.body.success).toBe(false);
    expect(none.body.message).toBe('弹窗配置错误：报表 no_such_report 不存在');
    const bad = await t.call(admin, 'GET', `${URL}?fields=applicant_name,password`);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toBe('弹窗配置错误：报表没有字段 password');
    const odd = await t.call(admin, 'GET', "/online/cgreport/api/getPopupData/x'%20or%201=1");
    expect(odd.status).toBe(400);
  });

  it('checks a form design popup field and keeps picker fields out of the dictionaries', async () => {
    const design = (popup: Record<string, unknown>) => ({
      head: { tableName: `popup_demo_${kind}`, tableTxt: '弹窗示例', tableType: 1 },
      fields: [
        field('applicant', '申请人', { fieldShowType: 'popup', dictTable: 'expense_summary', dictField: 'applicant_name', dictText: 'applicant', ...popup }),
        field('amount', '金额'),
        field('depart', '部门', { fieldShowType: 'sel_depart' }),
        field('owner', '负责人', { fieldShowType: 'sel_user' }),
        field('area', '地区', { fieldShowType: 'pca' }),
        field('category', '分类', { fieldShowType: 'cat_tree', dictField: 'B01' }),
      ],
    });
    const uneven = await t.call(admin, 'POST', '/online/cgform/api/addAll', design({ dictField: 'applicant_name,amount', dictText: 'applicant' }));
    expect(uneven.body.success).toBe(false);
    expect(uneven.body.message).toContain('弹窗配置错误');
    const noCode = await t.call(admin, 'POST', '/online/cgform/api/addAll', design({ dictTable: '' }));
    expect(noCode.body.message).toContain('弹窗配置错误');
    const noReport = await t.call(admin, 'POST', '/online/cgform/api/addAll', design({ dictTable: 'nope_report' }));
    expect(noReport.body.message).toBe('申请人：弹窗配置错误，报表 nope_report 不存在');
    const noColumn = await t.call(admin, 'POST', '/online/cgform/api/addAll', design({ dictField: 'password' }));
    expect(noColumn.body.message).toBe('申请人：弹窗配置错误，报表没有字段 password');
    const noDest = await t.call(admin, 'POST', '/online/cgform/api/addAll', design({ dictField: 'applicant_name,amount', dictText: 'applicant,money' }));
    expect(noDest.body.message).toBe('申请人：弹窗配置错误，表单没有字段 money');

    const okDesign = await t.call(admin, 'POST', '/online/cgform/api/addAll', design({ dictField: 'applicant_name,amount', dictText: 'applicant,amount' }));
    expect(okDesign.body.success).toBe(true);
    const id = okDesign.body.result as string;
    expect((await t.call(admin, 'POST', `/online/cgform/api/doDbSynch/${id}/normal`)).body.success).toBe(true);
    const cols = (await t.call(admin, 'GET', `/online/cgform/api/getColumns/${id}`)).body.result;
    expect(Object.keys(cols.dictOptions)).toEqual([]);
    expect(cols.formFields.find((f: { dbFieldName: string }) => f.dbFieldName === 'applicant')).toMatchObject({ fieldShowType: 'popup', dictTable: 'expense_summary', dictField: 'applicant_name,amount', dictText: 'applicant,amount' });
    const added = await t.call(admin, 'POST', `/online/cgform/api/form/${id}`, { applicant: '张三', amount: '12', depart: 'A01', owner: 'admin', area: '110101', category: 'x' });
    expect(added.body.success).toBe(true);
    const rows = (await t.call(admin, 'GET', `/online/cgform/api/getData/${id}`)).body.result.records;
    expect(rows[0]).toMatchObject({ applicant: '张三', owner: 'admin', area: '110101' });
    expect(rows[0].applicant_dictText).toBeUndefined();
  });
});
