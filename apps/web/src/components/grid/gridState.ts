import type { GridRow, GridValues } from './types';

/**
 * Row tracking of the editable grid, as pure functions over an immutable state (docs/widgets.md, "Editable grid"):
 * rows are new (temporary id), changed (differ from what was loaded) or removed (persisted ids kept in
 * `deletedIds`; removing a new row is not a delete). With a drag-sort key, the order field is renumbered
 * to index + 1 after every add, insert and move.
 */
export interface GridState {
  rows: GridRow[];
  /** rows as loaded, by id (persisted rows only) */
  original: ReadonlyMap<string, GridRow>;
  /** ids of rows edited since load; compared with `original` when values are read */
  touched: ReadonlySet<string>;
  deletedIds: string[];
  sortKey: string | null;
}

export const TEMP_ID_PREFIX = '_tid_';
let seq = 0;

export function tempId(): string {
  seq += 1;
  return `${TEMP_ID_PREFIX}${Date.now().toString(36)}_${seq.toString(36)}`;
}

export function isTempId(id: string): boolean {
  return id.startsWith(TEMP_ID_PREFIX);
}

function renumber(rows: GridRow[], key: string | null): GridRow[] {
  if (!key) return rows;
  let changed = false;
  const out = rows.map((r, i) => {
    if (r[key] === i + 1) return r;
    changed = true;
    return { ...r, [key]: i + 1 };
  });
  return changed ? out : rows;
}

/** A fresh state from loaded rows (rows without an id get a temporary one and count as new). */
export function createGridState(rows: readonly Record<string, unknown>[], sortKey: string | null = null): GridState {
  const original = new Map<string, GridRow>();
  const list: GridRow[] = rows.map((r) => {
    const id = r.id === undefined || r.id === null || r.id === '' ? tempId() : String(r.id);
    const row = { ...r, id } as GridRow;
    if (!isTempId(id)) original.set(id, row);
    return row;
  });
  const ordered = renumber(list, sortKey);
  const touched = new Set<string>();
  ordered.forEach((r, i) => {
    if (r !== list[i]) touched.add(r.id);
  });
  return { rows: ordered, original, touched, deletedIds: [], sortKey };
}

function touch(state: GridState, before: GridRow[], after: GridRow[]): ReadonlySet<string> {
  if (!state.sortKey) return state.touched;
  const beforeById = new Map(before.map((r) => [r.id, r]));
  let next: Set<string> | null = null;
  for (const r of after) {
    if (beforeById.get(r.id) !== r && !isTempId(r.id)) {
      next ??= new Set(state.touched);
      next.add(r.id);
    }
  }
  return next ?? state.touched;
}

function withRows(state: GridState, rows: GridRow[]): GridState {
  const ordered = renumber(rows, state.sortKey);
  return { ...state, rows: ordered, touched: touch(state, rows, ordered) };
}

function blankRow(defaults: Record<string, unknown>): GridRow {
  return { ...defaults, id: tempId() };
}

/**
 * Adds `count` blank rows. `index` 0 means at the bottom; N inserts them after the first N rows
 * (the stock "添加位置", clamped to the row count).
 */
export function addRows(state: GridState, count = 1, index = 0, defaults: Record<string, unknown> = {}): GridState {
  const n = Math.max(1, Math.floor(count));
  const fresh = Array.from({ length: n }, () => blankRow(defaults));
  const at = index > 0 ? Math.min(Math.floor(index), state.rows.length) : state.rows.length;
  const rows = [...state.rows.slice(0, at), ...fresh, ...state.rows.slice(at)];
  return withRows(state, rows);
}

/** 插入一行: a blank row right below the row at `rowIndex`. */
export function insertBelow(state: GridState, rowIndex: number, defaults: Record<string, unknown> = {}): GridState {
  return addRows(state, 1, rowIndex + 1, defaults);
}

/** Removes rows; persisted ids go to `deletedIds`, new rows simply disappear. */
export function removeRows(state: GridState, ids: readonly string[]): GridState {
  const drop = new Set(ids);
  const deleted = [...state.deletedIds];
  for (const r of state.rows) {
    if (drop.has(r.id) && !isTempId(r.id) && !deleted.includes(r.id)) deleted.push(r.id);
  }
  const rows = state.rows.filter((r) => !drop.has(r.id));
  return { ...withRows(state, rows), deletedIds: deleted };
}

/** Moves the row at `from` to position `to` (drag sort, 向上移 / 向下移). */
export function moveRow(state: GridState, from: number, to: number): GridState {
  const len = state.rows.length;
  if (from < 0 || from >= len || to < 0 || to >= len || from === to) return state;
  const rows = [...state.rows];
  const [moved] = rows.splice(from, 1);
  rows.splice(to, 0, moved);
  return withRows(state, rows);
}

/** Sets cell values of one row (by id). */
export function setCells(state: GridState, id: string, patch: Record<string, unknown>): GridState {
  const i = state.rows.findIndex((r) => r.id === id);
  if (i < 0) return state;
  const cur = state.rows[i];
  if (Object.keys(patch).every((k) => sameValue(cur[k], patch[k]))) return state;
  const rows = [...state.rows];
  rows[i] = { ...cur, ...patch, id };
  const touched = isTempId(id) || state.touched.has(id) ? state.touched : new Set(state.touched).add(id);
  return { ...state, rows, touched };
}

/**
 * Merges a row pushed by the table socket: fields are applied to the current row and to its loaded
 * snapshot, so a live update is not mistaken for the user's own change. Unknown ids are ignored.
 */
export function mergeLiveRow(state: GridState, patch: Record<string, unknown>): GridState {
  const id = patch.id === undefined || patch.id === null ? '' : String(patch.id);
  const i = state.rows.findIndex((r) => r.id === id);
  if (!id || i < 0) return state;
  const rows = [...state.rows];
  rows[i] = { ...rows[i], ...patch, id };
  const orig = state.original.get(id);
  if (!orig) return { ...state, rows };
  const original = new Map(state.original);
  original.set(id, { ...orig, ...patch, id });
  return { ...state, rows, original };
}

export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(',') : String(v));
  return norm(a) === norm(b);
}

function differs(row: GridRow, orig: GridRow): boolean {
  const keys = new Set([...Object.keys(row), ...Object.keys(orig)]);
  for (const k of keys) if (!sameValue(row[k], orig[k])) return true;
  return false;
}

/** New rows, rows changed since load (an edit undone does not count) and removed ids. */
export function gridValues(state: GridState): GridValues {
  const newRows: GridRow[] = [];
  const changedRows: GridRow[] = [];
  for (const r of state.rows) {
    if (isTempId(r.id)) newRows.push(r);
    else if (state.touched.has(r.id)) {
      const orig = state.original.get(r.id);
      if (!orig || differs(r, orig)) changedRows.push(r);
    }
  }
  return { rows: state.rows, newRows, changedRows, deletedIds: [...state.deletedIds] };
}
