import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { getAction } from '../../../app/http/client';
import { useSession } from '../../../app/session/store';
import { ListPage, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn } from '../../../components/list/types';
import { HistoryModal } from '../../workflow/components/HistoryModal';
import { StartMenu } from '../../workflow/components/StartMenu';
import { fullScreenProps } from '../../workflow/components/TaskFormModal';
import { findFormType } from '../../workflow/formTypes';
import { RESULT_COLOR, RESULT_TEXT, STATUS_TEXT } from '../../workflow/texts';
import { useRefetchWithBadge } from '../../workflow/useWorkflowRefresh';
import { useNarrow } from '../../workflow/useNarrow';
import '../../workflow/workflow.css';

export type FormRow = Record<string, unknown> & {
  id: string;
  businessId: string | null;
  procInstId: string | null;
  status: number | null;
  result: number | null;
  applicant: string;
};

const FILTERS = ['title', 'applicantName', 'status', 'result'] as const;

/** The search fields every form list has (标题, 申请人, 审批结果); `status` is kept from the URL only. */
const SEARCH: ListColumn<FormRow>[] = [
  { title: '标题', dataIndex: 'title', hideInTable: true, search: 'eq' },
  { title: '申请人', dataIndex: 'applicantName', hideInTable: true, search: 'eq' },
  {
    title: '审批结果',
    dataIndex: 'result',
    hideInTable: true,
    search: 'eq',
    options: Object.entries(RESULT_TEXT).map(([value, text]) => ({ value, text })),
  },
];

/** Drafts, rejected and withdrawn applications can be edited and submitted again by the applicant. */
function editable(r: FormRow): boolean {
  return r.status === null || r.status === 0 || r.status === 3 || (r.status === 2 && r.result === 3);
}

/**
 * A company-scoped list of one form type (server `/forms/<type>/list`) on the generic list page: search,
 * approval status and result, view, history, new application and editing one's own drafts.
 */
export function FormListPage({
  tableName,
  listUrl,
  columns,
  newLabel,
  testId,
  searchColumns = [],
}: {
  tableName: string;
  listUrl: string;
  /** the type's own columns (标题 first) */
  columns: ListColumn<FormRow>[];
  newLabel: string;
  testId: string;
  /** the type's own search fields (hidden columns with `search`; their values are sent as typed) */
  searchColumns?: ListColumn<FormRow>[];
}) {
  const queryClient = useQueryClient();
  const me = useSession((s) => s.userInfo?.username);
  const formType = findFormType(tableName);
  const keys = useMemo(() => [...FILTERS, ...searchColumns.map((c) => c.dataIndex)], [searchColumns]);
  const narrow = useNarrow();
  const list = useRef<ListHelpers<FormRow> | null>(null);
  const [view, setView] = useState<FormRow | null>(null);
  const [historyId, setHistoryId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ businessId?: string; procDefId?: string } | null>(null);

  useRefetchWithBadge(() => list.current?.reload());
  const reload = () => {
    list.current?.reload();
    void queryClient.invalidateQueries({ queryKey: ['todoBadge'] });
  };

  const all: ListColumn<FormRow>[] = [
    ...SEARCH,
    ...searchColumns,
    ...columns,
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (v) => (v === null ? <Tag>未提交</Tag> : <Tag>{STATUS_TEXT[v as number]}</Tag>),
    },
    {
      title: '审批结果',
      dataIndex: 'result',
      width: 100,
      align: 'center',
      render: (v) =>
        v === null ? null : <Tag color={RESULT_COLOR[v as number]}>{RESULT_TEXT[v as number]}</Tag>,
    },
    {
      title: '审批进度',
      dataIndex: 'actStatus',
      width: 180,
      ellipsis: true,
      render: (v) => (v as string | null) || '—',
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
  ];

  const actionsOf = (r: FormRow) => (
    <Space size={4} split={<span className="wf-split">|</span>}>
      <a onClick={() => setView(r)}>查看</a>
      {r.procInstId && <a onClick={() => setHistoryId(r.procInstId)}>历史</a>}
      {r.applicant === me && r.businessId && editable(r) && (
        <a onClick={() => setEditing({ businessId: r.businessId ?? undefined })}>编辑</a>
      )}
    </Space>
  );
  const hasTitle = columns.some((c) => c.dataIndex === 'title');
  const otherColumns = columns.filter((c) => c.dataIndex !== 'title');

  const Editor = formType?.Editor;
  const View = formType?.View;
  return (
    <>
      <ListPage<FormRow>
        className="wf-page"
        testId={testId}
        columns={all}
        url={{}}
        // every filter is sent, empty ones as ''
        load={({ filters, pageNo, pageSize }) =>
          getAction(listUrl, {
            ...Object.fromEntries(keys.map((k) => [k, filters[k] ?? ''])),
            pageNo,
            pageSize,
          })
        }
        loadKey={listUrl}
        helpersRef={list}
        searchFieldsShown={keys.length}
        showIndex
        selection={false}
        superQuery={false}
        showDetail={false}
        showDelete={false}
        actionWidth={150}
        rowActions={(r) => actionsOf(r)}
        toolbar={() => (
          <>
            <StartMenu
              tableName={tableName}
              label={newLabel}
              onStart={(d) => setEditing({ procDefId: d.id })}
            />
            <Button icon={<ReloadOutlined />} onClick={reload}>
              刷新
            </Button>
          </>
        )}
        // phones: a card per application — title, status, the type's key figures, actions
        phoneCard={(r, { cell }) => ({
          testId: 'form-card',
          title: hasTitle ? cell('title') : String(r.title ?? ''),
          status:
            r.result === null ? (
              <Tag>未提交</Tag>
            ) : (
              <Tag color={RESULT_COLOR[r.result]}>
                {r.result === 1 ? STATUS_TEXT[r.status ?? 1] : RESULT_TEXT[r.result]}
              </Tag>
            ),
          fields: [
            ...otherColumns.map((c, k) => ({ key: `c${k}`, label: c.title, value: cell(c.dataIndex) })),
            ...(r.actStatus ? [{ key: 'actStatus', label: '审批进度', value: String(r.actStatus) }] : []),
            { key: 'createTime', label: '创建时间', value: String(r.createTime ?? '—') },
          ],
        })}
      />
      <Modal
        title={String(view?.title ?? '')}
        open={!!view}
        onCancel={() => setView(null)}
        destroyOnHidden
        {...fullScreenProps(!!formType?.fullScreen, narrow)}
        footer={
          <Space>
            {view?.procInstId && <Button onClick={() => setHistoryId(view.procInstId)}>历史</Button>}
            <Button onClick={() => setView(null)}>关闭</Button>
          </Space>
        }
      >
        {view && View && <View data={view} />}
      </Modal>
      <HistoryModal procInstId={historyId} open={!!historyId} onClose={() => setHistoryId(null)} />
      {Editor && editing && (
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
