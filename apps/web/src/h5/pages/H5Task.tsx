import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  CheckList,
  DotLoading,
  ErrorBlock,
  Popup,
  SearchBar,
  Selector,
  Tag,
  TextArea,
  Toast,
} from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../../app/session/store';
import { getAction } from '../../app/http/client';
import type { PersonRow } from '@go/contract';
import {
  readPage,
  wfApi,
  type Task,
} from '../../features/workflow/api';
import {
  buildPayload,
  claimOrgCode,
  endLabels,
  validateApproval,
  type ApprovalType,
} from '../../features/workflow/approval';
import { findFormType } from '../../features/workflow/formTypes';
import { NextStepSummary } from '../../features/workflow/components/NextStepSummary';
import { approvalDoneText, endsProcess, useApprovalRoute } from '../../features/workflow/nextApprovers';
import { H5Page } from '../components/H5Page';
import { FormReadOnly } from '../components/FormReadOnly';
import { H5DecisionFields } from '../components/H5DecisionFields';

const ACTION_TITLE: Record<ApprovalType, string> = { 0: '审批通过', 1: '审批驳回', 2: '委托他人代办' };

/** The task of the route: from the list's navigation state, else looked up in the to-do list. */
function useTask(taskId: string): { task: Task | null; loading: boolean } {
  const location = useLocation();
  const fromList = (location.state as { task?: Task } | null)?.task;
  const q = useQuery({
    queryKey: ['h5Task', taskId],
    enabled: !fromList || fromList.id !== taskId,
    queryFn: async () =>
      readPage<Task>(await wfApi.todoList({ pageIndex: 1, pageSize: 200 })).rows.find(
        (t) => t.id === taskId,
      ) ?? null,
  });
  if (fromList && fromList.id === taskId) return { task: fromList, loading: false };
  return { task: q.data ?? null, loading: q.isLoading };
}

/** Task detail: the form read-only, then 同意 / 驳回 / 委托 with comment and next-approver choice. */
export default function H5Task() {
  const { taskId = '' } = useParams();
  const { task, loading } = useTask(taskId);
  const [action, setAction] = useState<ApprovalType | null>(null);
  const form = useQuery({
    queryKey: ['h5TaskForm', task?.tableId, task?.tableName],
    enabled: !!task,
    queryFn: async () => {
      const res = await wfApi.getForm({ tableId: task!.tableId, tableName: task!.tableName });
      if (!res.success) throw new Error(res.message);
      return res.result;
    },
  });
  return (
    <H5Page
      title="审批详情"
      back="/h5/todo"
      testId="h5-task"
      footer={
        task && (
          <div className="h5-actions">
            <Button
              color="danger"
              fill="outline"
              size="large"
              onClick={() => setAction(1)}
              data-testid="h5-reject"
            >
              驳回
            </Button>
            <Button fill="outline" size="large" onClick={() => setAction(2)} data-testid="h5-delegate">
              委托
            </Button>
            <Button color="primary" size="large" onClick={() => setAction(0)} data-testid="h5-pass">
              同意
            </Button>
          </div>
        )
      }
    >
      {loading && <DotLoading color="primary" />}
      {!loading && !task && (
        <ErrorBlock status="empty" title="任务不存在或已处理" description="请返回待办列表刷新" />
      )}
      {task && (
        <>
          <div className="h5-card h5-task-head">
            <div className="h5-item-title" data-testid="h5-task-title">
              {task.title || task.processName}
            </div>
            <div className="h5-muted">
              {task.processName} · 当前环节{' '}
              <Tag color="primary" fill="outline">
                {task.name}
              </Tag>
            </div>
            <div className="h5-muted">
              申请人 {task.applyer} · {task.createTime}
            </div>
          </div>
          <div className="h5-card">
            {form.isLoading && <DotLoading color="primary" />}
            {form.error && <div className="h5-error">{(form.error as Error).message}</div>}
            {form.data && (
              <FormReadOnly data={form.data} tableName={task.tableName} routeName={task.routeName} />
            )}
          </div>
          <ApprovalPopup task={task} type={action} onClose={() => setAction(null)} />
        </>
      )}
    </H5Page>
  );
}

function ApprovalPopup({
  task,
  type,
  onClose,
}: {
  task: Task;
  type: ApprovalType | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userInfo = useSession((s) => s.userInfo);
  const claim = claimOrgCode(userInfo?.orgCode);
  const formType = findFormType(task.tableName, task.routeName);
  const jx = task.passPath === 'jxpass' || formType?.passPath === 'jxpass';
  const commentRequired = !!(task.commentRequired || formType?.commentRequired || jx);
  const [comment, setComment] = useState('');
  const [userId, setUserId] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // the task's form (Activiti formProperty), submitted with 同意 as `formProperties`
  const [formValues, setFormValues] = useState<Record<string, unknown>>({});

  const people = useQuery({
    queryKey: ['h5People', task.procInstId, keyword],
    enabled: type === 2,
    staleTime: 30_000,
    // the person search of every picker: name, account, pinyin, initials; active accounts within reach
    queryFn: async () => {
      const res = await getAction<{ records: PersonRow[] }>('/sys/user/searchPeople', {
        keyword: keyword.trim() || undefined,
        procInstId: task.procInstId,
        pageSize: 30,
      });
      return res.success ? res.result.records : [];
    },
  });

  // the same next-approver module as the desktop dialog
  const route = useApprovalRoute({ active: true, task, type, claim, orgCode: userInfo?.orgCode, onError: setError });
  const { assignees, setAssignees, nextNode, backList, backTaskKey, backUsers, users, loading: loadingNode } = route;

  useEffect(() => {
    if (type === null) return;
    setComment('');
    setUserId(undefined);
    setKeyword('');
    setError(null);
  }, [type, task]);

  const changeBack = route.changeBackTask;
  const labels = endLabels(nextNode);
  const toEnd = endsProcess(nextNode);

  const submit = async () => {
    if (type === null) return;
    const input = { type, comment, commentRequired, assignees, nextNode, backTaskKey, userId };
    const problem = validateApproval(input);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    const payload = buildPayload(task, {
      ...input,
      orgCode: userInfo?.orgCode,
      realname: userInfo?.realname,
      users,
    });
    // passing submits the task's form: the server checks required, read-only and types (请填写「…」)
    if (type === 0) (payload as unknown as Record<string, unknown>).formProperties = formValues;
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
      if (!res.success) {
        setError(res.message);
        return;
      }
      const names = users.filter((u) => assignees.includes(u.username)).map((u) => u.realname);
      const done = approvalDoneText({ type, toEnd, names, backTaskKey, backList });
      Toast.show({ icon: 'success', content: `操作成功，${done}` });
      void queryClient.invalidateQueries({ queryKey: ['h5TodoCount'] });
      void queryClient.invalidateQueries({ queryKey: ['todoBadge'] });
      onClose();
      navigate('/h5/todo', { replace: true });
    } catch {
      /* shown by the client */
    } finally {
      setSubmitting(false);
    }
  };

  const filteredPeople = (people.data ?? []).filter((u) => u.username !== userInfo?.username);

  return (
    <Popup visible={type !== null} onMaskClick={onClose} bodyClassName="h5-popup" destroyOnClose>
      <div
        className="h5-popup-inner"
        data-testid="h5-approval"
        role="dialog"
        aria-label={type !== null ? ACTION_TITLE[type] : ''}
      >
        <h2 className="h5-popup-title">{type !== null ? ACTION_TITLE[type] : ''}</h2>
        {loadingNode && <DotLoading color="primary" />}
        {type === 0 && nextNode && (
          <section>
            <div className="h5-label">下一节点：{nextNode.title || (toEnd ? '结束' : '')}</div>
            {!toEnd && <NextStepSummary node={nextNode} chosen={assignees} testId="h5-next-step" />}
            {toEnd || labels.length ? (
              <div className="h5-tags">
                {labels.map((l) => (
                  <Tag key={l} color="primary">
                    {l}
                  </Tag>
                ))}
              </div>
            ) : users.length ? (
              <>
                <div className="h5-label">选择审批人</div>
                <Selector
                  multiple
                  value={assignees}
                  onChange={setAssignees}
                  options={users.map((u) => ({ label: u.realname || u.username, value: u.username }))}
                  data-testid="h5-next-assignees"
                />
              </>
            ) : null}
          </section>
        )}
        {type === 0 && <H5DecisionFields taskId={task.id} value={formValues} onChange={setFormValues} />}
        {type === 1 && (
          <section>
            <div className="h5-label">驳回至</div>
            <Selector
              value={[backTaskKey]}
              onChange={(v) => v[0] && void changeBack(v[0])}
              options={[
                { label: '发起人（结束流程）', value: '-1' },
                ...backList.map((b) => ({ label: b.name, value: b.key })),
              ]}
              data-testid="h5-back-target"
            />
            {backTaskKey !== '-1' && backUsers.length > 0 && (
              <>
                <div className="h5-label">该节点审批人</div>
                <Selector
                  multiple
                  value={assignees}
                  onChange={setAssignees}
                  options={backUsers.map((u) => ({ label: u.realname || u.username, value: u.username }))}
                />
              </>
            )}
          </section>
        )}
        {type === 2 && (
          <section>
            <div className="h5-label">委托给</div>
            <SearchBar
              placeholder="姓名、账号、拼音或首字母"
              aria-label="搜索人员（姓名、账号、拼音或首字母）"
              value={keyword}
              onChange={setKeyword}
              data-testid="h5-delegate-search"
            />
            <div className="h5-pick-list">
              {people.isLoading && <DotLoading color="primary" />}
              <CheckList
                value={userId ? [userId] : []}
                onChange={(v) => setUserId(v[0] as string | undefined)}
                data-testid="h5-delegate-users"
              >
                {filteredPeople.map((u) => (
                  <CheckList.Item key={u.username} value={u.username}>
                    {u.realname || u.username}
                    <span className="h5-muted" style={{ marginLeft: 8 }}>{u.deptName}</span>
                  </CheckList.Item>
                ))}
              </CheckList>
            </div>
          </section>
        )}
        <div className="h5-label">
          {type === 1 ? '驳回理由（必填）' : commentRequired ? '审批意见（必填）' : '审批意见'}
        </div>
        <TextArea
          value={comment}
          onChange={setComment}
          placeholder={type === 1 ? '请填写驳回理由' : '请输入审批意见'}
          rows={3}
          maxLength={500}
          showCount
          aria-label="审批意见"
          className="h5-textarea"
          data-testid="h5-comment"
        />
        {error && (
          <div className="h5-error" role="alert" data-testid="h5-approval-error">
            {error}
          </div>
        )}
        <div className="h5-actions">
          <Button size="large" onClick={onClose}>
            取消
          </Button>
          <Button
            size="large"
            color={type === 1 ? 'danger' : 'primary'}
            loading={submitting}
            onClick={() => void submit()}
            data-testid="h5-approval-submit"
          >
            提交
          </Button>
        </div>
      </div>
    </Popup>
  );
}
