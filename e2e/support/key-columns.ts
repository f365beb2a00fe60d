import type { Page } from 'playwright-core';

/**
 * Key columns a list declares (`keyColumn` of a ListPage column, marked `th[data-key-column]`) that
 * people cannot see (docs/widgets.md, "Key columns"):
 *
 * - `desktop` (1440 px): the header cell lies wholly inside the visible part of its scroll container as
 *   the page opens (scrolled to the start), and outside every pinned column of its header row.
 * - `phone` (360 px): a desktop table may scroll sideways, but the first key column starts inside the
 *   visible part, and every key column fits the unpinned visible width, so scrolling shows it whole and
 *   it never stays under a pinned column.
 *
 * `expected` names header texts that must be among the checked cells (a list that declares no key
 * column, or lost its declaration, fails instead of passing unchecked).
 */
export async function hiddenKeyColumns(page: Page, mode: 'desktop' | 'phone', expected: string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ mode, expected }) => {
      const problems: string[] = [];
      const seen = new Set<string>();
      const scrollerOf = (el: Element): HTMLElement | null => {
        for (let p = el.parentElement; p; p = p.parentElement) {
          const ox = getComputedStyle(p).overflowX;
          if (ox !== 'visible' && ox !== 'clip' && p.scrollWidth > p.clientWidth + 1) return p;
        }
        return null;
      };
      const text = (el: HTMLElement) => (el.innerText || el.textContent || '').trim();
      const ths = Array.from(document.querySelectorAll<HTMLElement>('th')).filter((th) => {
        if (!th.hasAttribute('data-key-column') && !expected.includes(text(th))) return false;
        const r = th.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && th.closest('[aria-hidden="true"], .ant-table-measure-row') === null;
      });
      // the first key column of each table (phone rule)
      const firstOfTable = new Map<Element, HTMLElement>();
      for (const th of ths) {
        const table = th.closest('table');
        const cur = table ? firstOfTable.get(table) : undefined;
        if (table && (!cur || th.getBoundingClientRect().left < cur.getBoundingClientRect().left)) firstOfTable.set(table, th);
      }
      for (const th of ths) {
        const name = text(th);
        if (th.hasAttribute('data-key-column')) seen.add(name);
        const r = th.getBoundingClientRect();
        const box = scrollerOf(th);
        const b = box ? box.getBoundingClientRect() : { left: 0, right: window.innerWidth };
        let visLeft = Math.max(b.left, 0);
        let visRight = Math.min(b.right, window.innerWidth);
        const pinned = th.classList.contains('ant-table-cell-fix-left') || th.classList.contains('ant-table-cell-fix-right');
        if (!pinned) {
          for (const cell of Array.from(th.parentElement?.children ?? [])) {
            if (cell === th) continue;
            const c = cell.getBoundingClientRect();
            if (c.width === 0) continue;
            if (cell.classList.contains('ant-table-cell-fix-right') && c.left < visRight) visRight = Math.max(visLeft, c.left);
            if (cell.classList.contains('ant-table-cell-fix-left') && c.right > visLeft) visLeft = Math.min(visRight, c.right);
          }
        }
        if (mode === 'desktop') {
          if (r.left < visLeft - 1 || r.right > visRight + 1)
            problems.push(`${name}: ${Math.round(r.left)}–${Math.round(r.right)} outside the visible ${Math.round(visLeft)}–${Math.round(visRight)}`);
        } else {
          if (r.width > visRight - visLeft + 1) problems.push(`${name}: ${Math.round(r.width)} px wider than the unpinned ${Math.round(visRight - visLeft)} px`);
          const table = th.closest('table');
          if (table && firstOfTable.get(table) === th && (r.left < visLeft - 1 || r.left > visRight - 24))
            problems.push(`${name}: the first key column starts at ${Math.round(r.left)}, outside the visible ${Math.round(visLeft)}–${Math.round(visRight)}`);
        }
      }
      for (const e of expected) if (!seen.has(e)) problems.push(`${e}: not declared or not shown as a key column`);
      return problems;
    },
    { mode, expected },
  );
}
