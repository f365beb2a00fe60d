import { SMS_TEXTS } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/db/ids.js';
import { recordingSmsConfig } from '../../src/platform/sms/sms-config.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { advance, callFrom, lastCode, recorder, settled } from './sms-helpers.js';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
// Redis keeps its keys between runs: every run uses fresh mobiles and addresses.
const rnd = () => String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
const mobile = () => `139${rnd()}`;
const ip = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe.skipIf(!redisUrl)('[AUTH] SMS codes with the Redis key-value store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { redisUrl, sms: recordingSmsConfig({ dailyPerMobile: 3, dailyPerIp: 1000 }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends one code per mobile per 60 s even when asked concurrently, and caps a mobile per day', async () => {
    const m = mobile();
    const from = ip();
    const rs = await Promise.all(Array.from({ length: 6 }, () => callFrom(t, from, 'POST', '/sys/sms', { mobile: m, smsmode: '1' })));
    expect(rs.filter((r) => r.body.success).length).toBe(1);
    await settled(t);
    expect(recorder(t).sent.filter((s) => s.mobile === m)).toHaveLength(1);
    expect((await callFrom(t, from, 'POST', '/sys/sms', { mobile: m, smsmode: '1' })).body.message).toBe(SMS_TEXTS.tooFrequent);
    for (let i = 0; i < 2; i++) {
      advance(t, 61_000);
      expect((await callFrom(t, from, 'POST', '/sys/sms', { mobile: m, smsmode: '1' })).body.success).toBe(true);
    }
    advance(t, 61_000);
    expect((await callFrom(t, from, 'POST', '/sys/sms', { mobile: m, smsmode: '1' })).body.message).toBe(SMS_TEXTS.dailyCap);
  });

  it('phone login consumes the code once; an expired code is refused', async () => {
    const m = mobile();
    await t.app.ctx.db
      .insertInto('sysUser')
      .values({ id: newId(), username: `r${rnd()}`, realname: '临时', password: 'x', salt: 'x', phone: m, status: 1, delFlag: 0, createTime: '2026-11-24 00:00:00' })
      .execute();
    advance(t, 61_000);
    const from = ip();
    expect((await callFrom(t, from, 'POST', '/sys/sms', { mobile: m, smsmode: '0' })).body.success).toBe(true);
    const code = (await lastCode(t, m))!;
    expect((await callFrom(t, from, 'POST', '/sys/phoneLogin', { mobile: m, captcha: code })).body.success).toBe(true);
    expect((await callFrom(t, from, 'POST', '/sys/phoneLogin', { mobile: m, captcha: code })).body.message).toBe(SMS_TEXTS.wrong);
    advance(t, 61_000);
    expect((await callFrom(t, from, 'POST', '/sys/sms', { mobile: m, smsmode: '0' })).body.success).toBe(true);
    advance(t, 5 * 60_000 + 1_000);
    expect((await callFrom(t, from, 'POST', '/sys/phoneLogin', { mobile: m, captcha: (await lastCode(t, m))! })).body.message).toBe(SMS_TEXTS.wrong);
  });
});
