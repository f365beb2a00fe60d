import { DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Auth } from '../../../app/auth';
import { ListPage, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import type { BatchItem, Task } from '../api';
import { wfApi } from '../api';
import {
  EXTRA_TITLES,
  priorityView,
  suspendedView,
  type ApprovalType,
  type ExtraAction,
  type TaskAction,
} from '../approval';
import { ApprovalModal, type ApprovalOutcome } from '../components/ApprovalModal';
import { HistoryModal } from '../components/HistoryModal';
import { TaskActionModal } from '../components/TaskActionModal';
import { TaskFormModal } from '../components/TaskFormModal';
import { findFormType } from '../formTypes';
import { WF_TEXTS } from '../texts';
import { useRefetchWithBadge } from '../useWorkflowRefresh';
import { summaryText } from '../status';
import '../workflow.css';

type TaskRow = Task & Row;
const BATCH_PERM = 'workflow:todo:batch';

function ActionLink({
  disabled,
  onClick,
  children,
  testId,
}: {
  disabled?: boolean;
  onClick: () => void;
  children: string;
  testId?: string;
}) {
  if (disabled) {
    return (
      <Tooltip title={WF_TEXTS.suspended}>
        <span className="wf-link-disabled">{children}</span>
      </Tooltip>
    );
  }
  return (
    <a onClick={onClick} data-testid={testId}>
      {children}
    </a>
  );
}

/** 待办管理 (todo-manage, docs/workflow.md): search, priority and status display, task actions and batch actions. */
export default function TodoManage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const list = useRef<ListHelpers<TaskRow> | null>(null);
  const [formTask, setFormTask] = useState<Task | null>(null);
  const [action, setAction] = useState<{ task: Task; type: ApprovalType } | null>(null);
  const [extra, setExtra] = useState<{ task: Task; kind: ExtraAction } | null>(null);
  /** pass/reject/delegate open the approval dialog; 转办/加签/抄送 their own */
  const startAction = (task: Task, type: TaskAction) => {
    if (typeof type === 'number') setAction({ task, type });
    else setExtra({ task, kind: type });
  };
  const [historyId, setHistoryId] = useState<string | null>(null);

  useRefetchWithBadge(() => list.current?.reload());

  const reload = () => {
    list.current?.clearSelection();
    list.current?.reload();
    void queryClient.invalidateQueries({ queryKey: ['todoBadge'] });
  };

  const openForm = (t: Task) => {
    if (!findFormType(t.tableName, t.routeName)) {
      message.warning(WF_TEXTS.noForm);
      return;
    }
    setFormTask(t);
  };
  const openHistory = (t: { procInstId?: string | null }) => {
    if (!t.procInstId) {
      message.error(WF_TEXTS.noProcInstId);
      return;
    }
    setHistoryId(t.procInstId);
  };

  const closeAction = (outcome: ApprovalOutcome) => {
    setAction(null);
    setExtra(null);
    if (outcome === 'cancel') return;
    // done, or a code 500 failure: close the dialogs and reload the list (docs/workflow.md)
    setFormTask(null);
    reload();
  };

  const showBatchResult = (items: BatchItem[] | null, fallback: string) => {
    const failed = (items ?? []).filter((i) => !i.success);
    if (!failed.length) {
      message.success(fallback);
      return;
    }
    modal.warning({
      title: fallback,
      content: (
        <ul style={{ paddingLeft: 18, margin: 0 }}>
          {failed.map((f) => (
            <li key={f.id}>
              {f.id}：{f.message}
            </li>
          ))}
        </ul>
      ),
    });
  };

  const batch = (kind: 'pass' | 'back', selected: Task[]) => {
    if (!selected.length) {
      message.warning(kind === 'pass' ? WF_TEXTS.batchPassNone : WF_TEXTS.batchBackNone);
      return;
    }
    const n = selected.length;
    // a batch rejection says why, like a single one (the applicants are told the reason)
    let reason = '';
    modal.confirm({
      title: kind === 'pass' ? WF_TEXTS.batchPassTitle : WF_TEXTS.batchBackTitle,
      content:
        kind === 'pass' ? (
          WF_TEXTS.batchPassContent(n)
        ) : (
          <div>
            <p>{WF_TEXTS.batchBackContent(n)}</p>
            <Input.TextArea
              aria-label="驳回理由"
              data-testid="batch-back-reason"
              rows={3}
              maxLength={2000}
              placeholder="请填写驳回理由（将通知申请人）"
              onChange={(e) => {
                reason = e.target.value;
              }}
            />
          </div>
        ),
      // Taking `close` keeps the dialog open when nothing is returned (a missing reason); a returned
      // promise shows the button's loading state and closes the dialog when it settles.
      onOk: (_close: () => void) => {
        if (kind === 'back' && !reason.trim()) {
          message.warning(WF_TEXTS.rejectReasonRequired);
          return undefined;
        }
        return run();
      },
    });
    async function run() {
      try {
        const res =
          kind === 'pass'
            ? await wfApi.passAll(selected.map((t) => t.id))
            : await wfApi.backAll([...new Set(selected.map((t) => t.procInstId))], reason.trim());
        if (res.success) showBatchResult(res.result, res.message || WF_TEXTS.success);
        else message.error(res.message);
      } catch {
        /* shown by the client */
      }
      reload();
    }
  };

  const columns: ListColumn<TaskRow>[] = [
    // the search field: the process (or title) the server matches `name` against
    { title: '流程名称', dataIndex: 'name', hideInTable: true, search: 'eq', searchTestId: 'todo-search' },
    { title: '所属流程', dataIndex: 'processName', width: 84, ellipsis: true },
    {
      title: '标题',
      dataIndex: 'title',
      width: 170,
      keyColumn: true,
      render: (v, r) => (
        <div>
          <div>{(v as string | null) || r.processName}</div>
          {summaryText(r.summary) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="todo-summary">
              {summaryText(r.summary)}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: '任务名称',
      dataIndex: 'name',
      width: 110,
      keyColumn: true,
      render: (v, r) => (
        <span>
          {v as string}
          {r.owner ? <Typography.Text type="secondary"> （{r.owner}委托）</Typography.Text> : null}
        </span>
      ),
    },
    { title: '流程发起人', dataIndex: 'applyer', width: 90, ellipsis: true, keyColumn: true },
    {
      title: '优先级',
      dataIndex: 'priority',
      width: 66,
      align: 'center',
      render: (v) => {
        const p = priorityView(v);
        return p ? (
          <Tag color={p.color} data-testid="priority">
            {p.text}
          </Tag>
        ) : null;
      },
    },
    {
      title: '状态',
      dataIndex: 'isSuspended',
      width: 66,
      align: 'center',
      render: (v) => {
        const s = suspendedView(v);
        return <Tag color={s.color}>{s.text}</Tag>;
      },
    },
    { title: '创建时间', dataIndex: 'createTime', width: 164, keyColumn: true },
  ];

  function actions(r: Task) {
    return (
      <Space size={4} split={<span className="wf-split">|</span>} wrap={false}>
        <ActionLink onClick={() => openForm(r)} testId="todo-open">
          查看并处理
        </ActionLink>
        <ActionLink
          disabled={r.isSuspended}
          onClick={() => setAction({ task: r, type: 0 })}
          testId="todo-pass"
        >
          通过
        </ActionLink>
        <ActionLink
          disabled={r.isSuspended}
          onClick={() => setAction({ task: r, type: 1 })}
          testId="todo-back"
        >
          驳回
        </ActionLink>
        <ActionLink
          disabled={r.isSuspended}
          onClick={() => setAction({ task: r, type: 2 })}
          testId="todo-delegate"
        >
          委托
        </ActionLink>
        {r.isSuspended ? (
          <ActionLink disabled onClick={() => undefined}>
            更多
          </ActionLink>
        ) : (
          <Dropdown
            trigger={['click']}
            menu={{
              items: (['transfer', 'addSign', 'cc'] as const).map((k) => ({
                key: k,
                label: <span data-testid={`todo-${k}`}>{EXTRA_TITLES[k]}</span>,
              })),
              onClick: ({ key }) => setExtra({ task: r, kind: key as ExtraAction }),
            }}
          >
            <a
              data-testid="todo-more"
              aria-label={`更多操作：${r.title || r.processName}`}
              onClick={(e) => e.preventDefault()}
            >
              更多 <DownOutlined style={{ fontSize: 10 }} />
            </a>
          </Dropdown>
        )}
        <ActionLink onClick={() => openHistory(r)} testId="todo-history">
          历史
        </ActionLink>
      </Space>
    );
  }

  const formType = formTask ? findFormType(formTask.tableName, formTask.routeName) : undefined;
  const actionFormType = action ? findFormType(action.task.tableName, action.task.routeName) : undefined;

  return (
    <>
      <ListPage<TaskRow>
        className="wf-page"
        testId="todo-page"
        columns={columns}
        url={{}}
        load={({ filters, pageNo, pageSize }) =>
          wfApi.todoList({ name: filters.name || undefined, pageIndex: pageNo, pageSize })
        }
        loadKey="wfTodo"
        helpersRef={list}
        showIndex
        superQuery={false}
        showDetail={false}
        showDelete={false}
        actionWidth={296}
        rowActions={(r) => actions(r)}
        rowClassName={(r) => (r.isSuspended ? 'wf-row-suspended' : '')}
        rowSelectable={(r) => ({ disabled: r.isSuspended, label: `选择：${r.title || r.processName}` })}
        toolbar={(h) => (
          <>
            <Auth code={BATCH_PERM}>
              <Button type="primary" onClick={() => batch('pass', h.selectedRows)} data-testid="batch-pass">
                批量通过
              </Button>
            </Auth>
            <Auth code={BATCH_PERM}>
              <Button danger onClick={() => batch('back', h.selectedRows)} data-testid="batch-back">
                批量驳回
              </Button>
            </Auth>
            <Button icon={<ReloadOutlined />} onClick={reload}>
              刷新
            </Button>
          </>
        )}
        phoneCard={(r) => {
          const p = priorityView(r.priority);
          const st = suspendedView(r.isSuspended);
          return {
            testId: 'todo-card',
            className: 'wf-card',
            title: r.title || r.processName,
            status: (
              <span>
                {p && r.priority !== 0 && <Tag color={p.color}>{p.text}</Tag>}
                {r.isSuspended && <Tag color={st.color}>{st.text}</Tag>}
                <Tag color="processing">{r.name}</Tag>
              </span>
            ),
            figures: summaryText(r.summary) || undefined,
            fields: [
              { key: 'applyer', label: '发起人', value: r.owner ? `${r.applyer}（${r.owner}委托）` : r.applyer },
              { key: 'process', label: '所属流程', value: r.processName },
              { key: 'time', label: '到达时间', value: r.createTime },
            ],
          };
        }}
      />
      <TaskFormModal
        task={formTask}
        formType={formType}
        open={!!formTask}
        onClose={() => setFormTask(null)}
        onAction={(type) => formTask && startAction(formTask, type)}
        onHistory={() => formTask && openHistory(formTask)}
      />
      <ApprovalModal
        task={action?.task ?? null}
        type={action?.type ?? 0}
        open={!!action}
        formType={actionFormType}
        onClose={closeAction}
      />
      <TaskActionModal
        task={extra?.task ?? null}
        kind={extra?.kind ?? 'cc'}
        open={!!extra}
        onClose={closeAction}
      />
      <HistoryModal procInstId={historyId} open={!!historyId} onClose={() => setHistoryId(null)} />
    </>
  );
}
