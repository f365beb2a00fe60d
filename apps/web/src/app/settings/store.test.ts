import { DEFAULT_SETTINGS, greetingByHour } from '@go/contract';
import { describe, expect, it } from 'vitest';
import { normalizeSettings } from './store';

describe('settings rules', () => {
  it('Fluid width only in top-menu mode', () => {
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, contentWidth: 'Fluid' }).contentWidth).toBe('Fixed');
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, layout: 'topmenu', contentWidth: 'Fluid' }).contentWidth).toBe('Fluid');
  });
  it('hide-header-on-scroll needs a fixed header; no fixed side menu in top-menu mode', () => {
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, autoHideHeader: true }).autoHideHeader).toBe(false);
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, fixedHeader: true, autoHideHeader: true }).autoHideHeader).toBe(true);
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, layout: 'topmenu', fixSiderbar: true }).fixSiderbar).toBe(false);
  });
  it('defaults of the settings drawer', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ primaryColor: '#1890FF', navTheme: 'light', layout: 'sidemenu', contentWidth: 'Fixed', multipage: true });
  });
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('greeting at %i h is %s', (h, text) => {
    expect(greetingByHour(h)).toBe(text);
  });
});
