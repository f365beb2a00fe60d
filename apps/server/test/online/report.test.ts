import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const DEMO = '1100000000000000000001';

describe.each(dbKinds)('[ONLINE] online reports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const expected = async (minAmount: number, applicant = '') => {
    const r = await sql<{ n: number; s: number | null }>`select count(*) as n, sum(amount) as s from fm_expense
      where del_flag = 0 and amount >= ${minAmount} and applicant_name like ${`%${applicant}%`}`.execute(t.app.dbHandle.db);
    return { n: Number(r.rows[0].n), s: r.rows[0].s === null ? null : Number(r.rows[0].s) };
  };
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, staff] = await Promise.all([t.login('admin'), t.login('wuting')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a session and the report permissions', async () => {
    expect((await t.call(null, 'GET', `/online/cgreport/api/getData/${DEMO}`)).status).toBe(401);
    expect((await t.call(staff, 'GET', `/online/cgreport/api/getData/${DEMO}`)).status).toBe(403);
    expect((await t.call(staff, 'GET', '/online/cgreport/head/list')).status).toBe(403);
    expect((await t.call(staff, 'GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent('select 1 from fm_expense')}`)).status).toBe(403);
  });

  it('describes the demo report in the stock shapes', async () => {
    const cols = (await t.call(admin, 'GET', '/online/cgreport/api/getRpColumns/expense_summary')).body;
    expect(cols.success).toBe(true);
    expect(cols.result.cgRpConfigId).toBe(DEMO);
    expect(cols.result.cgRpConfigName).toBe('费用报销明细');
    expect(cols.result.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual([
      'depart_name', 'applicant_name', 'expense_type', 'amount', 'create_time',
    ]);
    const type = cols.result.columns.find((c: { dataIndex: string }) => c.dataIndex === 'expense_type');
    expect(type).toMatchObject({ title: '费用类型', align: 'center', sorter: 'true', customRender: 'expense_type' });
    expect(cols.result.dictOptions.expense_type.length).toBeGreaterThan(0);
    expect(cols.result.columns.find((c: { dataIndex: string }) => c.dataIndex === 'amount').isTotal).toBe('1');
    expect((await t.call(admin, 'GET', '/online/cgreport/api/getRpColumns/nope')).body.message).toBe('实体不存在');

    const q = (await t.call(admin, 'GET', `/online/cgreport/api/getQueryInfo/${DEMO}`)).body.result;
    expect(q.map((x: { field: string }) => x.field)).toEqual(['depart_name', 'applicant_name', 'expense_type', 'create_time']);
    expect(q[2]).toMatchObject({ view: 'list', mode: 'single', hidden: '1' });
    expect(q[3]).toMatchObject({ mode: 'group', view: 'datetime' });
    expect(q[0].hidden).toBeUndefined();
    const params = (await t.call(admin, 'GET', `/online/cgreport/api/getParamsInfo/${DEMO}`)).body.result;
    expect(params.map((p: { paramName: string }) => p.paramName)).toEqual(['min_amount', 'applicant']);
  });

  it('binds both parameters, searches, sorts, pages and totals', async () => {
    const all = await expected(0);
    expect(all.n).toBeGreaterThan(2);
    const d0 = (await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?pageNo=1&pageSize=100`)).body.result;
    expect(d0.total).toBe(all.n);
    expect(d0.totals.amount).toBeCloseTo(all.s!, 2);
    expect(Object.keys(d0.records[0]).sort()).toEqual(['amount', 'applicant_name', 'create_time', 'depart_name', 'expense_type']);

    const amounts = d0.records.map((r: { amount: number }) => Number(r.amount)).sort((a: number, b: number) => a - b);
    const threshold = amounts[Math.floor(amounts.length / 2)];
    const withMin = await expected(threshold);
    const d1 = (await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?self_min_amount=${threshold}&column=amount&order=asc&pageSize=100`)).body.result;
    expect(d1.total).toBe(withMin.n);
    const got = d1.records.map((r: { amount: number }) => Number(r.amount));
    expect(got).toEqual([...got].sort((a, b) => a - b));
    expect(Math.min(...got)).toBeGreaterThanOrEqual(threshold);

    const name = String(d0.records[0].applicant_name);
    const part = name.slice(1, 2) || name;
    const byName = await expected(0, part);
    const d2 = (await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?self_applicant=${encodeURIComponent(part)}&pageSize=100`)).body.result;
    expect(d2.total).toBe(byName.n);

    // single search (exact and *like*), dictionary values, date range (group mode)
    const d3 = (await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?applicant_name=${encodeURIComponent(name)}&pageSize=100`)).body.result;
    expect(d3.records.every((r: { applicant_name: string }) => r.applicant_name === name)).toBe(true);
    const d4 = (await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?applicant_name=${encodeURIComponent(`*${part}*`)}&pageSize=100`)).body.result;
    expect(d4.total).toBe(byName.n);
    const type = String(d0.records[0].expense_type);
    const d5 = (await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?expense_type=${type}&pageSize=100`)).body.result;
    expect(d5.total).toBeGreaterThan(0);
    expect(d5.records.every((r: { expense_type: string }) => r.expense_type === type)).toBe(true);
    const day = String(d0.records[0].create_time).slice(0, 10);
    const d6 = (await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?create_time_begin=${day}%2000:00:00&create_time_end=${day}%2023:59:59&pageSize=100`)).body.result;
    expect(d6.total).toBeGreaterThan(0);
    expect(d6.records.every((r: { create_time: string }) => String(r.create_time).startsWith(day))).toBe(true);

    // paging
    const p2 = (await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?pageNo=2&pageSize=2&column=amount&order=desc`)).body.result;
    expect(p2.total).toBe(all.n);
    expect(p2.records.length).toBe(Math.min(2, Math.max(0, all.n - 2)));

    // the sort column must be a report column
    const bad = (await t.call(admin, 'GET', `/online/cgreport/api/getData/${DEMO}?column=password`)).body;
    expect(bad.success).toBe(false);
    expect(bad.message).toBe('排序字段不是报表的字段');
  });

  it('exports the report as a real workbook', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/jeecg-boot/online/cgreport/api/exportXls/${DEMO}`, headers: { 'x-access-token': admin } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(r.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('designs a report: parse, add with two parameters, edit, read back, delete', async () => {
    const reportSql = "select sys_org_code, expense_type, count(*) as cnt, sum(amount) as total_amount from fm_expense where del_flag = ${flag} and expense_type like '%${kind}%' group by sys_org_code, expense_type";
    const parsed = (await t.call(admin, 'GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent(reportSql)}`)).body;
    expect(parsed.success).toBe(true);
    expect(parsed.result.fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['sys_org_code', 'expense_type', 'cnt', 'total_amount']);
    expect(parsed.result.params.map((p: { paramName: string }) => p.paramName)).toEqual(['flag', 'kind']);

    const code = `rpt_${kind}`;
    const payload = {
      head: { code, name: '费用按类型汇总', cgrSql: reportSql, dbSource: '' },
      items: [
        { fieldName: 'sys_org_code', fieldTxt: '部门', isShow: '1', isSearch: '1', searchMode: 'single', orderNum: 1 },
        { fieldName: 'expense_type', fieldTxt: '类型', isShow: '1', dictCode: 'expense_type', orderNum: 2 },
        { fieldName: 'cnt', fieldTxt: '笔数', fieldType: 'Integer', isShow: '1', isTotal: '1', orderNum: 3 },
        { fieldName: 'total_amount', fieldTxt: '金额', fieldType: 'Double', isShow: '1', isTotal: '1', orderNum: 4 },
      ],
      params: [
        { paramName: 'flag', paramTxt: '删除标记', paramValue: '0' },
        { paramName: 'kind', paramTxt: '类型包含', paramValue: '' },
      ],
    };
    const add = (await t.call(admin, 'POST', '/online/cgreport/head/add', payload)).body;
    expect(add.success).toBe(true);
    expect((await t.call(admin, 'POST', '/online/cgreport/head/add', payload)).body.message).toBe('报表编码已存在');
    const list = (await t.call(admin, 'GET', `/online/cgreport/head/list?code=${code}`)).body.result;
    expect(list.total).toBe(1);
    const id = list.records[0].id as string;
    const data = (await t.call(admin, 'GET', `/online/cgreport/api/getData/${id}?pageSize=100`)).body.result;
    const all = await expected(0);
    expect(data.totals.cnt).toBe(all.n);
    expect(data.totals.total_amount).toBeCloseTo(all.s!, 2);

    // edit: a column that is not in the result is refused; a good edit replaces items and params
    const wrong = await t.call(admin, 'PUT', '/online/cgreport/head/editAll', { ...payload, head: { ...payload.head, id }, items: [{ fieldName: 'nope', fieldTxt: 'x' }] });
    expect(wrong.body.message).toBe('字段 nope 不在查询结果中');
    const edited = await t.call(admin, 'PUT', '/online/cgreport/head/editAll', { ...payload, head: { ...payload.head, id, name: '费用汇总' }, items: payload.items.slice(0, 3) });
    expect(edited.body.success).toBe(true);
    expect((await t.call(admin, 'GET', `/online/cgreport/item/listByHeadId?headId=${id}`)).body.result).toHaveLength(3);
    expect((await t.call(admin, 'GET', `/online/cgreport/param/listByHeadId?headId=${id}`)).body.result).toHaveLength(2);
    expect((await t.call(admin, 'DELETE', `/online/cgreport/head/delete?id=${id}`)).body.success).toBe(true);
    expect((await t.call(admin, 'GET', `/online/cgreport/api/getQueryInfo/${id}`)).body.message).toBe('实体不存在');
  });

  it('reads only allowed tables; an administrator can allow one', async () => {
    const q = encodeURIComponent('select username, realname from sys_user');
    const refused = (await t.call(admin, 'GET', `/online/cgreport/head/parseSql?sql=${q}`)).body;
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('sys_user');
    expect((await t.call(admin, 'POST', '/online/cgreport/table/add', { tableName: 'sys_user' })).body.success).toBe(true);
    expect((await t.call(admin, 'GET', `/online/cgreport/head/parseSql?sql=${q}`)).body.success).toBe(true);
    const listed = (await t.call(admin, 'GET', '/online/cgreport/table/list')).body.result as { id: string; tableName: string }[];
    const row = listed.find((r) => r.tableName === 'sys_user')!;
    expect((await t.call(admin, 'DELETE', `/online/cgreport/table/delete?id=${row.id}`)).body.success).toBe(true);
    expect((await t.call(admin, 'GET', `/online/cgreport/head/parseSql?sql=${q}`)).body.success).toBe(false);
  });
});
