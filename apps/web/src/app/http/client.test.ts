import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerFeedback } from '../feedback';
import { useSession } from '../session/store';
import { getAction, postAction, resetExpiryLatch } from './client';
import { responseSignature } from './envelope';

const KEY = '1234567890adbcde';
const notices: { message: unknown; description?: unknown }[] = [];

function envelope(result: unknown, extra: Record<string, unknown> = {}) {
  const timestamp = 1763700000000;
  return { success: true, message: '', code: 200, result, timestamp, zSignVer: responseSignature(timestamp, result, KEY), ...extra };
}

function mockFetch(handler: (url: string, init: RequestInit) => { status: number; body: unknown }) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const { status, body } = handler(url, init);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('HTTP client', () => {
  beforeEach(() => {
    window._CONFIG = { baseURL: '/jeecg-boot', aesKey: KEY, aesIv: '1234567890hjlkew', signatureSecret: 'secret' };
    notices.length = 0;
    const push = (n: { message: unknown; description?: unknown }) => {
      notices.push(n);
    };
    registerFeedback({
      notification: { error: push, warning: push, info: push, success: push, open: push, destroy: () => undefined },
      message: { error: push, warning: push, info: push, success: push, loading: push, open: push, destroy: () => undefined },
      modal: { error: push, confirm: push, info: push, success: push, warning: push },
    } as unknown as Parameters<typeof registerFeedback>[0]);
    useSession.setState({ token: 'tok', tenantId: '3' });
    resetExpiryLatch();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends token, tenant, signature headers and _t on GET, but no _t for dictionary items', async () => {
    const calls = mockFetch(() => ({ status: 200, body: envelope([1]) }));
    await getAction('/sys/user/list', { pageNo: 1, skip: undefined });
    await getAction('/sys/dict/getDictItems/sex');
    const h = calls[0].init.headers as Record<string, string>;
    expect(h['X-Access-Token']).toBe('tok');
    expect(h['tenant-id']).toBe('3');
    expect(h['X-Sign']).toMatch(/^[0-9A-F]{32}$/);
    expect(h['X-TIMESTAMP']).toMatch(/^\d{14}$/);
    expect(calls[0].url).toMatch(/^\/jeecg-boot\/sys\/user\/list\?pageNo=1&_t=\d+$/);
    expect(calls[1].url).toBe('/jeecg-boot/sys/dict/getDictItems/sex');
  });

  it('wraps bodies in the AES envelope', async () => {
    const calls = mockFetch(() => ({ status: 200, body: envelope(null) }));
    await postAction('/sys/user/add', { username: 'x' });
    expect(Object.keys(JSON.parse(String(calls[0].init.body)))).toEqual(['encryptData']);
    await postAction('/sys/user/add', { username: 'x' }, { noEncrypt: true });
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ username: 'x' });
  });

  it('business failures resolve with success false', async () => {
    mockFetch(() => ({ status: 200, body: envelope(null, { success: false, code: 500, message: '旧密码输入错误!' }) }));
    const r = await postAction('/sys/user/updatePassword', {});
    expect(r.success).toBe(false);
    expect(r.message).toBe('旧密码输入错误!');
    expect(notices).toHaveLength(0);
  });

  it('rejects a response whose signature does not match', async () => {
    mockFetch(() => ({ status: 200, body: { ...envelope({ a: 1 }), result: { a: 2 } } }));
    await expect(getAction('/x')).rejects.toThrow('响应签名校验失败');
  });

  it('shows the catalogue texts for 403, 404 and other statuses', async () => {
    mockFetch((url) => {
      if (url.includes('/forbidden')) return { status: 403, body: { success: false, code: 510, message: 'x' } };
      if (url.includes('/missing')) return { status: 404, body: {} };
      return { status: 400, body: { success: false, message: '参数不正确' } };
    });
    await expect(getAction('/forbidden')).rejects.toThrow();
    await expect(getAction('/missing')).rejects.toThrow();
    await expect(getAction('/bad')).rejects.toThrow();
    expect(notices.map((n) => n.description)).toEqual(['拒绝访问', '很抱歉，资源未找到!', '参数不正确']);
    expect(notices[0].message).toBe('系统提示');
  });

  it('many 401s at once give one expiry notice and one reload', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, pathname: '/demo/list' });
    mockFetch(() => ({ status: 401, body: { success: false, code: 401, message: 'Token失效，请重新登录!' } }));
    const results = await Promise.allSettled([getAction('/a'), getAction('/b'), postAction('/c', {})]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(notices.filter((n) => n.description === '很抱歉，登录已过期，请重新登录')).toHaveLength(1);
    vi.advanceTimersByTime(1500);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
