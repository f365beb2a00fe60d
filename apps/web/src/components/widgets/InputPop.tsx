import { FullscreenOutlined } from '@ant-design/icons';
import { Input, Popover } from 'antd';
import { useState } from 'react';

export const INPUT_POP_SIZE = { width: 150, height: 200 } as const;

export interface InputPopProps {
  value?: string;
  onChange?: (value: string) => void;
  title?: string;
  placeholder?: string;
  disabled?: boolean;
  /** popup text area size (docs/widgets.md, "Other widgets": 150 × 200) */
  width?: number;
  height?: number;
  'data-testid'?: string;
}

/** An input whose icon opens a larger text area in a popover for long text (stock JInputPop). */
export function InputPop(props: InputPopProps) {
  const { value = '', onChange, title = '', placeholder, disabled, width = INPUT_POP_SIZE.width, height = INPUT_POP_SIZE.height } = props;
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open && !disabled}
      onOpenChange={setOpen}
      trigger="click"
      title={title}
      placement="right"
      content={
        <Input.TextArea
          autoFocus
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          style={{ width, height, resize: 'none' }}
          data-testid="input-pop-textarea"
        />
      }
    >
      <Input
        data-testid={props['data-testid']}
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(e) => onChange?.(e.target.value)}
        onClick={(e) => e.stopPropagation()}
        suffix={<FullscreenOutlined onClick={() => setOpen(true)} style={{ cursor: 'pointer' }} aria-label="展开输入" />}
      />
    </Popover>
  );
}
