import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { EDITOR_TYPES, GridRowView, type GridApi, type GridLayout, type RowAction, type RowApi } from './GridRowView';
import type { CellErrors, GridRow, RenderPicker } from './types';

/**
 * Rows rendered beyond the visible ones on each side. Every frame of a scroll mounts the rows that come
 * into view whatever the overscan; a larger one only adds rows to lay out and paint.
 */
export const GRID_OVERSCAN = 3;

/**
 * Which rendered row element (React key) shows which row. A row that scrolls into view takes over the
 * element of a row that scrolled out, so a fast scroll updates the texts and attributes of the elements on
 * screen instead of removing them and building new ones (no new elements to style, lay out and give their
 * sticky fixed box a composited layer). Only plain rows trade elements: rows that show nothing but text,
 * native checkboxes and radios, with no open editor, error, menu, drag or focus; any other row keeps its own
 * element while it is in view, and its element is dropped when it leaves, as before.
 */
export interface Slots {
  /** the keys of the last render, in order */
  order: number[];
  /** row id → key */
  keyOf: Map<string, number>;
  /** key → whether the row it showed was plain (so its element may show another row) */
  plain: Map<number, boolean>;
  next: number;
}

export function assignKeys(slots: Slots, ids: string[], plain: boolean[]): number[] {
  const inView = new Set(ids);
  let kept = 0;
  for (const id of ids) if (slots.keyOf.has(id)) kept++;
  // When most rows are new, every plain row takes an element in the old order, so no element moves.
  const keepPlain = kept * 2 >= ids.length;
  const free: number[] = [];
  const keyOf = new Map<string, number>();
  const keyed = new Set<number>();
  for (const [id, key] of slots.keyOf) {
    if (inView.has(id) && (keepPlain || !slots.plain.get(key))) {
      keyOf.set(id, key);
      keyed.add(key);
    }
  }
  for (const key of slots.order) if (!keyed.has(key) && slots.plain.get(key)) free.push(key);
  let f = 0;
  const keys = ids.map((id, i) => {
    let key = keyOf.get(id);
    if (key === undefined) {
      key = plain[i] && f < free.length ? free[f++] : slots.next++;
      keyOf.set(id, key);
    }
    return key;
  });
  slots.order = keys;
  slots.keyOf = keyOf;
  slots.plain = new Map(keys.map((k, i) => [k, plain[i]]));
  return keys;
}

/** The keys of a row's cells in order: `#` and the fixed kind for the fixed cells, then the column keys. */
export function cellKeys(layout: GridLayout): string[] {
  return [...layout.fixed.map((f) => `#${f.kind}`), ...layout.columns.map((c) => c.column.key)];
}

/**
 * Where a key pressed on a focused cell moves the focus (the grid pattern of WAI-ARIA): arrows by one
 * cell, Home / End to the row's first / last cell (with Ctrl the first cell of the first row / the last
 * cell of the last row), PageUp / PageDown by ten rows. `null` for any other key.
 */
export function moveCell(
  key: string,
  ctrl: boolean,
  at: { row: number; col: number },
  size: { rows: number; cols: number },
): { row: number; col: number } | null {
  let { row, col } = at;
  switch (key) {
    case 'ArrowDown':
      row++;
      break;
    case 'ArrowUp':
      row--;
      break;
    case 'ArrowRight':
      col++;
      break;
    case 'ArrowLeft':
      col--;
      break;
    case 'PageDown':
      row += 10;
      break;
    case 'PageUp':
      row -= 10;
      break;
    case 'Home':
      if (ctrl) row = 0;
      col = 0;
      break;
    case 'End':
      if (ctrl) row = size.rows - 1;
      col = size.cols - 1;
      break;
    default:
      return null;
  }
  return { row: Math.max(0, Math.min(size.rows - 1, row)), col: Math.max(0, Math.min(size.cols - 1, col)) };
}

const quoted = (v: string) => `"${v.replace(/["\\]/g, '\\$&')}"`;
/** The cell element of a row id and cell key inside this list's rows (not a nested grid's). */
function cellElement(list: HTMLElement, rowId: string, key: string): HTMLElement | null {
  const row = `:scope>[data-row-id=${quoted(rowId)}]>[data-tr]`;
  return list.querySelector<HTMLElement>(
    key.startsWith('#') ? `${row}>[data-fixed]>[data-fx=${quoted(key.slice(1))}]` : `${row}>[data-col=${quoted(key)}]`,
  );
}
/** The key of a cell element: `#` and its fixed kind, or its column key. */
function keyOfCell(cell: Element): string {
  const fx = cell.getAttribute('data-fx');
  return fx ? `#${fx}` : (cell.getAttribute('data-col') ?? '');
}

/** Whether every cell of a row shows plain elements unless it is open (see `plainCell` in GridRowView). */
function plainLayout(layout: GridLayout): boolean {
  return layout.columns.every(({ column: c }) =>
    c.type === 'checkbox' || c.type === 'radio' || (c.type === 'normal' ? !c.render : EDITOR_TYPES.has(c.type)),
  );
}

export interface GridBodyProps {
  rows: GridRow[];
  layout: GridLayout;
  api: GridApi;
  scrollElement: HTMLDivElement | null;
  /** receives the virtualiser, for the grid's scroll-to-row and drag targets */
  virtualizerRef: RefObject<Virtualizer<HTMLDivElement, Element> | null>;
  headerHeight: number;
  footerHeight: number;
  maxHeight: number;
  pageOffset: number;
  selected: ReadonlySet<string>;
  expanded: ReadonlySet<string>;
  errors: CellErrors;
  active: { rowId: string; key: string } | null;
  forcedError: { rowId: string; key: string } | null;
  labels: Record<string, Record<string, string>>;
  drag: { from: number; over: number } | null;
  disabled: boolean;
  alwaysEdit: boolean;
  renderPicker?: RenderPicker;
  expandedRowRender?: (row: GridRow, index: number) => ReactNode;
}

/**
 * The virtualised rows. Scrolling re-renders this body alone (not the toolbar, header or footer); rows are
 * memoised, so a frame mounts only the rows that came into view. The rows' clicks, changes, pointer-downs
 * and double-clicks are handled here, once for all rows, from the `data-act` of the element or the cell.
 */
function GridBodyInner(p: GridBodyProps) {
  const { rows, layout, api, headerHeight, maxHeight } = p;
  // The virtualiser recomputes every row's offset when the key function changes, so it changes with the rows only.
  const getItemKey = useCallback((i: number) => rows[i]?.id ?? i, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => p.scrollElement,
    estimateSize: () => layout.rowHeight,
    overscan: GRID_OVERSCAN,
    // The sticky header and footer cover the list's first and last pixels.
    scrollMargin: headerHeight,
    scrollPaddingEnd: p.footerHeight,
    getItemKey,
    // Before layout (or without one, as in tests) assume the full height so rows still render.
    initialRect: { width: 1000, height: maxHeight },
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height ? rect : { width: rect.width || 1000, height: maxHeight })),
  });
  p.virtualizerRef.current = virtualizer;

  // The drag handle's row menu: one at a time.
  const [menuRow, setMenuRow] = useState<string | null>(null);
  const rowApi: RowApi = useMemo(() => ({ ...api, closeMenu: () => setMenuRow(null) }), [api]);

  const state = useRef(p);
  state.current = p;

  const slots = useRef<Slots>({ order: [], keyOf: new Map(), plain: new Map(), next: 0 });
  /** the row holding the focus, kept on its own element */
  const focusRow = useRef<string | null>(null);

  /**
   * The grid's single tab stop (roving tabindex): the cell last focused or moved to, else the first row's
   * first column. The arrow keys move it; the cell is focused once its row is rendered (after a scroll).
   */
  const [cursor, setCursor] = useState<{ rowId: string; key: string } | null>(null);
  const pendingFocus = useRef<{ rowId: string; key: string } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const want = pendingFocus.current;
    const list = listRef.current;
    if (!want || !list) return;
    const el = cellElement(list, want.rowId, want.key);
    if (!el) return;
    pendingFocus.current = null;
    el.focus();
  });
  const focusCell = useCallback((index: number, rowId: string, key: string) => {
    pendingFocus.current = { rowId, key };
    setCursor({ rowId, key });
    state.current.virtualizerRef.current?.scrollToIndex(index, { align: 'auto' });
  }, []);
  const recyclable = useMemo(() => plainLayout(layout), [layout]);

  /**
   * The acting element of an event inside this list's own rows (not a nested grid's), with its row: an
   * element with a `data-act`, or else the cell (`act` null) whose text the event hit.
   */
  const target = (e: { target: EventTarget; currentTarget: Element }) => {
    const el = (e.target as Element).closest?.('[data-act],[data-col]');
    if (!el || el.closest('.go-grid-rows') !== e.currentTarget) return null;
    const rowEl = el.closest('[data-row-id]') as HTMLElement | null;
    if (!rowEl) return null;
    return {
      el: el as HTMLInputElement,
      act: el.getAttribute('data-act') as RowAction | null,
      rowId: rowEl.dataset.rowId!,
      index: Number(rowEl.dataset.index),
      key: el.closest('[data-col]')?.getAttribute('data-col') ?? '',
    };
  };

  const onClick = useCallback((e: React.MouseEvent<HTMLDivElement>) => {
    const t = target(e);
    if (!t) return;
    const { api: a, layout: l, active, disabled, alwaysEdit } = state.current;
    if (t.act === null) {
      // A click on a cell's text opens its editor (cells of editor types that are not disabled or open).
      const column = l.columns.find((c) => c.column.key === t.key)?.column;
      const open = alwaysEdit || (active?.rowId === t.rowId && active.key === t.key);
      if (column && EDITOR_TYPES.has(column.type) && !disabled && !column.disabled && !open) a.activate(t.rowId, t.key);
    } else if (t.act === 'handle') {
      if (!a.wasDrag()) setMenuRow((m) => (m === t.rowId ? null : t.rowId));
    } else if (t.act === 'expand') a.toggleExpand(t.rowId);
  }, []);

  const onChange = useCallback((e: React.ChangeEvent<HTMLDivElement>) => {
    const t = target(e);
    if (!t) return;
    const { api: a, layout: l } = state.current;
    if (t.act === 'select') a.toggleSelect(t.rowId, t.el.checked);
    else if (t.act === 'check') {
      const column = l.columns.find((c) => c.column.key === t.key)?.column;
      const [on, off] = column?.customValue ?? ['Y', 'N'];
      a.commit(t.rowId, { [t.key]: t.el.checked ? on : off });
    } else if (t.act === 'radio') a.commit(t.rowId, { [t.key]: t.el.value });
  }, []);

  const onPointerDown = useCallback((e: React.PointerEvent<HTMLDivElement>) => {
    const t = target(e);
    if (t?.act === 'handle' && !state.current.disabled) state.current.api.dragStart(t.index, e);
  }, []);

  const onFocus = useCallback((e: React.FocusEvent<HTMLDivElement>) => {
    focusRow.current = (e.target as Element).closest?.('[data-row-id]')?.getAttribute('data-row-id') ?? null;
    const cell = (e.target as Element).closest?.('[data-col],[data-fx]');
    if (!cell || !focusRow.current || cell.closest('.go-grid-rows') !== e.currentTarget) return;
    const rowId = focusRow.current;
    const key = keyOfCell(cell);
    setCursor((c) => (c?.rowId === rowId && c.key === key ? c : { rowId, key }));
  }, []);

  /**
   * The keyboard on a cell: arrows, Home / End and PageUp / PageDown move between cells; Enter or F2 opens
   * the cell's editor (or its picker), Space or Enter toggles a checkbox, selection or expansion, Enter on
   * the drag handle opens its row menu. Inside an open editor, Escape and Enter give the focus back to the
   * cell (the editor commits as it loses the focus).
   */
  const onKeyDown = useCallback(
    (e: React.KeyboardEvent<HTMLDivElement>) => {
      const cell = (e.target as Element).closest?.('[data-col],[data-fx]') as HTMLElement | null;
      if (!cell || cell.closest('.go-grid-rows') !== e.currentTarget) return;
      const rowEl = cell.closest('[data-row-id]') as HTMLElement | null;
      if (!rowEl) return;
      const index = Number(rowEl.dataset.index);
      const rowId = rowEl.dataset.rowId!;
      const key = keyOfCell(cell);
      const { api: a, layout: l, rows: all, disabled } = state.current;
      const target = e.target as HTMLElement;
      if (target !== cell) {
        const inPopup = !!target.closest('.ant-select, .ant-picker');
        if (e.key === 'Escape' || (e.key === 'Enter' && target.tagName === 'INPUT' && !inPopup && target.getAttribute('type') !== 'radio')) {
          // Escape stays in the grid (a dialog around it does not close)
          if (e.key === 'Escape') e.stopPropagation();
          focusCell(index, rowId, key);
        }
        return;
      }
      const keys = cellKeys(l);
      const to = moveCell(e.key, e.ctrlKey || e.metaKey, { row: index, col: keys.indexOf(key) }, { rows: all.length, cols: keys.length });
      if (to) {
        e.preventDefault();
        focusCell(to.row, all[to.row].id, keys[to.col]);
        return;
      }
      if (e.key !== 'Enter' && e.key !== 'F2' && e.key !== ' ') return;
      e.preventDefault();
      if (key === '#select' || key === '#expand' || key === '#drag') {
        if (key === '#drag') {
          if (e.key === 'Enter' && !disabled) setMenuRow(rowId);
        } else if (key === '#expand') a.toggleExpand(rowId);
        else cell.querySelector<HTMLInputElement>('input')?.click();
        return;
      }
      const column = l.columns.find((c) => c.column.key === key)?.column;
      if (!column) return;
      if (column.type === 'checkbox') {
        cell.querySelector<HTMLInputElement>('input')?.click();
      } else if (column.type === 'radio') {
        (cell.querySelector<HTMLInputElement>('input:checked') ?? cell.querySelector<HTMLInputElement>('input'))?.focus();
      } else if (EDITOR_TYPES.has(column.type) && !state.current.alwaysEdit) {
        if (!disabled && !column.disabled) a.activate(rowId, key);
      } else {
        const inner = cell.querySelector<HTMLElement>('input, textarea, button, a[href], [tabindex]:not([tabindex="-1"])');
        if (inner) inner.focus();
        else cell.querySelector<HTMLElement>('.go-grid-picker-trigger')?.click();
      }
    },
    [focusCell],
  );
  const onBlur = useCallback(() => {
    focusRow.current = null;
  }, []);

  const onDoubleClick = useCallback((e: React.MouseEvent<HTMLDivElement>) => {
    const t = target(e);
    if (t?.act === 'handle' && !state.current.disabled) state.current.api.insertBelow(t.index);
  }, []);

  if (rows.length === 0) {
    return (
      <div className="go-grid-empty" style={{ width: '100%' }}>
        暂无数据
      </div>
    );
  }
  const { drag, active, forcedError } = p;
  const items = virtualizer.getVirtualItems().filter((v) => rows[v.index]);
  const keys0 = cellKeys(layout);
  const cursorOk = cursor && keys0.includes(cursor.key) && rows.some((r) => r.id === cursor.rowId);
  const tabRow = cursorOk ? cursor.rowId : rows[0].id;
  const tabKey = cursorOk ? cursor.key : (layout.columns[0]?.column.key ?? keys0[0]);
  const canRecycle = recyclable && !p.alwaysEdit && !p.expandedRowRender;
  const keys = assignKeys(
    slots.current,
    items.map((v) => rows[v.index].id),
    items.map((v) => {
      const id = rows[v.index].id;
      return (
        canRecycle &&
        active?.rowId !== id &&
        forcedError?.rowId !== id &&
        !p.errors[id] &&
        menuRow !== id &&
        !p.expanded.has(id) &&
        drag?.from !== v.index &&
        focusRow.current !== id &&
        tabRow !== id
      );
    }),
  );
  return (
    <div
      ref={listRef}
      className="go-grid-rows"
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onChange={onChange}
      onPointerDown={onPointerDown}
      onDoubleClick={onDoubleClick}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {items.map((v, i) => {
        const row = rows[v.index];
        let dropMark: 'top' | 'bottom' | null = null;
        if (drag && drag.over === v.index && drag.over !== drag.from) dropMark = drag.over < drag.from ? 'top' : 'bottom';
        return (
          <GridRowView
            key={keys[i]}
            row={row}
            index={v.index}
            displayIndex={p.pageOffset + v.index + 1}
            count={rows.length}
            layout={layout}
            api={rowApi}
            selected={p.selected.has(row.id)}
            expanded={p.expanded.has(row.id)}
            errors={p.errors[row.id]}
            activeKey={active?.rowId === row.id ? active.key : null}
            forcedErrorKey={forcedError?.rowId === row.id ? forcedError.key : null}
            labels={p.labels[row.id]}
            dropMark={dropMark}
            dragging={drag?.from === v.index}
            menuOpen={menuRow === row.id}
            disabled={p.disabled}
            alwaysEdit={p.alwaysEdit}
            renderPicker={p.renderPicker}
            expandedRowRender={p.expandedRowRender}
            measureRef={p.expandedRowRender ? virtualizer.measureElement : undefined}
            top={v.start - headerHeight}
            tabKey={tabRow === row.id ? tabKey : null}
            selectable={layout.fixed.some((f) => f.kind === 'select')}
          />
        );
      })}
    </div>
  );
}

export const GridBody = memo(GridBodyInner);
