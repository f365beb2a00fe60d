import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { listPagination } from '../../../components/list/pagination';
import { PhoneCard, PhoneCardList } from '../../../components/list/PhoneCards';
import { App, Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { readPage, wfApi } from '../api';
import { ApplicationViewModal, type ApplicationRef } from '../components/ApplicationViewModal';
import { HistoryModal } from '../components/HistoryModal';
import { RESULT_COLOR, RESULT_TEXT } from '../texts';
import { useRefetchWithBadge } from '../useWorkflowRefresh';
import { useUrlList } from '../useUrlList';
import { useNarrow } from '../useNarrow';
import '../workflow.css';

interface DoneTask {
  id: string;
  procInstId: string;
  name: string;
  processName: string;
  applyer: string;
  title: string;
  outcome: string | null;
  deleteReason: string | null;
  comment: string | null;
  createTime: string;
  endTime: string;
  tableId: string;
  tableName: string;
  routeName: string;
  result: number;
}

const OUTCOME_COLOR: Record<string, string> = {
  pass: 'green',
  auto: 'green',
  back: 'red',
  rejected: 'red',
  return: 'orange',
  returned: 'orange',
  canceled: 'default',
};
const FILTERS = ['name'] as const;

/** 已办: the tasks I handled, with what I did, my comment and where the application stands now. */
export default function DoneList() {
  const { message } = App.useApp();
  const { pageNo, pageSize, filters, set, reset } = useUrlList(FILTERS);
  const narrow = useNarrow();
  const [draft, setDraft] = useState(filters.name);
  const [view, setView] = useState<ApplicationRef | null>(null);
  const [historyId, setHistoryId] = useState<string | null>(null);
  useEffect(() => setDraft(filters.name), [filters.name]);

  const list = useQuery({
    queryKey: ['wfDone', filters, pageNo, pageSize],
    staleTime: 0,
    queryFn: async () => {
      const res = await wfApi.doneList({ name: filters.name || undefined, pageNo, pageSize });
      if (!res.success) message.warning(res.message);
      return readPage<DoneTask>(res);
    },
    placeholderData: (prev) => prev,
  });
  useRefetchWithBadge(() => void list.refetch());

  const columns: TableColumnsType<DoneTask> = [
    {
      title: '#',
      key: 'index',
      width: 56,
      align: 'center',
      render: (_v, _r, i) => (pageNo - 1) * pageSize + i + 1,
    },
    { title: '所属流程', dataIndex: 'processName', width: 120 },
    { title: '任务名称', dataIndex: 'name', width: 140 },
    { title: '标题', dataIndex: 'title', width: 200, ellipsis: true },
    { title: '流程发起人', dataIndex: 'applyer', width: 100 },
    {
      title: '处理结果',
      dataIndex: 'deleteReason',
      width: 100,
      render: (v: string, r) => <Tag color={OUTCOME_COLOR[r.outcome ?? ''] ?? 'blue'}>{v}</Tag>,
    },
    { title: '审批意见', dataIndex: 'comment', width: 200, ellipsis: true },
    {
      title: '流程结果',
      dataIndex: 'result',
      width: 100,
      render: (v: number) => <Tag color={RESULT_COLOR[v]}>{RESULT_TEXT[v]}</Tag>,
    },
    { title: '处理时间', dataIndex: 'endTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      fixed: narrow ? undefined : 'right',
      width: 120,
      render: (_v, r) => actions(r),
    },
  ];

  function actions(r: DoneTask) {
    return (
      <Space size={4} split={<span className="wf-split">|</span>}>
        <a
          onClick={() =>
            setView({
              tableId: r.tableId,
              tableName: r.tableName,
              routeName: r.routeName,
              processName: r.processName,
              procInstId: r.procInstId,
            })
          }
        >
          查看
        </a>
        <a onClick={() => setHistoryId(r.procInstId)}>历史</a>
      </Space>
    );
  }

  return (
    <Card className="wf-page" data-testid="done-list">
      <Form
        layout="inline"
        className="wf-search"
        onFinish={() => set({ pageNo: 1, filters: { name: draft.trim() } })}
      >
        <Form.Item label="流程名称">
          <Input
            allowClear
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="请输入流程名称"
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => reset()}>
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {narrow ? (
        <div style={{ marginTop: 16 }}>
          <PhoneCardList<DoneTask>
            rows={list.data?.rows ?? []}
            rowKey={(r) => r.id}
            loading={list.isFetching}
            pagination={listPagination(pageNo, pageSize, list.data?.total ?? 0, (p, s) =>
              set({ pageNo: p, pageSize: s }),
            )}
            renderCard={(r) => (
              <PhoneCard
                testId="done-card"
                title={r.title || r.processName}
                status={<Tag color={OUTCOME_COLOR[r.outcome ?? ''] ?? 'blue'}>{r.deleteReason}</Tag>}
                figures={r.comment ? `审批意见：${r.comment}` : undefined}
                fields={[
                  { key: 'node', label: '任务名称', value: `${r.processName} · ${r.name}` },
                  { key: 'applyer', label: '流程发起人', value: r.applyer },
                  { key: 'result', label: '流程结果', value: RESULT_TEXT[r.result] ?? '—' },
                  { key: 'endTime', label: '处理时间', value: r.endTime },
                ]}
                actions={actions(r)}
              />
            )}
          />
        </div>
      ) : (
        <Table<DoneTask>
          style={{ marginTop: 16 }}
          rowKey="id"
          bordered
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isFetching}
          scroll={{ x: 1400 }}
          pagination={listPagination(pageNo, pageSize, list.data?.total ?? 0, (p, s) =>
            set({ pageNo: p, pageSize: s }),
          )}
        />
      )}
      <ApplicationViewModal
        target={view}
        onClose={() => setView(null)}
        onHistory={(id) => setHistoryId(id)}
      />
      <HistoryModal procInstId={historyId} open={!!historyId} onClose={() => setHistoryId(null)} />
    </Card>
  );
}
