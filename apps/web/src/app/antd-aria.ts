/**
 * Three repairs of antd's own markup, applied to whatever antd renders (once per frame in which the
 * page changed, one query each):
 *
 * - A table measures its column widths in a hidden row (`aria-hidden`, one pixel high) that repeats the
 *   header's titles, the select-all checkbox included: a control the keyboard could reach but nobody sees,
 *   inside a row hidden from assistive technology (axe: aria-hidden-focus). The row is made `inert`, so
 *   nothing in it takes the focus; the header's own controls are untouched.
 * - Tabs put `role="tablist"` on the whole tab bar, which also holds the overflow (more) button that
 *   appears when the tabs do not fit, e.g. on a phone (axe: aria-required-children, a tablist holds tabs
 *   only). The role and orientation move to the list of tabs inside it; the more button stays a button
 *   beside the tablist.
 * - A table wider (or, with a fixed height, taller) than its box scrolls inside `.ant-table-content` /
 *   `.ant-table-body`; when its rows hold no link or button, the keyboard could not scroll it (axe:
 *   scrollable-region-focusable). Such a scroll box becomes a Tab stop (`tabindex=0`), so the arrow keys
 *   scroll it.
 */
export function repairAntdAria(doc: Document = document): () => void {
  let frame = 0;
  const repair = () => {
    frame = 0;
    for (const row of doc.querySelectorAll('.ant-table-measure-row:not([inert])')) row.setAttribute('inert', '');
    for (const nav of doc.querySelectorAll('.ant-tabs-nav[role="tablist"]')) {
      const list = nav.querySelector(':scope > .ant-tabs-nav-wrap > .ant-tabs-nav-list');
      if (!list) continue;
      list.setAttribute('role', 'tablist');
      const orientation = nav.getAttribute('aria-orientation');
      if (orientation) list.setAttribute('aria-orientation', orientation);
      nav.removeAttribute('role');
      nav.removeAttribute('aria-orientation');
    }
    for (const box of doc.querySelectorAll<HTMLElement>('.ant-table-content:not([tabindex]), .ant-table-body:not([tabindex])')) {
      if (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1) box.tabIndex = 0;
    }
  };
  const observer = new MutationObserver(() => {
    if (!frame) frame = requestAnimationFrame(repair);
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  repair();
  return () => {
    observer.disconnect();
    if (frame) cancelAnimationFrame(frame);
  };
}
