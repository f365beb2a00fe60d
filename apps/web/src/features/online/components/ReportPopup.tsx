import { SearchOutlined } from '@ant-design/icons';
import { POPUP_CONFIG_ERROR, popupFields } from '@go/contract';
import { Alert, App, Input, Modal } from 'antd';
import { useState } from 'react';
import { ReportView } from './ReportView';

type Row = Record<string, unknown>;

/** `orgFields`, `destFields` (and the code) must be given with the same number of fields (docs/online.md). */
export function popupConfigError(code: string | undefined, orgFields: string, destFields: string): string | null {
  return popupFields(code, orgFields, destFields) ? null : POPUP_CONFIG_ERROR;
}

/** What a pick hands back: for every destination field the chosen rows' values of its report column, comma-joined. */
export function pickedValues(rows: Row[], orgFields: string, destFields: string): Record<string, string> {
  const cfg = popupFields('x', orgFields, destFields);
  const values: Record<string, string> = {};
  cfg?.org.forEach((o, i) => {
    values[cfg.dest[i]] = rows.map((r) => (r[o] === null || r[o] === undefined ? '' : String(r[o]))).join(',');
  });
  return values;
}

/** The popup report selector (docs/online.md, width 1200): picks rows of a report and hands back the chosen fields. */
export function ReportSelectModal(props: { open: boolean; code: string; multi?: boolean; title?: string; fields?: string[]; onCancel: () => void; onOk: (rows: Row[]) => void }) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<Row[]>([]);
  return (
    <Modal
      open={props.open}
      width={1200}
      title={props.title ?? '选择'}
      destroyOnHidden
      onCancel={props.onCancel}
      onOk={() => {
        if (!rows.length) return void message.warning('请至少选择一条记录');
        if (!props.multi && rows.length > 1) return void message.warning('只能选择一条记录');
        props.onOk(rows);
      }}
      styles={{ body: { maxHeight: '70vh', overflow: 'auto' } }}
    >
      <ReportView
        report={props.code}
        compact
        popup={{ code: props.code, fields: props.fields ?? [] }}
        selection={{ multi: !!props.multi, onChange: setRows }}
      />
    </Modal>
  );
}

export interface ReportPopupProps {
  /** Report code. */
  code: string;
  /** The report column whose values show in the input. */
  field: string;
  /** Report columns to copy, comma-separated, in the same order as `destFields`. */
  orgFields: string;
  /** Form fields that receive them. */
  destFields: string;
  multi?: boolean;
  /** The dialog's title. */
  title?: string;
  value?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Receives `{ destField: values joined by comma }` for every pair. */
  onPick?: (values: Record<string, string>) => void;
  onChange?: (value: string) => void;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** An input that opens the popup report selector (stock j-popup). */
export function ReportPopup(props: ReportPopupProps) {
  const [open, setOpen] = useState(false);
  const error = popupConfigError(props.code, props.orgFields, props.destFields);
  if (error) return <Alert type="error" showIcon message={error} data-testid="popup-config-error" />;
  const org = props.orgFields.split(',').map((s) => s.trim());
  return (
    <>
      <Input
        readOnly
        value={props.value}
        placeholder={props.placeholder ?? '请选择'}
        disabled={props.disabled}
        aria-label={props['aria-label']}
        data-testid={props['data-testid']}
        suffix={<SearchOutlined aria-hidden />}
        onClick={() => !props.disabled && setOpen(true)}
        onKeyDown={(e) => {
          if (!props.disabled && (e.key === 'Enter' || e.key === ' ')) setOpen(true);
        }}
      />
      <ReportSelectModal
        open={open}
        code={props.code}
        multi={props.multi}
        fields={org}
        title={props.title}
        onCancel={() => setOpen(false)}
        onOk={(rows) => {
          props.onPick?.(pickedValues(rows, props.orgFields, props.destFields));
          props.onChange?.(rows.map((r) => String(r[props.field] ?? '')).join(','));
          setOpen(false);
        }}
      />
    </>
  );
}
