import { Checkbox } from 'antd';

export interface CheckboxGroupProps {
  options: { value: string; label: string; disabled?: boolean }[];
  /** comma-joined selected values (stock JCheckbox) */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

/** Checkbox group whose value is a comma-joined string, in option order. */
export function CheckboxGroup(props: CheckboxGroupProps) {
  const { options, value = '', onChange, disabled } = props;
  const checked = value ? value.split(',') : [];
  return (
    <Checkbox.Group
      data-testid={props['data-testid']}
      disabled={disabled}
      options={options}
      value={checked}
      onChange={(vals) => {
        const set = new Set(vals.map(String));
        onChange?.(options.filter((o) => set.has(o.value)).map((o) => o.value).join(','));
      }}
    />
  );
}
