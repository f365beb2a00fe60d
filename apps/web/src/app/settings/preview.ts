import { runtimeConfig } from '../config';

/**
 * The settings drawer is a development aid (docs/widgets.md, "Settings drawer"): it shows in a
 * development build (`vite`) and on a preview site (the server's SETTINGS_PREVIEW), not in production.
 */
export function settingsDrawerAvailable(dev: boolean = import.meta.env.DEV, preview: boolean = runtimeConfig().settingsPreview): boolean {
  return dev || preview;
}
