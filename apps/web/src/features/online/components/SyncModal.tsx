import { App, Alert, Button, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formApi, type DdlPreview } from '../formApi';

/** 同步数据库: shows the DDL first; changes that lose data (dropping, narrowing, retyping) need a second, explicit confirmation. */
export function SyncModal({ headId, tableName, onClose }: { headId: string | null; tableName: string; onClose: (synced: boolean) => void }) {
  const { message, modal } = App.useApp();
  const [preview, setPreview] = useState<DdlPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setPreview(null);
    setError(null);
    if (!headId) return;
    formApi.preview(headId).then(setPreview, (e: Error) => setError(e.message));
  }, [headId]);

  const run = async (confirm: boolean) => {
    if (!headId) return;
    setBusy(true);
    try {
      const r = await formApi.sync(headId, confirm);
      if (!r.success) return void message.warning(r.message);
      message.success(r.message || '同步数据库成功!');
      onClose(true);
    } finally {
      setBusy(false);
    }
  };

  const start = () => {
    if (preview?.destructive)
      modal.confirm({
        title: '确认同步',
        content: '这些变更会删除字段或其中的数据，且不能恢复。确定继续吗？',
        okText: '确定同步',
        okButtonProps: { danger: true },
        onOk: () => run(true),
      });
    else void run(false);
  };

  return (
    <Modal
      open={!!headId}
      width={800}
      title={`同步数据库：${tableName}`}
      onCancel={() => onClose(false)}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>取消</Button>
          <Button type="primary" danger={preview?.destructive} disabled={!preview || preview.steps.length === 0} loading={busy} onClick={start} data-testid="cgform-sync-run">
            {preview?.destructive ? '确认并同步' : '同步'}
          </Button>
        </Space>
      }
    >
      {error ? (
        <Alert type="error" showIcon message={error} />
      ) : !preview ? (
        <Spin />
      ) : preview.steps.length === 0 ? (
        <Alert type="success" showIcon message="数据库已是最新，无需同步" />
      ) : (
        <>
          {preview.destructive && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message="以下变更会丢失数据"
              description={preview.steps
                .filter((s) => s.destructive)
                .map((s) => `${s.kind === 'drop' ? '删除字段' : '修改字段类型或缩短长度'} ${s.table}.${s.column}`)
                .join('；')}
            />
          )}
          <Typography.Paragraph>将执行的 SQL：</Typography.Paragraph>
          <pre data-testid="cgform-ddl" style={{ maxHeight: 360, overflow: 'auto', background: '#f5f5f5', padding: 12, whiteSpace: 'pre-wrap' }}>
            {preview.sql}
          </pre>
        </>
      )}
    </Modal>
  );
}
