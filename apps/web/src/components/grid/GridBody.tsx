import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
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
  }, []);
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
        focusRow.current !== id
      );
    }),
  );
  return (
    <div
      className="go-grid-rows"
      style={{ height: virtualizer.getTotalSize() }}
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
          />
        );
      })}
    </div>
  );
}

export const GridBody = memo(GridBodyInner);
