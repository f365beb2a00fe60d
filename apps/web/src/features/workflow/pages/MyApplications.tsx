import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { ListPage, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import type { Application } from '../api';
import { wfApi } from '../api';
import { ApplicationViewModal, type ApplicationRef } from '../components/ApplicationViewModal';
import { HistoryModal } from '../components/HistoryModal';
import { TaskActionModal } from '../components/TaskActionModal';
import { engineApi } from '../engine/engineApi';
import { StartMenu } from '../components/StartMenu';
import { findFormType, type WebFormType } from '../formTypes';
import { RESULT_COLOR, RESULT_TEXT, STATUS_TEXT, WF_TEXTS } from '../texts';
import { useRefetchOnPush, useRefetchWithBadge } from '../useWorkflowRefresh';
import '../workflow.css';

type ApplicationRow = Application & Row;
const FILTERS = ['title', 'status', 'result'] as const;

/** An application may be edited and submitted again while it is a draft, rejected or withdrawn. */
export function canEdit(a: Pick<Application, 'status' | 'result'>): boolean {
  return a.status === 0 || a.status === 3 || (a.status === 2 && a.result === 3);
}

/** The status in words (审批中：节点（审批人）, 已通过, 驳回：理由…); older servers: the current node. */
function progressText(r: Application): string {
  if (r.statusText) return r.statusText;
  if (r.status === 1) return r.currTaskName ? `审批中：${r.currTaskName}` : '审批中';
  return r.result_dictText ?? RESULT_TEXT[r.result] ?? '—';
}

/**
 * The one 状态 of an application: its state and outcome as one word (a withdrawn or running application
 * has no outcome yet, so none is shown), and the current step or the rejection reason beside it.
 */
export function stateOf(r: Application): { text: string; color: string; detail: string } {
  const progress = progressText(r);
  if (r.status === 0) return { text: STATUS_TEXT[0], color: 'default', detail: '' };
  if (r.status === 3) return { text: STATUS_TEXT[3], color: 'warning', detail: '' };
  if (r.status === 1) {
    const step = progress.replace(/^审批中：?/, '');
    return { text: STATUS_TEXT[1], color: 'processing', detail: step };
  }
  // ended: the outcome says it all (已通过, 驳回 with its reason)
  const outcome = r.result === 2 ? '已通过' : r.result === 3 ? '已驳回' : r.result === 4 ? '已撤回' : STATUS_TEXT[2];
  const reason = r.result === 3 ? progress.replace(/^驳回：?/, '').replace(/^驳回$/, '') : '';
  return { text: outcome, color: RESULT_COLOR[r.result] ?? 'default', detail: reason };
}

/** Who an urge reaches, in words, from the status text (审批中：部门负责人审批（马超） → 部门负责人审批（马超）). */
export function urgeTarget(r: Pick<Application, 'statusText' | 'currTaskName'>): string {
  const s = (r.statusText ?? '').replace(/^审批中：/, '');
  return s && s !== r.statusText ? s : r.currTaskName || '当前审批人';
}

/** 我的申请: status and result of my applications; withdraw while no approver has acted, urge, copy. */
export default function MyApplications() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useRef<ListHelpers<ApplicationRow> | null>(null);
  const [view, setView] = useState<ApplicationRef | null>(null);
  const [historyId, setHistoryId] = useState<string | null>(null);
  const [urging, setUrging] = useState<Application | null>(null);
  const [urgeText, setUrgeText] = useState('');
  const [urgeBusy, setUrgeBusy] = useState(false);
  const [copying, setCopying] = useState<Application | null>(null);
  const [editing, setEditing] = useState<{
    type: WebFormType;
    businessId?: string;
    procDefId?: string;
  } | null>(null);

  useRefetchWithBadge(() => list.current?.reload());
  // the applicant is pushed every step of their applications (their own to-do count may not change)
  useRefetchOnPush(() => list.current?.reload());
  const reload = () => {
    list.current?.reload();
    void queryClient.invalidateQueries({ queryKey: ['todoBadge'] });
  };

  const withdraw = async (a: Application) => {
    const res = await wfApi.cancel({ id: a.id, procInstId: a.procInstId ?? undefined });
    if (res.success) message.success(`已撤回「${a.title}」，审批人的待办已取消，可修改后重新提交`);
    else message.error(res.message);
    reload();
  };
  /** 催办: the server allows one per 10 minutes and says so; its refusal is shown as it is. */
  const urge = async () => {
    if (!urging) return;
    setUrgeBusy(true);
    try {
      const res = await engineApi.urge({
        id: urging.id,
        procInstId: urging.procInstId ?? undefined,
        comment: urgeText.trim() || undefined,
      });
      if (res.success) {
        message.success(`已催办：${urgeTarget(urging)}`);
        setUrging(null);
      } else message.warning(res.message);
    } catch {
      /* shown by the client */
    } finally {
      setUrgeBusy(false);
    }
  };
  const remove = async (a: Application) => {
    const res = await wfApi.deleteDrafts([a.id]);
    if (res.success) message.success(res.message || WF_TEXTS.success);
    else message.error(res.message);
    reload();
  };
  const edit = (a: Application) => {
    const type = findFormType(a.tableName, a.routeName);
    if (!type?.Editor) {
      message.warning(WF_TEXTS.noForm);
      return;
    }
    setEditing({ type, businessId: a.id, procDefId: a.procDefId ?? undefined });
  };

  // At 1440 px the list fits its box without sideways scrolling: title, 状态 (state and outcome in one
  // column, with the current step or the rejection reason) and the two times are its key columns.
  const columns: ListColumn<ApplicationRow>[] = [
    { title: '标题', dataIndex: 'title', width: 180, ellipsis: true, search: 'eq', keyColumn: true },
    { title: '所属流程', dataIndex: 'processName', width: 100, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 220,
      align: 'left',
      ellipsis: true,
      search: 'eq',
      keyColumn: true,
      options: Object.entries(STATUS_TEXT).map(([value, text]) => ({ value, text })),
      render: (_v, r) => {
        const s = stateOf(r);
        return (
          <span data-testid="app-progress" className="wf-app-state">
            <Tag color={s.color} data-testid="app-status">
              {s.text}
            </Tag>
            {s.detail && <span className="wf-app-state-detail">{s.detail}</span>}
          </span>
        );
      },
    },
    {
      title: '审批结果',
      dataIndex: 'result',
      hideInTable: true,
      search: 'eq',
      options: Object.entries(RESULT_TEXT).map(([value, text]) => ({ value, text })),
    },
    { title: '提交时间', dataIndex: 'applyTime', width: 172, keyColumn: true, render: (v) => (v as string | null) || '—' },
    { title: '创建时间', dataIndex: 'createTime', width: 172, keyColumn: true },
  ];

  function actions(r: Application) {
    return (
      <Space size={4} split={<span className="wf-split">|</span>}>
        <a
          onClick={() =>
            setView({
              id: r.id,
              tableName: r.tableName,
              routeName: r.routeName,
              processName: r.processName,
              procInstId: r.procInstId,
            })
          }
        >
          查看
        </a>
        {r.procInstId && <a onClick={() => setHistoryId(r.procInstId)}>历史</a>}
        {r.status === 1 && r.procInstId && (
          <a
            data-testid="app-urge"
            onClick={() => {
              setUrgeText('');
              setUrging(r);
            }}
          >
            催办
          </a>
        )}
        {r.procInstId && (r.status === 1 || r.status === 2) && (
          <a data-testid="app-cc" onClick={() => setCopying(r)}>
            抄送
          </a>
        )}
        {r.canWithdraw && (
          <Popconfirm
            title="确定撤回该申请吗？"
            description="撤回后审批人的待办将被取消，可修改后重新提交"
            okText="撤回"
            cancelText="取消"
            onConfirm={() => withdraw(r)}
          >
            <a data-testid="app-withdraw">撤回</a>
          </Popconfirm>
        )}
        {canEdit(r) && <a onClick={() => edit(r)}>{r.status === 0 ? '编辑/提交' : '重新提交'}</a>}
        {r.status === 0 && (
          <Popconfirm title="确定删除该草稿吗？" onConfirm={() => remove(r)}>
            <a>删除</a>
          </Popconfirm>
        )}
      </Space>
    );
  }

  const Editor = editing?.type.Editor;
  return (
    <>
      <ListPage<ApplicationRow>
        className="wf-page"
        testId="my-applications"
        columns={columns}
        url={{}}
        // every filter is sent, empty ones as ''
        load={({ filters, pageNo, pageSize }) =>
          wfApi.myApplications({
            ...Object.fromEntries(FILTERS.map((k) => [k, filters[k] ?? ''])),
            pageNo,
            pageSize,
          })
        }
        loadKey="wfMyApps"
        helpersRef={list}
        showIndex
        selection={false}
        superQuery={false}
        showDetail={false}
        showDelete={false}
        actionWidth={230}
        rowActions={(r) => actions(r)}
        toolbar={() => (
          <>
            <StartMenu
              onStart={(d) => {
                const type = findFormType(d.businessTable, d.routeName);
                if (!type?.Editor) message.warning(WF_TEXTS.noForm);
                else setEditing({ type, procDefId: d.id });
              }}
            />
            <Button icon={<ReloadOutlined />} onClick={reload}>
              刷新
            </Button>
          </>
        )}
        phoneCard={(r) => ({
          testId: 'app-card',
          title: r.title,
          status: (
            <Tag color={stateOf(r).color} data-testid="app-status">
              {stateOf(r).text}
            </Tag>
          ),
          figures: stateOf(r).detail ? <span data-testid="app-progress">{stateOf(r).detail}</span> : undefined,
          fields: [
            { key: 'process', label: '所属流程', value: r.processName },
            { key: 'applyTime', label: '提交时间', value: r.applyTime || '—' },
          ],
        })}
      />
      <ApplicationViewModal
        target={view}
        onClose={() => setView(null)}
        onHistory={(id) => setHistoryId(id)}
      />
      <HistoryModal procInstId={historyId} open={!!historyId} onClose={() => setHistoryId(null)} />
      <Modal
        title="催办"
        open={!!urging}
        maskClosable={false}
        destroyOnHidden
        onCancel={() => setUrging(null)}
        okText="催办"
        cancelText="取消"
        okButtonProps={{ loading: urgeBusy, 'data-testid': 'urge-submit' }}
        onOk={() => void urge()}
      >
        {urging && (
          <Form layout="vertical" data-testid="urge-form">
            <Typography.Paragraph>
              将提醒「{urging.title}」的当前审批人：{urgeTarget(urging)}。每个申请10分钟内只能催办一次。
            </Typography.Paragraph>
            <Form.Item label="催办留言" htmlFor="urge-comment">
              <Input.TextArea
                id="urge-comment"
                rows={3}
                maxLength={500}
                value={urgeText}
                onChange={(e) => setUrgeText(e.target.value)}
                placeholder="选填，默认：请尽快审批"
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
      <TaskActionModal
        kind="cc"
        open={!!copying}
        task={
          copying?.procInstId
            ? {
                id: copying.id,
                procInstId: copying.procInstId,
                processName: copying.processName,
                name: '',
                title: copying.title,
              }
            : null
        }
        onClose={() => setCopying(null)}
      />
      {Editor && (
        <Editor
          open
          businessId={editing.businessId}
          procDefId={editing.procDefId}
          onClose={(changed) => {
            setEditing(null);
            if (changed) reload();
          }}
        />
      )}
    </>
  );
}
