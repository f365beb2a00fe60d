/**
 * Which site a device gets (docs/h5.md, "Which site a phone gets"). The choice is kept in localStorage
 * under `go_site`; the inline script of index.html reads it before the app loads and sends phones from
 * the entry pages to the phone pages unless the user chose the desktop site.
 */
export const SITE_KEY = 'go_site';
export type Site = 'phone' | 'desktop';

/** Remembers the site the user chose (the next entry page opens it). */
export function chooseSite(site: Site): void {
  try {
    localStorage.setItem(SITE_KEY, site);
  } catch {
    /* storage blocked: the choice lasts for this visit only */
  }
}
