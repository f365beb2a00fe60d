import { Input, Tag } from 'antd';

/** Tag input (docs/widgets.md, "Other widgets"): a semicolon is inserted after every 2 characters. */
export function formatTags(text: string, size = 2): string {
  const chars = Array.from(text.replace(/[;；]/g, ''));
  const parts: string[] = [];
  for (let i = 0; i < chars.length; i += size) parts.push(chars.slice(i, i + size).join(''));
  return parts.join(';');
}

export function tagsOf(value: string | undefined | null): string[] {
  return String(value ?? '')
    .split(';')
    .filter(Boolean);
}

export interface TagInputProps {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

export function TagInput(props: TagInputProps) {
  const { value = '', onChange, placeholder = '请输入', disabled } = props;
  return (
    <div data-testid={props['data-testid']}>
      <Input
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(e) => onChange?.(formatTags(e.target.value))}
        allowClear
      />
      <div style={{ marginTop: 6, minHeight: 22 }}>
        {tagsOf(value).map((t, i) => (
          <Tag key={`${t}-${i}`} color="blue">
            {t}
          </Tag>
        ))}
      </div>
    </div>
  );
}
