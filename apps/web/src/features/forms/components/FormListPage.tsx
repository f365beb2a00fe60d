import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listPagination } from '../../../components/list/pagination';
import { PhoneCard, PhoneCardList } from '../../../components/list/PhoneCards';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { getAction } from '../../../app/http/client';
import { useSession } from '../../../app/session/store';
import { readPage } from '../../workflow/api';
import { HistoryModal } from '../../workflow/components/HistoryModal';
import { StartMenu } from '../../workflow/components/StartMenu';
import { fullScreenProps } from '../../workflow/components/TaskFormModal';
import { findFormType } from '../../workflow/formTypes';
import { RESULT_COLOR, RESULT_TEXT, STATUS_TEXT } from '../../workflow/texts';
import { useRefetchWithBadge } from '../../workflow/useWorkflowRefresh';
import { useUrlList } from '../../workflow/useUrlList';
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

/** Drafts, rejected and withdrawn applications can be edited and submitted again by the applicant. */
function editable(r: FormRow): boolean {
  return r.status === null || r.status === 0 || r.status === 3 || (r.status === 2 && r.result === 3);
}

/**
 * A company-scoped list of one form type (server `/forms/<type>/list`): search, approval status and result,
 * view, history, new application and editing one's own drafts.
 */
export function FormListPage({
  tableName,
  listUrl,
  columns,
  newLabel,
  testId,
  extraSearch,
  searchFields = [],
}: {
  tableName: string;
  listUrl: string;
  columns: TableColumnsType<FormRow>;
  newLabel: string;
  testId: string;
  extraSearch?: ReactNode;
  /** names of the extra search inputs (kept in the URL with the others) */
  searchFields?: string[];
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const me = useSession((s) => s.userInfo?.username);
  const formType = findFormType(tableName);
  const keys = useMemo(() => [...FILTERS, ...searchFields], [searchFields]);
  const { pageNo, pageSize, filters, set, reset } = useUrlList<string>(keys);
  const narrow = useNarrow();
  const [form] = Form.useForm();
  const [view, setView] = useState<FormRow | null>(null);
  const [historyId, setHistoryId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ businessId?: string; procDefId?: string } | null>(null);
  useEffect(
    () =>
      form.setFieldsValue({
        ...filters,
        status: filters.status || undefined,
        result: filters.result || undefined,
      }),
    [form, filters],
  );

  const list = useQuery({
    queryKey: ['formList', listUrl, filters, pageNo, pageSize],
    staleTime: 0,
    queryFn: async () => {
      const res = await getAction(listUrl, { ...filters, pageNo, pageSize });
      if (!res.success) message.warning(res.message);
      return readPage<FormRow>(res);
    },
    placeholderData: (prev) => prev,
  });
  useRefetchWithBadge(() => void list.refetch());
  const reload = () => {
    void list.refetch();
    void queryClient.invalidateQueries({ queryKey: ['todoBadge'] });
  };

  const all: TableColumnsType<FormRow> = [
    {
      title: '#',
      key: 'index',
      width: 56,
      align: 'center',
      render: (_v, _r, i) => (pageNo - 1) * pageSize + i + 1,
    },
    ...columns,
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (v: number | null) => (v === null ? <Tag>未提交</Tag> : <Tag>{STATUS_TEXT[v]}</Tag>),
    },
    {
      title: '审批结果',
      dataIndex: 'result',
      width: 100,
      align: 'center',
      render: (v: number | null) => (v === null ? null : <Tag color={RESULT_COLOR[v]}>{RESULT_TEXT[v]}</Tag>),
    },
    {
      title: '审批进度',
      dataIndex: 'actStatus',
      width: 180,
      ellipsis: true,
      render: (v: string | null) => v || '—',
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      fixed: narrow ? undefined : 'right',
      width: 150,
      render: (_v, r) => actionsOf(r),
    },
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
  /** a column's cell as the table shows it */
  const cell = (c: TableColumnsType<FormRow>[number], r: FormRow, i: number): ReactNode => {
    const key = 'dataIndex' in c ? String(c.dataIndex) : '';
    const v = key ? r[key] : undefined;
    return c.render ? (c.render(v, r, i) as ReactNode) : v === null || v === undefined || v === '' ? '—' : String(v);
  };
  const titleColumn = columns.find((c) => 'dataIndex' in c && c.dataIndex === 'title');
  const otherColumns = columns.filter((c) => c !== titleColumn);
  const pagination = listPagination(pageNo, pageSize, list.data?.total ?? 0, (p, s) => set({ pageNo: p, pageSize: s }));

  const Editor = formType?.Editor;
  const View = formType?.View;
  return (
    <Card className="wf-page" data-testid={testId}>
      <Form
        form={form}
        layout="inline"
        className="wf-search"
        onFinish={(v) =>
          set({
            pageNo: 1,
            filters: {
              title: v.title?.trim() ?? '',
              applicantName: v.applicantName?.trim() ?? '',
              status: v.status ?? '',
              result: v.result ?? '',
              ...Object.fromEntries(searchFields.map((k) => [k, String(v[k] ?? '').trim()])),
            },
          })
        }
      >
        <Form.Item name="title" label="标题">
          <Input allowClear placeholder="请输入标题" />
        </Form.Item>
        <Form.Item name="applicantName" label="申请人">
          <Input allowClear placeholder="请输入申请人" />
        </Form.Item>
        <Form.Item name="result" label="审批结果">
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder="请选择"
            options={Object.entries(RESULT_TEXT).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        {extraSearch}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                reset();
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space wrap style={{ margin: '16px 0' }}>
        <StartMenu tableName={tableName} label={newLabel} onStart={(d) => setEditing({ procDefId: d.id })} />
        <Button icon={<ReloadOutlined />} onClick={reload}>
          刷新
        </Button>
      </Space>
      {narrow ? (
        // phones: a card per application — title, status, the type's key figures, actions
        <PhoneCardList<FormRow>
          rows={list.data?.rows ?? []}
          rowKey={(r) => r.id}
          loading={list.isFetching}
          pagination={pagination}
          renderCard={(r, i) => (
            <PhoneCard
              testId="form-card"
              title={titleColumn ? cell(titleColumn, r, i) : String(r.title ?? '')}
              status={
                r.result === null ? (
                  <Tag>未提交</Tag>
                ) : (
                  <Tag color={RESULT_COLOR[r.result]}>{r.result === 1 ? STATUS_TEXT[r.status ?? 1] : RESULT_TEXT[r.result]}</Tag>
                )
              }
              fields={[
                ...otherColumns.map((c, k) => ({ key: `c${k}`, label: c.title as ReactNode, value: cell(c, r, i) })),
                ...(r.actStatus ? [{ key: 'actStatus', label: '审批进度', value: String(r.actStatus) }] : []),
                { key: 'createTime', label: '创建时间', value: String(r.createTime ?? '—') },
              ]}
              actions={actionsOf(r)}
            />
          )}
        />
      ) : (
        <Table<FormRow>
          rowKey="id"
          bordered
          columns={all}
          dataSource={list.data?.rows ?? []}
          loading={list.isFetching}
          scroll={{ x: 1400 }}
          pagination={pagination}
        />
      )}
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
    </Card>
  );
}
