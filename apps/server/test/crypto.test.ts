import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPayload, endsSigned, responseSignature, serializeSigned } from '../src/platform/crypto/envelope.js';
import { computeSign, parseSignTimestamp } from '../src/platform/crypto/sign.js';
import { createTestApp, dbKinds, type TestApp } from './helpers.js';

/** `yyyyMMddHHmmss` in GMT+8. */
function stamp(ms: number): string {
  return new Date(ms + 8 * 3600 * 1000).toISOString().slice(0, 19).replace(/[-T:]/g, '');
}

describe('[CRYPTO] signature primitives', () => {
  it('parses timestamps strictly', () => {
    expect(parseSignTimestamp('20261121103000')).toBe(Date.UTC(2026, 10, 21, 2, 30, 0));
    expect(parseSignTimestamp('2026112110300')).toBeNaN();
    expect(parseSignTimestamp('20261321103000')).toBeNaN();
    expect(parseSignTimestamp('abc')).toBeNaN();
  });

  it('signs the sorted map of path variable, query and body without _t', () => {
    const a = computeSign({ url: '/x/sys_user,realname,id?b=2&a=1&_t=5', method: 'GET', query: { b: '2', a: '1', _t: '5' }, body: undefined }, 's');
    const b = computeSign({ url: '/x/sys_user,realname,id', method: 'GET', query: { a: '1', b: '2' }, body: undefined }, 's');
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9A-F]{32}$/);
    const withBody = computeSign({ url: '/x', method: 'POST', query: {}, body: { n: 1 } }, 's');
    expect(withBody).toBe(computeSign({ url: '/x', method: 'POST', query: {}, body: { n: '1' } }, 's'));
  });
});

describe('[CRYPTO] signed serialisation', () => {
  const key = '1234567890adbcde';
  const signedText = (obj: Record<string, unknown>) => JSON.stringify({ ...obj, zSignVer: responseSignature(obj.timestamp as number, obj.result, key) });

  it('writes an envelope exactly as the spread envelope with its signature, serialising the result once', () => {
    const day = new Date(Date.UTC(2026, 10, 27, 1, 2, 3));
    const cases: Record<string, unknown>[] = [
      { success: true, message: '操作成功', code: 200, result: { records: [{ id: '1', n: '名"\\\n', d: day, u: undefined }], total: 1 }, timestamp: 1 },
      { success: false, message: 'x', code: 500, result: null, timestamp: 2 },
      { success: true, message: 'no result', code: 200, timestamp: 3 },
      { success: true, message: 'undefined result', code: 200, result: undefined, timestamp: 4, extra: undefined },
      { success: true, message: 'string', code: 200, result: '操作成功', timestamp: 5 },
      { zSignVer: 'old', success: true, result: [1, 2], timestamp: 6 },
    ];
    for (const c of cases) {
      const text = serializeSigned(c, key);
      expect(text).toBe(signedText(c));
      expect(endsSigned(text)).toBe(!('zSignVer' in c));
    }
    let calls = 0;
    const counted = { toJSON: () => (calls++, { a: 1 }) };
    expect(serializeSigned({ success: true, result: counted, timestamp: 7 }, key)).toBe(signedText({ success: true, result: { a: 1 }, timestamp: 7 }));
    expect(calls).toBe(1);
  });

  it('leaves anything that is not an envelope to plain JSON', () => {
    for (const v of [null, 1, 'a', [1, { timestamp: 1, success: true }], { traces: [] }, { success: true, timestamp: '1' }]) {
      expect(serializeSigned(v, key)).toBe(JSON.stringify(v));
    }
  });
});

describe.each(dbKinds)('[CRYPTO] request signature and AES envelope on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });
  const secret = () => t.app.ctx.config.signatureSecret;
  const url = '/jeecg-boot/sys/dict/getDictItems/sex';

  it('accepts a correctly signed dictionary request', async () => {
    const sign = computeSign({ url, method: 'GET', query: {}, body: undefined }, secret());
    const r = await t.call(token, 'GET', url, undefined, { 'x-sign': sign, 'x-timestamp': stamp(Date.now()) });
    expect(r.body.success).toBe(true);
    expect(r.body.result.map((i: { value: string }) => i.value)).toEqual(['1', '2']);
  });

  it('rejects a missing or tampered signature', async () => {
    const none = await t.call(token, 'GET', url, undefined, { 'x-timestamp': stamp(Date.now()) });
    expect(none.body).toMatchObject({ success: false, code: 500, message: 'Sign签名校验失败！' });
    const sign = computeSign({ url, method: 'GET', query: {}, body: undefined }, secret());
    const tampered = await t.call(token, 'GET', `${url}?extra=1`, undefined, { 'x-sign': sign, 'x-timestamp': stamp(Date.now()) });
    expect(tampered.body.message).toBe('Sign签名校验失败！');
  });

  it('rejects timestamps outside ±5 minutes and malformed ones', async () => {
    const sign = computeSign({ url, method: 'GET', query: {}, body: undefined }, secret());
    const old = await t.call(token, 'GET', url, undefined, { 'x-sign': sign, 'x-timestamp': stamp(Date.now() - 6 * 60_000) });
    expect(old.body.success).toBe(false);
    const future = await t.call(token, 'GET', url, undefined, { 'x-sign': sign, 'x-timestamp': stamp(Date.now() + 6 * 60_000) });
    expect(future.body.success).toBe(false);
    const near = await t.call(token, 'GET', url, undefined, { 'x-sign': sign, 'x-timestamp': stamp(Date.now() - 4 * 60_000) });
    expect(near.body.success).toBe(true);
    const bad = await t.call(token, 'GET', url, undefined, { 'x-sign': sign, 'x-timestamp': '2026-11-21' });
    expect(bad.body.message).toBe('签名验证失败:X-TIMESTAMP格式必须为:yyyyMMddHHmmss');
  });

  it('decrypts an AES envelope body and signs the response', async () => {
    const { aesKey, aesIv } = t.app.ctx.config;
    const body = { encryptData: encryptPayload({ orgCode: 'A01A04', username: 'admin' }, aesKey, aesIv) };
    const r = await t.call(token, 'POST', '/sys/selectDepart', body);
    expect(r.body.success).toBe(true);
    expect(r.body.result.userInfo.orgCode).toBe('A01A04');
    const signed = r.body as typeof r.body & { zSignVer: string };
    expect(signed.zSignVer).toBe(responseSignature(r.body.timestamp, r.body.result, aesKey));
  });

  it('rejects a tampered envelope without changing anything', async () => {
    const { aesKey, aesIv } = t.app.ctx.config;
    const data = encryptPayload({ orgCode: 'A01A04', username: 'admin' }, aesKey, aesIv);
    const flipped = Buffer.from(data, 'base64');
    flipped[flipped.length - 1] ^= 0xff;
    const r = await t.call(token, 'POST', '/sys/selectDepart', { encryptData: flipped.toString('base64') });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请求报文解密失败');
    const wrongKey = await t.call(token, 'POST', '/sys/selectDepart', {
      encryptData: encryptPayload({ orgCode: 'A01A04' }, 'ffffffffffffffff', aesIv),
    });
    expect(wrongKey.status).toBe(400);
  });

  it('refuses plain bodies on non-exempt endpoints when the strict setting is on', async () => {
    const strict = await createTestApp(kind, { strictEnvelope: true });
    try {
      const tk = await strict.login('admin');
      const plain = await strict.call(tk, 'POST', '/sys/selectDepart', { orgCode: 'A01A04' });
      expect(plain.body.message).toBe('请求报文必须加密');
      const { aesKey, aesIv } = strict.app.ctx.config;
      const enc = await strict.call(tk, 'POST', '/sys/selectDepart', {
        encryptData: encryptPayload({ orgCode: 'A01A04' }, aesKey, aesIv),
      });
      expect(enc.body.success).toBe(true);
    } finally {
      await strict.close();
    }
  });
});

describe('[CRYPTO] the permission load is signed like every envelope', () => {
  it('carries a zSignVer that verifies against its result', async () => {
    const t = await createTestApp('sqlite');
    try {
      const token = await t.login('admin');
      const r = await t.call(token, 'GET', '/sys/permission/getUserPermissionByToken');
      const body = r.body as typeof r.body & { zSignVer: string };
      expect(r.headers['content-type']).toContain('application/json');
      expect(body.message).toBe('查询成功');
      expect(body.zSignVer).toBe(responseSignature(body.timestamp, body.result, t.app.ctx.config.aesKey));
    } finally {
      await t.close();
    }
  });
});
