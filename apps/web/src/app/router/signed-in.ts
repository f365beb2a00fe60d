import { HOME_PATH } from '@go/contract';
import { preloadPage } from './pages';
import { preloadable } from './preloadable';
import { STATIC_LAYOUT_ROUTES } from './static-routes';

/** The main layout, in its own chunk. */
export const MainLayout = preloadable<object>(() => import('../layout/BasicLayout').then((m) => ({ default: m.BasicLayout })));

/**
 * Fetches the main layout and the home page. This module holds no design-system code, so the sign-in page
 * starts these downloads at once, beside the design system's, instead of after it.
 */
export function prefetchSignedIn(): Promise<unknown> {
  const home = STATIC_LAYOUT_ROUTES.find((r) => r.path === HOME_PATH);
  if (home) preloadPage(home.component);
  return MainLayout.preload();
}
