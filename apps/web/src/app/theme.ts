import { useSyncExternalStore } from 'react';
import { readableShade } from './layout/contrast';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeMotion(cb: () => void) {
  const mq = window.matchMedia(REDUCED_MOTION);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}

/** True when the user asks their system for reduced motion. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeMotion, () => window.matchMedia(REDUCED_MOTION).matches, () => false);
}

/** The chosen primary colour as its nearest shade that reads on the page grey (WCAG AA, 4.5:1). */
export function readablePrimary(primary: string): string {
  return readableShade(primary, '#f0f2f5');
}

/** Secondary text that reads at 4.5:1 on white and on the page grey (antd's 45 % black reads 4.2:1). */
export const READABLE_SECONDARY = 'rgba(0, 0, 0, 0.62)';

/**
 * Theme tokens that keep text at WCAG AA (4.5:1): the chosen primary colour as its nearest shade that
 * reads on the page grey (links, primary buttons, selected menu items), and secondary text darker than
 * antd's 45 % black.
 */
export function readableTokens(primary: string, motion: boolean) {
  const accent = readablePrimary(primary);
  return {
    colorPrimary: accent,
    colorInfo: accent,
    colorLink: accent,
    colorTextDescription: READABLE_SECONDARY,
    colorTextTertiary: READABLE_SECONDARY,
    // danger buttons and error texts (#ff4d4f reads 3.3:1 on white)
    colorError: '#cf1322',
    borderRadius: 4,
    motion,
  };
}
