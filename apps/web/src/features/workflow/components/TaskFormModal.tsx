import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Task } from '../api';
import { wfApi } from '../api';
import type { TaskAction } from '../approval';
import type { WebFormType } from '../formTypes';
import { WF_TEXTS } from '../texts';
import { useNarrow } from '../useNarrow';
import { FormTimeline } from './FormTimeline';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';

/**
 * Modal size: 80 % of the window (docs/workflow.md), the whole window for the performance form; on phones the
 * 80 % dialogs take the full width less a small margin.
 */
export function fullScreenProps(fullScreen: boolean, narrow = false) {
  if (!fullScreen && narrow)
    return { width: 'calc(100vw - 16px)', style: { top: 8, maxWidth: 'calc(100vw - 16px)' } };
  return fullScreen
    ? {
        width: '100vw',
        style: { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 },
        styles: { body: { minHeight: 'calc(100vh - 140px)', overflow: 'auto' as const } },
      }
    : { width: '80%' };
}

/** Loads an application's form data for a read-only view. */
export function useFormData(
  key: { tableId?: string; tableName?: string; id?: string } | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['wfForm', key],
    enabled: enabled && !!key,
    staleTime: 0,
    queryFn: async () => {
      const res = await wfApi.getForm(key!);
      if (!res.success) throw new Error(res.message);
      return res.result;
    },
  });
}

/** The form of one application, read-only, through its form type's view. */
export function FormDataView({
  formType,
  data,
  loading,
  error,
}: {
  formType: WebFormType;
  data?: Record<string, unknown>;
  loading: boolean;
  error?: unknown;
}) {
  const View = formType.View;
  return (
    <Spin spinning={loading}>
      {error ? <Alert type="error" showIcon message={(error as Error).message} /> : null}
      {data ? <View data={data} /> : <div style={{ minHeight: 160 }} />}
    </Spin>
  );
}

/**
 * The task form (docs/workflow.md: dialogs): 80 % wide, full screen for the performance form. It shows the
 * application read-only with the approval buttons; a suspended process refuses actions.
 */
export function TaskFormModal({
  task,
  formType,
  open,
  onClose,
  onAction,
  onHistory,
  extra,
}: {
  task: Task | null;
  formType: WebFormType | undefined;
  open: boolean;
  onClose: () => void;
  onAction: (type: TaskAction) => void;
  onHistory: () => void;
  extra?: ReactNode;
}) {
  const q = useFormData(task ? { tableId: task.tableId, tableName: task.tableName } : null, open);
  const fullScreen = !!(task?.fullScreen ?? formType?.fullScreen);
  const suspended = !!task?.isSuspended;
  const narrow = useNarrow();
  return (
    <Modal
      title={task ? WF_TEXTS.formTitle(task.processName) : ''}
      open={open}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      {...fullScreenProps(fullScreen, narrow)}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          {suspended && <Typography.Text type="warning">{WF_TEXTS.suspended}</Typography.Text>}
          <Button onClick={onHistory}>历史</Button>
          {task?.tableName && task.tableId && <ChangeLogButton recordType={task.tableName} recordId={task.tableId} />}
          <Button type="primary" disabled={suspended} onClick={() => onAction(0)} data-testid="form-pass">
            通过
          </Button>
          <Button danger disabled={suspended} onClick={() => onAction(1)} data-testid="form-back">
            驳回
          </Button>
          <Button disabled={suspended} onClick={() => onAction(2)} data-testid="form-delegate">
            委托
          </Button>
          <Button disabled={suspended} onClick={() => onAction('transfer')} data-testid="form-transfer">
            转办
          </Button>
          <Button disabled={suspended} onClick={() => onAction('addSign')} data-testid="form-addSign">
            加签
          </Button>
          <Button disabled={suspended} onClick={() => onAction('cc')} data-testid="form-cc">
            抄送
          </Button>
          <Button onClick={onClose}>关闭</Button>
        </Space>
      }
    >
      {task && (
        <Typography.Paragraph type="secondary">
          当前节点：{task.name} · 流程发起人：{task.applyer} · 创建时间：{task.createTime}
        </Typography.Paragraph>
      )}
      {extra}
      {formType && <FormDataView formType={formType} data={q.data} loading={q.isFetching} error={q.error} />}
      {task && <FormTimeline procInstId={task.procInstId} />}
    </Modal>
  );
}
