import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const YEAR = 2033;

describe.each(dbKinds)('[PERFORMANCE] a KPI round for a department or company on %s', (kind) => {
  let t: TestApp;
  let qianhui: string; // A03 HR
  let lina: string; // A01 HR
  beforeAll(async () => {
    t = await createTestApp(kind);
    [qianhui, lina] = await Promise.all(['qianhui', 'lina'].map((u) => t.login(u)));
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.ctx.db;
  const activeIn = async (prefix: string) =>
    (await db().selectFrom('sysUser').select('username').where('orgCode', 'like', `${prefix}%`).where('delFlag', '=', 0).where('status', '=', 1).execute()).map((u) => u.username).sort();

  it('files one form per member as their own application through the normal process, skipping who already has one', async () => {
    // zhulin filed her own KPI form for the period (a draft is enough to have one)
    const zhulin = await t.login('zhulin');
    const own = await t.call(zhulin, 'POST', '/actBusiness/add', { tableName: 'fm_kpi_part', yearPart: YEAR, quarter: '2', kpiGoal: '自定目标', kpiResult: '完成', selfScore: 90 });
    expect(own.body.success, own.body.message).toBe(true);

    const members = await activeIn('A03A02');
    expect(members).toContain('zhulin');
    const r = await t.call(qianhui, 'POST', '/performance/kpiRound/start', { yearPart: String(YEAR), quarter: 2, orgCode: 'A03A02', kpiGoal: '第二季度回款率不低于95%' });
    expect(r.body.success, r.body.message).toBe(true);
    const res = r.body.result;
    expect(res).toMatchObject({ yearPart: YEAR, quarter: 2, orgCode: 'A03A02', departName: '销售部', createBy: 'qianhui', skippedCount: 1, failedCount: 0, createdCount: members.length - 1 });
    expect(r.body.message).toBe(`已发起${members.length - 1}份，跳过1人`);
    expect(res.items.map((i: { username: string }) => i.username).sort()).toEqual(members);
    expect(res.items.find((i: { username: string }) => i.username === 'zhulin')).toMatchObject({ outcome: 'skipped', reason: '本期已有季度KPI考评', applicationId: null });

    // each created form: the member is the applicant, the starter is recorded, the process runs
    for (const item of res.items.filter((i: { outcome: string }) => i.outcome === 'created')) {
      const b = await db().selectFrom('wfBusiness').selectAll().where('id', '=', item.applicationId).executeTakeFirstOrThrow();
      expect(b).toMatchObject({ userId: item.username, tableName: 'fm_kpi_part', status: 1 });
      expect(b.procInstId).toBeTruthy();
      const f = await db().selectFrom('fmKpiPart').selectAll().where('id', '=', b.tableId).executeTakeFirstOrThrow();
      expect(f).toMatchObject({ applicant: item.username, startedBy: 'qianhui', quarter: '2', kpiGoal: '第二季度回款率不低于95%' });
      expect(Number(f.yearPart)).toBe(YEAR);
    }
    // dongjian's form waits for his department head (machao) in the to-do list
    const machao = await t.login('machao');
    const todo = await t.call(machao, 'POST', '/actTask/todoList', { name: '', pageIndex: 1, pageSize: 200 });
    const rows = (todo.body.result?.records ?? todo.body.result) as Record<string, string>[];
    expect(rows.some((x) => JSON.stringify(x).includes('董建') && JSON.stringify(x).includes('KPI'))).toBe(true);
    // dongjian sees it among his own applications
    const dongjian = await t.login('dongjian');
    const mine = await t.call(dongjian, 'GET', '/forms/kpi/list?pageSize=50');
    expect(mine.body.result.records.some((x: Record<string, unknown>) => x.applicant === 'dongjian' && x.startedBy === 'qianhui')).toBe(true);

    // a second round for the period files nothing more
    const again = await t.call(qianhui, 'POST', '/performance/kpiRound/start', { yearPart: YEAR, quarter: 2, orgCode: 'A03A02', kpiGoal: '再次发起' });
    expect(again.body.result).toMatchObject({ createdCount: 0, skippedCount: members.length });
    const count = await db().selectFrom('fmKpiPart').select((eb) => eb.fn.countAll<number>().as('c')).where('yearPart', '=', YEAR).where('quarter', '=', '2').where('delFlag', '=', 0).executeTakeFirstOrThrow();
    expect(Number(count.c)).toBe(members.length);

    // the rounds are listed in scope with their outcomes
    const list = await t.call(qianhui, 'GET', '/performance/kpiRound/list');
    expect(list.body.result.records.length).toBeGreaterThanOrEqual(2);
    const one = await t.call(qianhui, 'GET', `/performance/kpiRound/queryById?id=${res.id}`);
    expect(one.body.result.items).toHaveLength(members.length);
  });

  it('two rounds started at once file each member once', async () => {
    const body = { yearPart: YEAR, quarter: 3, orgCode: 'A03A01', kpiGoal: '第三季度目标' };
    const [a, b] = await Promise.all([t.call(qianhui, 'POST', '/performance/kpiRound/start', body), t.call(lina, 'POST', '/performance/kpiRound/start', body)]);
    const members = await activeIn('A03A01');
    expect(a.body.result.createdCount + b.body.result.createdCount).toBe(members.length);
    const forms = await db().selectFrom('fmKpiPart').select('applicant').where('yearPart', '=', YEAR).where('quarter', '=', '3').where('delFlag', '=', 0).execute();
    expect(forms.map((f) => f.applicant).sort()).toEqual(members);
  });

  it('company scope, permission and period rules', async () => {
    // A03 HR cannot start a round in another company; A01 HR can start one for a whole company
    expect((await t.call(qianhui, 'POST', '/performance/kpiRound/start', { yearPart: YEAR, quarter: 1, orgCode: 'A01A04', kpiGoal: 'x' })).body.message).toBe('未找到该部门');
    const company = await t.call(lina, 'POST', '/performance/kpiRound/start', { yearPart: YEAR, quarter: 1, orgCode: 'A05', kpiGoal: '公司目标' });
    expect(company.body.success, company.body.message).toBe(true);
    expect(company.body.result.createdCount).toBe((await activeIn('A05')).length);
    // the A05 round is not A03's to read
    expect((await t.call(qianhui, 'GET', `/performance/kpiRound/queryById?id=${company.body.result.id}`)).body.message).toBe('未找到对应数据');
    // staff may not start a round
    const zhulin = await t.login('zhulin');
    expect((await t.call(zhulin, 'POST', '/performance/kpiRound/start', { yearPart: YEAR, quarter: 1, orgCode: 'A03A02', kpiGoal: 'x' })).body.code).toBe(510);
    // the form's period rules
    const bad = async (body: Record<string, unknown>) => (await t.call(qianhui, 'POST', '/performance/kpiRound/start', { yearPart: YEAR, quarter: 1, orgCode: 'A03A02', kpiGoal: 'x', ...body })).body.message;
    expect(await bad({ quarter: 5 })).toContain('季度须在1到4之间');
    expect(await bad({ yearPart: 2018 })).toContain('考核年度须在2019至2119之间');
    expect(await bad({ kpiGoal: ' ' })).toContain('请输入KPI目标');
  });
});
