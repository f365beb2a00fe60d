import { Checkbox, Radio, Select, Tag } from 'antd';
import type { CSSProperties } from 'react';
import { dictText, useDictItems } from './useDictItems';

interface DictWidgetProps {
  /** "code" or "table,text,code[,condition]". */
  dictCode: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  allowClear?: boolean;
  id?: string;
}

/**
 * Dictionary select (JDictSelectTag type select): value coerced to a string, options filtered by
 * the user's org code (docs/system-admin.md, "Company scope").
 */
export function DictSelect({ dictCode, value, onChange, placeholder = '请选择', disabled, style, allowClear = true, id }: DictWidgetProps) {
  const options = useDictItems(dictCode);
  return (
    <Select
      id={id}
      value={value === undefined || value === null || value === '' ? undefined : String(value)}
      onChange={(v) => onChange?.(v ?? undefined)}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      style={{ width: '100%', ...style }}
      options={options.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }))}
      showSearch
      optionFilterProp="label"
    />
  );
}

/** Multi-value dictionary select; value is comma-joined (JDictSelectMultiple). */
export function DictMultiSelect({ dictCode, value, onChange, placeholder = '请选择', disabled, style, id }: DictWidgetProps) {
  const options = useDictItems(dictCode);
  const arr = value ? String(value).split(',').filter(Boolean) : [];
  return (
    <Select
      id={id}
      mode="multiple"
      value={arr}
      onChange={(v: string[]) => onChange?.(v.length ? v.join(',') : undefined)}
      placeholder={placeholder}
      disabled={disabled}
      style={{ width: '100%', ...style }}
      options={options.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }))}
      optionFilterProp="label"
    />
  );
}

/** Dictionary radio group (type radio / radioButton). */
export function DictRadio({ dictCode, value, onChange, disabled, button, id }: DictWidgetProps & { button?: boolean }) {
  const options = useDictItems(dictCode);
  return (
    <Radio.Group
      id={id}
      value={value === undefined || value === null ? undefined : String(value)}
      onChange={(e) => onChange?.(e.target.value as string)}
      disabled={disabled}
      optionType={button ? 'button' : 'default'}
      options={options.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }))}
    />
  );
}

/** Dictionary checkbox group; value comma-joined. */
export function DictCheckbox({ dictCode, value, onChange, disabled }: DictWidgetProps) {
  const options = useDictItems(dictCode);
  const arr = value ? String(value).split(',').filter(Boolean) : [];
  return (
    <Checkbox.Group
      value={arr}
      onChange={(v) => onChange?.((v as string[]).length ? (v as string[]).join(',') : undefined)}
      disabled={disabled}
      options={options.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }))}
    />
  );
}

/** Read-only dictionary text as tags (several comma-separated values). */
export function DictTag({ dictCode, value, color }: { dictCode: string; value?: string; color?: string }) {
  const options = useDictItems(dictCode);
  if (value === undefined || value === null || value === '') return null;
  return (
    <>
      {String(value)
        .split(',')
        .map((v) => (
          <Tag key={v} color={color}>
            {dictText(options, v)}
          </Tag>
        ))}
    </>
  );
}
