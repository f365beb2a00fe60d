import { DEFAULT_SETTINGS } from '@go/contract';
import { create } from 'zustand';
import { ls, STORAGE_KEYS } from '../session/storage';

export type Settings = typeof DEFAULT_SETTINGS;

/** Applies the settings drawer's rules: Fluid width only in top-menu mode; auto-hide needs a fixed
 * header; a fixed side menu does not exist in top-menu mode. */
export function normalizeSettings(s: Settings): Settings {
  const out = { ...s };
  if (out.layout === 'sidemenu') out.contentWidth = 'Fixed';
  if (!out.fixedHeader) out.autoHideHeader = false;
  if (out.layout === 'topmenu') out.fixSiderbar = false;
  return out;
}

interface SettingsState extends Settings {
  update(patch: Partial<Settings>): void;
  reset(): void;
}

const initial = normalizeSettings({ ...DEFAULT_SETTINGS, ...(ls.get<Partial<Settings>>(STORAGE_KEYS.settings) ?? {}) });

export const useSettings = create<SettingsState>((set, get) => ({
  ...initial,
  update(patch) {
    const { update: _u, reset: _r, ...cur } = get();
    const next = normalizeSettings({ ...cur, ...patch });
    ls.set(STORAGE_KEYS.settings, next);
    set(next);
  },
  reset() {
    ls.set(STORAGE_KEYS.settings, DEFAULT_SETTINGS);
    set({ ...DEFAULT_SETTINGS });
  },
}));
