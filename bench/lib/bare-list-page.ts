/**
 * The limit of the grid bench: a bare virtualised list of the same 5,000 × 20 text cells, with the same
 * virtualiser (@tanstack/react-virtual on React), row height, column width, overscan, sticky header and
 * scroll-box height as the editable grid, and nothing else (no editing, no selection, no fixed columns).
 * Bundled for the browser by bench/grid.ts; it carries the grid's test ids so the same scroll script runs
 * on both. `?rows=N` sets the row count.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { createElement as h, memo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';

const ROWS = Number(new URLSearchParams(location.search).get('rows') || 5000);
const COLS = 20;
const ROW_HEIGHT = 61;
const COL_WIDTH = 120;
const MAX_HEIGHT = 600;
const HEADER_HEIGHT = 40;
/** the grid's GRID_OVERSCAN (apps/web/src/components/grid/GridBody.tsx) */
const OVERSCAN = 3;
const WIDTH = COLS * COL_WIDTH;

/** The display texts of the bench rows of the examples page (numbers, 甲/乙, dates, 行r-c). */
function cellText(r: number, i: number): string {
  if (i % 5 === 1) return String((r * 7 + i) % 1000);
  if (i % 5 === 3) return r % 2 ? '甲' : '乙';
  if (i % 7 === 6) return '2026-11-21';
  return `行${r + 1}-${i + 1}`;
}

const css = `
body { margin: 16px; font: 14px -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; color: rgba(0,0,0,.88); }
.scroll { position: relative; overflow: auto; border: 1px solid #f0f0f0; max-height: ${MAX_HEIGHT}px; background: #fff; }
.tr { display: flex; border-bottom: 1px solid #f0f0f0; box-sizing: border-box; background: #fff; }
.head { position: sticky; top: 0; z-index: 3; background: #fafafa; font-weight: 600; }
.td { flex: none; width: ${COL_WIDTH}px; display: flex; align-items: center; padding: 4px 8px; box-sizing: border-box; overflow: hidden; border-right: 1px solid #f5f5f5; }
.text { display: block; width: 100%; line-height: 22px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
`;

const Row = memo(function Row({ index, top }: { index: number; top: number }) {
  const cells = [];
  for (let i = 0; i < COLS; i++) cells.push(h('div', { key: i, className: 'td' }, h('span', { className: 'text' }, cellText(index, i))));
  return h(
    'div',
    { 'data-testid': 'grid-row', style: { position: 'absolute', top: 0, left: 0, transform: `translateY(${top}px)` } },
    h('div', { className: 'tr', style: { height: ROW_HEIGHT, width: WIDTH } }, cells),
  );
});

function List() {
  const ref = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count: ROWS,
    getScrollElement: () => ref.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: HEADER_HEIGHT,
  });
  const head = [];
  for (let i = 0; i < COLS; i++) head.push(h('div', { key: i, className: 'td', style: { height: HEADER_HEIGHT } }, `列${i + 1}`));
  return h(
    'div',
    { ref, className: 'scroll', 'data-testid': 'grid-scroll' },
    h(
      'div',
      { style: { position: 'relative', width: WIDTH } },
      h('div', { className: 'tr head', style: { width: WIDTH } }, head),
      h(
        'div',
        { style: { height: v.getTotalSize(), position: 'relative' } },
        v.getVirtualItems().map((it) => h(Row, { key: it.key, index: it.index, top: it.start - HEADER_HEIGHT })),
      ),
    ),
  );
}

function Page() {
  const [shown, setShown] = useState(false);
  return h(
    'div',
    { 'data-testid': 'bench-grid' },
    h('button', { 'data-testid': 'bench-show', disabled: shown, onClick: () => setShown(true) }, 'render'),
    shown ? h(List) : null,
  );
}

const style = document.createElement('style');
style.textContent = css;
document.head.append(style);
createRoot(document.getElementById('root')!).render(h(Page));
