import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, percent } from './format';

describe('monitor formatting', () => {
  it('formats bytes, durations and ratios', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.00 GB');
    expect(formatDuration(59)).toBe('59秒');
    expect(formatDuration(90061)).toBe('1天1小时1分1秒');
    expect(percent(0.12345)).toBe(12.35);
  });
});
