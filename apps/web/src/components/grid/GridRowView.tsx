import { Dropdown, Tooltip } from 'antd';
import { memo, useState, type ReactNode } from 'react';
import { displayText, GridCell, optionLabel } from './GridCell';
import { CaretDownGlyph, CaretRightGlyph } from './glyphs';
import type { CellOption, GridColumn, GridRow, RenderPicker } from './types';

/** Column geometry shared by the header, rows and footer. */
export interface GridLayout {
  /** the fixed (sticky) columns at the left: drag handle, selection, row number, expand toggle */
  fixed: { kind: 'drag' | 'select' | 'number' | 'expand'; width: number }[];
  fixedWidth: number;
  columns: { column: GridColumn; width: number; options: CellOption[] }[];
  totalWidth: number;
  rowHeight: number;
}

/** Stable callbacks of the grid (identity never changes, so rows re-render only for their own data). */
export interface RowApi {
  activate(rowId: string, key: string): void;
  deactivate(): void;
  commit(rowId: string, patch: Record<string, unknown>, label?: { key: string; text: string }): void;
  toggleSelect(rowId: string, on: boolean): void;
  toggleExpand(rowId: string): void;
  moveUp(index: number): void;
  moveDown(index: number): void;
  insertBelow(index: number): void;
  dragStart(index: number, e: { button: number; clientY: number }): void;
  /** true once after a pointer gesture that was a drag (so its click does not open the menu) */
  wasDrag(): boolean;
  /** closes the row menu of the drag handle */
  closeMenu(): void;
}

/** The grid's own callbacks; the list adds the row menu's. */
export type GridApi = Omit<RowApi, 'closeMenu'>;

/**
 * What the rows' own elements ask for, read by the list's delegated listeners (one click, change,
 * pointer-down and double-click listener for all rows): `data-act` on the element, the column from the
 * nearest `data-col`, the row from the nearest `data-row-id` / `data-index`.
 */
export type RowAction = 'handle' | 'select' | 'expand' | 'check' | 'radio';

/** Controlled inputs of the rows change through the list's delegated `change` listener. */
const delegated = () => undefined;

/** Cell types whose display is plain text until the cell is activated. */
export const EDITOR_TYPES: ReadonlySet<GridColumn['type']> = new Set<GridColumn['type']>([
  'input',
  'inputNumber',
  'textarea',
  'select',
  'selectSearch',
  'selectMultiple',
  'date',
  'datetime',
  'time',
]);

function ErrorTip(props: { message: string; forced: boolean; children: ReactNode }) {
  const [hover, setHover] = useState(false);
  return (
    <Tooltip title={props.message} open={props.forced || hover} color="#ff4d4f" placement="top">
      <div
        style={{ width: '100%' }}
        data-error={props.message}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
      >
        {props.children}
      </div>
    </Tooltip>
  );
}

/**
 * A cell as plain elements (no component, no listener of its own) when it shows text or a native
 * checkbox / radio group; `undefined` when it needs the full cell (an open editor, a picker, an upload,
 * a custom render). A click on a plain text cell of an editor type opens its editor (the list's
 * delegated click listener decides from the column, see GridBody).
 */
function plainCell(column: GridColumn, value: unknown, options: CellOption[], disabled: boolean, active: boolean): ReactNode {
  const str = value === undefined || value === null ? '' : String(value);
  switch (column.type) {
    case 'checkbox': {
      const [on] = column.customValue ?? ['Y', 'N'];
      return (
        <input
          type="checkbox"
          className="go-grid-check"
          disabled={disabled}
          checked={str === on}
          onChange={delegated}
          data-act="check"
          data-cell={column.key}
          aria-label={column.title}
          tabIndex={-1}
        />
      );
    }
    case 'radio':
      return (
        <div className="go-grid-radios" data-cell={column.key} role="radiogroup" aria-label={column.title}>
          {options.map((o) => (
            <label key={o.value} className={disabled || o.disabled ? 'disabled' : undefined}>
              <input
                type="radio"
                value={o.value}
                checked={str === o.value}
                disabled={disabled || o.disabled}
                onChange={delegated}
                data-act="radio"
                tabIndex={-1}
              />
              {optionLabel(o)}
            </label>
          ))}
        </div>
      );
    case 'normal':
      return column.render ? undefined : <span data-cell={column.key}>{str}</span>;
    default:
      break;
  }
  if (!EDITOR_TYPES.has(column.type) || (active && !disabled)) return undefined;
  return (
    <span data-cell={column.key} className={disabled ? 'disabled' : undefined}>
      {displayText(column, value, options)}
    </span>
  );
}

export interface RowViewProps {
  row: GridRow;
  index: number;
  displayIndex: number;
  count: number;
  layout: GridLayout;
  api: RowApi;
  selected: boolean;
  expanded: boolean;
  errors: Record<string, string> | undefined;
  activeKey: string | null;
  forcedErrorKey: string | null;
  labels: Record<string, string> | undefined;
  dropMark: 'top' | 'bottom' | null;
  dragging: boolean;
  /** the drag handle's row menu is open */
  menuOpen: boolean;
  disabled: boolean;
  alwaysEdit: boolean;
  renderPicker?: RenderPicker;
  expandedRowRender?: (row: GridRow, index: number) => ReactNode;
  /** offset of the row inside the list */
  top: number;
  /** measures rows whose height can change (expandable rows) */
  measureRef?: (el: HTMLElement | null) => void;
  /** the cell of this row that holds the grid's tab stop (a column key, or `#` and a fixed kind), if any */
  tabKey: string | null;
  /** the row's selection is shown (`aria-selected`) */
  selectable: boolean;
}

/**
 * One row. Its elements carry no class in the common case: they are styled through their data
 * attributes (grid.css, and the grid's own sheet for the widths), so a row scrolling into view is matched
 * only against the grid's few rules, not against the design system's class-attribute rules. Classes mark
 * rare states only (selected, dragged, drop target, error, disabled). Rows are placed with `top`, not a
 * transform, so they paint into the list's layer rather than one layer each.
 */
function GridRowViewInner(p: RowViewProps) {
  const { row, index, layout, api } = p;
  let cls = '';
  if (p.selected) cls += ' selected';
  if (p.dragging) cls += ' dragging';
  if (p.dropMark) cls += ` drag-over-${p.dropMark}`;
  return (
    <div ref={p.measureRef} style={{ top: p.top }} data-index={index} data-row-id={row.id} data-testid="grid-row">
      <div
        data-tr=""
        className={cls ? cls.slice(1) : undefined}
        role="row"
        aria-rowindex={index + 2}
        aria-selected={p.selectable ? p.selected : undefined}
      >
        {layout.fixed.length > 0 && (
          <div data-fixed="">
            {layout.fixed.map((f) => {
              if (f.kind === 'drag') {
                const handle = (
                  <div
                    key="drag"
                    data-fx="drag"
                    data-act="handle"
                    data-testid="drag-handle"
                    title="拖动排序；点击打开菜单"
                    role="gridcell"
                    aria-label="拖动排序；按回车键打开菜单"
                    aria-haspopup="menu"
                    tabIndex={p.tabKey === '#drag' ? 0 : -1}
                  />
                );
                if (!p.menuOpen) return handle;
                return (
                  <Dropdown
                    key="drag"
                    open
                    onOpenChange={(o) => !o && api.closeMenu()}
                    trigger={['click']}
                    menu={{
                      items: [
                        { key: 'up', label: '向上移', disabled: index === 0 || p.disabled },
                        { key: 'down', label: '向下移', disabled: index === p.count - 1 || p.disabled },
                        { type: 'divider' },
                        { key: 'insert', label: '插入一行', disabled: p.disabled },
                      ],
                      onClick: ({ key }) => {
                        api.closeMenu();
                        if (key === 'up') api.moveUp(index);
                        else if (key === 'down') api.moveDown(index);
                        else api.insertBelow(index);
                      },
                    }}
                  >
                    {handle}
                  </Dropdown>
                );
              }
              if (f.kind === 'select') {
                return (
                  <div key="select" data-fx="select" data-testid="row-select" role="gridcell" tabIndex={p.tabKey === '#select' ? 0 : -1}>
                    <input
                      type="checkbox"
                      checked={p.selected}
                      onChange={delegated}
                      data-act="select"
                      aria-label="选择"
                      tabIndex={-1}
                    />
                  </div>
                );
              }
              if (f.kind === 'number') {
                return (
                  <div
                    key="number"
                    data-fx="number"
                    data-testid="row-number"
                    role="gridcell"
                    tabIndex={p.tabKey === '#number' ? 0 : -1}
                  >
                    {p.displayIndex}
                  </div>
                );
              }
              return (
                <div
                  key="expand"
                  data-fx="expand"
                  role="gridcell"
                  aria-expanded={p.expanded}
                  aria-label={p.expanded ? '收起' : '展开'}
                  tabIndex={p.tabKey === '#expand' ? 0 : -1}
                >
                  <span style={{ cursor: 'pointer' }} data-act="expand">
                    {p.expanded ? <CaretDownGlyph /> : <CaretRightGlyph />}
                  </span>
                </div>
              );
            })}
          </div>
        )}
        {layout.columns.map(({ column, options }) => {
          const err = p.errors?.[column.key];
          const disabled = p.disabled || !!column.disabled;
          const editing = p.activeKey === column.key;
          let cell = plainCell(column, row[column.key], options, disabled, editing || p.alwaysEdit);
          if (cell === undefined) {
            cell = (
              <GridCell
                column={column}
                row={row}
                rowIndex={index}
                value={row[column.key]}
                options={options}
                editing={editing}
                disabled={disabled}
                alwaysEdit={p.alwaysEdit}
                label={p.labels?.[column.key]}
                onActivate={api.activate}
                onDeactivate={api.deactivate}
                onCommit={api.commit}
                renderPicker={p.renderPicker}
              />
            );
          }
          return (
            <div
              key={column.key}
              data-col={column.key}
              className={err ? 'error' : undefined}
              role="gridcell"
              aria-invalid={err ? true : undefined}
              tabIndex={p.tabKey === column.key ? 0 : -1}
            >
              {err ? (
                <ErrorTip message={err} forced={p.forcedErrorKey === column.key}>
                  {cell}
                </ErrorTip>
              ) : (
                cell
              )}
            </div>
          );
        })}
      </div>
      {p.expanded && p.expandedRowRender && (
        <div className="go-grid-expand" style={{ width: layout.totalWidth }} role="row">
          <div role="gridcell">{p.expandedRowRender(row, index)}</div>
        </div>
      )}
    </div>
  );
}

export const GridRowView = memo(GridRowViewInner);
