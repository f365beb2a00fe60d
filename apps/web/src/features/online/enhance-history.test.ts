import { afterEach, describe, expect, it } from 'vitest';
import { addEnhanceRecord, ENHANCE_HISTORY_CAP, enhanceRecords, enhanceVersions } from './enhance-history';

describe('enhance records: the latest 16 per code', () => {
  afterEach(() => localStorage.clear());

  it('keeps at most 16 records per code, dropping the oldest', () => {
    expect(ENHANCE_HISTORY_CAP).toBe(16);
    for (let i = 1; i <= 20; i++) addEnhanceRecord({ code: 'f1', type: i % 2 ? 'list' : 'form', date: 1_000 + i, str: `v${i}` });
    const kept = enhanceRecords('f1');
    expect(kept).toHaveLength(16);
    expect(kept[0]!.str).toBe('v5');
    expect(kept[15]!.str).toBe('v20');
  });

  it('counts each code on its own', () => {
    for (let i = 1; i <= 17; i++) addEnhanceRecord({ code: 'f1', type: 'list', date: i, str: `a${i}` });
    addEnhanceRecord({ code: 'f2', type: 'list', date: 1, str: 'b1' });
    expect(enhanceRecords('f1')).toHaveLength(16);
    expect(enhanceRecords('f2').map((r) => r.str)).toEqual(['b1']);
    expect(enhanceRecords('none')).toEqual([]);
  });

  it('lists the versions of one type newest first', () => {
    addEnhanceRecord({ code: 'f3', type: 'list', date: 10, str: 'l1' });
    addEnhanceRecord({ code: 'f3', type: 'form', date: 20, str: 'f1' });
    addEnhanceRecord({ code: 'f3', type: 'list', date: 30, str: 'l2' });
    expect(enhanceVersions('f3', 'list').map((r) => [r.index, r.str])).toEqual([
      [2, 'l2'],
      [1, 'l1'],
    ]);
  });
});
