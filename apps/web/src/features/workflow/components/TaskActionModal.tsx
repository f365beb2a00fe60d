import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { PickedUser } from '../../../components/pickers/UserByDepPicker';
import { UserByDepPicker } from '../../../components/pickers/UserByDepPicker';
import type { Task } from '../api';
import {
  ADD_SIGN_POSITIONS,
  EXTRA_TITLES,
  ccResultText,
  extraDoneText,
  validateExtra,
  type AddSignPosition,
  type ExtraAction,
} from '../approval';
import { engineApi } from '../engine/engineApi';
import type { ApprovalOutcome } from './ApprovalModal';

/** Picked usernames with their real names (the picker reports both). */
export interface Picked {
  value?: string;
  users: PickedUser[];
}

export const NO_PICK: Picked = { value: undefined, users: [] };

export function pickedNames(p: Picked): string[] {
  const names = (p.value ?? '').split(',').filter(Boolean);
  return names.map((n) => p.users.find((u) => u.username === n)?.realname || n);
}

const LABELS: Record<ExtraAction, { users: string; comment: string; placeholder: string }> = {
  transfer: { users: '转办给', comment: '转办说明', placeholder: '选填，将一并通知接收人' },
  addSign: { users: '加签人', comment: '加签说明', placeholder: '选填，将一并通知加签人' },
  cc: { users: '抄送给', comment: '抄送说明', placeholder: '选填，例如：请知悉' },
};

/**
 * 转办 (the task goes to one person, who acts in their own name), 加签 (more signers before, after or
 * alongside the caller) and 抄送 (copies to people who then find it in 抄送我的) on one to-do task.
 */
export function TaskActionModal({
  task,
  kind,
  open,
  onClose,
}: {
  /** a to-do task; the applicant's CC passes its application (id unused) */
  task: Pick<Task, 'id' | 'procInstId' | 'processName' | 'name' | 'title'> | null;
  kind: ExtraAction;
  open: boolean;
  onClose: (outcome: ApprovalOutcome) => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<Picked>(NO_PICK);
  const [position, setPosition] = useState<AddSignPosition>('after');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!open) return;
    setPicked(NO_PICK);
    setPosition('after');
    setComment('');
    setError(null);
  }, [open, task, kind]);

  const labels = LABELS[kind];
  const users = (picked.value ?? '').split(',').filter(Boolean);

  const submit = async () => {
    if (!task) return;
    const problem = validateExtra(kind, { users, position });
    if (problem) {
      setError(problem);
      message.error(problem);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const text = comment.trim() || undefined;
      const names = pickedNames(picked);
      if (kind === 'cc') {
        const res = await engineApi.cc({ procInstId: task.procInstId, userIds: users, comment: text });
        if (!res.success) {
          message.error(res.message);
          return;
        }
        const out = ccResultText(names, res.result?.count ?? 0, res.message);
        if (out.ok) message.success(out.text);
        else message.warning(out.text);
        onClose(out.ok ? 'done' : 'cancel');
        return;
      }
      const res =
        kind === 'transfer'
          ? await engineApi.transfer({ id: task.id, userId: users[0], comment: text })
          : await engineApi.addSign({ id: task.id, userIds: users, position, comment: text });
      if (res.success) {
        message.success(extraDoneText(kind, names, position));
        void queryClient.invalidateQueries({ queryKey: ['todoBadge'] });
        onClose('done');
      } else {
        message.error(res.message);
        if (res.code === 500 && /已被处理|不存在/.test(res.message)) onClose('failed');
      }
    } catch {
      /* HTTP failures are shown by the client */
    } finally {
      setSubmitting(false);
    }
  };

  const pickerId = `task-action-users-${kind}`;
  return (
    <Modal
      title={EXTRA_TITLES[kind]}
      open={open}
      width={520}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose('cancel')}
      footer={[
        <Button key="cancel" onClick={() => onClose('cancel')}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={submitting} onClick={submit} data-testid="task-action-submit">
          确定{EXTRA_TITLES[kind]}
        </Button>,
      ]}
    >
      <Form layout="vertical" data-testid="task-action-form">
        {task && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {[task.processName, task.name, task.title].filter(Boolean).join(' · ')}
          </Typography.Paragraph>
        )}
        {kind === 'transfer' && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message="转办后该任务由接收人以本人名义处理，您的待办中将不再显示"
          />
        )}
        {kind === 'addSign' && (
          <Form.Item label="加签方式" required>
            <Radio.Group value={position} onChange={(e) => setPosition(e.target.value as AddSignPosition)} data-testid="add-sign-position">
              <Space direction="vertical">
                {ADD_SIGN_POSITIONS.map((p) => (
                  <Radio key={p.value} value={p.value}>
                    <span>{p.label}</span>
                    <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                      {p.hint}
                    </Typography.Text>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item
          label={labels.users}
          htmlFor={pickerId}
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
          data-testid="task-action-users"
        >
          <UserByDepPicker
            id={pickerId}
            multi={kind !== 'transfer'}
            activeOnly
            procInstId={task?.procInstId}
            value={picked.value}
            onChange={(value, list) => setPicked({ value, users: list })}
            placeholder={`请选择${kind === 'transfer' ? '转办人' : kind === 'addSign' ? '加签人' : '抄送人'}`}
          />
        </Form.Item>
        <Form.Item label={labels.comment} htmlFor="task-action-comment">
          <Input.TextArea
            id="task-action-comment"
            rows={3}
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder={labels.placeholder}
            data-testid="task-action-comment"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
