import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { CronModal } from './CronModal';

/** A form field for a Quartz expression: typed directly or built in the Cron表达式 dialog. */
export function CronInput({ value, onChange, placeholder = '请输入cron表达式', id }: { value?: string; onChange?: (v: string) => void; placeholder?: string; id?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={value} placeholder={placeholder} onChange={(e) => onChange?.(e.target.value)} data-testid="cron-input" />
        <Button icon={<ClockCircleOutlined />} onClick={() => setOpen(true)} data-testid="cron-input-pick">
          选择
        </Button>
      </Space.Compact>
      <CronModal
        open={open}
        value={value}
        onCancel={() => setOpen(false)}
        onOk={(v) => {
          onChange?.(v);
          setOpen(false);
        }}
      />
    </>
  );
}
