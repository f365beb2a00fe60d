import { SMS_TEXTS } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingSmsConfig } from '../../src/platform/sms/sms-config.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { advance, lastCode } from './sms-helpers.js';

describe.each(dbKinds)('[AUTH] forgotten password by SMS on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { sms: recordingSmsConfig() });
  });
  afterAll(async () => {
    await t?.close();
  });

  const change = (q: Record<string, string>) => t.call(null, 'GET', `/sys/user/passwordChange?${new URLSearchParams(q).toString()}`);

  it('verifies the code, sets the new password once, and ends every session of the user', async () => {
    const before = await t.login('yangfan');
    expect((await t.call(null, 'POST', '/sys/sms', { mobile: '13811110006', smsmode: '2' })).body.success).toBe(true);
    const code = (await lastCode(t, '13811110006'))!;
    // a login code is not a forgot-password code
    const wrongPurpose = await t.call(null, 'POST', '/sys/phoneLogin', { mobile: '13811110006', captcha: code });
    expect(wrongPurpose.body.message).toBe(SMS_TEXTS.wrong);

    const v = await t.call(null, 'POST', '/sys/user/phoneVerification', { phone: '13811110006', smscode: code });
    expect(v.body).toMatchObject({ success: true, result: { smscode: code, username: 'yangfan' } });
    // step 1 consumed the code
    const v2 = await t.call(null, 'POST', '/sys/user/phoneVerification', { phone: '13811110006', smscode: code });
    expect(v2.body).toMatchObject({ success: false, message: SMS_TEXTS.wrong });

    const weak = await change({ username: 'yangfan', password: '123', smscode: code, phone: '13811110006' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('密码不能少于6位');
    const otherUser = await change({ username: 'zhaolei', password: 'NewPass-1', smscode: code, phone: '13811110006' });
    expect(otherUser.body).toMatchObject({ success: false, message: '未找到用户！' });

    const ok = await change({ username: 'yangfan', password: 'NewPass-1', smscode: code, phone: '13811110006' });
    expect(ok.body).toMatchObject({ success: true, message: '密码重置完成！' });
    expect((await t.call(before, 'GET', '/sys/user/getCurrentUserDeparts')).status).toBe(401);
    const old = await t.call(null, 'POST', '/sys/login', { username: 'yangfan', password: '123456' });
    expect(old.body.success).toBe(false);
    expect(await t.login('yangfan', 'NewPass-1')).toBeTruthy();
    const reuse = await change({ username: 'yangfan', password: 'Another-2', smscode: code, phone: '13811110006' });
    expect(reuse.body).toMatchObject({ success: false, message: '短信验证码失效！' });
  });

  it('refuses a wrong or expired code and limits guesses', async () => {
    advance(t, 61_000);
    expect((await t.call(null, 'POST', '/sys/sms', { mobile: '13811110007', smsmode: '2' })).body.success).toBe(true);
    const code = (await lastCode(t, '13811110007'))!;
    advance(t, 5 * 60_000 + 1_000);
    const late = await t.call(null, 'POST', '/sys/user/phoneVerification', { phone: '13811110007', smscode: code });
    expect(late.body).toMatchObject({ success: false, message: SMS_TEXTS.wrong });
    const guesses = [];
    for (let i = 0; i < 5; i++) guesses.push(await t.call(null, 'POST', '/sys/user/phoneVerification', { phone: '13811110007', smscode: `00000${i}` }));
    expect(guesses.map((g) => g.status)).toEqual([200, 200, 200, 200, 429]);
    // no guessing the second step either
    const blind = await change({ username: 'zhaolei', password: 'NewPass-1', smscode: '123456', phone: '13811110007' });
    expect(blind.status).toBe(429);
  });
});

describe('[AUTH] the request log never holds the SMS code or the new password', () => {
  it('masks smscode, captcha and password query values', async () => {
    const { redactUrl } = await import('../../src/platform/http/redact.js');
    const url = redactUrl('/jeecg-boot/sys/user/passwordChange?username=yangfan&password=NewPass-1&smscode=123456&phone=13811110006&captcha=654321');
    expect(url).not.toContain('NewPass-1');
    expect(url).not.toContain('123456');
    expect(url).not.toContain('654321');
    expect(url).toContain('username=yangfan');
  });
});
