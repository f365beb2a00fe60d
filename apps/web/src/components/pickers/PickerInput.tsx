import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';

/** Read-only text of the picked items with a pick button (and a clear icon). */
export function PickerInput({
  text,
  placeholder = '请选择',
  disabled,
  onOpen,
  onClear,
  id,
}: {
  text: string;
  placeholder?: string;
  disabled?: boolean;
  onOpen: () => void;
  onClear?: () => void;
  id?: string;
}) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        readOnly
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        onClick={() => !disabled && onOpen()}
        suffix={text && onClear && !disabled ? <CloseCircleFilled style={{ color: '#bfbfbf' }} onClick={(e) => { e.stopPropagation(); onClear(); }} /> : <span />}
      />
      <Button icon={<SearchOutlined />} disabled={disabled} onClick={onOpen}>
        选择
      </Button>
    </Space.Compact>
  );
}
