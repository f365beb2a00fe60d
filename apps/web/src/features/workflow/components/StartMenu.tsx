import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import type { Definition } from '../api';
import { wfApi } from '../api';

/** 发起申请: the active processes the user may start (optionally of one form type). */
export function StartMenu({
  tableName,
  onStart,
  label = '发起申请',
}: {
  tableName?: string;
  onStart: (def: Definition) => void;
  label?: string;
}) {
  const q = useQuery({
    queryKey: ['wfStartable', tableName ?? ''],
    queryFn: async () => {
      const res = await wfApi.startable(tableName);
      return res.success && Array.isArray(res.result) ? res.result : [];
    },
  });
  const defs = q.data ?? [];
  if (tableName && defs.length <= 1) {
    return (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={!defs.length}
        loading={q.isFetching}
        onClick={() => defs[0] && onStart(defs[0])}
        data-testid="start-apply"
      >
        {label}
      </Button>
    );
  }
  return (
    <Dropdown
      disabled={!defs.length}
      menu={{
        items: defs.map((d) => ({ key: d.id, label: d.name })),
        onClick: ({ key }) => onStart(defs.find((d) => d.id === key)!),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />} loading={q.isFetching} data-testid="start-apply">
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
