import { REGISTRATION_LIMITS } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { anon, applicant, nextIp, PDF, PNG, submit } from './registration-support.js';

/** Abuse protection of the public registration (docs/security.md "Public registration"). */
describe.each(dbKinds)('[HR] public registration abuse on %s', (kind) => {
  let t: TestApp;
  let lina: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { loginCaptcha: true });
    lina = await t.login('lina').catch(async () => {
      // captcha is on for this app: sign in with the stored answer
      const key = `k${Date.now()}`;
      await t.call(null, 'GET', `/sys/randomImage/${key}`);
      const text = await t.app.ctx.kv.get(`captcha:${key}`);
      const r = await t.call(null, 'POST', '/sys/login', {
        username: 'lina',
        password: '123456',
        captcha: text,
        checkKey: key,
      });
      return r.body.result.token as string;
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A live captcha answer, as the image shows it. */
  async function captcha(ip: string) {
    const key = `reg${Math.random().toString(36).slice(2)}`;
    await anon(t, 'GET', `/sys/randomImage/${key}`, undefined, ip);
    return [
      { name: 'checkKey', value: key },
      { name: 'captcha', value: (await t.app.ctx.kv.get(`captcha:${key}`))! },
    ];
  }
  const count = async (mobile: string) =>
    (await t.call(lina, 'GET', `/manager/hyUser/list?mobile=${mobile}&sensitive=1`)).body.result
      .total as number;

  it('needs the captcha: missing and wrong answers are refused, the right one passes once', async () => {
    const p = applicant();
    const ip = nextIp();
    const none = await submit(t, p, { ip });
    expect(none.body.success).toBe(false);
    expect(none.body.message).toBe('请输入验证码');
    const wrong = await submit(t, p, {
      ip,
      extra: [
        { name: 'checkKey', value: 'nokey' },
        { name: 'captcha', value: 'abcd' },
      ],
    });
    expect(wrong.body.message).toBe('验证码无效');
    const good = await captcha(ip);
    const bad = [good[0], { name: 'captcha', value: 'zzzz' }];
    expect((await submit(t, p, { ip, extra: bad })).body.message).toBe('验证码错误');
    expect(await count(p.mobile)).toBe(0);
    const fresh = await captcha(ip);
    const ok = await submit(t, p, { ip, extra: fresh });
    expect(ok.body.success).toBe(true);
    // the answer is single use
    expect((await submit(t, p, { ip, extra: fresh })).body.message).toBe('验证码无效');
    expect(await count(p.mobile)).toBe(1);
    expect((await anon(t, 'GET', '/registration/options')).body.result.captcha).toBe(true);
  });

  it('throttles 200 anonymous submissions from one IP; another IP is unaffected', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    let created = 0;
    for (let i = 0; i < 200; i++) {
      const extra = i < REGISTRATION_LIMITS.submitsPerIpHour ? await captcha(ip) : [];
      const r = await submit(t, applicant(), { ip, extra });
      statuses.push(r.status);
      if (r.body.success) created++;
    }
    const limit = REGISTRATION_LIMITS.submitsPerIpHour;
    expect(created).toBe(limit);
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
    const refused = await submit(t, applicant(), { ip });
    expect(refused.body.message).toBe('提交过于频繁，请稍后再试');
    // a fresh address still gets through
    const other = nextIp();
    expect((await submit(t, applicant(), { ip: other, extra: await captcha(other) })).body.success).toBe(
      true,
    );
  });

  it('refuses disguised and oversized uploads, whatever their names say', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2000, 1)]);
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: [
      string,
      { photo?: { filename: string; data: Buffer } | null; cv?: { filename: string; data: Buffer } },
      string,
    ][] = [
      [
        'exe as .jpg photo',
        { photo: { filename: 'me.jpg', data: exe } },
        '照片只能是 JPG、PNG、GIF 或 WEBP 图片',
      ],
      [
        'html as .png photo',
        { photo: { filename: 'me.png', data: html } },
        '照片只能是 JPG、PNG、GIF 或 WEBP 图片',
      ],
      ['svg photo', { photo: { filename: 'me.svg', data: svg } }, '照片只能是 JPG、PNG、GIF 或 WEBP 图片'],
      ['pdf as photo', { photo: { filename: 'me.jpg', data: PDF } }, '照片只能是 JPG、PNG、GIF 或 WEBP 图片'],
      ['html as .pdf CV', { cv: { filename: 'cv.pdf', data: html } }, '简历只能是 PDF、Word 文档或图片'],
      ['exe as .docx CV', { cv: { filename: 'cv.docx', data: exe } }, '简历只能是 PDF、Word 文档或图片'],
      [
        'zip as .docx CV',
        {
          cv: { filename: 'cv.docx', data: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 0)]) },
        },
        '简历只能是 PDF、Word 文档或图片',
      ],
      [
        '11 MB photo',
        { photo: { filename: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024, 0)]) } },
        '照片大小必须小于10MB!',
      ],
      [
        '11 MB CV',
        { cv: { filename: 'big.pdf', data: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 32)]) } },
        '简历大小必须小于10MB!',
      ],
    ];
    for (const [what, files, text] of cases) {
      const ip = nextIp();
      const p = applicant();
      const r = await submit(t, p, { ip, ...files, extra: await captcha(ip) });
      expect(r.body.success, what).toBe(false);
      expect(r.body.message, what).toBe(text);
      expect(await count(p.mobile), what).toBe(0);
    }
    // no spooled leftovers of refused uploads
    const { readdir } = await import('node:fs/promises');
    const incoming = await readdir(`${t.app.ctx.config.uploadDir}/.incoming`).catch(() => []);
    expect(incoming).toEqual([]);
  });

  it('does not tell whether a person exists: a known person and a new one get the same answer', async () => {
    const known = applicant();
    let ip = nextIp();
    await submit(t, known, { ip, extra: await captcha(ip) });
    ip = nextIp();
    const again = await submit(t, known, { ip, extra: await captcha(ip) });
    ip = nextIp();
    const fresh = await submit(t, applicant(), { ip, extra: await captcha(ip) });
    expect(again.status).toBe(fresh.status);
    expect(again.body.message).toBe(fresh.body.message);
    expect(Object.keys(again.body.result)).toEqual(Object.keys(fresh.body.result));
  });

  it('another applicant summary cannot be read, and code guessing is throttled per IP', async () => {
    let ip = nextIp();
    const a = await submit(t, applicant(), { ip, extra: await captcha(ip) });
    ip = nextIp();
    const b = await submit(t, applicant(), { ip, extra: await captcha(ip) });
    const codeA = a.body.result.code as string;
    const codeB = b.body.result.code as string;
    const guesser = nextIp();
    // near misses of both codes and made-up ones
    const guesses = [
      codeA.toUpperCase(),
      codeA.slice(1),
      `${codeB.slice(0, -2)}aa`,
      '0'.repeat(32),
      'A'.repeat(32),
    ];
    for (const g of guesses) {
      const r = await anon(t, 'POST', '/registration/summary', { code: g }, guesser);
      expect(r.body.message, g).toBe('查询码无效或已过期');
    }
    let throttled = 0;
    for (let i = guesses.length; i < REGISTRATION_LIMITS.lookupsPerIp10Min + 5; i++) {
      const r = await anon(
        t,
        'POST',
        '/registration/summary',
        { code: `guess${i}`.padEnd(24, 'x') },
        guesser,
      );
      if (r.status === 429) throttled++;
    }
    expect(throttled).toBe(5);
    // even the right code is refused from the throttled address
    expect((await anon(t, 'POST', '/registration/summary', { code: codeA }, guesser)).status).toBe(429);
    // each code opens its own submission only
    const sa = await anon(t, 'POST', '/registration/summary', { code: codeA });
    const sb = await anon(t, 'POST', '/registration/summary', { code: codeB });
    expect(sa.body.result.data.realname).not.toBe(sb.body.result.data.realname);
  });

  it('the test endpoint is throttled per IP', async () => {
    const ip = nextIp();
    const q = (await anon(t, 'GET', '/registration/mbti/questions', undefined, ip)).body.result;
    const body = { version: q.version, answers: q.questions.map(() => 'A') };
    const statuses: number[] = [];
    for (let i = 0; i < REGISTRATION_LIMITS.testsPerIpHour + 3; i++)
      statuses.push((await anon(t, 'POST', '/registration/mbti', body, ip)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(REGISTRATION_LIMITS.testsPerIpHour);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
  });
});
