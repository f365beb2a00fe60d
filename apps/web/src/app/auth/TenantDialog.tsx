import { Modal, Radio } from 'antd';
import { AntdTheme } from '../AntdRoot';

interface Props {
  tenants: { id: number; name: string }[];
  value: number | undefined;
  onChange(id: number): void;
  onOk(): void;
  onCancel(): void;
}

/**
 * 请选择登录租户 for a user of several tenants. Loaded only when such a sign-in answers; the design
 * system it uses is the one the signed-in pages load next anyway.
 */
export default function TenantDialog({ tenants, value, onChange, onOk, onCancel }: Props) {
  return (
    <AntdTheme>
      <Modal
        title="请选择登录租户"
        open
        closable={false}
        maskClosable={false}
        okText="确认"
        cancelText="取消"
        width={450}
        okButtonProps={{ 'data-testid': 'tenant-ok' } as Record<string, string>}
        onCancel={onCancel}
        onOk={onOk}
      >
        <Radio.Group
          value={value}
          onChange={(e) => onChange(e.target.value as number)}
          options={tenants.map((t) => ({ value: t.id, label: t.name }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          data-testid="tenant-select"
        />
      </Modal>
    </AntdTheme>
  );
}
