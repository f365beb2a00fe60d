import { DatePicker, Form, Input, InputNumber, Radio } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useEffect, useState } from 'react';
import { getAction } from '../../../app/http/client';

dayjs.extend(customParseFormat);

/**
 * A property of the task's form (an Activiti `formProperty`, or a decision field of the node settings);
 * the value becomes a process variable.
 */
export interface DecisionField {
  name: string;
  label: string;
  type: 'radio' | 'text' | 'number' | 'date';
  options: { value: string; label: string }[];
  required: boolean;
  /** Activiti form type: string, long, double, boolean, enum, date */
  formType?: string;
  /** false: shown read-only, never sent */
  writable?: boolean;
  /** false: not shown (the server leaves these out) */
  readable?: boolean;
  /** date: the Java date pattern of the value (dd/MM/yyyy …) */
  datePattern?: string | null;
  /** the current value as form text */
  value?: string | null;
}

/** A Java date pattern (yyyy-MM-dd HH:mm, hh:mm a) as a dayjs format (YYYY-MM-DD HH:mm, hh:mm A); quoted text stays literal. */
export function dayjsFormat(pattern: string): string {
  return pattern
    .split(/('[^']*')/)
    .map((part) =>
      part.startsWith("'") ? (part === "''" ? "'" : `[${part.slice(1, -1)}]`) : part.replace(/yyyy/g, 'YYYY').replace(/yy/g, 'YY').replace(/d/g, 'D').replace(/a/g, 'A'),
    )
    .join('');
}

/** What a read-only property shows: an enum value's name, 是/否, or the text. */
export function displayValue(f: DecisionField): string {
  const v = f.value ?? '';
  if (f.type === 'radio') return f.options.find((o) => o.value === v)?.label ?? v;
  return v;
}

/** The values a writable property starts with (its current value), to be submitted unless changed. */
export function initialValues(fields: DecisionField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.writable === false || f.value === null || f.value === undefined || f.value === '') continue;
    out[f.name] = f.type === 'number' && Number.isFinite(Number(f.value)) ? Number(f.value) : f.value;
  }
  return out;
}

/**
 * One property as a form control: text, number (whole numbers for long), 是/否 or the enum's values as
 * radios, a date picker in the property's pattern; read-only when not writable.
 */
export function DecisionFieldInput({ field: f, value, onChange }: { field: DecisionField; value: unknown; onChange: (v: unknown) => void }) {
  const id = `decision-${f.name}`;
  if (f.writable === false) {
    return <Input id={id} readOnly value={displayValue(f)} aria-readonly="true" data-testid={id} />;
  }
  if (f.type === 'radio') {
    return (
      <Radio.Group
        id={id}
        aria-label={f.label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={f.options.map((o) => ({ value: o.value, label: o.label }))}
        data-testid={id}
      />
    );
  }
  if (f.type === 'number') {
    return (
      <InputNumber
        id={id}
        value={value as number | undefined}
        precision={f.formType === 'long' ? 0 : undefined}
        onChange={(v) => onChange(v)}
        style={{ width: 160 }}
        data-testid={id}
      />
    );
  }
  if (f.type === 'date') {
    const format = dayjsFormat(f.datePattern || 'dd/MM/yyyy');
    const parsed = typeof value === 'string' && value ? dayjs(value, format, true) : null;
    return (
      <DatePicker
        id={id}
        format={format}
        showTime={/[Hhms]/.test(format) ? { format: format.replace(/^[^Hhms]*/, '') } : false}
        value={parsed?.isValid() ? parsed : null}
        onChange={(d) => onChange(d ? d.format(format) : null)}
        placeholder={f.datePattern || 'dd/MM/yyyy'}
        data-testid={id}
      />
    );
  }
  return <Input id={id} value={(value as string | undefined) ?? ''} onChange={(e) => onChange(e.target.value)} data-testid={id} />;
}

/**
 * The task's form (its readable form properties) inside the approval dialog. Shows nothing when the node
 * has none. The values are submitted as the task's form (`formProperties`); the server checks required,
 * read-only and types again (`请填写「…」`).
 */
export function DecisionFields({
  taskId,
  value,
  onChange,
}: {
  taskId: string;
  value: Record<string, unknown>;
  onChange: (v: Record<string, unknown>) => void;
}) {
  const [fields, setFields] = useState<DecisionField[]>([]);
  useEffect(() => {
    let live = true;
    setFields([]);
    void getAction<DecisionField[]>(`/actTask/decisionFields/${encodeURIComponent(taskId)}`, undefined, { silent: true })
      .then((r) => {
        if (!live || !r.success) return;
        const shown = (r.result ?? []).filter((f) => f.readable !== false);
        setFields(shown);
        const start = initialValues(shown);
        if (Object.keys(start).length) onChange(start);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // onChange is the dialog's state setter; the form loads once per task
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taskId]);
  return <DecisionFieldList fields={fields} value={value} onChange={onChange} />;
}

/** The form controls of the given properties (also used where the fields are already loaded). */
export function DecisionFieldList({
  fields,
  value,
  onChange,
}: {
  fields: DecisionField[];
  value: Record<string, unknown>;
  onChange: (v: Record<string, unknown>) => void;
}) {
  if (!fields.length) return null;
  return (
    <div data-testid="decision-fields">
      {fields.map((f) => (
        <Form.Item key={f.name} label={f.label} required={f.required && f.writable !== false} htmlFor={`decision-${f.name}`} extra={f.writable === false ? '只读' : undefined}>
          <DecisionFieldInput field={f} value={value[f.name]} onChange={(v) => onChange({ ...value, [f.name]: v })} />
        </Form.Item>
      ))}
    </div>
  );
}
