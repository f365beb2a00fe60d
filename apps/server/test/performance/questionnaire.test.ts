import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const QUESTIONNAIRE = {
  title: '季度360评价',
  description: '匿名汇总',
  questions: [
    { type: 'single', title: '工作态度', weight: 2, options: [{ label: '优秀', score: 100 }, { label: '良好', score: 80 }, { label: '一般', score: 60 }, { label: '差', score: 20 }] },
    { type: 'multiple', title: '突出能力', weight: 1, options: [{ label: '沟通', score: 40 }, { label: '技术', score: 30 }, { label: '执行', score: 50 }] },
    { type: 'scale5', title: '团队合作', weight: 3 },
    { type: 'scale10', title: '综合绩效', weight: 4, required: false },
    { type: 'text', title: '建议', weight: 5, required: false },
  ],
};

describe.each(dbKinds)('[PERFORMANCE]: questionnaire evaluation on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = async (u: string) => (tokens[u] ??= await t.login(u));
  let qid: string;
  let surveyId: string;
  let qids: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('HR designs a questionnaire; bad designs are refused in Chinese', async () => {
    const hr = await as('lina');
    const bad = await t.call(hr, 'POST', '/performance/questionnaire/add', { title: '', questions: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('请输入问卷名称');
    const oneOption = await t.call(hr, 'POST', '/performance/questionnaire/add', { title: 'x', questions: [{ type: 'single', title: '态度', options: [{ label: '好', score: 100 }] }] });
    expect(oneOption.body.message).toContain('选择题至少需要两个选项');
    const staff = await t.call(await as('zhulin'), 'POST', '/performance/questionnaire/add', QUESTIONNAIRE);
    expect(staff.body.code).toBe(510);

    const r = await t.call(hr, 'POST', '/performance/questionnaire/add', QUESTIONNAIRE);
    expect(r.body.success, r.body.message).toBe(true);
    qid = r.body.result.id;
    const detail = (await t.call(hr, 'GET', `/performance/questionnaire/queryById?id=${qid}`)).body.result;
    expect(detail.questions.map((q: { type: string; weight: number }) => `${q.type}:${q.weight}`)).toEqual(['single:2', 'multiple:1', 'scale5:3', 'scale10:4', 'text:0']);
    qids = detail.questions.map((q: { id: string }) => q.id);
  });

  it('sends it about a person to chosen raters; the person cannot rate themself', async () => {
    const hr = await as('lina');
    const self = await t.call(hr, 'POST', '/performance/survey/send', { questionnaireId: qid, targetUserId: 'yangfan', raters: [{ username: 'yangfan' }] });
    expect(self.body.message).toBe('被评价人不能评价自己');
    const none = await t.call(hr, 'POST', '/performance/survey/send', { questionnaireId: qid, targetUserId: 'yangfan', raters: [] });
    expect(none.body.message).toContain('请至少选择一位评价人');
    const r = await t.call(hr, 'POST', '/performance/survey/send', {
      questionnaireId: qid,
      targetUserId: 'yangfan',
      yearPart: 2026,
      raters: [
        { username: 'admin', relation: 'manager' },
        { username: 'zhaolei', relation: 'peer' },
        { username: 'chenjing', relation: 'peer' },
        { username: 'liuyang', relation: 'other' },
      ],
    });
    expect(r.body.success, r.body.message).toBe(true);
    surveyId = r.body.result.id;
    const edit = await t.call(hr, 'PUT', '/performance/questionnaire/edit', { id: qid, ...QUESTIONNAIRE });
    expect(edit.body.message).toBe('问卷已发出，不能修改题目');
  });

  it('raters answer from their list, once each; required questions are enforced', async () => {
    const submit = async (u: string, values: unknown[]) => {
      const list = (await t.call(await as(u), 'GET', '/performance/survey/myList?status=0')).body.result.records;
      const task = list.find((x: { surveyId: string }) => x.surveyId === surveyId);
      expect(task, u).toBeTruthy();
      const form = (await t.call(await as(u), 'GET', `/performance/survey/form?id=${task.id}`)).body.result;
      expect(form.targetRealname).toBe('杨帆');
      return t.call(await as(u), 'POST', '/performance/survey/answer', { id: task.id, answers: values.map((value, i) => ({ questionId: qids[i], value })) });
    };
    const missing = await submit('admin', [0, [0, 1], null, 9, '']);
    expect(missing.body.message).toBe('请回答必答题：团队合作');
    const invalid = await submit('admin', [0, [0, 1], 6, 9, '']);
    expect(invalid.body.message).toBe('答案无效：团队合作');

    expect((await submit('admin', [0, [0, 1], 4, 9, '很好'])).body.success).toBe(true); // 100, 70, 80, 90
    expect((await submit('zhaolei', [1, [0, 2], 5, 7, ''])).body.success).toBe(true); // 80, 90, 100, 70
    expect((await submit('chenjing', [2, [1, 2, 0], 3, null, '还行'])).body.success).toBe(true); // 60, 100 (capped), 60, —

    const again = (await t.call(await as('admin'), 'GET', '/performance/survey/myList')).body.result.records.find((x: { surveyId: string }) => x.surveyId === surveyId);
    expect(again.status).toBe(1);
    const twice = await t.call(await as('admin'), 'POST', '/performance/survey/answer', { id: again.id, answers: [] });
    expect(twice.body.message).toBe('该问卷已提交，不能重复提交');
    const notMine = await t.call(await as('zhulin'), 'GET', `/performance/survey/form?id=${again.id}`);
    expect(notMine.body.message).toBe('未找到该评价任务');
  });

  it('aggregates per person with the weights to hand-computed results, naming no rater', async () => {
    const r = await t.call(await as('lina'), 'GET', `/performance/survey/result?id=${surveyId}`);
    expect(r.body.success, r.body.message).toBe(true);
    const res = r.body.result;
    expect(res).toMatchObject({ targetRealname: '杨帆', raterCount: 4, answeredCount: 3 });
    expect(res.questions.map((q: { average: number | null; answered: number }) => [q.average, q.answered])).toEqual([
      [80, 3],
      [86.67, 3],
      [80, 3],
      [80, 2],
      [null, 2],
    ]);
    // (2·80 + 1·86.667 + 3·80 + 4·80) / (2 + 1 + 3 + 4)
    expect(res.total).toBe(80.67);
    expect(res.questions[0].optionCounts).toEqual([1, 1, 1, 0]);
    expect(res.questions[4].texts).toEqual(['很好', '还行'].sort((a, b) => a.localeCompare(b, 'zh')));
    const raw = JSON.stringify(res);
    for (const name of ['admin', 'zhaolei', 'chenjing', '管理员', '赵磊', '陈静']) expect(raw).not.toContain(name);

    const list = (await t.call(await as('lina'), 'GET', '/performance/survey/list')).body.result.records;
    // the sender shows by name, not account
    expect(list.find((s: { id: string }) => s.id === surveyId)).toMatchObject({ raterCount: 4, answeredCount: 3, createByName: '李娜' });
    const designs = (await t.call(await as('lina'), 'GET', '/performance/questionnaire/list')).body.result.records;
    expect(designs.find((q: { id: string }) => q.id === qid)).toMatchObject({ createByName: '李娜' });
    // answers are stored without the rater
    const stored = await t.app.ctx.db.selectFrom('pfSurveyAnswer').selectAll().where('surveyId', '=', surveyId).execute();
    expect(stored.length).toBe(13);
    expect(Object.keys(stored[0]).sort()).toEqual(['id', 'questionId', 'sheetNo', 'surveyId', 'value']);
  });

  it('HR sees who has answered (not what); the person evaluated cannot', async () => {
    const raters = (await t.call(await as('lina'), 'GET', `/performance/survey/raters?id=${surveyId}`)).body.result;
    expect(raters.map((r: { username: string; status: number }) => `${r.username}:${r.status}`).sort()).toEqual(['admin:1', 'chenjing:1', 'liuyang:0', 'zhaolei:1']);
    expect(JSON.stringify(raters)).not.toContain('很好');
    // make the person evaluated an HR user: still refused
    const db = t.app.ctx.db;
    const hrRole = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'hr').executeTakeFirstOrThrow();
    const yf = await db.selectFrom('sysUser').select('id').where('username', '=', 'yangfan').executeTakeFirstOrThrow();
    await db.insertInto('sysUserRole').values({ id: 'pf-test-role', userId: yf.id, roleId: hrRole.id }).execute();
    const own = await t.call(await as('yangfan'), 'GET', `/performance/survey/raters?id=${surveyId}`);
    expect(own.body.message).toBe('不能查看评价自己的评价人');
  });

  it('an A03 HR user cannot see or send the A01 questionnaire', async () => {
    const hr = await as('wangfang');
    expect((await t.call(hr, 'PUT', '/sys/selectDepart', { orgCode: 'A03A01', username: 'wangfang' })).body.success).toBe(true);
    expect((await t.call(hr, 'GET', `/performance/questionnaire/queryById?id=${qid}`)).body.message).toBe('未找到对应数据');
    expect((await t.call(hr, 'GET', `/performance/survey/result?id=${surveyId}`)).body.message).toBe('未找到对应数据');
    const list = (await t.call(hr, 'GET', '/performance/questionnaire/list')).body.result.records;
    expect(list.find((q: { id: string }) => q.id === qid)).toBeUndefined();
  });
});
