import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearGroupRequests } from '../../app/http/group-request';

describe('report data through reportApi.data', () => {
  afterEach(() => {
    clearGroupRequests();
    vi.doUnmock('../../app/http/client');
    vi.resetModules();
  });

  it('asks getData once for the same page of one group within 30 s, every time without a group', async () => {
    const getAction = vi.fn(async () => ({ success: true, message: '', result: { total: 1, records: [{ id: 'a' }] } }));
    vi.doMock('../../app/http/client', async (orig) => ({ ...(await orig<object>()), getAction }));
    const { reportApi } = await import('./api');
    await reportApi.data('r1', { pageNo: 1, pageSize: 10 }, 'grid-1');
    await reportApi.data('r1', { pageNo: 1, pageSize: 10 }, 'grid-1');
    expect(getAction).toHaveBeenCalledTimes(1);
    expect(getAction).toHaveBeenCalledWith('/online/cgreport/api/getData/r1', { pageNo: 1, pageSize: 10 });
    await reportApi.data('r1', { pageNo: 1, pageSize: 10 });
    await reportApi.data('r1', { pageNo: 1, pageSize: 10 });
    expect(getAction).toHaveBeenCalledTimes(3);
  });
});
