import { describe, expect, it, vi } from 'vitest';
import { openSubTables, SUB_TABLE_OPEN_RETRIES } from './sub-table-open';

describe('opening a record’s sub tables', () => {
  it('answers the first success, trying again after failures', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('网络超时')).mockRejectedValueOnce(new Error('网络超时')).mockResolvedValueOnce({ id: '1', sub: [] });
    await expect(openSubTables(load, 0)).resolves.toEqual({ id: '1', sub: [] });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('fails with 打开子表失败 after 3 retries', async () => {
    const cause = new Error('网络超时');
    const load = vi.fn().mockRejectedValue(cause);
    const e = (await openSubTables(load, 0).catch((x: unknown) => x)) as Error;
    expect(e.message).toBe('打开子表失败');
    expect(e.cause).toBe(cause);
    expect(SUB_TABLE_OPEN_RETRIES).toBe(3);
    expect(load).toHaveBeenCalledTimes(1 + 3);
  });
});
