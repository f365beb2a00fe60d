import { describe, expect, it } from 'vitest';
import { computeSign as serverComputeSign, parseSignTimestamp } from '../../../../server/src/platform/crypto/sign';
import { decryptPayload, responseSignature as serverResponseSignature } from '../../../../server/src/platform/crypto/envelope';
import { encryptBody, responseSignature } from './envelope';
import { computeSign, signTimestamp } from './sign';

const SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';

describe('request signing matches the server', () => {
  it.each([
    { url: '/jeecg-boot/sys/dict/getDictItems/sex', method: 'GET', query: {}, body: undefined },
    { url: '/jeecg-boot/sys/user/list', method: 'GET', query: { pageNo: '1', pageSize: '10', username: '张' }, body: undefined },
    { url: '/jeecg-boot/sys/dict/loadDictItem/sys_user,realname,username', method: 'GET', query: { key: 'admin' }, body: undefined },
    { url: '/jeecg-boot/sys/user/add', method: 'POST', query: {}, body: { username: 'x', age: 3, ok: true, tags: ['a'], nested: { a: 1 } } },
    { url: '/jeecg-boot/sys/user/edit', method: 'PUT', query: { id: '9' }, body: { realname: '王芳' } },
  ])('$method $url', (input) => {
    expect(computeSign(input, SECRET)).toBe(serverComputeSign(input, SECRET));
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
  });
});

describe('AES envelope and response signature match the server', () => {
  const key = '1234567890adbcde';
  const iv = '1234567890hjlkew';
  it('the server decrypts what the client encrypts', () => {
    const body = { username: '王芳', n: 1, list: [1, 2], deep: { a: null } };
    expect(decryptPayload(encryptBody(body, key, iv).encryptData, key, iv)).toEqual(body);
  });
  it('zSignVer is the same HMAC on both sides', () => {
    const result = { records: [{ id: '1', name: '张伟' }], total: 1 };
    expect(responseSignature(1763700000000, result, key)).toBe(serverResponseSignature(1763700000000, result, key));
    expect(responseSignature(1, undefined, key)).toBe(serverResponseSignature(1, null, key));
  });
});
