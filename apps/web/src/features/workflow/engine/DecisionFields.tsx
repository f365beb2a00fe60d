import { DatePicker, Form, Input, InputNumber, Radio } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useEffect, useState } from 'react';
import { dayjsFormat, displayValue, initialValues, isRequired, loadDecisionFields, type DecisionField } from './decisionFieldModel';

dayjs.extend(customParseFormat);

export { dayjsFormat, displayValue, initialValues, isRequired, loadDecisionFields, type DecisionField } from './decisionFieldModel';

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
    void loadDecisionFields(taskId)
      .then((shown) => {
        if (!live) return;
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
        <Form.Item key={f.name} label={f.label} required={isRequired(f)} htmlFor={`decision-${f.name}`} extra={f.writable === false ? '只读' : undefined}>
          <DecisionFieldInput field={f} value={value[f.name]} onChange={(v) => onChange({ ...value, [f.name]: v })} />
        </Form.Item>
      ))}
    </div>
  );
}
