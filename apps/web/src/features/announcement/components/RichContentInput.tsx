import { Input } from 'antd';

/**
 * The content field of an announcement (HTML). Rich text editing needs the shared editor widget; until
 * that is part of the product the HTML is edited as text. The server sanitises it either way.
 */
export function RichContentInput({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return (
    <Input.TextArea
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      rows={10}
      style={{ minHeight: 300 }}
      placeholder="请输入内容（支持 HTML）"
      data-testid="annt-content"
    />
  );
}
