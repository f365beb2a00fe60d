import { Alert, Button, Modal, Space } from 'antd';
import { findFormType } from '../formTypes';
import { WF_TEXTS } from '../texts';
import { useNarrow } from '../useNarrow';
import { FormTimeline } from './FormTimeline';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';
import { FormDataView, fullScreenProps, useFormData } from './TaskFormModal';

export interface ApplicationRef {
  /** business id */
  id?: string;
  tableId?: string;
  tableName?: string;
  routeName?: string;
  processName?: string;
  procInstId?: string | null;
}

/** An application's form, read-only (my applications, done list, form lists), with its history. */
export function ApplicationViewModal({
  target,
  onClose,
  onHistory,
}: {
  target: ApplicationRef | null;
  onClose: () => void;
  onHistory?: (procInstId: string) => void;
}) {
  const formType = target ? findFormType(target.tableName, target.routeName) : undefined;
  const key = target
    ? target.id
      ? { id: target.id }
      : { tableId: target.tableId, tableName: target.tableName }
    : null;
  const q = useFormData(key, !!target);
  const narrow = useNarrow();
  // the form row's change trail: record type = the form's table, record id = the row
  const tableName = (q.data?.tableName as string | undefined) ?? target?.tableName;
  const tableId = (q.data?.tableId as string | undefined) ?? target?.tableId;
  return (
    <Modal
      title={WF_TEXTS.formTitle(target?.processName ?? formType?.label ?? '')}
      open={!!target}
      onCancel={onClose}
      destroyOnHidden
      {...fullScreenProps(!!formType?.fullScreen, narrow)}
      footer={
        <Space>
          {target?.procInstId && onHistory && (
            <Button onClick={() => onHistory(target.procInstId!)}>历史</Button>
          )}
          {tableName && tableId && <ChangeLogButton recordType={tableName} recordId={tableId} />}
          <Button onClick={onClose}>关闭</Button>
        </Space>
      }
    >
      {formType ? (
        <FormDataView formType={formType} data={q.data} loading={q.isFetching} error={q.error} />
      ) : (
        <Alert type="warning" showIcon message={WF_TEXTS.noForm} />
      )}
      <FormTimeline procInstId={target?.procInstId ?? (q.data?.procInstId as string | null | undefined)} />
    </Modal>
  );
}
