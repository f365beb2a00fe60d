/** The first screen's design-system styles for the default theme, put in by the production build (vite.config.ts). */
declare const __ANTD_FIRST_SCREEN_STYLE__: string | undefined;

const BUILT = typeof __ANTD_FIRST_SCREEN_STYLE__ === 'string' ? __ANTD_FIRST_SCREEN_STYLE__ : '';

/**
 * Puts the build-time styles of the default theme (./extract.ts) into the page once, at the head of
 * antd's own style queue (before the application's style sheets, as antd's generated styles are). It
 * must run before the first antd component renders: antd reads the cache-path map once, at that render.
 */
export function installFirstScreenStyle(css: string = BUILT, doc: Document = document): boolean {
  if (!css || doc.querySelector('style[data-antd-first-screen]')) return false;
  const style = doc.createElement('style');
  // antd's own queue marker and its components' priority: styles generated later go after this sheet,
  // as they would after the first screen's own styles
  style.setAttribute('data-rc-order', 'prependQueue');
  style.setAttribute('data-rc-priority', '-999');
  style.setAttribute('data-antd-first-screen', '');
  style.textContent = css;
  doc.head.insertBefore(style, doc.head.firstChild);
  return true;
}
