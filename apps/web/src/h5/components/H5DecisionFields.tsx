import { Input, Selector } from 'antd-mobile';
import { useEffect, useState } from 'react';
import {
  dateHasTime,
  displayValue,
  fromNativeDate,
  initialValues,
  isRequired,
  loadDecisionFields,
  toNativeDate,
  type DecisionField,
} from '../../features/workflow/engine/decisionFieldModel';

/**
 * The task's form on the phone (the same field model as the desktop approval dialog's `DecisionFields`):
 * text, number (whole numbers for long), enum values and 是/否 as a single choice, a date (date-time when
 * the pattern has a time) sent in the property's pattern; required marks; read-only ones shown, never sent.
 * The values go with 同意 as the task's form (`formProperties`); the server checks required and types.
 */
export function H5DecisionFields({
  taskId,
  value,
  onChange,
  onLoaded,
}: {
  taskId: string;
  value: Record<string, unknown>;
  onChange: (v: Record<string, unknown>) => void;
  /** the properties once loaded (none: the node has no form) */
  onLoaded?: (fields: DecisionField[]) => void;
}) {
  const [fields, setFields] = useState<DecisionField[]>([]);
  useEffect(() => {
    let live = true;
    setFields([]);
    void loadDecisionFields(taskId)
      .then((shown) => {
        if (!live) return;
        setFields(shown);
        onLoaded?.(shown);
        onChange(initialValues(shown));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // onChange / onLoaded are the popup's state setters; the form loads once per task
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taskId]);
  if (!fields.length) return null;
  return (
    <section data-testid="decision-fields" className="h5-decision-fields">
      {fields.map((f) => (
        <div key={f.name} className="h5-decision-field" data-testid={`decision-field-${f.name}`}>
          <label className="h5-label" id={`decision-${f.name}-label`} htmlFor={`decision-${f.name}`}>
            {isRequired(f) && (
              <span className="h5-required" aria-hidden="true" data-testid={`decision-${f.name}-required`}>
                *
              </span>
            )}
            {f.label}
            {isRequired(f) && <span className="h5-sr-only">（必填）</span>}
            {f.writable === false && <span className="h5-muted">（只读）</span>}
          </label>
          <H5DecisionInput field={f} value={value[f.name]} onChange={(v) => onChange({ ...value, [f.name]: v })} />
        </div>
      ))}
    </section>
  );
}

function H5DecisionInput({ field: f, value, onChange }: { field: DecisionField; value: unknown; onChange: (v: unknown) => void }) {
  const id = `decision-${f.name}`;
  if (f.writable === false) {
    return <Input id={id} readOnly value={displayValue(f)} aria-readonly="true" data-testid={id} className="h5-input" />;
  }
  if (f.type === 'radio') {
    return (
      <div role="radiogroup" id={id} aria-labelledby={`${id}-label`} aria-required={isRequired(f)} data-testid={id}>
        <Selector
          columns={f.options.length <= 3 ? f.options.length : 2}
          value={typeof value === 'string' && value ? [value] : []}
          onChange={(v) => onChange(v[0] ?? null)}
          options={f.options.map((o) => ({ value: o.value, label: o.label }))}
        />
      </div>
    );
  }
  if (f.type === 'number') {
    const text = value === null || value === undefined ? '' : String(value);
    return (
      <Input
        id={id}
        type="number"
        inputMode={f.formType === 'long' ? 'numeric' : 'decimal'}
        value={text}
        onChange={(v) => onChange(v.trim() === '' ? null : Number.isFinite(Number(v)) ? Number(v) : v)}
        placeholder={f.formType === 'long' ? '请输入整数' : '请输入数字'}
        aria-required={isRequired(f)}
        className="h5-input"
        data-testid={id}
      />
    );
  }
  if (f.type === 'date') {
    return (
      <input
        id={id}
        type={dateHasTime(f) ? 'datetime-local' : 'date'}
        value={toNativeDate(f, value)}
        onChange={(e) => onChange(fromNativeDate(f, e.target.value))}
        aria-required={isRequired(f)}
        className="h5-native-input"
        data-testid={id}
      />
    );
  }
  return (
    <Input
      id={id}
      value={(value as string | undefined) ?? ''}
      onChange={(v) => onChange(v)}
      placeholder="请输入"
      aria-required={isRequired(f)}
      className="h5-input"
      data-testid={id}
    />
  );
}
