import { DatePicker, Input, Modal, Select, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { shortFileName } from '@go/contract/upload';
import { FileUpload } from '../upload/FileUpload';
import { ImageUpload } from '../upload/ImageUpload';
import { nameOfPath, splitValue } from '../upload/uploadCore';
import { staticUrl } from '../../app/config';
import { PictureGlyph, SearchGlyph, UploadGlyph } from './glyphs';
import { PopupPicker, SimpleDepartPicker, SimpleUserPicker } from './SimplePickers';
import type { CellOption, GridColumn, GridRow, RenderPicker } from './types';
import { commitNumberInput, filterNumberInput } from './validation';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function optionLabel(o: CellOption): string {
  return o.label ?? o.text ?? o.value;
}

/** What a cell shows when it is not being edited. */
export function displayText(column: GridColumn, value: unknown, options: CellOption[]): string {
  if (value === undefined || value === null || value === '') return '';
  const raw = Array.isArray(value) ? value.join(',') : String(value);
  switch (column.type) {
    case 'select':
    case 'selectSearch':
    case 'radio':
    case 'selectMultiple': {
      if (!options.length) return raw;
      return raw
        .split(',')
        .map((v) => {
          const o = options.find((x) => x.value === v);
          return o ? optionLabel(o) : v;
        })
        .join(',');
    }
    case 'upload':
      return splitValue(raw)
        .map((p) => shortFileName(nameOfPath(p)))
        .join(',');
    default:
      return raw;
  }
}

export interface CellProps {
  column: GridColumn;
  row: GridRow;
  rowIndex: number;
  value: unknown;
  options: CellOption[];
  editing: boolean;
  disabled: boolean;
  /** show editors all the time (stock alwaysEdit) */
  alwaysEdit: boolean;
  label?: string;
  onActivate: (rowId: string, key: string) => void;
  onDeactivate: () => void;
  onCommit: (rowId: string, patch: Record<string, unknown>, label?: { key: string; text: string }) => void;
  renderPicker?: RenderPicker;
}

/** Text and number cells keep a draft while typing and commit on blur or Enter. */
function TextEditor(props: CellProps & { number?: boolean; area?: boolean }) {
  const { column, row, value, onCommit, onDeactivate, number, alwaysEdit, disabled } = props;
  const [draft, setDraft] = useState(value === undefined || value === null ? '' : String(value));
  /** the value last committed while typing: its echo must not rewrite the text being typed ("12." stays) */
  const typed = useRef<{ value: unknown } | null>(null);
  useEffect(() => {
    if (typed.current && Object.is(typed.current.value, value)) return;
    typed.current = null;
    setDraft(value === undefined || value === null ? '' : String(value));
  }, [value]);
  const change = (text: string) => {
    setDraft(text);
    if (!column.commitWhileTyping) return;
    const next = number ? commitNumberInput(text) : text;
    typed.current = { value: next };
    onCommit(row.id, { [column.key]: next });
  };
  const commit = () => {
    typed.current = null;
    const next = number ? commitNumberInput(draft) : draft;
    if (number) setDraft(String(next));
    onCommit(row.id, { [column.key]: next });
    if (!alwaysEdit) onDeactivate();
  };
  const common = {
    value: draft,
    autoFocus: !alwaysEdit,
    disabled,
    placeholder: column.placeholder ?? `请输入${column.title}`,
    'data-cell': `${column.key}`,
    onBlur: commit,
  };
  if (props.area) {
    return <Input.TextArea {...common} autoSize={{ maxRows: 2 }} onChange={(e) => change(e.target.value)} />;
  }
  return (
    <Input
      {...common}
      inputMode={number ? 'decimal' : undefined}
      onChange={(e) => change(number ? filterNumberInput(e.target.value) : e.target.value)}
      onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
    />
  );
}

function PickerCell(props: CellProps) {
  const { column, row, value, onCommit, renderPicker, disabled, label } = props;
  const [open, setOpen] = useState(false);
  const v = value === undefined || value === null ? '' : String(value);
  const type = column.type;
  const text = label || v;
  const trigger = (
    <div
      className={`go-grid-picker-trigger${text ? '' : ' placeholder'}`}
      onClick={() => !disabled && setOpen(true)}
      data-cell={column.key}
    >
      <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>{text || `请选择${column.title}`}</span>
      <SearchGlyph />
    </div>
  );
  let modal: ReactNode = null;
  if (type === 'popup' && column.popup) {
    const cfg = column.popup;
    modal = (
      <PopupPicker
        open={open}
        config={cfg}
        onCancel={() => setOpen(false)}
        onOk={(recs) => {
          const patch: Record<string, unknown> = { [column.key]: recs.map((r) => String(r[cfg.valueField] ?? '')).join(',') };
          for (const [rowKey, field] of Object.entries(cfg.fieldMap ?? {})) {
            patch[rowKey] = recs.map((r) => String(r[field] ?? '')).join(',');
          }
          onCommit(row.id, patch);
          setOpen(false);
        }}
      />
    );
  } else if (type === 'selUser' || type === 'selDepart') {
    const done = (val: string, labels?: string) => {
      onCommit(row.id, { [column.key]: val }, labels ? { key: column.key, text: labels } : undefined);
      setOpen(false);
    };
    if (renderPicker) {
      modal = renderPicker({ type, value: v, multi: true, open, onOk: (val) => done(val), onCancel: () => setOpen(false) });
    } else if (type === 'selUser') {
      modal = <SimpleUserPicker open={open} value={v} multi onOk={done} onCancel={() => setOpen(false)} />;
    } else {
      modal = <SimpleDepartPicker open={open} value={v} multi onOk={done} onCancel={() => setOpen(false)} />;
    }
  }
  return (
    <>
      {trigger}
      {open && modal}
    </>
  );
}

function UploadCell(props: CellProps & { image?: boolean }) {
  const { column, row, value, onCommit, disabled, image } = props;
  const [open, setOpen] = useState(false);
  const v = value === undefined || value === null ? '' : String(value);
  const draft = useRef(v);
  const paths = splitValue(v);
  return (
    <>
      <div
        className={`go-grid-picker-trigger${paths.length ? '' : ' placeholder'}`}
        onClick={() => {
          draft.current = v;
          setOpen(true);
        }}
        data-cell={column.key}
      >
        {image ? <PictureGlyph /> : <UploadGlyph />}
        {image && paths.length ? (
          <img src={staticUrl(paths[0])} alt="" style={{ height: 40, maxWidth: 80, objectFit: 'contain' }} />
        ) : (
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {paths.length ? paths.map((p) => shortFileName(nameOfPath(p))).join(',') : image ? '上传图片' : '上传文件'}
          </span>
        )}
      </div>
      {open && (
        <Modal
          title={column.title}
          open
          width={520}
          destroyOnHidden
          onCancel={() => setOpen(false)}
          onOk={() => {
            onCommit(row.id, { [column.key]: draft.current });
            setOpen(false);
          }}
        >
          {image ? (
            <ImageUpload value={v} biz={column.biz} disabled={disabled} onChange={(x) => (draft.current = x)} />
          ) : (
            <FileUpload value={v} biz={column.biz} disabled={disabled} onChange={(x) => (draft.current = x)} />
          )}
        </Modal>
      )}
    </>
  );
}

/** One cell: its display text, or its editor while active (or always, for choice cells and alwaysEdit). */
function GridCellInner(props: CellProps) {
  const { column, row, value, options, editing, disabled, alwaysEdit, onActivate, onCommit, onDeactivate } = props;
  const set = (v: unknown) => onCommit(row.id, { [column.key]: v });
  const str = value === undefined || value === null ? '' : String(value);

  switch (column.type) {
    case 'checkbox': {
      const [on, off] = column.customValue ?? ['Y', 'N'];
      return (
        <input
          type="checkbox"
          className="go-grid-check"
          disabled={disabled}
          checked={str === on}
          onChange={(e) => set(e.target.checked ? on : off)}
          data-cell={column.key}
          aria-label={column.title}
        />
      );
    }
    case 'radio':
      // Native radios: cheap to mount while rows scroll in and out.
      return (
        <div className="go-grid-radios" data-cell={column.key} role="radiogroup" aria-label={column.title}>
          {options.map((o) => (
            <label key={o.value} className={disabled || o.disabled ? 'disabled' : ''}>
              <input
                type="radio"
                checked={str === o.value}
                disabled={disabled || o.disabled}
                onChange={() => set(o.value)}
              />
              {optionLabel(o)}
            </label>
          ))}
        </div>
      );
    case 'popup':
    case 'selUser':
    case 'selDepart':
      return <PickerCell {...props} />;
    case 'upload':
      return <UploadCell {...props} />;
    case 'image':
      return <UploadCell {...props} image />;
    case 'slot':
      return <>{column.render?.({ value, row, rowIndex: props.rowIndex, setValue: set })}</>;
    case 'normal':
      return <span data-cell={column.key}>{column.render ? column.render({ value, row, rowIndex: props.rowIndex, setValue: set }) : str}</span>;
    default:
      break;
  }

  const active = (editing || alwaysEdit) && !disabled;
  if (!active) {
    const text = displayText(column, value, options);
    return (
      <span
        className={disabled ? 'disabled' : undefined}
        data-cell={column.key}
        onClick={() => !disabled && onActivate(row.id, column.key)}
      >
        {text}
      </span>
    );
  }

  switch (column.type) {
    case 'inputNumber':
      return <TextEditor {...props} number />;
    case 'textarea':
      return <TextEditor {...props} area />;
    case 'select':
    case 'selectSearch':
    case 'selectMultiple': {
      const multi = column.type === 'selectMultiple';
      return (
        <Select
          style={{ width: '100%' }}
          autoFocus={!alwaysEdit}
          defaultOpen={!alwaysEdit}
          allowClear
          showSearch={column.type === 'selectSearch' || multi}
          optionFilterProp="label"
          mode={multi ? 'multiple' : undefined}
          maxTagCount={1}
          placeholder={column.placeholder ?? `请选择${column.title}`}
          value={multi ? (str ? str.split(',') : []) : str || undefined}
          options={options.map((o) => ({ value: o.value, label: optionLabel(o), disabled: o.disabled }))}
          onChange={(v: string | string[] | undefined) => set(Array.isArray(v) ? v.join(',') : (v ?? ''))}
          onBlur={() => !alwaysEdit && onDeactivate()}
          data-cell={column.key}
        />
      );
    }
    case 'date':
    case 'datetime': {
      const fmt = column.type === 'date' ? DATE_FORMAT : DATETIME_FORMAT;
      const d = str ? dayjs(str, fmt) : null;
      return (
        <DatePicker
          style={{ width: '100%' }}
          autoFocus={!alwaysEdit}
          defaultOpen={!alwaysEdit}
          showTime={column.type === 'datetime'}
          format={fmt}
          value={d && d.isValid() ? d : null}
          onChange={(x) => set(x ? x.format(fmt) : '')}
          onOpenChange={(o) => !o && !alwaysEdit && onDeactivate()}
          data-cell={column.key}
        />
      );
    }
    case 'time': {
      const d = str ? dayjs(str, 'HH:mm:ss') : null;
      return (
        <TimePicker
          style={{ width: '100%' }}
          autoFocus={!alwaysEdit}
          defaultOpen={!alwaysEdit}
          value={d && d.isValid() ? d : null}
          onChange={(x) => set(x ? x.format('HH:mm:ss') : '')}
          onOpenChange={(o) => !o && !alwaysEdit && onDeactivate()}
        />
      );
    }
    default:
      return <TextEditor {...props} />;
  }
}

export const GridCell = memo(GridCellInner);
