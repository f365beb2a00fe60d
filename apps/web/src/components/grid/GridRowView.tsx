import { Dropdown, Tooltip } from 'antd';
import { memo, useState, type CSSProperties, type ReactNode } from 'react';
import { GridCell } from './GridCell';
import { CaretDownGlyph, CaretRightGlyph, HandleGlyph } from './glyphs';
import type { CellOption, GridColumn, GridRow, RenderPicker } from './types';

/** Column geometry shared by the header, rows and footer. */
export interface GridLayout {
  fixed: { kind: 'drag' | 'select' | 'number' | 'expand'; width: number; left: number }[];
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
  dragStart(index: number, e: React.PointerEvent): void;
  /** true once after a pointer gesture that was a drag (so its click does not open the menu) */
  wasDrag(): boolean;
}

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
  disabled: boolean;
  alwaysEdit: boolean;
  renderPicker?: RenderPicker;
  expandedRowRender?: (row: GridRow, index: number) => ReactNode;
  /** offset of the row inside the list */
  top: number;
  /** measures rows whose height can change (expandable rows) */
  measureRef?: (el: HTMLElement | null) => void;
}

function GridRowViewInner(p: RowViewProps) {
  const { row, index, layout, api } = p;
  const [menuOpen, setMenuOpen] = useState(false);
  const cls = ['go-grid-tr', p.selected ? 'selected' : '', p.dragging ? 'dragging' : '', p.dropMark ? `drag-over-${p.dropMark}` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      ref={p.measureRef}
      data-index={index}
      style={{ position: 'absolute', top: 0, left: 0, transform: `translateY(${p.top}px)` }}
      data-row-id={row.id}
      data-testid="grid-row"
    >
      <div className={cls} style={{ height: layout.rowHeight, width: layout.totalWidth }}>
        {layout.fixed.map((f) => {
          const style: CSSProperties = { width: f.width, left: f.left };
          if (f.kind === 'drag') {
            const handle = (
              <span
                className="go-grid-handle"
                data-testid="drag-handle"
                title="拖动排序；点击打开菜单"
                onPointerDown={(e) => !p.disabled && api.dragStart(index, e)}
                onClick={() => {
                  if (!api.wasDrag()) setMenuOpen((o) => !o);
                }}
                onDoubleClick={() => !p.disabled && api.insertBelow(index)}
              >
                <HandleGlyph />
              </span>
            );
            return (
              <div key="drag" className="go-grid-td fixed" style={style}>
                {menuOpen ? (
                  <Dropdown
                    open
                    onOpenChange={(o) => !o && setMenuOpen(false)}
                    trigger={['click']}
                    menu={{
                      items: [
                        { key: 'up', label: '向上移', disabled: index === 0 || p.disabled },
                        { key: 'down', label: '向下移', disabled: index === p.count - 1 || p.disabled },
                        { type: 'divider' },
                        { key: 'insert', label: '插入一行', disabled: p.disabled },
                      ],
                      onClick: ({ key }) => {
                        setMenuOpen(false);
                        if (key === 'up') api.moveUp(index);
                        else if (key === 'down') api.moveDown(index);
                        else api.insertBelow(index);
                      },
                    }}
                  >
                    {handle}
                  </Dropdown>
                ) : (
                  handle
                )}
              </div>
            );
          }
          if (f.kind === 'select') {
            return (
              <div key="select" className="go-grid-td fixed" style={style} data-testid="row-select">
                <input
                  type="checkbox"
                  className="go-grid-check"
                  checked={p.selected}
                  onChange={(e) => api.toggleSelect(row.id, e.target.checked)}
                  aria-label="选择"
                />
              </div>
            );
          }
          if (f.kind === 'number') {
            return (
              <div key="number" className="go-grid-td fixed" style={style} data-testid="row-number">
                {p.displayIndex}
              </div>
            );
          }
          return (
            <div key="expand" className="go-grid-td fixed" style={style}>
              <span style={{ cursor: 'pointer' }} onClick={() => api.toggleExpand(row.id)} aria-label="展开">
                {p.expanded ? <CaretDownGlyph /> : <CaretRightGlyph />}
              </span>
            </div>
          );
        })}
        {layout.columns.map(({ column, width, options }) => {
          const err = p.errors?.[column.key];
          const cell = (
            <GridCell
              column={column}
              row={row}
              rowIndex={index}
              value={row[column.key]}
              options={options}
              editing={p.activeKey === column.key}
              disabled={p.disabled || !!column.disabled}
              alwaysEdit={p.alwaysEdit}
              label={p.labels?.[column.key]}
              onActivate={api.activate}
              onDeactivate={api.deactivate}
              onCommit={api.commit}
              renderPicker={p.renderPicker}
            />
          );
          return (
            <div
              key={column.key}
              className={`go-grid-td ${err ? 'error' : ''} ${column.type === 'normal' ? '' : 'editable'}`}
              style={{ width }}
              data-col={column.key}
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
        <div className="go-grid-expand" style={{ width: layout.totalWidth }}>
          {p.expandedRowRender(row, index)}
        </div>
      )}
    </div>
  );
}

export const GridRowView = memo(GridRowViewInner);
