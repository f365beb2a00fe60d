import type { ReactNode } from 'react';

/** A grid row: an id plus the column values. New rows carry a temporary id (see `isTempId`). */
export interface GridRow {
  id: string;
  [key: string]: unknown;
}

/** Cell types of the editable grid (reference frontend-behaviour §5). */
export type CellType =
  | 'input'
  | 'inputNumber'
  | 'textarea'
  | 'select'
  | 'selectSearch'
  | 'selectMultiple'
  | 'radio'
  | 'checkbox'
  | 'date'
  | 'datetime'
  | 'time'
  | 'upload'
  | 'image'
  | 'popup'
  | 'selUser'
  | 'selDepart'
  | 'normal'
  | 'hidden'
  | 'slot';

export interface CellOption {
  value: string;
  label?: string;
  text?: string;
  disabled?: boolean;
}

/** Context handed to a custom rule handler. */
export interface RuleContext {
  value: unknown;
  row: GridRow;
  column: GridColumn;
  rows: GridRow[];
}

/**
 * One validation rule of a column. `pattern` is a regex or a stock code (`*`, `n6-16`, `*6-16`, `s6-18`,
 * `url`, `e`, `m`, `p`, `s`, `n`, `z`, `money`); `${title}` in a message is replaced by the column title.
 * `handler` decides itself: return (or pass to `cb`) true to pass, false or a text to fail.
 */
export interface CellRule {
  required?: boolean;
  unique?: boolean;
  pattern?: string | RegExp;
  message?: string;
  handler?: (
    ctx: RuleContext,
    cb: (ok: boolean, message?: string) => void,
  ) => void | boolean | string | null | Promise<boolean | string | null | void>;
}

export type Statistic = 'sum' | 'average';

/** A popup pick column: a list to choose from (fixed rows or loaded by keyword). */
export interface PopupConfig {
  title?: string;
  columns: { key: string; title: string; width?: number }[];
  rows?: Record<string, unknown>[];
  load?: (keyword: string) => Promise<Record<string, unknown>[]>;
  /** the field of a picked record that becomes the cell value */
  valueField: string;
  /** other fields copied into the row: `{ rowKey: recordField }` */
  fieldMap?: Record<string, string>;
  multi?: boolean;
}

export interface GridColumn {
  key: string;
  title: string;
  type: CellType;
  width?: number;
  minWidth?: number;
  placeholder?: string;
  options?: CellOption[];
  /** dictionary code for select/radio/checkbox options (from the session's cached items) */
  dictCode?: string;
  validateRules?: CellRule[];
  statistics?: Statistic[];
  /**
   * input / inputNumber / textarea cells: commit the value on every keystroke (the footer statistics and the
   * grid's `onChange` follow the typing) instead of on blur or Enter only
   */
  commitWhileTyping?: boolean;
  defaultValue?: unknown;
  disabled?: boolean;
  /** checkbox values when checked / unchecked (default ['Y','N']) */
  customValue?: [string, string];
  popup?: PopupConfig;
  /** upload folder (biz) for upload/image cells */
  biz?: string;
  /** render for `slot` cells and custom display */
  render?: (ctx: { value: unknown; row: GridRow; rowIndex: number; setValue: (v: unknown) => void }) => ReactNode;
}

/** Which cell failed validation and why: `errors[rowId][columnKey] = message`. */
export type CellErrors = Record<string, Record<string, string>>;

/** What the grid reports on every change and returns from `getAll()`. */
export interface GridValues {
  rows: GridRow[];
  newRows: GridRow[];
  changedRows: GridRow[];
  deletedIds: string[];
}

/** A message from the table socket (`/vxeSocket/{userId}/{pageId}`). */
export interface VxeSocketMessage {
  type: string;
  data?: { socketKey?: string; row?: Record<string, unknown>; [k: string]: unknown };
}

/** Anything that can deliver socket messages to the grid (the socket hook, or a test). */
export interface LiveSource {
  subscribe(listener: (msg: VxeSocketMessage) => void): () => void;
  /** publishes a message (the grid sends its own edited rows so other viewers merge them) */
  send?(msg: VxeSocketMessage): void;
}

/** A picker the page supplies for department / user cells (the full pickers live elsewhere). */
export type RenderPicker = (props: {
  type: 'selUser' | 'selDepart';
  value: string;
  multi: boolean;
  open: boolean;
  onOk: (value: string) => void;
  onCancel: () => void;
}) => ReactNode;
