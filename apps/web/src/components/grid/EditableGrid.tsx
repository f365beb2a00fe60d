import { DeleteOutlined, MinusOutlined, PlusOutlined, SaveOutlined, SettingOutlined, ShrinkOutlined, ArrowsAltOutlined } from '@ant-design/icons';
import { Button, Checkbox, InputNumber, Pagination, Popconfirm, Popover, Space, Spin } from 'antd';
import type { Virtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { useAuth } from '../../app/auth/useAuth';
import { feedback } from '../../app/feedback';
import { useSession } from '../../app/session/store';
import { itemVisibleTo } from '../../app/dict/useDictOptions';
import {
  addRows,
  createGridState,
  gridValues,
  insertBelow as insertBelowState,
  isTempId,
  mergeLiveRow,
  moveRow,
  removeRows,
  setCells,
  type GridState,
} from './gridState';
import { GridBody } from './GridBody';
import { EDITOR_TYPES, type GridApi, type GridLayout } from './GridRowView';
import { footerRows } from './statistics';
import type { CellErrors, CellOption, GridColumn, GridRow, GridValues, LiveSource, RenderPicker } from './types';
import { countErrors, validateCell, validateRows } from './validation';
import './grid.css';

export type ToolbarButton = 'add' | 'save' | 'remove' | 'clearSelection' | 'collapse';

/**
 * The body cells' width and cursor declarations: `[null, decl]` for the most common one (all cells), then
 * `[key, decl]` for each column that differs (a later rule of the same specificity, so it wins). Cells whose
 * text opens an editor on click show the text cursor; the others inherit theirs.
 */
function cellRules(columns: GridLayout['columns'], disabled: boolean): [string | null, string][] {
  const decls = columns.map((c) => {
    const opens = EDITOR_TYPES.has(c.column.type) && !disabled && !c.column.disabled;
    return `width:${c.width}px;cursor:${opens ? 'text' : 'inherit'}`;
  });
  const counts = new Map<string, number>();
  let common = '';
  for (const d of decls) {
    const n = (counts.get(d) ?? 0) + 1;
    counts.set(d, n);
    if (n > (counts.get(common) ?? 0)) common = d;
  }
  const rules: [string | null, string][] = common ? [[null, common]] : [];
  columns.forEach((c, j) => {
    if (decls[j] !== common) rules.push([c.column.key, decls[j]]);
  });
  return rules;
}

/** Grid constants (docs/widgets.md, "Editable grid"). */
export const GRID_DEFAULTS = {
  rowHeight: 61,
  maxHeight: 400,
  numberWidth: 60,
  selectWidth: 40,
  statisticsWidth: 60,
  insertThrottleMs: 1500,
  settingsKey: 'jet-add-btn-settings',
} as const;

const TYPE_MIN_WIDTH: Partial<Record<GridColumn['type'], number>> = {
  datetime: 190,
  selUser: 190,
  selDepart: 190,
  date: 135,
};

export const TOO_FAST_TEXT = '你点击的太快了，请慢点点击!';

export interface AddSettings {
  addRowNum: number;
  addIndex: number;
  addScrollToBottom: boolean;
}

function loadAddSettings(key: string): AddSettings {
  const d: AddSettings = { addRowNum: 1, addIndex: 0, addScrollToBottom: false };
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return d;
    const v = JSON.parse(raw) as Partial<AddSettings>;
    return {
      addRowNum: Math.max(1, Number(v.addRowNum) || 1),
      addIndex: Math.max(0, Number(v.addIndex) || 0),
      addScrollToBottom: !!v.addScrollToBottom,
    };
  } catch {
    return d;
  }
}

export interface GridHandle {
  /** Validates (unless told not to) and answers the error count and all rows (stock getValues). */
  getValues(validate?: boolean): Promise<{ error: number; values: GridRow[] }>;
  validate(): Promise<number>;
  getAll(): GridValues;
  getDeleteIds(): string[];
  getSelection(): string[];
  addRows(count?: number, index?: number): void;
  removeRows(ids: string[]): void;
  clearSelection(): void;
  /** Replaces all rows as freshly loaded (tracking starts over). */
  setRows(rows: Record<string, unknown>[]): void;
}

export interface GridPagination {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

export interface EditableGridProps {
  columns: GridColumn[];
  /** loaded rows; a new array starts tracking over */
  dataSource?: Record<string, unknown>[];
  rowNumber?: boolean;
  rowSelection?: boolean;
  dragSort?: boolean;
  /** order field renumbered to index + 1 (default orderNum) */
  dragSortKey?: string;
  expandedRowRender?: (row: GridRow, index: number) => ReactNode;
  toolbar?: boolean;
  toolbarButtons?: ToolbarButton[];
  toolbarExtra?: ReactNode;
  /** authorisation prefix: columns and toolbar buttons the user lacks are hidden */
  authPre?: string;
  maxHeight?: number;
  rowHeight?: number;
  disabled?: boolean;
  alwaysEdit?: boolean;
  loading?: boolean;
  pagination?: GridPagination;
  onSave?: (values: GridValues & { error: number }) => void;
  onChange?: (values: GridValues) => void;
  /** live row updates (`update_vxe_table` messages matching socketKey) */
  liveSource?: LiveSource;
  socketKey?: string;
  renderPicker?: RenderPicker;
  /** localStorage key of the add settings (added row count and position) */
  settingsKey?: string;
  ref?: Ref<GridHandle>;
  'data-testid'?: string;
  /** the grid's accessible name (e.g. the sub-table's title) */
  'aria-label'?: string;
}

/** The accessible names of the fixed columns' header cells. */
const FIXED_HEADERS: Record<GridLayout['fixed'][number]['kind'], string> = {
  drag: '排序',
  select: '选择',
  number: '序号',
  expand: '展开',
};

/**
 * The editable grid (stock JVxeTable / JEditableTable, docs/widgets.md, "Editable grid"): toolbar, add N rows at an index,
 * insert below, move up/down, drag sort, row numbers, selection, expand, pagination, footer statistics,
 * typed cells with their rules, column and button authorisation, row tracking and live socket rows.
 * Rows are virtualised, so thousands of rows stay smooth.
 */
export function EditableGrid(props: EditableGridProps) {
  const {
    columns: allColumns,
    dataSource,
    rowNumber = false,
    rowSelection = false,
    dragSort = false,
    dragSortKey = 'orderNum',
    expandedRowRender,
    toolbar = true,
    toolbarButtons = ['add', 'remove', 'clearSelection'],
    authPre,
    maxHeight = GRID_DEFAULTS.maxHeight,
    rowHeight = GRID_DEFAULTS.rowHeight,
    disabled = false,
    alwaysEdit = false,
    pagination,
    settingsKey = GRID_DEFAULTS.settingsKey,
  } = props;

  const sortKey = dragSort ? dragSortKey : null;
  const [grid, setGrid] = useState<GridState>(() => createGridState(dataSource ?? [], sortKey));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<CellErrors>({});
  const [active, setActive] = useState<{ rowId: string; key: string } | null>(null);
  const [forcedError, setForcedError] = useState<{ rowId: string; key: string } | null>(null);
  const [labels, setLabels] = useState<Record<string, Record<string, string>>>({});
  const [collapsed, setCollapsed] = useState(false);
  const [settings, setSettings] = useState<AddSettings>(() => loadAddSettings(settingsKey));
  const [drag, setDrag] = useState<{ from: number; over: number } | null>(null);

  const gridRef = useRef(grid);
  gridRef.current = grid;
  const propsRef = useRef(props);
  propsRef.current = props;

  // Start over when the page hands in a new data source.
  const lastSource = useRef(dataSource);
  useEffect(() => {
    if (lastSource.current === dataSource) return;
    lastSource.current = dataSource;
    setGrid(createGridState(dataSource ?? [], sortKey));
    setSelected(new Set());
    setErrors({});
    setExpanded(new Set());
  }, [dataSource, sortKey]);

  // Authorisation: hidden columns and toolbar buttons by prefix.
  const { noAuthCols } = useAuth();
  const hidden = useMemo(() => {
    if (!authPre) return new Set<string>();
    return new Set(noAuthCols(authPre.endsWith(':') ? authPre : `${authPre}:`));
  }, [authPre, noAuthCols]);

  const dictItems = useSession((s) => s.dictItems);
  const orgCode = useSession((s) => s.userInfo?.orgCode);
  const columns = useMemo(
    () => allColumns.filter((c) => c.type !== 'hidden' && !hidden.has(c.key)),
    [allColumns, hidden],
  );

  const hasStatistics = columns.some((c) => c.statistics?.length);
  const layout: GridLayout = useMemo(() => {
    const fixed: GridLayout['fixed'] = [];
    const push = (kind: GridLayout['fixed'][number]['kind'], width: number) => fixed.push({ kind, width });
    if (dragSort) push('drag', 40);
    if (rowSelection) push('select', GRID_DEFAULTS.selectWidth);
    if (rowNumber) push('number', GRID_DEFAULTS.numberWidth);
    if (expandedRowRender) push('expand', 40);
    // The footer label sits in the first fixed column, which widens to 60 px with statistics.
    if (hasStatistics && fixed.length && fixed[0].width < GRID_DEFAULTS.statisticsWidth) {
      fixed[0] = { ...fixed[0], width: GRID_DEFAULTS.statisticsWidth };
    }
    const fixedWidth = fixed.reduce((n, f) => n + f.width, 0);
    const cols = columns.map((column) => {
      const min = Math.max(column.minWidth ?? 0, TYPE_MIN_WIDTH[column.type] ?? 80);
      const width = Math.max(column.width ?? 160, min);
      let options: CellOption[] = column.options ?? [];
      if (!column.options && column.dictCode) {
        options = (dictItems[column.dictCode] ?? [])
          .filter((i) => itemVisibleTo(i, orgCode))
          .map((i) => ({ value: String(i.value), label: i.text ?? i.label ?? String(i.value), disabled: i.disabled }));
      }
      return { column, width, options };
    });
    const totalWidth = fixedWidth + cols.reduce((n, c) => n + c.width, 0);
    return { fixed, fixedWidth, columns: cols, totalWidth, rowHeight };
  }, [dragSort, rowSelection, rowNumber, expandedRowRender, hasStatistics, columns, rowHeight, dictItems, orgCode]);

  const rows = grid.rows;
  const headerHeight = 40;
  const footerHeight = 40 * new Set(columns.flatMap((c) => c.statistics ?? [])).size;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The body's virtualiser gets the scroll box as state: a ref of this component is attached only after
  // the body's own layout effects, where the virtualiser looks for its scroll element.
  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);
  const attachScroll = useCallback((el: HTMLDivElement | null) => {
    scrollRef.current = el;
    setScrollEl(el);
  }, []);
  // The virtualiser lives in the body (so scrolling re-renders the body alone); the body hands it here.
  const virtualizerRef = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);

  // Rows the user edited, published on the table socket after the next render.
  const toPublish = useRef(new Set<string>());

  // Report every change of the rows; publish the user's edits to other viewers of the same socket key.
  useEffect(() => {
    propsRef.current.onChange?.(gridValues(grid));
    const { liveSource: source, socketKey: key } = propsRef.current;
    if (toPublish.current.size && source?.send && key) {
      for (const id of toPublish.current) {
        const row = grid.rows.find((r) => r.id === id);
        if (row && !isTempId(id)) source.send({ type: 'update_vxe_table', data: { socketKey: key, row } });
      }
    }
    toPublish.current.clear();
  }, [grid]);

  const defaults = useCallback(() => {
    const d: Record<string, unknown> = {};
    for (const c of propsRef.current.columns) if (c.defaultValue !== undefined) d[c.key] = c.defaultValue;
    return d;
  }, []);

  const lastInsert = useRef(0);
  const tooFast = useCallback(() => {
    const now = Date.now();
    if (now - lastInsert.current < GRID_DEFAULTS.insertThrottleMs) {
      feedback.message.warning(TOO_FAST_TEXT);
      return true;
    }
    lastInsert.current = now;
    return false;
  }, []);

  const scrollToIndex = useCallback((index: number) => {
    requestAnimationFrame(() => virtualizerRef.current?.scrollToIndex(index, { align: 'auto' }));
  }, []);

  const doAdd = useCallback(
    (count: number, index: number, scrollToBottom: boolean) => {
      if (index > 0 && tooFast()) return;
      const before = gridRef.current.rows.length;
      const next = addRows(gridRef.current, count, index, defaults());
      setGrid(next);
      if (index === 0 || scrollToBottom) scrollToIndex(next.rows.length - 1);
      else scrollToIndex(Math.min(index, before));
    },
    [defaults, tooFast, scrollToIndex],
  );

  const checkedRef = useRef(false);
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const revalidate = useCallback(async (rowId: string, keys: string[]) => {
    const state = gridRef.current;
    const cols = propsRef.current.columns.filter((c) => keys.includes(c.key) && c.validateRules?.length);
    if (!cols.length) return;
    const row = state.rows.find((r) => r.id === rowId);
    if (!row) return;
    // The edited cells, plus cells of unique columns that currently fail (a duplicate may be gone now).
    const targets: [GridRow, GridColumn][] = cols.map((c) => [row, c]);
    for (const c of cols) {
      if (!c.validateRules?.some((r) => r.unique)) continue;
      for (const other of state.rows) {
        if (other.id !== rowId && errorsRef.current[other.id]?.[c.key]) targets.push([other, c]);
      }
    }
    const results = await Promise.all(
      targets.map(async ([r, c]) => [r.id, c.key, await validateCell(c, r, state.rows)] as const),
    );
    setErrors((prev) => {
      let next = prev;
      for (const [id, key, msg] of results) {
        const had = prev[id]?.[key];
        if (!had && !msg) continue;
        // Before the first full check only errors go away; afterwards new failures show at once.
        if (!had && msg && !checkedRef.current) continue;
        if (had === msg) continue;
        next = next === prev ? { ...prev } : next;
        const r = { ...(next[id] ?? {}) };
        if (msg) r[key] = msg;
        else delete r[key];
        if (Object.keys(r).length) next[id] = r;
        else delete next[id];
      }
      return next;
    });
  }, []);

  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const dragInfo = useRef<{ from: number; startY: number; moved: boolean; over: number } | null>(null);
  const dragHappened = useRef(false);

  const api: GridApi = useMemo(
    () => ({
      activate(rowId, key) {
        setActive({ rowId, key });
        setForcedError(null);
      },
      deactivate() {
        setActive(null);
      },
      commit(rowId, patch, label) {
        toPublish.current.add(rowId);
        setGrid((s) => setCells(s, rowId, patch));
        if (label) setLabels((l) => ({ ...l, [rowId]: { ...(l[rowId] ?? {}), [label.key]: label.text } }));
        queueMicrotask(() => void revalidate(rowId, Object.keys(patch)));
      },
      toggleSelect(rowId, on) {
        setSelected((s) => {
          const n = new Set(s);
          if (on) n.add(rowId);
          else n.delete(rowId);
          return n;
        });
      },
      toggleExpand(rowId) {
        setExpanded((s) => {
          const n = new Set(s);
          if (n.has(rowId)) n.delete(rowId);
          else n.add(rowId);
          return n;
        });
      },
      moveUp(index) {
        setGrid((s) => moveRow(s, index, index - 1));
      },
      moveDown(index) {
        setGrid((s) => moveRow(s, index, index + 1));
      },
      insertBelow(index) {
        if (tooFast()) return;
        setGrid((s) => insertBelowState(s, index, defaults()));
      },
      dragStart(index, e) {
        if (e.button !== 0) return;
        dragInfo.current = { from: index, startY: e.clientY, moved: false, over: index };
        dragHappened.current = false;
      },
      wasDrag() {
        const d = dragHappened.current;
        dragHappened.current = false;
        return d;
      },
    }),
    [revalidate, tooFast, defaults],
  );

  const footerRef = useRef(footerHeight);
  footerRef.current = footerHeight;

  // Drag sort with the pointer: the row under the pointer is the drop target; the list auto-scrolls
  // near its edges. Installed once; reads the latest geometry through refs.
  useEffect(() => {
    let raf = 0;
    let lastY = 0;
    const targetAt = (clientY: number) => {
      const el = scrollRef.current;
      if (!el) return -1;
      const rect = el.getBoundingClientRect();
      const y = clientY - rect.top + el.scrollTop;
      const item = virtualizerRef.current?.getVirtualItemForOffset(Math.max(headerHeight, y));
      const count = gridRef.current.rows.length;
      return item ? Math.min(item.index, count - 1) : count - 1;
    };
    const tick = () => {
      const d = dragInfo.current;
      const el = scrollRef.current;
      if (!d || !d.moved || !el) return;
      const rect = el.getBoundingClientRect();
      const edge = 30;
      if (lastY < rect.top + headerHeight + edge) el.scrollTop -= 12;
      else if (lastY > rect.bottom - footerRef.current - edge) el.scrollTop += 12;
      const over = targetAt(lastY);
      if (over >= 0 && over !== d.over) {
        d.over = over;
        setDrag({ from: d.from, over });
      }
      raf = requestAnimationFrame(tick);
    };
    const onMove = (e: PointerEvent) => {
      const d = dragInfo.current;
      if (!d) return;
      lastY = e.clientY;
      if (!d.moved && Math.abs(e.clientY - d.startY) > 4) {
        d.moved = true;
        setDrag({ from: d.from, over: d.from });
        raf = requestAnimationFrame(tick);
      }
      if (d.moved) {
        e.preventDefault();
        const over = targetAt(e.clientY);
        if (over >= 0 && over !== d.over) {
          d.over = over;
          setDrag({ from: d.from, over });
        }
      }
    };
    const onUp = () => {
      const d = dragInfo.current;
      dragInfo.current = null;
      cancelAnimationFrame(raf);
      if (!d) return;
      if (d.moved) {
        dragHappened.current = true;
        setDrag(null);
        if (d.over >= 0 && d.over !== d.from) setGrid((s) => moveRow(s, d.from, d.over));
      }
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
      cancelAnimationFrame(raf);
    };
  }, []);

  // Live rows from the table socket.
  const { liveSource, socketKey } = props;
  useEffect(() => {
    if (!liveSource) return;
    return liveSource.subscribe((msg) => {
      if (!msg || msg.type !== 'update_vxe_table' || !msg.data) return;
      const { socketKey: key, row, ...rest } = msg.data;
      if (socketKey && key !== socketKey) return;
      const patch = (row && typeof row === 'object' ? row : rest) as Record<string, unknown>;
      setGrid((s) => mergeLiveRow(s, patch));
    });
  }, [liveSource, socketKey]);

  const validateAll = useCallback(async (): Promise<number> => {
    const state = gridRef.current;
    const errs = await validateRows(propsRef.current.columns.filter((c) => !hidden.has(c.key)), state.rows);
    const n = countErrors(errs);
    checkedRef.current = true;
    setErrors(errs);
    if (n) {
      const firstIndex = state.rows.findIndex((r) => errs[r.id]);
      const rowId = state.rows[firstIndex].id;
      const key = propsRef.current.columns.find((c) => errs[rowId]?.[c.key])?.key ?? Object.keys(errs[rowId])[0];
      setActive(null);
      virtualizerRef.current?.scrollToIndex(firstIndex, { align: 'auto' });
      setForcedError({ rowId, key });
    } else {
      setForcedError(null);
    }
    return n;
  }, [hidden]);

  useImperativeHandle(
    props.ref,
    (): GridHandle => ({
      async getValues(validate = true) {
        const error = validate ? await validateAll() : 0;
        return { error, values: gridRef.current.rows };
      },
      validate: validateAll,
      getAll: () => gridValues(gridRef.current),
      getDeleteIds: () => [...gridRef.current.deletedIds],
      getSelection: () => [...selectedRef.current],
      addRows: (count = 1, index = 0) => setGrid((s) => addRows(s, count, index, defaults())),
      removeRows: (ids) => setGrid((s) => removeRows(s, ids)),
      clearSelection: () => setSelected(new Set()),
      setRows: (next) => {
        checkedRef.current = false;
        setGrid(createGridState(next, sortKey));
        setSelected(new Set());
        setErrors({});
      },
    }),
    [validateAll, defaults, sortKey],
  );
  const show = (b: ToolbarButton) => toolbarButtons.includes(b) && !hidden.has(b);
  const saveSettings = (next: AddSettings) => {
    setSettings(next);
    try {
      localStorage.setItem(settingsKey, JSON.stringify(next));
    } catch {
      // storage full or blocked: the settings still apply to this page
    }
  };

  const handleSave = async () => {
    const error = await validateAll();
    props.onSave?.({ ...gridValues(gridRef.current), error });
  };

  const handleRemove = () => {
    const ids = [...selected];
    setGrid((s) => removeRows(s, ids));
    setSelected(new Set());
    setErrors((e) => {
      const n = { ...e };
      for (const id of ids) delete n[id];
      return n;
    });
  };

  const allSelected = rows.length > 0 && selected.size === rows.length;
  const footers = useMemo(() => (hasStatistics ? footerRows(columns, rows) : []), [hasStatistics, columns, rows]);
  const pageOffset = pagination ? (pagination.current - 1) * pagination.pageSize : 0;

  // Column widths and row geometry as one style sheet of this grid, not as inline styles on every cell:
  // the header's and footer's cells by column class, the body's by their data attributes (grid.css).
  const scope = `go-grid-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const sheet = useMemo(() => {
    const body = `.${scope}>.go-grid-inner>.go-grid-rows>*`;
    const quoted = (v: string) => `"${v.replace(/["\\]/g, '\\$&')}"`;
    return [
      `${body}>[data-tr]{height:${layout.rowHeight}px;width:${layout.totalWidth}px}`,
      ...layout.fixed.map((f) => `${body}>*>[data-fixed]>[data-fx="${f.kind}"]{width:${f.width}px}`),
      ...layout.columns.map((c, j) => `.${scope} .go-gc${j}{width:${c.width}px}`),
      // The body's cells: one rule for the most common width and cursor, and one per column that differs.
      // Every rule on `[data-col]` is tried on every cell coming into view, so a grid whose columns share
      // a width has one rule instead of one per column.
      ...cellRules(layout.columns, disabled).map(([key, decl]) =>
        key === null ? `${body}>*>[data-col]{${decl}}` : `${body}>*>[data-col=${quoted(key)}]{${decl}}`,
      ),
    ].join('');
  }, [scope, layout, disabled]);

  return (
    <div className="go-grid" data-testid={props['data-testid']}>
      {toolbar && (
        <div className="go-grid-toolbar">
          {show('add') && (
            <Space.Compact>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={disabled}
                onClick={() => doAdd(settings.addRowNum, settings.addIndex, settings.addScrollToBottom)}
                data-testid="grid-add"
              >
                新增
              </Button>
              <Popover
                trigger="click"
                placement="right"
                title="选项"
                content={
                  <div style={{ width: 220 }} data-testid="grid-add-settings">
                    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
                      <span style={{ width: 70 }}>添加行数</span>
                      <InputNumber
                        min={1}
                        max={1000}
                        value={settings.addRowNum}
                        onChange={(v) => saveSettings({ ...settings, addRowNum: Math.max(1, Number(v) || 1) })}
                        data-testid="grid-add-count"
                      />
                    </div>
                    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                      <span style={{ width: 70 }}>添加位置</span>
                      <InputNumber
                        min={0}
                        max={rows.length}
                        value={settings.addIndex}
                        onChange={(v) => saveSettings({ ...settings, addIndex: Math.max(0, Number(v) || 0) })}
                        data-testid="grid-add-index"
                      />
                    </div>
                    <p style={{ fontSize: 12, color: '#aaa', textAlign: 'right', margin: '4px 0 8px' }}>0 = 最底部</p>
                    <Checkbox
                      checked={settings.addScrollToBottom}
                      onChange={(e) => saveSettings({ ...settings, addScrollToBottom: e.target.checked })}
                    >
                      添加后滚动到底部
                    </Checkbox>
                  </div>
                }
              >
                <Button type="primary" icon={<SettingOutlined />} aria-label="新增选项" data-testid="grid-add-options" />
              </Popover>
            </Space.Compact>
          )}
          {show('save') && (
            <Button icon={<SaveOutlined />} disabled={disabled} onClick={() => void handleSave()} data-testid="grid-save">
              保存
            </Button>
          )}
          {show('remove') && selected.size > 0 && (
            <Popconfirm title={`确定要删除这 ${selected.size} 项吗?`} onConfirm={handleRemove} okText="确定" cancelText="取消">
              <Button type="primary" icon={<MinusOutlined />} disabled={disabled} data-testid="grid-remove">
                删除
              </Button>
            </Popconfirm>
          )}
          {show('clearSelection') && selected.size > 0 && (
            <Button icon={<DeleteOutlined />} onClick={() => setSelected(new Set())} data-testid="grid-clear-selection">
              清空选择
            </Button>
          )}
          {show('collapse') && (
            <Button
              icon={collapsed ? <ArrowsAltOutlined /> : <ShrinkOutlined />}
              onClick={() => setCollapsed((c) => !c)}
              data-testid="grid-collapse"
            >
              {collapsed ? '展开' : '收起'}
            </Button>
          )}
          {props.toolbarExtra}
        </div>
      )}
      <Spin spinning={!!props.loading}>
        <style>{sheet}</style>
        <div
          ref={attachScroll}
          className={`go-grid-scroll ${scope}${collapsed ? ' collapsed' : ''}`}
          style={{ maxHeight, scrollPaddingTop: headerHeight, scrollPaddingBottom: footerHeight, scrollPaddingLeft: layout.fixedWidth }}
          data-testid="grid-scroll"
          role="grid"
          aria-label={props['aria-label']}
          aria-rowcount={rows.length + 1 + footers.length}
          aria-colcount={layout.fixed.length + layout.columns.length}
          aria-readonly={disabled || undefined}
        >
          <div className="go-grid-inner" style={{ width: layout.totalWidth }}>
            <div className="go-grid-tr go-grid-head" style={{ width: layout.totalWidth }} role="row" aria-rowindex={1}>
              {layout.fixed.length > 0 && (
                <div className="go-grid-fixed">
                  {layout.fixed.map((f) => (
                    <div
                      key={f.kind}
                      className="go-grid-td"
                      style={{ width: f.width, height: headerHeight }}
                      role="columnheader"
                      aria-label={FIXED_HEADERS[f.kind]}
                    >
                      {f.kind === 'select' ? (
                        <Checkbox
                          checked={allSelected}
                          indeterminate={selected.size > 0 && !allSelected}
                          onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
                          aria-label="全选"
                        />
                      ) : f.kind === 'number' ? (
                        '#'
                      ) : null}
                    </div>
                  ))}
                </div>
              )}
              {layout.columns.map(({ column }, j) => (
                <div key={column.key} className={`go-grid-td go-gc${j}`} style={{ height: headerHeight }} role="columnheader">
                  {column.validateRules?.some((r) => r.required || r.pattern === '*') && (
                    <span style={{ color: '#cf1322', marginRight: 4 }} aria-hidden>
                      *
                    </span>
                  )}
                  {column.title}
                </div>
              ))}
            </div>
            <GridBody
              rows={rows}
              layout={layout}
              api={api}
              scrollElement={scrollEl}
              virtualizerRef={virtualizerRef}
              headerHeight={headerHeight}
              footerHeight={footerHeight}
              maxHeight={maxHeight}
              pageOffset={pageOffset}
              selected={selected}
              expanded={expanded}
              errors={errors}
              active={active}
              forcedError={forcedError}
              labels={labels}
              drag={drag}
              disabled={disabled}
              alwaysEdit={alwaysEdit}
              renderPicker={props.renderPicker}
              expandedRowRender={expandedRowRender}
            />
            {footers.map((f, i) => (
              <div
                key={f.kind}
                className="go-grid-tr go-grid-foot"
                style={{ width: layout.totalWidth, bottom: (footers.length - 1 - i) * 40 }}
                data-testid={`grid-footer-${f.kind}`}
                role="row"
                aria-rowindex={rows.length + 2 + i}
              >
                {layout.fixed.length > 0 && (
                  <div className="go-grid-fixed">
                    {layout.fixed.map((x, j) => (
                      <div key={x.kind} className="go-grid-td" style={{ width: x.width, height: 40 }} role="gridcell">
                        {j === 0 ? f.label : null}
                      </div>
                    ))}
                  </div>
                )}
                {layout.columns.map(({ column }, j) => (
                  <div key={column.key} className={`go-grid-td go-gc${j}`} style={{ height: 40 }} data-col={column.key} role="gridcell">
                    {column.key in f.values ? String(f.values[column.key]) : j === 0 && layout.fixed.length === 0 ? f.label : ''}
                  </div>
                ))}
              </div>
            ))}
          </div>
        </div>
      </Spin>
      {pagination && !collapsed && (
        <div className="go-grid-pager">
          <Pagination
            size="small"
            current={pagination.current}
            pageSize={pagination.pageSize}
            total={pagination.total}
            showSizeChanger
            showQuickJumper
            pageSizeOptions={['10', '20', '30']}
            showTotal={(total, range) => `${range[0]}-${range[1]} 共${total}条`}
            onChange={pagination.onChange}
          />
        </div>
      )}
    </div>
  );
}
