import { createDecipheriv, createHash, createHmac } from 'node:crypto';
import { parseSignTimestamp, signedText } from '@go/contract';
import { describe, expect, it } from 'vitest';
import { encryptBody, responseSignature, responseSignatureAsync } from './envelope';
import { computeSign, signTimestamp } from './sign';

const SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';
/** What the server computes (platform/crypto): standard MD5, AES-128-CBC and HMAC-SHA256. */
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();

describe('request signing matches the server', () => {
  it.each([
    { url: '/jeecg-boot/sys/dict/getDictItems/sex', method: 'GET', query: {}, body: undefined },
    { url: '/jeecg-boot/sys/user/list', method: 'GET', query: { pageNo: '1', pageSize: '10', username: '张' }, body: undefined },
    { url: '/jeecg-boot/sys/dict/loadDictItem/sys_user,realname,username', method: 'GET', query: { key: 'admin' }, body: undefined },
    { url: '/jeecg-boot/sys/user/add', method: 'POST', query: {}, body: { username: 'x', age: 3, ok: true, tags: ['a'], nested: { a: 1 } } },
    { url: '/jeecg-boot/sys/user/edit', method: 'PUT', query: { id: '9' }, body: { realname: '王芳' } },
  ])('$method $url', (input) => {
    expect(computeSign(input, SECRET)).toBe(md5(signedText(input, SECRET)));
  });

  it('signs the comma list of the last path segment and stringifies numbers', () => {
    expect(signedText({ url: '/a/b,c', method: 'POST', query: { x: 1 }, body: { y: true } }, 's')).toBe('{"x":"1","x-path-variable":"b,c","y":"true"}s');
  });

  it('leaves _t out of the signature', () => {
    const a = computeSign({ url: '/a', method: 'GET', query: { x: '1' } }, SECRET);
    const b = computeSign({ url: '/a', method: 'GET', query: { x: '1', _t: '123' } }, SECRET);
    expect(a).toBe(b);
  });

  it('timestamps are GMT+8 yyyyMMddHHmmss the server accepts', () => {
    const at = Date.UTC(2026, 10, 21, 16, 30, 5);
    expect(signTimestamp(at)).toBe('20261122003005');
    expect(parseSignTimestamp(signTimestamp(at))).toBe(at);
    expect(parseSignTimestamp('20261322003005')).toBeNaN();
  });
});

describe('AES envelope and response signature match the server', () => {
  const key = '1234567890adbcde';
  const iv = '1234567890hjlkew';
  it('the server decrypts what the client encrypts', () => {
    const body = { username: '王芳', n: 1, list: [1, 2], deep: { a: null } };
    const d = createDecipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
    const plain = Buffer.concat([d.update(Buffer.from(encryptBody(body, key, iv).encryptData, 'base64')), d.final()]).toString('utf8');
    expect(JSON.parse(plain)).toEqual(body);
  });
  it('zSignVer is the same HMAC on both sides', () => {
    const result = { records: [{ id: '1', name: '张伟' }], total: 1 };
    const hmac = (ts: number, r: unknown) => createHmac('sha256', key).update(`${ts}:${JSON.stringify(r ?? null)}`, 'utf8').digest('hex');
    expect(responseSignature(1763700000000, result, key)).toBe(hmac(1763700000000, result));
    expect(responseSignature(1, undefined, key)).toBe(hmac(1, null));
  });
  it('the browser HMAC gives the same zSignVer as crypto-js', async () => {
    const result = { records: [{ id: '1', name: '张伟', note: '😀 \u2028' }], total: 1 };
    expect(globalThis.crypto?.subtle).toBeDefined();
    expect(await responseSignatureAsync(1763700000000, result, key)).toBe(responseSignature(1763700000000, result, key));
    expect(await responseSignatureAsync(1, undefined, key)).toBe(responseSignature(1, undefined, key));
  });
});
