import { describe, expect, it } from 'vitest';
import { contrast, readableShade } from './contrast';

describe('readable colours', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrast('#1890ff', '#ffffff')).toBeLessThan(4.5);
  });

  it('darkens the default primary #1890FF just enough for 4.5:1 on white and on the page grey', () => {
    const onWhite = readableShade('#1890FF');
    expect(contrast(onWhite, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(onWhite, '#ffffff')).toBeLessThan(5.2);
    expect(contrast(readableShade('#1890FF', '#f5f5f5'), '#f5f5f5')).toBeGreaterThanOrEqual(4.5);
    // a colour that already reads stays as it is
    expect(readableShade('#0050b3')).toBe('#0050b3');
  });
});
