import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useSession } from '../../../app/session/store';
import { UserByDepPicker } from '../../../components/pickers/UserByDepPicker';
import type { NextUser, Task } from '../api';
import { wfApi } from '../api';
import {
  buildPayload,
  ccResultText,
  claimOrgCode,
  endLabels,
  validateApproval,
  type ApprovalType,
} from '../approval';
import type { WebFormType } from '../formTypes';
import { WF_TEXTS } from '../texts';
import { DecisionFields } from '../engine/DecisionFields';
import { engineApi } from '../engine/engineApi';
import { NO_PICK, pickedNames, type Picked } from './TaskActionModal';
import { approvalDoneText, endsProcess, useApprovalRoute } from '../nextApprovers';
import { NextStepSummary } from './NextStepSummary';

/** How an approval dialog ended: done, cancelled, or failed with code 500 (close everything and reload). */
export type ApprovalOutcome = 'done' | 'cancel' | 'failed';

const TITLES: Record<ApprovalType, string> = {
  0: WF_TEXTS.passTitle,
  1: WF_TEXTS.backTitle,
  2: WF_TEXTS.delegateTitle,
};

function userOptions(users: NextUser[]) {
  return users.map((u) => ({ value: u.username, label: u.realname || u.username }));
}

/**
 * The approval dialog (docs/workflow.md, "`POST /actTask/pass` and `POST /actTask/jxpass`" and "Next approvers in
 * the dialogs"): 审批意见; pass with the next-handler choice (gateways need no
 * assignee, the end shows its pseudo-assignee); reject to the initiator or to an earlier node with its
 * approvers; delegate with the user-by-department picker.
 */
export function ApprovalModal({
  task,
  type,
  open,
  formType,
  onClose,
}: {
  task: Task | null;
  type: ApprovalType;
  open: boolean;
  formType?: WebFormType;
  onClose: (outcome: ApprovalOutcome) => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const userInfo = useSession((s) => s.userInfo);
  const orgCode = userInfo?.orgCode;
  const claim = claimOrgCode(orgCode);
  const [comment, setComment] = useState('');
  const [variables, setVariables] = useState<Record<string, unknown>>({});
  const [userId, setUserId] = useState<string | undefined>();
  const [score, setScore] = useState<number | null>(null);
  const [sendMessage, setSendMessage] = useState(true);
  const [sendSms, setSendSms] = useState(false);
  const [sendEmail, setSendEmail] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** 抄送 with the pass or the rejection (optional) */
  const [cc, setCc] = useState<Picked>(NO_PICK);

  const commentRequired = !!(
    task?.commentRequired ||
    formType?.commentRequired ||
    task?.passPath === 'jxpass' ||
    formType?.passPath === 'jxpass'
  );
  const jx = task?.passPath === 'jxpass' || formType?.passPath === 'jxpass';

  // The route (next approvers, or the node to return to) comes from the module the phone page shares.
  const route = useApprovalRoute({ active: open, task, type, claim, orgCode, onError: (text) => message.error(text) });
  const { assignees, setAssignees, nextNode, backList, backTaskKey, users, loading: loadingNode } = route;

  // Reset what the action needs each time the dialog opens.
  useEffect(() => {
    if (!open || !task) return;
    setComment('');
    setVariables({});
    setUserId(undefined);
    setScore(null);
    setSendMessage(true);
    setSendSms(false);
    setSendEmail(false);
    setError(null);
    setCc(NO_PICK);
  }, [open, task, type]);

  const changeBackTask = (key: string) => {
    setError(null);
    return route.changeBackTask(key);
  };

  /** What the action did, in words (not just 操作成功). */
  /** What the action did, in words (after 操作成功, which other screens and tests look for). */
  const successText = (): string => `操作成功，${actionDone()}`;
  const actionDone = (): string =>
    approvalDoneText({
      type,
      toEnd,
      names: users.filter((u) => assignees.includes(u.username)).map((u) => u.realname),
      backTaskKey,
      backList,
    });

  const submit = async () => {
    if (!task) return;
    const input = { type, comment, commentRequired, assignees, nextNode, backTaskKey, userId };
    const problem = validateApproval(input);
    if (problem) {
      setError(problem);
      message.error(problem);
      return;
    }
    setError(null);
    const payload = buildPayload(task, {
      ...input,
      orgCode: userInfo?.orgCode,
      realname: userInfo?.realname,
      users,
      score: formType?.approvalScore && score !== null ? score : undefined,
    });
    // passing from this dialog submits the task's form (required, read-only and types are checked)
    if (type === 0) (payload as unknown as Record<string, unknown>).formProperties = variables;
    payload.sendMessage = sendMessage;
    payload.sendSms = sendSms;
    payload.sendEmail = sendEmail;
    setSubmitting(true);
    try {
      const res =
        type === 0
          ? await wfApi.pass(payload, jx)
          : type === 1
            ? backTaskKey === '-1'
              ? await wfApi.back(payload)
              : await wfApi.backToTask(payload)
            : await wfApi.delegate(payload);
      if (res.success) {
        const ccUsers = (cc.value ?? '').split(',').filter(Boolean);
        if (type !== 2 && ccUsers.length) {
          // the approver stays a participant after acting, so the copy is sent once the action holds
          const copied = await engineApi
            .cc({ procInstId: task.procInstId, userIds: ccUsers, comment: payload.comment || undefined })
            .catch(() => null);
          const out = copied?.success ? ccResultText(pickedNames(cc), copied.result?.count ?? 0, copied.message) : null;
          if (out?.ok) message.success(`${successText()}；${out.text}`);
          else {
            message.success(successText());
            message.warning(`抄送未成功：${out?.text ?? copied?.message ?? '请稍后在待办或我的申请中重新抄送'}`);
          }
        } else message.success(successText());
        void queryClient.invalidateQueries({ queryKey: ['todoBadge'] });
        onClose('done');
      } else {
        message.error(res.message);
        // a code 500 failure also closes the dialogs and reloads the list (docs/workflow.md, "A refused action in the dialogs")
        if (res.code === 500) onClose('failed');
      }
    } catch {
      /* HTTP failures are shown by the client */
    } finally {
      setSubmitting(false);
    }
  };

  const labels = endLabels(nextNode);
  // A gateway whose branch leads straight to the end shows the end's pseudo-assignee like an end node.
  const toEnd = endsProcess(nextNode);
  const isGateway = !toEnd && (nextNode?.type === 3 || nextNode?.type === 4);

  return (
    <Modal
      title={TITLES[type]}
      open={open}
      width={520}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose('cancel')}
      footer={[
        <Button key="cancel" onClick={() => onClose('cancel')}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={submitting} onClick={submit} data-testid="approval-submit">
          提交
        </Button>,
      ]}
    >
      <Form layout="vertical" data-testid="approval-form">
        {task && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {task.processName} · {task.name}
            {task.title ? ` · ${task.title}` : ''}
          </Typography.Paragraph>
        )}
        {type === 0 && (
          <Spin spinning={loadingNode}>
            {nextNode?.type === 1 && users.length > 0 && (
              <Form.Item
                label={`下一审批人（${nextNode.title}）`}
                required
                validateStatus={error === WF_TEXTS.needApprover ? 'error' : undefined}
                help={error === WF_TEXTS.needApprover ? error : undefined}
              >
                <Select
                  mode="multiple"
                  allowClear
                  placeholder="请选择"
                  value={assignees}
                  onChange={setAssignees}
                  options={userOptions(users)}
                  optionFilterProp="label"
                  data-testid="next-assignees"
                  aria-label={`下一审批人（${nextNode.title}）`}
                />
                <NextStepSummary node={nextNode} chosen={assignees} testId="pass-next-step" />
              </Form.Item>
            )}
            {nextNode?.type === 1 && users.length === 0 && (
              <Form.Item label={`下一节点：${nextNode.title}`}>
                <Typography.Text type="secondary">将按节点设定分配审批人</Typography.Text>
              </Form.Item>
            )}
            {isGateway && (
              <Form.Item label="下一审批人">
                <Alert type="info" showIcon message={WF_TEXTS.gatewayHint} style={{ marginBottom: 8 }} />
                {nextNode?.type === 4 &&
                  (nextNode.branches ?? []).map((b) => (
                    <div key={b.id} style={{ marginBottom: 4 }}>
                      <Typography.Text strong>{b.title}：</Typography.Text>
                      {b.users.length ? (
                        b.users.map((u) => <Tag key={u.username}>{u.realname}</Tag>)
                      ) : (
                        <Typography.Text type="secondary">按节点设定分配审批人</Typography.Text>
                      )}
                    </div>
                  ))}
                {nextNode?.type === 3 && (
                  <div>
                    <Typography.Text strong>{nextNode.title}：</Typography.Text>
                    {nextNode.users.length ? (
                      nextNode.users.map((u) => (
                        <Tag key={u.username || u.realname} color={u.username ? undefined : 'blue'}>
                          {u.realname}
                        </Tag>
                      ))
                    ) : (
                      <Typography.Text type="secondary">按节点设定分配审批人</Typography.Text>
                    )}
                  </div>
                )}
              </Form.Item>
            )}
            {toEnd && (
              <Form.Item label="下一步">
                <Alert
                  type="success"
                  showIcon
                  data-testid="end-step"
                  message="这是最后一步审批，通过后流程结束"
                  description={
                    <span>
                      {labels.map((l) => (
                        <Tag key={l} color="blue" data-testid="end-label">
                          {l}
                        </Tag>
                      ))}
                      申请人将收到审批通过的通知。
                    </span>
                  }
                />
              </Form.Item>
            )}
            {task && <DecisionFields taskId={task.id} value={variables} onChange={setVariables} />}
            {formType?.approvalScore && (
              <Form.Item label="考评得分">
                <InputNumber
                  min={0}
                  max={100}
                  precision={1}
                  value={score}
                  onChange={(v) => setScore(v)}
                  style={{ width: 160 }}
                  aria-label="考评得分"
                />
              </Form.Item>
            )}
          </Spin>
        )}
        {type === 1 && (
          <Spin spinning={loadingNode}>
            <Form.Item label="驳回至" required>
              <Select
                value={backTaskKey}
                onChange={changeBackTask}
                options={[{ key: '-1', name: WF_TEXTS.initiator }, ...backList].map((b) => ({
                  value: b.key,
                  label: b.name,
                }))}
                data-testid="back-target"
                aria-label="驳回至"
              />
            </Form.Item>
            {backTaskKey !== '-1' && (
              <Form.Item
                label="指定原节点审批人"
                required
                validateStatus={error === WF_TEXTS.needApprover ? 'error' : undefined}
                help={error === WF_TEXTS.needApprover ? error : undefined}
              >
                <Select
                  mode="multiple"
                  allowClear
                  placeholder="请选择"
                  value={assignees}
                  onChange={setAssignees}
                  options={userOptions(users)}
                  optionFilterProp="label"
                  data-testid="back-assignees"
                  aria-label="指定原节点审批人"
                />
              </Form.Item>
            )}
          </Spin>
        )}
        {type === 2 && (
          <Form.Item
            label="选择委托人"
            required
            validateStatus={error === WF_TEXTS.needDelegate ? 'error' : undefined}
            help={error === WF_TEXTS.needDelegate ? error : undefined}
          >
            <UserByDepPicker
              multi={false}
              activeOnly
              procInstId={task?.procInstId}
              value={userId}
              onChange={(v) => setUserId(v)}
              placeholder="请选择委托人"
            />
          </Form.Item>
        )}
        <Form.Item
          label={type === 1 ? '驳回理由' : '审批意见'}
          required={commentRequired || type === 1}
          validateStatus={error === WF_TEXTS.commentRequired || error === WF_TEXTS.rejectReasonRequired ? 'error' : undefined}
          help={error === WF_TEXTS.commentRequired || error === WF_TEXTS.rejectReasonRequired ? error : undefined}
        >
          <Input.TextArea
            rows={4}
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            aria-label={type === 1 ? '驳回理由' : '审批意见'}
            placeholder={type === 1 ? '请填写驳回理由（将通知申请人）' : '请输入审批意见'}
            data-testid="approval-comment"
          />
        </Form.Item>
        {type !== 2 && (
          <Form.Item label="抄送给" htmlFor="approval-cc" extra="选填，被抄送人可在「抄送我的」中查看该申请" data-testid="approval-cc">
            <UserByDepPicker
              id="approval-cc"
              activeOnly
              procInstId={task?.procInstId}
              value={cc.value}
              onChange={(value, list) => setCc({ value, users: list })}
              placeholder="请选择抄送人"
            />
          </Form.Item>
        )}
        <Form.Item label="消息通知" style={{ marginBottom: 0 }}>
          <Space wrap>
            <Checkbox checked={sendMessage} onChange={(e) => setSendMessage(e.target.checked)}>
              站内消息通知
            </Checkbox>
            <Checkbox checked={sendSms} onChange={(e) => setSendSms(e.target.checked)} data-testid="send-sms">
              短信/企业消息通知
            </Checkbox>
            <Checkbox checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} data-testid="send-email">
              邮件通知
            </Checkbox>
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
