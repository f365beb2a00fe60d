import { validateCronExpression } from '@go/contract/cron';
import { Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CronEditor } from './CronEditor';

/**
 * The Cron表达式 dialog (docs/realtime-and-jobs.md, 6: dialogs): the editor plus the expression as text (typing a valid
 * expression updates the tabs). 确定 hands back the expression when it is valid.
 */
export function CronModal({
  open,
  value,
  onOk,
  onCancel,
}: {
  open: boolean;
  value?: string;
  onOk: (expression: string) => void;
  onCancel: () => void;
}) {
  const [expr, setExpr] = useState(value || '');
  const [typed, setTyped] = useState(value || '');
  useEffect(() => {
    if (open) {
      setExpr(value || '');
      setTyped(value || '');
    }
  }, [open, value]);
  const error = typed ? validateCronExpression(typed) : null;
  return (
    <Modal
      title="Cron表达式"
      open={open}
      width={800}
      onCancel={onCancel}
      onOk={() => {
        const v = typed.trim() || expr;
        if (validateCronExpression(v)) return;
        onOk(v);
      }}
      okButtonProps={{ disabled: !!error }}
      destroyOnHidden
      data-testid="cron-modal"
    >
      {open && (
        <CronEditor
          value={expr || undefined}
          onChange={(e) => {
            setExpr(e);
            setTyped(e);
          }}
        />
      )}
      <div style={{ marginTop: 12 }}>
        <Typography.Text strong>Cron表达式：</Typography.Text>
        <Input
          value={typed}
          onChange={(e) => {
            const t = e.target.value;
            setTyped(t);
            if (!validateCronExpression(t)) setExpr(t.trim());
          }}
          status={error ? 'error' : undefined}
          placeholder="秒 分 时 日 月 周 [年]"
          data-testid="cron-expression"
          style={{ fontFamily: 'ui-monospace, monospace' }}
        />
        {error && (
          <Typography.Text type="danger" data-testid="cron-expression-error">
            {error}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}
