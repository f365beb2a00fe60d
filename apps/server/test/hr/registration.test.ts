import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { anon, applicant, nextIp, PDF, submit } from './registration-support.js';

/** Public registration and the personality test (docs/hr.md "在线登记"). */
describe.each(dbKinds)('[HR] public registration on %s', (kind) => {
  let t: TestApp;
  let lina: string; // 人事, A01: every company
  let qianhui: string; // 人事, A03 only
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [lina, qianhui, staff] = await Promise.all(['lina', 'qianhui', 'chenjing'].map((u) => t.login(u)));
  });
  afterAll(async () => {
    await t?.close();
  });

  const filesOf = async (mobile: string) =>
    (await t.call(lina, 'GET', `/manager/hyUser/list?mobile=${mobile}&sensitive=1&pageSize=50`)).body.result
      .records as Record<string, any>[];

  it('offers the form choices without a login', async () => {
    const r = await anon(t, 'GET', '/registration/options');
    expect(r.status).toBe(200);
    expect(r.body.result.company.map((c: { value: string }) => c.value)).toContain('A05');
    expect(r.body.result.degree.length).toBeGreaterThan(3);
    expect(r.body.result.captcha).toBe(false);
  });

  it('registers a new applicant in the talent pool and gives a code, never the file id', async () => {
    const p = applicant();
    const r = await submit(t, p, { cv: { filename: '我的简历.pdf', data: PDF } });
    expect(r.body.message).toBe('提交成功');
    expect(r.body.success).toBe(true);
    const code = r.body.result.code as string;
    expect(code.length).toBeGreaterThanOrEqual(32);
    expect(Object.keys(r.body.result).sort()).toEqual(['code', 'expiresAt']);
    const files = await filesOf(p.mobile);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      realname: p.realname,
      status: 'applicant',
      orgCode: 'A05',
      applyPost: '软件工程师',
      source: '在线登记',
      idCard: p.idCard,
      blacklistFlag: 0,
    });
    expect(code).not.toContain(files[0].id);
    // the code is stored hashed only
    const row = await t.app.ctx.db
      .selectFrom('hyRegistration')
      .selectAll()
      .where('hyUserId', '=', files[0].id)
      .executeTakeFirstOrThrow();
    expect(row.codeHash).not.toBe(code);
    expect(JSON.stringify(row)).not.toContain(code);
    // the timeline names the public form
    const logs = (await t.call(lina, 'GET', `/manager/hyUserLog/list?hyUserId=${files[0].id}`)).body.result
      .records as Record<string, any>[];
    expect(logs.some((l) => l.action === 'register' && l.operatorName === '在线登记')).toBe(true);
  });

  it('a second submission with the same national ID and mobile updates the same file', async () => {
    const p = applicant();
    const first = await submit(t, p);
    const again = await submit(t, { ...p, applyPost: '产品经理', address: '北京市朝阳区' });
    expect(again.body.success).toBe(true);
    expect(again.body.result.code).not.toBe(first.body.result.code);
    const files = await filesOf(p.mobile);
    expect(files).toHaveLength(1);
    expect(files[0].applyPost).toBe('产品经理');
    const detail = (await t.call(lina, 'GET', `/manager/hyUser/queryById?id=${files[0].id}`)).body.result;
    expect(detail.address).toBe('北京市朝阳区');
    expect(JSON.parse(detail.workHistory)[0]).toMatchObject({ company: '某科技公司', position: '工程师' });
    const logs = (await t.call(lina, 'GET', `/manager/hyUserLog/list?hyUserId=${files[0].id}`)).body.result
      .records as Record<string, any>[];
    expect(
      logs.some((l) => l.action === 'edit' && l.field === 'applyPost' && l.newValue === '产品经理'),
    ).toBe(true);
    // the HR side lists both registrations of the file
    const regs = (await t.call(lina, 'GET', `/manager/hyUser/registrations?id=${files[0].id}`)).body
      .result as Record<string, any>[];
    expect(regs.map((x) => x.outcome)).toEqual(['updated', 'created']);
  });

  it('answers validation errors in Chinese and saves nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mobile: '' }, '请输入手机号'],
      [{ mobile: '12345678901' }, '请输入正确手机号'],
      [{ idCard: '110105199001010011' }, '身份证号码校验位不正确'],
      [{ idCard: '' }, '请输入身份证号码'],
      [{ sex: '2' }, '性别与身份证号码不一致'],
      [{ email: 'x@' }, '邮箱格式不正确'],
      [{ qq: '12' }, '请输入正确的QQ号'],
      [{ realname: ' ' }, '请输入姓名'],
      [{ orgCode: '' }, '请选择应聘公司'],
      [{ applyPost: '' }, '请输入应聘岗位'],
      [{ degree: '' }, '请选择最高学历'],
      [{ workHistory: [{ company: '', start: '2020-01-01' }] }, '请输入工作单位'],
      [
        { workHistory: [{ company: '某公司', start: '2020-01-01', end: '2019-01-01' }] },
        '结束日期不能早于开始日期',
      ],
    ];
    for (const [patch, text] of cases) {
      const p = applicant(patch);
      const r = await submit(t, p);
      expect(r.status, text).toBe(400);
      expect(r.body.message, JSON.stringify(patch)).toContain(text);
    }
    const p = applicant();
    const noPhoto = await submit(t, p, { photo: null });
    expect(noPhoto.body.success).toBe(false);
    expect(noPhoto.body.message).toBe('请上传照片');
    expect(await filesOf(p.mobile)).toHaveLength(0);
  });

  it('shows the summary only to the holder of the code, with masked ID and working file links', async () => {
    const a = applicant();
    const b = applicant();
    const ra = await submit(t, a, { cv: { filename: 'cv.pdf', data: PDF } });
    const rb = await submit(t, b);
    const sa = await anon(t, 'POST', '/registration/summary', { code: ra.body.result.code });
    expect(sa.body.success).toBe(true);
    expect(sa.body.result.data.realname).toBe(a.realname);
    expect(sa.body.result.data.idCard).toBe(`${a.idCard.slice(0, 3)}*************${a.idCard.slice(-2)}`);
    expect(sa.body.result.data.mobile).not.toBe(a.mobile);
    expect(sa.body.result.company).toBe('华远置业有限公司');
    expect(sa.body.result.texts.degree).toBe('本科');
    expect(sa.body.result.data.workHistory[0].company).toBe('某科技公司');
    expect(JSON.stringify(sa.body.result)).not.toContain(b.realname);
    const sb = await anon(t, 'POST', '/registration/summary', { code: rb.body.result.code });
    expect(sb.body.result.data.realname).toBe(b.realname);

    // the photo and CV links work while signed; a changed link or the static route do not
    const photo = await t.app.inject({ method: 'GET', url: `/jeecg-boot${sa.body.result.photoUrl}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    const cv = await t.app.inject({ method: 'GET', url: `/jeecg-boot${sa.body.result.cvUrl}` });
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
    const otherPhoto = String(sa.body.result.photoUrl).replace(
      /r=\d+/,
      `r=${(await t.app.ctx.db.selectFrom('hyRegistration').select('id').where('realname', '=', b.realname).executeTakeFirstOrThrow()).id}`,
    );
    expect((await t.app.inject({ method: 'GET', url: `/jeecg-boot${otherPhoto}` })).statusCode).toBe(404);
    const regId = /r=(\d+)/.exec(sa.body.result.photoUrl)![1];
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/jeecg-boot/sys/common/static/.registration/${regId}/photo.png`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/jeecg-boot/sys/common/static/%2Eregistration/${regId}/photo.png`,
        })
      ).statusCode,
    ).toBe(404);

    // guessed codes: the registration id, the file id, a truncated code
    const fileId = (await filesOf(a.mobile))[0].id;
    for (const guess of [
      regId.padEnd(20, '0'),
      String(fileId).padEnd(20, '0'),
      String(ra.body.result.code).slice(0, 20),
      `${String(ra.body.result.code).slice(0, -1)}x`,
    ]) {
      const g = await anon(t, 'POST', '/registration/summary', { code: guess });
      expect(g.body.success, guess).toBe(false);
      expect(g.body.message).toBe('查询码无效或已过期');
    }
    // an expired code no longer opens the summary
    await t.app.ctx.db
      .updateTable('hyRegistration')
      .set({ expiresAt: Date.now() - 1 })
      .where('id', '=', regId)
      .execute();
    expect((await anon(t, 'POST', '/registration/summary', { code: ra.body.result.code })).body.message).toBe(
      '查询码无效或已过期',
    );
  });

  it('a blacklisted person is flagged for HR and told nothing different', async () => {
    const p = applicant();
    const first = await submit(t, p);
    expect(first.body.success).toBe(true);
    const [file] = await filesOf(p.mobile);
    const bl = await t.call(lina, 'POST', '/manager/hyUser/blacklist', { id: file.id, reason: '简历造假' });
    expect(bl.body.success).toBe(true);
    const again = await submit(t, { ...p, applyPost: '销售代表' });
    expect(again.status).toBe(first.status);
    expect(again.body.message).toBe(first.body.message);
    expect(Object.keys(again.body.result).sort()).toEqual(Object.keys(first.body.result).sort());
    const files = await filesOf(p.mobile);
    const flagged = files.find((f) => f.status === 'applicant')!;
    expect(flagged).toMatchObject({ blacklistFlag: 1, duplicateOf: file.id, applyPost: '销售代表' });
    // the summary shows what was sent, not the flag
    const s = await anon(t, 'POST', '/registration/summary', { code: again.body.result.code });
    expect(JSON.stringify(s.body.result)).not.toMatch(/黑名单|blacklist|flag/i);
  });

  it('a person with an employee file is held: same answer, the file is left alone and HR is told', async () => {
    // An in-service file from the seed, found through HR.
    const emp = (await t.call(lina, 'GET', '/manager/hyUser/list?status=regular&pageSize=1&sensitive=1')).body
      .result.records[0] as Record<string, any>;
    const p = applicant({
      realname: '冒名者',
      idCard: emp.idCard,
      mobile: emp.mobile,
      sex: emp.sex,
      birthday: emp.birthday,
    });
    const r = await submit(t, p);
    expect(r.body.success).toBe(true);
    expect(r.body.message).toBe('提交成功');
    const after = (await t.call(lina, 'GET', `/manager/hyUser/queryById?id=${emp.id}`)).body.result;
    expect(after.realname).toBe(emp.realname);
    expect(after.status).toBe('regular');
    const logs = (await t.call(lina, 'GET', `/manager/hyUserLog/list?hyUserId=${emp.id}`)).body.result
      .records as Record<string, any>[];
    expect(logs.some((l) => l.action === 'register' && /档案未改动/.test(l.reason))).toBe(true);
    const s = await anon(t, 'POST', '/registration/summary', { code: r.body.result.code });
    expect(s.body.result.data.realname).toBe('冒名者');
  });

  it('scores the personality test on the server with known answers', async () => {
    const q = await anon(t, 'GET', '/registration/mbti/questions');
    const questions = q.body.result.questions as { id: number; text: string; a: string; b: string }[];
    expect(questions).toHaveLength(28);
    expect(JSON.stringify(q.body.result)).not.toMatch(/poleOfA|"E"|dimension/);
    const version = q.body.result.version;
    const score = async (answers: string[]) =>
      (await anon(t, 'POST', '/registration/mbti', { version, answers })).body;
    // All A: the dimensions alternate the order of their answers, first E/T four times, S/J three times.
    const allA = await score(questions.map(() => 'A'));
    expect(allA.result.type).toBe('ENTP');
    expect(allA.result.scores.map((s: { counts: number[] }) => s.counts)).toEqual([
      [4, 3],
      [3, 4],
      [4, 3],
      [3, 4],
    ]);
    expect(allA.result.name).toBe('辩论家');
    expect(allA.result.attached).toBe(false);
    expect((await score(questions.map(() => 'B'))).result.type).toBe('ISFJ');
    // Answers chosen by their texts: always the sociable, concrete, logical, planned answer.
    const lean = [
      '约朋友',
      '主动',
      '边说边想',
      '兴致勃勃',
      '开放热闹',
      '直接打电话',
      '健谈',
      '按步骤',
      '亲眼',
      '讲清细节',
      '眼前',
      '扎实',
      '务实',
      '真实',
      '逻辑',
      '直接指出',
      '公正',
      '帮他分析',
      '更合理',
      '一视同仁',
      '精巧',
      '提前订好',
      '提前完成',
      '整齐',
      '不舒服',
      '明确分工',
      '尽快拍板',
      '列好',
    ];
    const pick = questions.map((x) => (lean.some((w) => x.a.includes(w)) ? 'A' : 'B'));
    const estj = await score(pick);
    expect(estj.result.type).toBe('ESTJ');
    expect(estj.result.scores.map((s: { counts: number[] }) => s.counts)).toEqual([
      [7, 0],
      [7, 0],
      [7, 0],
      [7, 0],
    ]);
    const short = await score(questions.slice(1).map(() => 'A'));
    expect(short.message).toBe('请回答全部题目');
    expect((await score(['A', 'C'])).message).toContain('请回答全部题目');
  });

  it('attaches the result to the applicant file when taken with the code; HR sees it', async () => {
    const p = applicant({ orgCode: 'A03' });
    const r = await submit(t, p);
    const code = r.body.result.code;
    const q = (await anon(t, 'GET', '/registration/mbti/questions')).body.result;
    const answers = q.questions.map((_: unknown, i: number) => (i % 4 === 0 ? 'A' : 'B'));
    const res = await anon(t, 'POST', '/registration/mbti', { version: q.version, answers, code });
    expect(res.body.success).toBe(true);
    expect(res.body.result.attached).toBe(true);
    const type = res.body.result.type as string;
    expect(type).toMatch(/^[EI][SN][TF][JP]$/);
    // the talent pool lists the type; the detail panel gives the whole result
    const rows = (
      await t.call(
        qianhui,
        'GET',
        `/manager/hyUser/list?status=applicant,talent&realname=${encodeURIComponent(p.realname)}`,
      )
    ).body.result.records as Record<string, any>[];
    expect(rows).toHaveLength(1);
    expect(rows[0].mbtiType).toBe(type);
    const regs = (await t.call(qianhui, 'GET', `/manager/hyUser/registrations?id=${rows[0].id}`)).body
      .result as Record<string, any>[];
    expect(regs[0].mbti).toMatchObject({ type, name: res.body.result.name });
    expect(regs[0].mbti.scores).toHaveLength(4);
    const photo = await t.app.inject({ method: 'GET', url: `/jeecg-boot${regs[0].photoUrl}` });
    expect(photo.statusCode).toBe(200);
    // the summary carries the result too
    const s = await anon(t, 'POST', '/registration/summary', { code });
    expect(s.body.result.mbti.type).toBe(type);
    // the change log records it
    const logs = (await t.call(qianhui, 'GET', `/manager/hyUserLog/list?hyUserId=${rows[0].id}`)).body.result
      .records as Record<string, any>[];
    expect(logs.some((l) => l.action === 'mbti' && l.newValue === type)).toBe(true);
    // a bad code attaches nothing
    const bad = await anon(t, 'POST', '/registration/mbti', {
      version: q.version,
      answers,
      code: 'x'.repeat(32),
    });
    expect(bad.body.message).toBe('查询码无效或已过期');
  });

  it('HR endpoints keep their permission and company scope', async () => {
    const p = applicant({ orgCode: 'A05' });
    await submit(t, p);
    const [file] = await filesOf(p.mobile);
    expect((await t.call(null, 'GET', `/manager/hyUser/registrations?id=${file.id}`)).status).toBe(401);
    expect((await t.call(staff, 'GET', `/manager/hyUser/registrations?id=${file.id}`)).status).toBe(403);
    // A03 HR cannot see an A05 applicant
    const other = await t.call(qianhui, 'GET', `/manager/hyUser/registrations?id=${file.id}`);
    expect(other.body.success).toBe(false);
    expect(other.body.message).toBe('未找到对应数据');
    // the public endpoints need no token
    expect((await anon(t, 'GET', '/registration/mbti/questions', undefined, nextIp())).status).toBe(200);
  });
});
