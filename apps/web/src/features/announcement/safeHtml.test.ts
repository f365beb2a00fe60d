import { describe, expect, it } from 'vitest';
import { safeHtml } from './safeHtml';

describe('safeHtml', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const out = safeHtml('<p onclick="x()">hi <b>there</b><script>alert(1)</script><a href="javascript:alert(1)">l</a><img src="data:text/html,x" onerror=alert(1)></p>');
    expect(out).toContain('<b>there</b>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript/i);
    expect(out).toContain('<img>');
  });

  it('unwraps unknown tags and removes iframes with their content', () => {
    expect(safeHtml('<custom>text</custom><iframe>y</iframe>')).toBe('text');
  });
});
