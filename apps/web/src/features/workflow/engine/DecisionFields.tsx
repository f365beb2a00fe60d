import { Form, Input, InputNumber, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { getAction } from '../../../app/http/client';

/** A decision the node asks of its approver (同意/不同意 …); the value becomes a process variable. */
export interface DecisionField {
  name: string;
  label: string;
  type: 'radio' | 'text' | 'number';
  options: { value: string; label: string }[];
  required: boolean;
}

/**
 * The decision fields of a task, rendered inside the approval form. Shows nothing when the node has
 * none; the server checks the values again (`请填写「…」`).
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
        if (live && r.success) setFields(r.result ?? []);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [taskId]);
  if (!fields.length) return null;
  const set = (name: string, v: unknown) => onChange({ ...value, [name]: v });
  return (
    <div data-testid="decision-fields">
      {fields.map((f) => (
        <Form.Item key={f.name} label={f.label} required={f.required} htmlFor={`decision-${f.name}`}>
          {f.type === 'radio' ? (
            <Radio.Group
              id={`decision-${f.name}`}
              aria-label={f.label}
              value={value[f.name]}
              onChange={(e) => set(f.name, e.target.value)}
              options={f.options.map((o) => ({ value: o.value, label: o.label }))}
            />
          ) : f.type === 'number' ? (
            <InputNumber id={`decision-${f.name}`} value={value[f.name] as number | undefined} onChange={(v) => set(f.name, v)} style={{ width: 160 }} />
          ) : (
            <Input id={`decision-${f.name}`} value={(value[f.name] as string | undefined) ?? ''} onChange={(e) => set(f.name, e.target.value)} />
          )}
        </Form.Item>
      ))}
    </div>
  );
}
