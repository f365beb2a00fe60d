import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { withAuditDown, type Change } from './trail.js';
import { bpmn, deploy, Flow, u } from '../workflow/wf-helpers.js';


const FUNDS = { payee: '华信科技有限公司', bank: '招商银行上海分行', account: '6225880123456789', payMethod: 'transfer', dueDate: '2026-12-20', purpose: '系统采购尾款' };

/** The change trail of approval form rows (docs/audit.md): one record type per form table, labels from the declaration. */
describe.each(dbKinds)('[AUDIT] approval form changes on %s', (kind) => {
  let t: TestApp;
  let f: Flow;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.ctx.db;
  const read = (who: string, type: string, id: string) => f.call(who, 'GET', `/sys/changeLog/record?recordType=${type}&recordId=${id}&pageSize=200`);
  async function changesOf(who: string, type: string, id: string): Promise<Change[]> {
    const r = await read(who, type, id);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    return r.body.result.records;
  }
  const draft = async (who: string, tableName: string, data: Record<string, unknown>) => {
    const r = await f.call(who, 'POST', '/actBusiness/add', { tableName, ...data });
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.result as { id: string; tableId: string; title: string };
  };

  it('资金: save and edit of a draft record each changed field with the declared labels; the applicant, a participant and the company reader read them, others not', async () => {
    const d = await draft('dongjian', 'fm_funds', { ...FUNDS, amount: 1280 });
    const added = await changesOf('dongjian', 'fm_funds', d.tableId);
    expect(added.every((c) => c.action === 'add' && c.userId === 'dongjian' && c.recordType_dictText === '资金申请')).toBe(true);
    expect(added.find((c) => c.field === 'amount')).toMatchObject({ fieldLabel: '金额（元）', oldValue: null, newValue: '1280', recordName: d.title });
    expect(added.find((c) => c.field === 'payee')).toMatchObject({ fieldLabel: '收款单位', newValue: FUNDS.payee });

    const e = await f.call('dongjian', 'PUT', '/actBusiness/editForm', { id: d.id, ...FUNDS, amount: 2560.5, purpose: '系统采购尾款（二期）' });
    expect(e.body.success, e.body.message).toBe(true);
    const edits = (await changesOf('dongjian', 'fm_funds', d.tableId)).filter((c) => c.action === 'edit');
    const byField = Object.fromEntries(edits.map((c) => [c.field, c]));
    expect(byField.amount).toMatchObject({ oldValue: '1280', newValue: '2560.5', fieldLabel: '金额（元）' });
    expect(byField.purpose).toMatchObject({ oldValue: FUNDS.purpose, newValue: '系统采购尾款（二期）', fieldLabel: '资金用途' });
    expect(byField.title).toMatchObject({ fieldLabel: '标题', newValue: '董建的资金申请 · 华信科技有限公司 ¥2,560.50' });
    expect(byField.payee).toBeUndefined(); // unchanged: no row
    expect(Object.keys(byField).sort()).toEqual(['amount', 'purpose', 'title']);

    // another employee of the company (no 查看全公司) may not read it; the department head (查看全公司) may
    expect((await read('zhulin', 'fm_funds', d.tableId)).body.success).toBe(false);
    expect((await changesOf('machao', 'fm_funds', d.tableId)).length).toBe(added.length + edits.length);
    // the administrator's search names the type and the field
    const search = await f.call('admin', 'GET', `/sys/changeLog/list?recordType=fm_funds&recordId=${d.tableId}&fieldName=amount`);
    expect(search.body.result.records.map((c: Change) => [c.recordType_dictText, c.fieldLabel, c.action])).toEqual([
      ['资金申请', '金额（元）', 'edit'],
      ['资金申请', '金额（元）', 'add'],
    ]);

    // submitted: the approver taking part reads it although they lack the list's 查看全公司 … after a rejection the
    // applicant edits it again (resubmission) and the edit is recorded
    const a = await f.call('dongjian', 'POST', '/actBusiness/apply', { id: d.id });
    expect(a.body.success, a.body.message).toBe(true);
    const back = await f.sign('machao', a.body.result.procInstId, 'deptApprove', { type: 1, comment: '金额有误' });
    expect(back.body.success, back.body.message).toBe(true);
    expect((await f.call('dongjian', 'PUT', '/actBusiness/editForm', { id: d.id, ...FUNDS, amount: 2500, purpose: '系统采购尾款（二期）' })).body.success).toBe(true);
    expect((await changesOf('dongjian', 'fm_funds', d.tableId)).find((c) => c.action === 'edit' && c.field === 'amount' && c.newValue === '2500')).toMatchObject({ oldValue: '2560.5' });
  });

  it('an approver without the company-wide permission reads the changes of the form they take part in', async () => {
    const admin = await f.token('admin');
    const procDefId = await deploy(t, admin, bpmn('t_audit_funds', [['start', 'start'], ['a', 'user', '审核'], ['end', 'end']], [['f1', 'start', 'a'], ['f2', 'a', 'end']]), { a: u('zhulin') }, 'fm_funds');
    const d = await draft('dongjian', 'fm_funds', { ...FUNDS, amount: 300, procDefId });
    expect((await read('zhulin', 'fm_funds', d.tableId)).body.success).toBe(false);
    const a = await f.call('dongjian', 'POST', '/actBusiness/apply', { id: d.id, procDefId });
    expect(a.body.success, a.body.message).toBe(true);
    expect((await changesOf('zhulin', 'fm_funds', d.tableId)).find((c) => c.field === 'amount')).toMatchObject({ newValue: '300' });
    expect((await read('hubin', 'fm_funds', d.tableId)).body.success).toBe(false);
  });

  it('绩效: the score an approver gives on jxpass is recorded as a change by the approver; a failing audit insert rolls the pass back', async () => {
    const d = await draft('zhulin', 'fm_performance', { yearPart: '2026', quarter: 3, selfScore: 80, summary: '总结' });
    const a = await f.call('zhulin', 'POST', '/actBusiness/apply', { id: d.id });
    expect(a.body.success, a.body.message).toBe(true);
    const inst = a.body.result.procInstId as string;
    await withAuditDown(db(), async () => {
      expect((await f.call('machao', 'POST', '/actTask/jxpass', { id: await f.taskId(inst, 'leaderScore'), comment: '良好', score: 70 })).body.success).toBe(false);
    });
    expect(await f.open(inst)).toContain('leaderScore:machao');
    const r = await f.call('machao', 'POST', '/actTask/jxpass', { id: await f.taskId(inst, 'leaderScore'), comment: '良好', score: 85 });
    expect(r.body.success, r.body.message).toBe(true);
    const scored = (await changesOf('zhulin', 'fm_performance', d.tableId)).filter((c) => c.field === 'score');
    expect(scored).toHaveLength(1);
    expect(scored[0]).toMatchObject({ action: 'edit', userId: 'machao', oldValue: null, newValue: '85', fieldLabel: '考评得分', recordType_dictText: '绩效考评' });
  });

  it('采购 (a goods form): save and edit record the header fields and the lines; a failing audit insert rolls the edit back', async () => {
    const item = await db().selectFrom('ldItem').select('id').where('code', '=', 'ZC-NB').executeTakeFirstOrThrow();
    const d = await draft('yangfan', 'ld_purchase', { reason: '新员工入职', lines: [{ itemId: item.id, qty: 2, price: 7600 }] });
    const added = await changesOf('yangfan', 'ld_purchase', d.tableId);
    expect(added.find((c) => c.field === 'reason')).toMatchObject({ action: 'add', newValue: '新员工入职', fieldLabel: '申请说明', recordType_dictText: '采购申请' });
    expect(added.find((c) => c.field === 'lines')?.newValue).toContain('"qty":2');
    const e = await f.call('yangfan', 'PUT', '/actBusiness/editForm', { id: d.id, reason: '新员工入职（两人）', lines: [{ itemId: item.id, qty: 3, price: 7600 }] });
    expect(e.body.success, e.body.message).toBe(true);
    const edits = (await changesOf('yangfan', 'ld_purchase', d.tableId)).filter((c) => c.action === 'edit');
    expect(edits.map((c) => c.field).sort()).toEqual(['lines', 'reason']);
    expect(edits.find((c) => c.field === 'lines')).toMatchObject({ fieldLabel: '物品明细' });
    expect(edits.find((c) => c.field === 'lines')?.newValue).toContain('"qty":3');
    expect((await read('zhulin', 'ld_purchase', d.tableId)).body.success).toBe(false);
    await withAuditDown(db(), async () => {
      expect((await f.call('yangfan', 'PUT', '/actBusiness/editForm', { id: d.id, reason: '不应保存', lines: [{ itemId: item.id, qty: 9, price: 7600 }] })).body.success).toBe(false);
    });
    const row = await db().selectFrom('ldForm').select('reason').where('id', '=', d.tableId).executeTakeFirstOrThrow();
    expect(row.reason).toBe('新员工入职（两人）');
    const lines = await db().selectFrom('ldFormLine').select('qty').where('formId', '=', d.tableId).execute();
    expect(lines.map((l) => Number(l.qty))).toEqual([3]);
  });

  it('the form edit is rolled back when its audit insert fails; a draft delete records the removed values', async () => {
    const d = await draft('dongjian', 'fm_funds', { ...FUNDS, amount: 640 });
    await withAuditDown(db(), async () => {
      const e = await f.call('dongjian', 'PUT', '/actBusiness/editForm', { id: d.id, ...FUNDS, amount: 999 });
      expect(e.body.success).toBe(false);
      const add = await f.call('dongjian', 'POST', '/actBusiness/add', { tableName: 'fm_funds', ...FUNDS, amount: 1, payee: '不应保存' });
      expect(add.body.success).toBe(false);
    });
    const row = await sql<{ amount: unknown }>`select amount from fm_funds where id = ${d.tableId}`.execute(db());
    expect(Number(row.rows[0].amount)).toBe(640);
    const lost = await sql`select id from fm_funds where payee = ${'不应保存'}`.execute(db());
    expect(lost.rows).toHaveLength(0);
    expect((await changesOf('dongjian', 'fm_funds', d.tableId)).filter((c) => c.newValue === '999')).toHaveLength(0);

    await withAuditDown(db(), async () => {
      expect((await f.call('dongjian', 'DELETE', `/actBusiness/delByIds?ids=${d.id}`)).body.success).toBe(false);
    });
    expect((await f.call('dongjian', 'GET', `/actBusiness/getForm?id=${d.id}`)).body.success).toBe(true);
    expect((await f.call('dongjian', 'DELETE', `/actBusiness/delByIds?ids=${d.id}`)).body.success).toBe(true);
    const removed = (await changesOf('dongjian', 'fm_funds', d.tableId)).filter((c) => c.action === 'delete');
    expect(removed.find((c) => c.field === 'amount')).toMatchObject({ oldValue: '640', newValue: null });
  });
});
