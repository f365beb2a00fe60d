import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Modal, Select, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../../app/session/store';
import { wfApi } from '../api';
import { choosableUsers } from '../approval';
import { useNextStep } from '../nextApprovers';
import { NextStepSummary } from './NextStepSummary';
import { lastRejection } from '../status';
import { WF_TEXTS } from '../texts';

export interface ApplyTarget {
  /** business id */
  id: string;
  tableId: string;
  procDefId?: string | null;
  title?: string;
}

/**
 * Submitting an application (starts the process). Shows who the first step goes to; when the first
 * node asks the applicant to choose (chooseMark), at least one approver must be picked.
 */
export function ApplyModal({
  target,
  onClose,
}: {
  target: ApplyTarget | null;
  onClose: (submitted: boolean) => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const orgCode = useSession((s) => s.userInfo?.orgCode);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const query = useMemo(
    () => (target ? { kind: 'apply' as const, procDefId: target.procDefId ?? undefined, tableId: target.tableId } : null),
    [target],
  );
  const next = useNextStep(query, orgCode);
  const node = next.node;
  const loading = next.loading;
  const assignees = next.assignees;
  const setAssignees = next.setAssignees;

  useEffect(() => {
    setError(next.error);
  }, [next.error, target]);

  // A resubmission after a rejection shows why it was rejected.
  const rejection = useQuery({
    queryKey: ['wfLastRejection', target?.id],
    enabled: !!target?.id,
    staleTime: 0,
    queryFn: async () => {
      const form = await wfApi.getForm({ id: target!.id });
      const procInstId = form.success ? (form.result?.procInstId as string | null | undefined) : null;
      if (!procInstId || Number(form.result?.result) !== 3) return null;
      const flow = await wfApi.history(procInstId);
      return flow.success ? lastRejection(flow.result) : null;
    },
  });

  const users = choosableUsers(node);
  const mustChoose = node?.type === 1 && node.chooseMark === 1 && users.length > 0;
  // nothing is chosen unless the node asks for it (the server then gives the task to all of the node's people)
  const chosen = mustChoose ? assignees : undefined;

  const submit = async () => {
    if (!target) return;
    if (mustChoose && assignees.length === 0) {
      setError(WF_TEXTS.needApprover);
      message.error(WF_TEXTS.needApprover);
      return;
    }
    setSubmitting(true);
    try {
      const res = await wfApi.apply({
        id: target.id,
        procDefId: target.procDefId ?? undefined,
        assignees: mustChoose ? assignees.join(',') : undefined,
      });
      if (res.success) {
        const who = mustChoose ? users.filter((u) => assignees.includes(u.username)) : users;
        message.success(
          node?.title
            ? `操作成功，已提交，等待「${node.title}」${who.length ? `（${who.map((u) => u.realname).join('、')}）` : ''}审批`
            : '操作成功，已提交审批',
        );
        void queryClient.invalidateQueries({ queryKey: ['todoBadge'] });
        onClose(true);
      } else {
        message.error(res.message);
      }
    } catch {
      /* shown by the client */
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="提交申请"
      open={!!target}
      width={520}
      maskClosable={false}
      destroyOnHidden
      okText="提交"
      okButtonProps={{
        loading: submitting,
        disabled: loading,
        ...({ 'data-testid': 'apply-submit' } as object),
      }}
      onOk={submit}
      onCancel={() => onClose(false)}
    >
      <Spin spinning={loading}>
        {target?.title && <Typography.Paragraph type="secondary">{target.title}</Typography.Paragraph>}
        {rejection.data && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="apply-last-rejection"
            message={`上次被驳回：${rejection.data.who}${rejection.data.node ? `（${rejection.data.node}）` : ''}`}
            description={`驳回理由：${rejection.data.reason}`}
          />
        )}
        {error && error !== WF_TEXTS.needApprover && (
          <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />
        )}
        {node && (
          <Form layout="vertical">
            <Form.Item
              label={`第一步：${node.title || '结束'}`}
              required={mustChoose}
              validateStatus={error === WF_TEXTS.needApprover ? 'error' : undefined}
              help={error === WF_TEXTS.needApprover ? error : undefined}
            >
              {mustChoose && (
                <Select
                  mode="multiple"
                  allowClear
                  placeholder="请选择审批人"
                  value={assignees}
                  onChange={setAssignees}
                  options={users.map((u) => ({ value: u.username, label: u.realname }))}
                  optionFilterProp="label"
                  data-testid="apply-assignees"
                  style={{ marginBottom: 8 }}
                />
              )}
              <NextStepSummary node={node} chosen={chosen} testId="apply-next-step" />
            </Form.Item>
          </Form>
        )}
      </Spin>
    </Modal>
  );
}
