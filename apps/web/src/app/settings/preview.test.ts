import { afterEach, describe, expect, it } from 'vitest';
import { settingsDrawerAvailable } from './preview';

describe('settings drawer: development preview only', () => {
  afterEach(() => {
    delete window._CONFIG;
  });

  it('shows in a development build', () => {
    expect(settingsDrawerAvailable(true, false)).toBe(true);
  });

  it('is absent from a production build', () => {
    expect(settingsDrawerAvailable(false, false)).toBe(false);
  });

  it('shows on a preview site (runtime config from the server)', () => {
    window._CONFIG = { settingsPreview: true };
    expect(settingsDrawerAvailable(false)).toBe(true);
    window._CONFIG = {};
    expect(settingsDrawerAvailable(false)).toBe(false);
  });
});
