import { preloadable } from './preloadable';

/** Everything past the sign-in page (design system, page map, main layout), in its own chunk. */
export const ShellChunk = preloadable<{ slots?: import('../layout/slots').ShellSlots }>(() => import('../Shell'));
