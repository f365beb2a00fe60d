import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearGroupRequests, GROUP_CACHE_MS, groupRequest } from './group-request';

describe('groupRequest: report data kept 30 s when a group id is set', () => {
  afterEach(() => clearGroupRequests());

  it('without a group id every call asks the server', async () => {
    const get = vi.fn(async () => ({ total: 1 }));
    await groupRequest(null, get);
    await groupRequest('', get);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('with a group id the same call within 30 s is answered once; after 30 s it asks again', async () => {
    let now = 1_000;
    const get = vi.fn(async () => ({ total: now }));
    const a = groupRequest('g1|getData/r1|{"pageNo":1}', get, GROUP_CACHE_MS, () => now);
    const b = groupRequest('g1|getData/r1|{"pageNo":1}', get, GROUP_CACHE_MS, () => now);
    expect(await a).toEqual({ total: 1_000 });
    expect(await b).toEqual({ total: 1_000 });
    now += GROUP_CACHE_MS - 1;
    expect(await groupRequest('g1|getData/r1|{"pageNo":1}', get, GROUP_CACHE_MS, () => now)).toEqual({ total: 1_000 });
    expect(get).toHaveBeenCalledTimes(1);
    // another page is another call
    await groupRequest('g1|getData/r1|{"pageNo":2}', get, GROUP_CACHE_MS, () => now);
    expect(get).toHaveBeenCalledTimes(2);
    now += 1;
    expect(await groupRequest('g1|getData/r1|{"pageNo":1}', get, GROUP_CACHE_MS, () => now)).toEqual({ total: now });
    expect(get).toHaveBeenCalledTimes(3);
    expect(GROUP_CACHE_MS).toBe(30_000);
  });

  it('a failed call is not kept', async () => {
    const get = vi.fn().mockRejectedValueOnce(new Error('网络超时')).mockResolvedValueOnce({ total: 2 });
    await expect(groupRequest('g2', get)).rejects.toThrow('网络超时');
    expect(await groupRequest('g2', get)).toEqual({ total: 2 });
    expect(get).toHaveBeenCalledTimes(2);
  });
});
