import { SMS_TEXTS } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingSmsConfig } from '../../src/platform/sms/sms-config.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { advance, callFrom, lastCode, recorder, settled } from './sms-helpers.js';

describe.each(dbKinds)('[AUTH] SMS codes and phone login on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { sms: recordingSmsConfig({ dailyPerMobile: 4, dailyPerIp: 8 }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the same whether or not the mobile belongs to an account, and sends only a usable code', async () => {
    const known = await callFrom(t, '10.0.0.1', 'POST', '/sys/sms', { mobile: '13811110005', smsmode: '0' });
    const unknown = await callFrom(t, '10.0.0.1', 'POST', '/sys/sms', { mobile: '13899990001', smsmode: '0' });
    const registerKnown = await callFrom(t, '10.0.0.1', 'POST', '/sys/sms', { mobile: '13811110006', smsmode: 1 });
    const registerUnknown = await callFrom(t, '10.0.0.1', 'POST', '/sys/sms', { mobile: '13899990002', smsmode: '1' });
    for (const r of [known, unknown, registerKnown, registerUnknown]) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: true, message: SMS_TEXTS.sent, result: null });
    }
    expect(await lastCode(t, '13811110005')).toMatch(/^\d{6}$/);
    expect(await lastCode(t, '13899990001')).toBeUndefined();
    expect(await lastCode(t, '13811110006')).toBeUndefined();
    expect(await lastCode(t, '13899990002')).toMatch(/^\d{6}$/);
    const bad = await callFrom(t, '10.0.0.1', 'POST', '/sys/sms', { mobile: '12345', smsmode: '3' });
    expect(bad.status).toBe(400);
  });

  it('stores codes only as a hash', async () => {
    const code = (await lastCode(t, '13811110005'))!;
    const rows = await t.app.ctx.db.selectFrom('kvStore').select(['k', 'v']).where('k', 'like', 'sms:%').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.k.includes(code) && r.k.endsWith(code)).toBe(false);
      expect(r.v).not.toBe(code);
      expect(r.k).not.toMatch(new RegExp(`:${code}(:|$)`));
    }
  });

  it('phone login answers the account login shape; the code works once', async () => {
    const code = (await lastCode(t, '13811110005'))!;
    const r = await callFrom(t, '10.0.0.2', 'POST', '/sys/phoneLogin', { mobile: '13811110005', captcha: code });
    expect(r.body).toMatchObject({ success: true, message: '登录成功' });
    expect(Object.keys(r.body.result)).toEqual(
      expect.arrayContaining(['token', 'userInfo', 'departs', 'multi_depart', 'sysAllDictItems', 'needChangePassword']),
    );
    expect(r.body.result.userInfo.username).toBe('chenjing');
    expect(r.body.result.userInfo.password).toBeUndefined();
    expect(r.body.result.userInfo.salt).toBeUndefined();
    const me = await t.call(r.body.result.token, 'GET', '/sys/user/getCurrentUserDeparts');
    expect(me.body.success).toBe(true);
    const again = await callFrom(t, '10.0.0.2', 'POST', '/sys/phoneLogin', { mobile: '13811110005', captcha: code });
    expect(again.body).toMatchObject({ success: false, message: SMS_TEXTS.wrong });
    const log = await t.app.ctx.db.selectFrom('sysLog').select('logContent').where('requestUrl', '=', '/sys/phoneLogin').execute();
    expect(log.map((l) => l.logContent)).toContain('用户名: chenjing,登录成功！');
  });

  it('one code per mobile per 60 s; a code lives 5 minutes', async () => {
    const m = '13811110007';
    expect((await callFrom(t, '10.0.0.3', 'POST', '/sys/sms', { mobile: m, smsmode: '0' })).body.success).toBe(true);
    const first = (await lastCode(t, m))!;
    const soon = await callFrom(t, '10.0.0.3', 'POST', '/sys/sms', { mobile: m, smsmode: '2' });
    expect(soon.body).toMatchObject({ success: false, message: SMS_TEXTS.tooFrequent });
    advance(t, 59_000);
    expect((await callFrom(t, '10.0.0.3', 'POST', '/sys/sms', { mobile: m, smsmode: '0' })).body.message).toBe(SMS_TEXTS.tooFrequent);
    advance(t, 2_000);
    expect((await callFrom(t, '10.0.0.3', 'POST', '/sys/sms', { mobile: m, smsmode: '0' })).body.success).toBe(true);
    const second = (await lastCode(t, m))!;
    // the newer code replaces the older one
    if (second !== first) {
      const old = await callFrom(t, '10.0.0.4', 'POST', '/sys/phoneLogin', { mobile: m, captcha: first });
      expect(old.body.message).toBe(SMS_TEXTS.wrong);
    }
    advance(t, 5 * 60_000 + 1_000);
    const late = await callFrom(t, '10.0.0.4', 'POST', '/sys/phoneLogin', { mobile: m, captcha: second });
    expect(late.body).toMatchObject({ success: false, message: SMS_TEXTS.wrong });
    // a fresh code within its lifetime works
    expect((await callFrom(t, '10.0.0.3', 'POST', '/sys/sms', { mobile: m, smsmode: '0' })).body.success).toBe(true);
    advance(t, 4 * 60_000 + 50_000);
    const inTime = await callFrom(t, '10.0.0.4', 'POST', '/sys/phoneLogin', { mobile: m, captcha: (await lastCode(t, m))! });
    expect(inTime.body.success).toBe(true);
  });

  it('caps codes per mobile and per IP per day, registered or not', async () => {
    const m = '13899990003';
    for (let i = 0; i < 4; i++) {
      const r = await callFrom(t, '10.0.1.1', 'POST', '/sys/sms', { mobile: m, smsmode: '0' });
      expect(r.body.success).toBe(true);
      advance(t, 61_000);
    }
    const capped = await callFrom(t, '10.0.1.1', 'POST', '/sys/sms', { mobile: m, smsmode: '0' });
    expect(capped.body).toMatchObject({ success: false, message: SMS_TEXTS.dailyCap });
    // per IP: 8 a day from one address, whatever the mobiles
    for (let i = 0; i < 8; i++) {
      const r = await callFrom(t, '10.0.2.1', 'POST', '/sys/sms', { mobile: `1389999010${i}`, smsmode: '1' });
      expect(r.body.success).toBe(true);
    }
    const ipCapped = await callFrom(t, '10.0.2.1', 'POST', '/sys/sms', { mobile: '13899990200', smsmode: '1' });
    expect(ipCapped.body).toMatchObject({ success: false, message: SMS_TEXTS.ipCap });
    expect((await callFrom(t, '10.0.2.2', 'POST', '/sys/sms', { mobile: '13899990200', smsmode: '1' })).body.success).toBe(true);
    // the next day (GMT+8) both caps start again
    advance(t, 24 * 3600_000);
    expect((await callFrom(t, '10.0.1.1', 'POST', '/sys/sms', { mobile: m, smsmode: '0' })).body.success).toBe(true);
    expect((await callFrom(t, '10.0.2.1', 'POST', '/sys/sms', { mobile: '13899990201', smsmode: '1' })).body.success).toBe(true);
  });

  it('concurrent requests for one mobile send one code', async () => {
    advance(t, 120_000);
    const m = '13811110011';
    await settled(t);
    const before = recorder(t).sent.filter((s) => s.mobile === m).length;
    const rs = await Promise.all(Array.from({ length: 6 }, (_, i) => callFrom(t, `10.0.3.${i}`, 'POST', '/sys/sms', { mobile: m, smsmode: '0' })));
    expect(rs.filter((r) => r.body.success).length).toBe(1);
    await settled(t);
    expect(recorder(t).sent.filter((s) => s.mobile === m).length).toBe(before + 1);
  });

  it('phone login is throttled like the account login (reserve-before-check)', async () => {
    advance(t, 120_000);
    const m = '13811110012';
    expect((await callFrom(t, '10.0.4.1', 'POST', '/sys/sms', { mobile: m, smsmode: '0' })).body.success).toBe(true);
    const code = (await lastCode(t, m))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = await Promise.all(
      Array.from({ length: 8 }, () => callFrom(t, '10.0.4.2', 'POST', '/sys/phoneLogin', { mobile: m, captcha: wrong })),
    );
    expect(tries.filter((r) => r.status === 429).length).toBe(3);
    const right = await callFrom(t, '10.0.4.3', 'POST', '/sys/phoneLogin', { mobile: m, captcha: code });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('登录失败次数过多，请稍后再试');
  });

  it('a frozen account gets no code and cannot sign in by phone', async () => {
    advance(t, 120_000);
    await t.app.ctx.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'zhulin').execute();
    const r = await callFrom(t, '10.0.5.1', 'POST', '/sys/sms', { mobile: '13811110014', smsmode: '0' });
    expect(r.body.success).toBe(true);
    expect(await lastCode(t, '13811110014')).toBeUndefined();
  });
});

describe('[AUTH] SMS without a provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says the SMS interface is not configured and offers no test outbox', async () => {
    const r = await t.call(null, 'POST', '/sys/sms', { mobile: '13811110005', smsmode: '0' });
    expect(r.body).toMatchObject({ success: false, message: SMS_TEXTS.notConfigured });
    const outbox = await t.call(null, 'GET', '/sys/sms/testOutbox?mobile=13811110005');
    expect(outbox.status).toBe(404);
  });
});

describe('[AUTH] SMS recording outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { sms: recordingSmsConfig({ testOutbox: true }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the latest recorded code when the test setting is on', async () => {
    await t.call(null, 'POST', '/sys/sms', { mobile: '13811110005', smsmode: '0' });
    const r = await t.call(null, 'GET', '/sys/sms/testOutbox?mobile=13811110005');
    expect(r.body.result).toMatchObject({ mobile: '13811110005', purpose: 'login', code: await lastCode(t, '13811110005') });
  });
});
