import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { Flow } from '../workflow/wf-helpers.js';
import { registerFormTypes } from '../../src/modules/forms/index.js';
import { FormRegistry } from '../../src/modules/workflow/form-registry.js';

type Body = Record<string, unknown>;

const FUNDS = { payee: '华信科技有限公司', bank: '招商银行上海分行', account: '6225880123456789', payMethod: 'transfer', dueDate: '2026-12-20', purpose: '系统采购尾款' };
const TRIP = { destination: '广州', transport: 'train', budget: 2600, reason: '拜访客户' };
const CONTRACT = { counterparty: '星河传媒有限公司', startDate: '2027-01-01', endDate: '2027-12-31', paymentTerms: '按季度支付' };
const NON_ROUTINE = { subject: '考勤补录', employee: 'zhulin', description: '外出未打卡' };

describe.each(dbKinds)('[FORMS] funds, trip, contract and non-routine on %s', (kind) => {
  let t: TestApp;
  let f: Flow;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = new Flow(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Saves a draft; answers the add result. */
  const draft = async (who: string, tableName: string, data: Body) => {
    const r = await f.call(who, 'POST', '/actBusiness/add', { tableName, ...data });
    expect(r.body.success, r.body.message).toBe(true);
    return r.body.result as { id: string; tableId: string; title: string; procDefId: string };
  };
  /** Saves and submits; answers business id and instance id. */
  const start = async (who: string, tableName: string, data: Body) => {
    const d = await draft(who, tableName, data);
    const r = await f.call(who, 'POST', '/actBusiness/apply', { id: d.id });
    expect(r.body.success, r.body.message).toBe(true);
    return { ...d, inst: r.body.result.procInstId as string };
  };
  /** The validation message of a bad add (HTTP 400). */
  const invalid = async (tableName: string, data: Body) => {
    const r = await f.call('dongjian', 'POST', '/actBusiness/add', { tableName, ...data });
    expect(r.status, r.raw).toBe(400);
    return r.body.message;
  };
  const myRow = async (who: string, id: string) => {
    const r = await f.call(who, 'POST', '/actBusiness/listData', { pageNo: 1, pageSize: 100 });
    return (r.body.result.records as Body[]).find((x) => x.id === id)!;
  };
  const next = async (who: string, path: string, body: Body) => (await f.call(who, 'POST', `/activiti_process/${path}`, body)).body.result;

  it('资金: Chinese validation per rule, title with key figures, draft edit', async () => {
    const empty = await invalid('fm_funds', {});
    for (const m of ['请输入收款单位', '请输入开户银行', '请输入银行账号', '请输入金额（元）', '请选择付款方式', '请选择要求付款日期', '请输入资金用途']) expect(empty).toContain(m);
    expect(await invalid('fm_funds', { ...FUNDS, amount: 100, account: '0123456789012' })).toContain('请输入正确的银行卡号');
    expect(await invalid('fm_funds', { ...FUNDS, amount: '12.345' })).toContain('金额（元）最多两位小数');
    expect(await invalid('fm_funds', { ...FUNDS, amount: 0 })).toContain('金额（元）必须大于0');
    expect(await invalid('fm_funds', { ...FUNDS, amount: 10, dueDate: '2026-02-30' })).toContain('要求付款日期格式不正确');
    expect(await invalid('fm_funds', { ...FUNDS, amount: 10, payMethod: 'bitcoin' })).toContain('请选择付款方式');

    const d = await draft('dongjian', 'fm_funds', { ...FUNDS, amount: '1280' });
    expect(d.title).toBe('董建的资金申请 · 华信科技有限公司 ¥1,280.00');
    const e = await f.call('dongjian', 'PUT', '/actBusiness/editForm', { id: d.id, ...FUNDS, amount: 2560.5 });
    expect(e.body.success, e.body.message).toBe(true);
    const form = await f.call('dongjian', 'GET', `/actBusiness/getForm?id=${d.id}`);
    expect(form.body.result).toMatchObject({ amount: 2560.5, account: '6225880123456789', title: '董建的资金申请 · 华信科技有限公司 ¥2,560.50', status: 0, result: 0, tableName: 'fm_funds', groupLevel: false });
    const row = await myRow('dongjian', d.id);
    expect(row).toMatchObject({ formLabel: '资金', status_dictText: '草稿', result_dictText: '未提交' });
  });

  it('资金: 50,000 and more goes to group finance (A01) and ends passed; less ends after the department head', async () => {
    const big = await draft('dongjian', 'fm_funds', { ...FUNDS, amount: 80000 });
    const first = await next('dongjian', 'getNextNodeWander', { procDefId: big.procDefId, tableId: big.tableId });
    expect(first).toMatchObject({ type: 1, title: '部门负责人审批', z_type: 'fm_funds' });
    expect(first.users.map((u: Body) => u.username)).toEqual(['machao']);
    const a = await f.call('dongjian', 'POST', '/actBusiness/apply', { id: big.id });
    const inst = a.body.result.procInstId as string;
    expect(await f.open(inst)).toEqual(['deptApprove:machao']);
    const gw = await next('machao', 'getPartNextNodeWander', { procInstId: inst, currActId: 'deptApprove', claimOrgCodeValue: 'A01' });
    expect(gw).toMatchObject({ type: 3, title: '集团财务审批' });
    expect(gw.users.map((u: Body) => u.username).sort()).toEqual(['chenjing', 'liuyang']);
    // The A03 company filter leaves nobody of the group finance department.
    expect((await next('machao', 'getNextNode', { procInstId: inst, currActId: 'deptApprove', claimOrgCodeValue: 'A03' })).users).toEqual([]);
    const todo = await f.call('machao', 'POST', '/actTask/todoList', { name: big.title });
    expect(todo.body.result.records[0]).toMatchObject({ processName: '资金申请', tableName: 'fm_funds', routeName: 'forms/FundsForm', title: '董建的资金申请 · 华信科技有限公司 ¥80,000.00' });
    await f.passOk('machao', inst, 'deptApprove');
    expect(await f.open(inst)).toEqual(['groupFinance:chenjing|liuyang']);
    expect((await f.pass('dongjian', inst, 'groupFinance')).body.message).toBe('您不是该任务的审批人，无权处理');
    const end = await next('liuyang', 'getPerfNextNodeWander', { procInstId: inst, currActId: 'groupFinance' });
    expect(end).toMatchObject({ type: 2, users: [{ realname: '完成资金审批' }] });
    await f.passOk('liuyang', inst, 'groupFinance');
    expect(await f.state(big.id)).toEqual([2, 2]);
    expect(await myRow('dongjian', big.id)).toMatchObject({ formLabel: '资金', status_dictText: '已结束', result_dictText: '通过' });
    const done = await f.call('liuyang', 'POST', '/actTask/doneList', { name: big.title });
    expect(done.body.result.records[0]).toMatchObject({ tableName: 'fm_funds', status_dictText: '已结束', result_dictText: '通过' });

    const small = await start('dongjian', 'fm_funds', { ...FUNDS, amount: 49999.99 });
    const gwSmall = await next('machao', 'getNextNodeWander', { procInstId: small.inst, currActId: 'deptApprove' });
    expect(gwSmall).toMatchObject({ type: 3, users: [{ realname: '完成资金审批' }] });
    await f.passOk('machao', small.inst, 'deptApprove');
    expect(await f.state(small.id)).toEqual([2, 2]);
  });

  it('资金: reject to the initiator, return to a node, resubmit', async () => {
    const r1 = await start('zhulin', 'fm_funds', { ...FUNDS, amount: 60000 });
    const back = await f.call('machao', 'POST', '/actTask/back', { id: await f.taskId(r1.inst, 'deptApprove'), comment: '预算不足' });
    expect(back.body.success, back.body.message).toBe(true);
    expect(await f.state(r1.id)).toEqual([2, 3]);
    expect(await myRow('zhulin', r1.id)).toMatchObject({ status_dictText: '已结束', result_dictText: '驳回' });
    // A rejected application may be edited and submitted again.
    expect((await f.call('zhulin', 'PUT', '/actBusiness/editForm', { id: r1.id, ...FUNDS, amount: 30000 })).body.success).toBe(true);
    const again = await f.call('zhulin', 'POST', '/actBusiness/apply', { id: r1.id });
    expect(again.body.success, again.body.message).toBe(true);

    const r2 = await start('zhulin', 'fm_funds', { ...FUNDS, amount: 90000 });
    await f.passOk('machao', r2.inst, 'deptApprove');
    const list = await f.call('liuyang', 'GET', `/actTask/getBackList/${r2.inst}`);
    expect(list.body.result).toEqual([{ key: 'deptApprove', name: '部门负责人审批' }]);
    const ret = await f.call('liuyang', 'POST', '/actTask/backToTask', { id: await f.taskId(r2.inst, 'groupFinance'), backTaskKey: 'deptApprove', comment: '请补充合同' });
    expect(ret.body.success, ret.body.message).toBe(true);
    expect(await f.open(r2.inst)).toEqual(['deptApprove:machao']);
    expect(await f.state(r2.id)).toEqual([1, 1]);
  });

  it('出差: end not before start, days computed; more than 5 days adds the department head', async () => {
    const bad = await invalid('fm_trip', { ...TRIP, startDate: '2026-12-10', endDate: '2026-12-09' });
    expect(bad).toContain('结束日期不能早于开始日期');
    const empty = await invalid('fm_trip', {});
    for (const m of ['请输入目的地', '请选择开始日期', '请选择结束日期', '请选择交通方式', '请输入预算（元）', '请输入出差事由']) expect(empty).toContain(m);

    const short = await start('zhulin', 'fm_trip', { ...TRIP, startDate: '2026-12-02', endDate: '2026-12-04', companions: ['dongjian', 'hubin'] });
    const tripRow = (await f.call('zhulin', 'GET', '/forms/trip/list?pageSize=500')).body.result.records.find((r: Body) => r.id === short.tableId);
    expect(tripRow).toMatchObject({ companions: 'dongjian,hubin', companions_dictText: '董建、胡斌' });
    expect(short.title).toBe('朱琳的出差申请 · 广州 3天 ¥2,600.00');
    const form = await f.call('zhulin', 'GET', `/actBusiness/getForm?id=${short.id}`);
    expect(form.body.result).toMatchObject({ days: 3, companions: 'dongjian,hubin', longTrip: false });
    expect(await f.open(short.inst)).toEqual([expect.stringMatching(/^adminApprove:(.*\|)?lina\|(.*\|)?wangfang/)]);
    await f.passOk('lina', short.inst, 'adminApprove');
    expect(await f.state(short.id)).toEqual([2, 2]);
    expect(await myRow('zhulin', short.id)).toMatchObject({ formLabel: '出差', result_dictText: '通过' });

    const long = await draft('zhulin', 'fm_trip', { ...TRIP, destination: '深圳、东莞', startDate: '2026-12-07', endDate: '2026-12-14' });
    expect(long.title).toContain('8天');
    expect(await next('zhulin', 'getNextNodeWander', { procDefId: long.procDefId, tableId: long.tableId })).toMatchObject({ type: 3, title: '部门负责人审批' });
    const ap = await f.call('zhulin', 'POST', '/actBusiness/apply', { id: long.id });
    const inst = ap.body.result.procInstId as string;
    expect(await f.open(inst)).toEqual(['deptApprove:machao']);
    await f.passOk('machao', inst, 'deptApprove');
    expect(await f.open(inst)).toEqual([expect.stringMatching(/^adminApprove:(.*\|)?lina\|(.*\|)?wangfang/)]);
    const back = await f.call('wangfang', 'POST', '/actTask/backToTask', { id: await f.taskId(inst, 'adminApprove'), backTaskKey: '-1', comment: '行程过长' });
    expect(back.body.success, back.body.message).toBe(true);
    expect(await f.state(long.id)).toEqual([2, 3]);
  });

  it('合同: unique number (also through the duplicate check); thresholds route to legal and to the group', async () => {
    const no = `HT-T-${kind}-${++seq}`;
    const empty = await invalid('fm_contract', {});
    for (const m of ['请输入合同编号', '请输入合同相对方', '请输入合同金额（元）', '请输入付款条款']) expect(empty).toContain(m);
    const small = await start('dongjian', 'fm_contract', { ...CONTRACT, contractNo: no, amount: 50000 });
    const dup = await f.call('dongjian', 'POST', '/actBusiness/add', { tableName: 'fm_contract', ...CONTRACT, contractNo: no, amount: 1 });
    expect(dup.body).toMatchObject({ success: false, message: '合同编号已存在' });
    const check = await f.call('dongjian', 'GET', `/sys/duplicate/check?tableName=fm_contract&fieldName=contractNo&fieldVal=${encodeURIComponent(no)}`);
    expect(check.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const free = await f.call('dongjian', 'GET', `/sys/duplicate/check?tableName=fm_contract&fieldName=contract_no&fieldVal=HT-FREE-${kind}`);
    expect(free.body.success).toBe(true);
    await f.passOk('machao', small.inst, 'deptApprove');
    expect(await f.state(small.id)).toEqual([2, 2]);

    const mid = await start('dongjian', 'fm_contract', { ...CONTRACT, contractNo: `${no}-M`, amount: 300000 });
    await f.passOk('machao', mid.inst, 'deptApprove');
    expect(await f.open(mid.inst)).toEqual(['legalApprove:wangfang']);
    expect(await next('wangfang', 'getNextNodeWander', { procInstId: mid.inst, currActId: 'legalApprove' })).toMatchObject({ type: 3, users: [{ realname: '完成合同审批' }] });
    await f.passOk('wangfang', mid.inst, 'legalApprove');
    expect(await f.state(mid.id)).toEqual([2, 2]);

    const big = await start('dongjian', 'fm_contract', { ...CONTRACT, contractNo: `${no}-B`, amount: 1500000 });
    await f.passOk('machao', big.inst, 'deptApprove');
    await f.passOk('wangfang', big.inst, 'legalApprove');
    expect(await f.open(big.inst)).toEqual(['groupApprove:zhangwei']);
    const ret = await f.call('zhangwei', 'POST', '/actTask/backToTask', { id: await f.taskId(big.inst, 'groupApprove'), backTaskKey: 'legalApprove', comment: '请法务复核违约条款' });
    expect(ret.body.success, ret.body.message).toBe(true);
    expect(await f.open(big.inst)).toEqual(['legalApprove:wangfang']);
    await f.passOk('wangfang', big.inst, 'legalApprove');
    await f.passOk('zhangwei', big.inst, 'groupApprove');
    expect(await f.state(big.id)).toEqual([2, 2]);
    expect(await myRow('dongjian', big.id)).toMatchObject({ formLabel: '合同', result_dictText: '通过' });
  });

  it('非常规: dictionary category, marked group level when an A01 approver claims it; salary goes to the general manager; ends 完成人事非常规审批', async () => {
    const empty = await invalid('fm_non_routine', {});
    for (const m of ['请输入主题', '请选择类别', '请选择涉及员工', '请输入情况说明']) expect(empty).toContain(m);

    const s = await start('zhulin', 'fm_non_routine', { ...NON_ROUTINE, subject: '试用期提前转正调薪', category: 'salary' });
    expect(s.title).toBe('朱琳的人事非常规申请 · 薪酬调整 试用期提前转正调薪');
    await f.passOk('machao', s.inst, 'deptApprove');
    let form = await f.call('zhulin', 'GET', `/actBusiness/getForm?id=${s.id}`);
    expect(form.body.result.claimOrgCode).toBeNull();
    expect(await f.open(s.inst)).toEqual([expect.stringMatching(/^hrApprove:(.*\|)?lina\|(.*\|)?wangfang/)]);
    expect(await next('lina', 'getNextNodeWander', { procInstId: s.inst, currActId: 'hrApprove', claimOrgCodeValue: 'A01' })).toMatchObject({ type: 3, title: '总经理审批' });
    await f.passOk('lina', s.inst, 'hrApprove', { claimOrgCodeValue: 'A01', isClaim: true });
    form = await f.call('zhulin', 'GET', `/actBusiness/getForm?id=${s.id}`);
    expect(form.body.result).toMatchObject({ claimOrgCode: 'A01', salary: true });
    const end = await next('zhangwei', 'getNextNodeWander', { procInstId: s.inst, currActId: 'gmApprove' });
    expect(end).toMatchObject({ type: 2, users: [{ username: '', realname: '完成人事非常规审批' }] });
    await f.passOk('zhangwei', s.inst, 'gmApprove');
    expect(await f.state(s.id)).toEqual([2, 2]);
    expect(await myRow('zhulin', s.id)).toMatchObject({ formLabel: '非常规', status_dictText: '已结束', result_dictText: '通过' });

    const a = await start('zhulin', 'fm_non_routine', { ...NON_ROUTINE, category: 'attendance' });
    await f.passOk('machao', a.inst, 'deptApprove');
    // A company-level (A03) HR approver leaves it unmarked.
    await f.passOk('qianhui', a.inst, 'hrApprove', { claimOrgCodeValue: 'A03' });
    expect(await f.state(a.id)).toEqual([2, 2]);
    expect((await f.call('zhulin', 'GET', `/actBusiness/getForm?id=${a.id}`)).body.result).toMatchObject({ claimOrgCode: null, salary: false });

    const r = await start('zhulin', 'fm_non_routine', { ...NON_ROUTINE, category: 'other' });
    expect((await f.call('machao', 'POST', '/actTask/back', { id: await f.taskId(r.inst, 'deptApprove'), comment: '不属于非常规事项' })).body.success).toBe(true);
    expect(await f.state(r.id)).toEqual([2, 3]);
    form = await f.call('zhulin', 'GET', `/actBusiness/getForm?id=${r.id}`);
    expect(form.body.result.claimOrgCode).toBeNull();
  });

  it('claimOrgCodeValue on /actTask/pass: the form hook claims at the approver\'s level, and the next approvers are those of the claimed company', async () => {
    const hrOf = async (inst: string) => (await f.open(inst))[0];
    // 出差 over 5 days: the department head passes claiming A03 without choosing; 行政审核 goes to the A03 HR
    // only — what getNextNodeWander/getPerfNextNodeWander with A03 show.
    const long = await start('zhulin', 'fm_trip', { ...TRIP, destination: '成都', startDate: '2026-12-01', endDate: '2026-12-09' });
    await f.passOk('machao', long.inst, 'deptApprove');
    expect(await hrOf(long.inst)).toMatch(/^adminApprove:.*lina/);
    const long2 = await start('zhulin', 'fm_trip', { ...TRIP, destination: '重庆', startDate: '2026-12-01', endDate: '2026-12-09' });
    for (const path of ['getNextNodeWander', 'getPerfNextNodeWander', 'getPartNextNodeWander']) {
      const shown = await next('machao', path, { procInstId: long2.inst, currActId: 'deptApprove', claimOrgCodeValue: 'A03' });
      expect(shown.users.map((u: Body) => u.username), path).toEqual(['qianhui']);
    }
    await f.passOk('machao', long2.inst, 'deptApprove', { claimOrgCodeValue: 'A03', isClaim: false });
    expect(await hrOf(long2.inst)).toBe('adminApprove:qianhui');
    // Group level (A01) is no filter: every HR approver.
    const long3 = await start('zhulin', 'fm_trip', { ...TRIP, destination: '西安', startDate: '2026-12-01', endDate: '2026-12-09' });
    await f.passOk('machao', long3.inst, 'deptApprove', { claimOrgCodeValue: 'A01' });
    expect(await hrOf(long3.inst)).toBe(await hrOf(long.inst));

    // 非常规: an A01 approver naming a company claims at company level (not marked) …
    const a = await start('zhulin', 'fm_non_routine', { ...NON_ROUTINE, category: 'salary' });
    await f.passOk('machao', a.inst, 'deptApprove', { claimOrgCodeValue: 'A01' });
    await f.passOk('lina', a.inst, 'hrApprove', { claimOrgCodeValue: 'A03', isClaim: false });
    expect((await f.call('zhulin', 'GET', `/actBusiness/getForm?id=${a.id}`)).body.result.claimOrgCode).toBeNull();
    // … nobody of A03 approves 总经理审批 (through the gateway), so its own approver gets it.
    expect(await f.open(a.inst)).toEqual(['gmApprove:zhangwei']);
    // … a company (A03) approver cannot claim for the group …
    const b = await start('zhulin', 'fm_non_routine', { ...NON_ROUTINE, category: 'attendance' });
    await f.passOk('machao', b.inst, 'deptApprove');
    await f.passOk('qianhui', b.inst, 'hrApprove', { claimOrgCodeValue: 'A01', isClaim: true });
    expect(await f.state(b.id)).toEqual([2, 2]);
    expect((await f.call('zhulin', 'GET', `/actBusiness/getForm?id=${b.id}`)).body.result.claimOrgCode).toBeNull();
    // … and an A01 approver claiming at group level marks it A01, shown in the list.
    const c = await start('zhulin', 'fm_non_routine', { ...NON_ROUTINE, category: 'attendance', subject: '集团认领测试' });
    await f.passOk('machao', c.inst, 'deptApprove');
    await f.passOk('lina', c.inst, 'hrApprove', { claimOrgCodeValue: 'A01', isClaim: true });
    const list = await f.call('zhulin', 'GET', '/forms/nonRoutine/list?subject=集团认领测试');
    expect(list.body.result.records).toEqual([expect.objectContaining({ id: c.tableId, claimOrgCode: 'A01', result_dictText: '通过', employee: 'zhulin', employee_dictText: '朱琳' })]);
  });

  /** A refused add that passed the schema (HTTP 200, success false): its message. */
  const refused = async (tableName: string, data: Body) => {
    const r = await f.call('dongjian', 'POST', '/actBusiness/add', { tableName, ...data });
    expect(r.body.success, r.raw).toBe(false);
    return r.body.message as string;
  };

  it('each declared rule answers in Chinese: dates, money, options, dictionary, users, lengths', async () => {
    const trip = { ...TRIP, startDate: '2026-12-01', endDate: '2026-12-03' };
    expect(await invalid('fm_trip', { ...trip, startDate: '2026-13-01' })).toContain('开始日期格式不正确');
    expect(await invalid('fm_trip', { ...trip, budget: -5 })).toContain('预算（元）必须大于0');
    expect(await invalid('fm_trip', { ...trip, budget: 'abc' })).toContain('预算（元）须为数字');
    expect(await invalid('fm_trip', { ...trip, transport: 'rocket' })).toContain('请选择交通方式');
    expect(await invalid('fm_trip', { ...trip, destination: '广'.repeat(201) })).toContain('目的地');
    expect(await refused('fm_trip', { ...trip, companions: ['dongjian', 'nobody_here'] })).toBe('请选择同行人');
    const contract = { ...CONTRACT, contractNo: `HT-R-${kind}`, amount: 1000 };
    expect(await invalid('fm_contract', { ...contract, startDate: '2027-02-01', endDate: '2027-01-31' })).toContain('结束日期不能早于开始日期');
    expect(await invalid('fm_contract', { ...contract, amount: '1,000' })).toContain('合同金额（元）须为数字');
    expect(await invalid('fm_contract', { ...contract, contractNo: 'X'.repeat(51) })).toContain('合同编号');
    expect(await refused('fm_non_routine', { ...NON_ROUTINE, category: 'bogus' })).toBe('请选择类别');
    expect(await refused('fm_non_routine', { ...NON_ROUTINE, category: 'other', employee: 'ghost' })).toBe('请选择涉及员工');
    expect(await invalid('fm_non_routine', { ...NON_ROUTINE, category: 'other', subject: '主'.repeat(101) })).toContain('主题');
    expect(await invalid('fm_funds', { ...FUNDS, amount: 10, account: '6225-8801-2345' })).toContain('请输入正确的银行卡号');
  });

  it('rejections of every type: to the initiator and to a node, with the final status texts', async () => {
    // 合同: to the initiator from legal.
    const c = await start('dongjian', 'fm_contract', { ...CONTRACT, contractNo: `HT-J-${kind}-${++seq}`, amount: 200000 });
    await f.passOk('machao', c.inst, 'deptApprove');
    const cb = await f.call('wangfang', 'POST', '/actTask/back', { id: await f.taskId(c.inst, 'legalApprove'), comment: '违约条款缺失' });
    expect(cb.body.success, cb.body.message).toBe(true);
    expect(await myRow('dongjian', c.id)).toMatchObject({ status_dictText: '已结束', result_dictText: '驳回', statusText: '驳回：违约条款缺失' });
    // 出差: 行政审核 returns it to the department head, who then passes; it ends passed.
    const tr = await start('zhulin', 'fm_trip', { ...TRIP, startDate: '2026-12-01', endDate: '2026-12-08' });
    await f.passOk('machao', tr.inst, 'deptApprove');
    expect((await f.call('lina', 'GET', `/actTask/getBackList/${tr.inst}`)).body.result).toEqual([{ key: 'deptApprove', name: '部门负责人审批' }]);
    const tb = await f.call('lina', 'POST', '/actTask/backToTask', { id: await f.taskId(tr.inst, 'adminApprove'), backTaskKey: 'deptApprove', comment: '请说明行程安排' });
    expect(tb.body.success, tb.body.message).toBe(true);
    expect(await f.open(tr.inst)).toEqual(['deptApprove:machao']);
    expect(await myRow('zhulin', tr.id)).toMatchObject({ status_dictText: '处理中', statusText: '审批中：部门负责人审批（马超）' });
    await f.passOk('machao', tr.inst, 'deptApprove');
    await f.passOk('lina', tr.inst, 'adminApprove');
    expect(await myRow('zhulin', tr.id)).toMatchObject({ status_dictText: '已结束', result_dictText: '通过', statusText: '已通过' });
    // 非常规: 人事审核 returns it to the department head; then the department head rejects it to the initiator.
    const n = await start('zhulin', 'fm_non_routine', { ...NON_ROUTINE, category: 'reward' });
    await f.passOk('machao', n.inst, 'deptApprove');
    const nb = await f.call('lina', 'POST', '/actTask/pass', { id: await f.taskId(n.inst, 'hrApprove'), type: 1, backTaskKey: 'deptApprove', comment: '请附奖惩依据' });
    expect(nb.body.success, nb.body.message).toBe(true);
    expect(await f.open(n.inst)).toEqual(['deptApprove:machao']);
    const nr = await f.call('machao', 'POST', '/actTask/pass', { id: await f.taskId(n.inst, 'deptApprove'), type: 1, backTaskKey: '-1', comment: '依据不足' });
    expect(nr.body.success, nr.body.message).toBe(true);
    expect(await myRow('zhulin', n.id)).toMatchObject({ formLabel: '非常规', status_dictText: '已结束', result_dictText: '驳回', statusText: '驳回：依据不足' });
    const listed = await f.call('zhulin', 'GET', `/forms/nonRoutine/list?pageSize=500`);
    expect((listed.body.result.records as Body[]).find((r) => r.id === n.tableId)).toMatchObject({ status_dictText: '已结束', result_dictText: '驳回' });
    // 资金: the applicant withdraws; 已撤回.
    const w = await start('zhulin', 'fm_funds', { ...FUNDS, amount: 100 });
    expect((await f.call('zhulin', 'POST', '/actBusiness/cancel', { id: w.id, reason: '重复提交' })).body.success).toBe(true);
    expect(await myRow('zhulin', w.id)).toMatchObject({ status_dictText: '已撤回', statusText: '已撤回' });
  });

  it('费用 and 绩效 on declarations answer as before: form data keys, default titles, approval paths', async () => {
    const registry = new FormRegistry();
    registerFormTypes(registry);
    const db = t.app.ctx.db;
    const e = await draft('zhulin', 'fm_expense', { expenseType: 'travel', reason: '客户拜访', items: [{ name: '高铁', amount: 480.5 }, { name: '住宿', amount: '800' }] });
    expect(e.title).toBe('朱琳的费用报销');
    const ef = (await registry.get('fm_expense')!.load(db, e.tableId))!;
    expect(Object.keys(ef).sort()).toEqual(['actStatus', 'amount', 'applicant', 'applicantName', 'attachments', 'createTime', 'expenseType', 'id', 'items', 'reason', 'sysOrgCode', 'title']);
    expect(ef).toMatchObject({ amount: 1280.5, attachments: '', items: [{ name: '高铁', amount: 480.5 }, { name: '住宿', amount: 800 }] });
    const p = await draft('zhulin', 'fm_performance', { yearPart: 2026, quarter: 4, selfScore: 88, summary: '完成年度目标' });
    expect(p.title).toBe('朱琳2026年第四季度绩效考评');
    const pf = (await registry.get('fm_performance')!.load(db, p.tableId))!;
    expect(Object.keys(pf).sort()).toEqual(['actStatus', 'applicant', 'applicantName', 'createTime', 'evalTime', 'finalScore', 'id', 'quarter', 'score', 'selfScore', 'summary', 'sysOrgCode', 'title', 'yearPart']);
    expect(await invalid('fm_performance', { yearPart: 2026, quarter: 5, selfScore: 120, summary: 'x' })).toMatch(/请选择季度.*自评分须在0到100之间/);
    expect(await invalid('fm_expense', { reason: 'x', items: [] })).toContain('请至少填写一条费用明细');
    const types = (await f.call('zhulin', 'GET', '/activiti_process/formTypes')).body.result as Body[];
    expect(types.find((x) => x.tableName === 'fm_performance')).toMatchObject({ routeName: 'forms/PerformanceForm', label: '绩效', passPath: 'jxpass', commentRequired: true, fullScreen: true });
    expect(types.find((x) => x.tableName === 'fm_expense')).toMatchObject({ routeName: 'forms/ExpenseForm', label: '费用', passPath: 'pass', commentRequired: false, fullScreen: false });
  });

  it.each([
    ['funds', 'payee'],
    ['trip', 'destination'],
    ['contract', 'counterparty'],
    ['nonRoutine', 'subject'],
  ])('%s list: A03 sees its company only, A01 all companies, others their own rows; detail and export', async (slug, searchField) => {
    const a03 = await f.call('machao', 'GET', `/forms/${slug}/list?pageSize=500`);
    expect(a03.body.success, a03.body.message).toBe(true);
    const rows = a03.body.result.records as Body[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => String(r.sysOrgCode).startsWith('A03'))).toBe(true);
    const group = await f.call('admin', 'GET', `/forms/${slug}/list?pageSize=500`);
    const companies = new Set((group.body.result.records as Body[]).map((r) => String(r.sysOrgCode).slice(0, 3)));
    expect(companies.size).toBeGreaterThan(1);
    const own = await f.call('zhulin', 'GET', `/forms/${slug}/list?pageSize=500`);
    expect((own.body.result.records as Body[]).every((r) => r.applicant === 'zhulin')).toBe(true);
    // Search by a declared field and by status.
    const first = rows[0];
    const byField = await f.call('machao', 'GET', `/forms/${slug}/list?${searchField}=${encodeURIComponent(String(first[searchField]).slice(0, 2))}`);
    expect((byField.body.result.records as Body[]).some((r) => r.id === first.id)).toBe(true);
    const running = await f.call('admin', 'GET', `/forms/${slug}/list?status=1&pageSize=500`);
    expect((running.body.result.records as Body[]).every((r) => r.status === 1 && r.status_dictText === '处理中')).toBe(true);
    // Detail: in scope only.
    const other = (group.body.result.records as Body[]).find((r) => !String(r.sysOrgCode).startsWith('A03'))!;
    expect((await f.call('machao', 'GET', `/forms/${slug}/queryById?id=${other.id}`)).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await f.call('machao', 'GET', `/forms/${slug}/queryById?id=${first.id}`)).body.result).toMatchObject({ id: first.id, title: first.title });
    const exp = await t.call(await f.token('machao'), 'GET', `/forms/${slug}/exportXls`);
    expect(exp.status).toBe(200);
    expect(String(exp.headers['content-type'])).toContain('spreadsheetml');
    expect((await f.call('machao', 'GET', `/forms/${slug}/list?pageSize=0`)).status).toBe(400);
  });

  it('list sort by a declared field; an undeclared sort column falls back to the creation time', async () => {
    const asc = await f.call('admin', 'GET', '/forms/funds/list?column=amount&order=asc&pageSize=500');
    const amounts = (asc.body.result.records as Body[]).map((r) => Number(r.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const odd = await f.call('admin', 'GET', '/forms/funds/list?column=purpose;drop&order=asc');
    expect(odd.body.success).toBe(true);
  });
});
