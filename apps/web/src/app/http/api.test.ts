import { endpoint, messageResult, pageOf, zs } from '@go/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerFeedback } from '../feedback';
import { useSession } from '../session/store';
import { api, ApiError, call, settle } from './api';
import { HttpError, resetExpiryLatch } from './client';
import { responseSignature } from './envelope';

const KEY = '1234567890adbcde';
const notices: unknown[] = [];

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

const row = z.object({ id: z.string(), name: z.string() });
const demo = {
  list: call(endpoint({ method: 'GET', path: '/demo/list', query: z.object({ name: zs().optional(), pageNo: z.number().optional() }), result: pageOf(row) })),
  save: call(endpoint({ method: 'POST', path: '/demo/add', body: z.object({ name: zs() }), result: messageResult })),
  plain: call(endpoint({ method: 'POST', path: '/demo/plain', body: z.object({ code: zs() }), result: z.unknown(), noEncrypt: true })),
  item: call(endpoint({ method: 'GET', path: '/demo/item/:code/:kind', query: z.object({ full: z.boolean().optional() }), result: row })),
  trace: call(endpoint({ method: 'GET', path: '/demo/trace', result: z.object({ traces: z.array(z.string()) }), bare: true })),
};

describe('typed API client', () => {
  beforeEach(() => {
    window._CONFIG = { baseURL: '/jeecg-boot', aesKey: KEY, aesIv: '1234567890hjlkew', signatureSecret: 'secret' };
    notices.length = 0;
    const push = (n: unknown) => {
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
  });

  it('answers the result of a GET, its input as the query, with the signed headers and _t of client.ts', async () => {
    const calls = mockFetch(() => ({ status: 200, body: envelope({ records: [{ id: '1', name: 'a' }], total: 1, size: 10, current: 1, pages: 1 }) }));
    const page = await demo.list({ name: '*a*', pageNo: 1 });
    expect(page.records[0].name).toBe('a');
    expect(calls[0].url).toMatch(/^\/jeecg-boot\/demo\/list\?name=\*a\*&pageNo=1&_t=\d+$/);
    const h = calls[0].init.headers as Record<string, string>;
    expect(h['X-Access-Token']).toBe('tok');
    expect(h['X-Sign']).toMatch(/^[0-9A-F]{32}$/);
    expect(demo.list.path).toBe('/demo/list');
  });

  it('sends a POST input as the AES body, or plain where the declaration says so', async () => {
    const calls = mockFetch(() => ({ status: 200, body: envelope('添加成功！', { message: '添加成功！' }) }));
    expect(await demo.save({ name: 'x' })).toBe('添加成功！');
    expect(Object.keys(JSON.parse(String(calls[0].init.body)))).toEqual(['encryptData']);
    await demo.plain({ code: 'c' });
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ code: 'c' });
    const a = await demo.save.answer({ name: 'y' });
    expect(a).toEqual({ result: '添加成功！', message: '添加成功！', code: 200 });
  });

  it('fills the path segments, URI-encoded, and sends the rest as the query', async () => {
    const calls = mockFetch(() => ({ status: 200, body: envelope({ id: '1', name: 'a' }) }));
    await demo.item({ code: 'a/b c', kind: 2, full: true });
    expect(calls[0].url).toMatch(/^\/jeecg-boot\/demo\/item\/a%2Fb%20c\/2\?full=true&_t=\d+$/);
  });

  it('a refusal rejects with an ApiError carrying the message, and shows nothing itself', async () => {
    mockFetch(() => ({ status: 200, body: envelope(null, { success: false, code: 500, message: '名称已存在' }) }));
    const err = await demo.save({ name: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('名称已存在');
    expect((err as ApiError).code).toBe(500);
    expect(notices).toHaveLength(0);
    const shown: string[] = [];
    expect(await settle(demo.save.answer({ name: 'x' }), (m) => shown.push(m))).toBeUndefined();
    expect(shown).toEqual(['名称已存在']);
  });

  it('HTTP failures keep the client notices; settle answers undefined for them', async () => {
    mockFetch(() => ({ status: 403, body: { success: false, code: 510, message: 'x' } }));
    await expect(demo.list()).rejects.toBeInstanceOf(HttpError);
    const shown: string[] = [];
    expect(await settle(demo.list(), (m) => shown.push(m))).toBeUndefined();
    expect(shown).toEqual([]);
    expect(notices).toHaveLength(2);
  });

  it('answers a bare body as it is', async () => {
    mockFetch(() => ({ status: 200, body: { traces: ['t'] } }));
    expect(await demo.trace()).toEqual({ traces: ['t'] });
  });

  it('refuses a wrong input or an unknown endpoint at compile time', () => {
    const never = () => {
      // @ts-expect-error the query has no such field
      void demo.list({ nmae: 'a' });
      // @ts-expect-error the body is required
      void demo.save();
      // @ts-expect-error a path segment is missing
      void demo.item({ code: 'a' });
      // @ts-expect-error no such endpoint
      void api.announcement.lsit();
    };
    expect(typeof never).toBe('function');
  });
});
