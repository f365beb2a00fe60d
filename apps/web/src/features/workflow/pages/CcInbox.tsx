import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Form, Input, Segmented, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { listPagination } from '../../../components/list/pagination';
import { HistoryModal } from '../components/HistoryModal';
import { engineApi, type CcRow } from '../engine/engineApi';
import { RESULT_COLOR, RESULT_TEXT } from '../texts';
import '../workflow.css';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { useRefetchOnPush } from '../useWorkflowRefresh';

type ReadFilter = 'all' | 'unread' | 'read';

/** 抄送我的: applications copied to me, unread first marked; opening the history marks one read. */
export default function CcInbox() {
  const { message } = App.useApp();
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [params] = useSearchParams();
  // a CC notice links here with ?title=<the application's title>
  const [title, setTitle] = useState(() => params.get('title') ?? '');
  const [applied, setApplied] = useState(() => (params.get('title') ?? '').trim());
  const [read, setRead] = useState<ReadFilter>('all');
  const [historyId, setHistoryId] = useState<string | null>(null);

  const list = useQuery({
    queryKey: ['wfCc', applied, read, pageNo, pageSize],
    staleTime: 0,
    queryFn: async () => {
      const res = await engineApi.ccList({
        title: applied || undefined,
        readFlag: read === 'all' ? undefined : read === 'unread' ? 0 : 1,
        pageNo,
        pageSize,
      });
      if (!res.success) message.warning(res.message);
      return res.result ?? { records: [], total: 0, unread: 0 };
    },
    placeholderData: (prev) => prev,
  });
  // a CC sent while the page is open arrives with its notice on the user socket
  useRefetchOnPush(() => void list.refetch());

  const markRead = async (ids: string[] | 'all') => {
    const res = await engineApi.ccRead(ids === 'all' ? { all: true } : { ids });
    if (!res.success) message.warning(res.message);
    await list.refetch();
  };

  const open = (r: CcRow) => {
    setHistoryId(r.procInstId);
    if (r.readFlag === 0) void markRead([r.id]);
  };

  const columns: TableColumnsType<CcRow> = [
    {
      title: '状态',
      dataIndex: 'readFlag',
      width: 80,
      render: (v: number) => (v === 0 ? <Badge status="processing" text="未读" /> : <Badge status="default" text="已读" />),
    },
    { title: '所属流程', dataIndex: 'processName', width: 120 },
    { title: '标题', dataIndex: 'title', width: 220, ellipsis: true },
    { title: '申请人', dataIndex: 'applyer', width: 100 },
    { title: '抄送人', dataIndex: 'fromRealname', width: 100 },
    { title: '抄送说明', dataIndex: 'comment', width: 200, ellipsis: true },
    {
      title: '流程结果',
      dataIndex: 'result',
      width: 100,
      render: (v: number | null) => (v === null ? '—' : <Tag color={RESULT_COLOR[v]}>{RESULT_TEXT[v]}</Tag>),
    },
    { title: '抄送时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      width: 140,
      render: (_v, r) => (
        <Space size={8}>
          <a onClick={() => open(r)} data-testid="cc-open">
            查看
          </a>
          {r.readFlag === 0 && <a onClick={() => void markRead([r.id])}>标为已读</a>}
        </Space>
      ),
    },
  ];

  return (
    <Card className="wf-page" data-testid="cc-inbox" title={<span>抄送我的（未读 {list.data?.unread ?? 0}）</span>}>
      <Form
        layout="inline"
        className="wf-search"
        onFinish={() => {
          setApplied(title.trim());
          setPageNo(1);
        }}
      >
        <Form.Item label="标题" htmlFor="cc-title">
          <Input id="cc-title" allowClear value={title} onChange={(e) => setTitle(e.target.value)} placeholder="请输入标题" />
        </Form.Item>
        <Form.Item>
          <Segmented<ReadFilter>
            aria-label="阅读状态"
            value={read}
            onChange={(v) => {
              setRead(v);
              setPageNo(1);
            }}
            options={[
              { label: '全部', value: 'all' },
              { label: '未读', value: 'unread' },
              { label: '已读', value: 'read' },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                setTitle('');
                setApplied('');
                setRead('all');
                setPageNo(1);
              }}
            >
              重置
            </Button>
            <Button disabled={!list.data?.unread} onClick={() => void markRead('all')}>
              全部标为已读
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <ResponsiveTable<CcRow>
        style={{ marginTop: 16 }}
        rowKey="id"
        bordered
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 1200 }}
        locale={{ emptyText: '暂无抄送给您的申请' }}
        pagination={listPagination(pageNo, pageSize, list.data?.total ?? 0, (p, s) => {
          setPageNo(p);
          setPageSize(s);
        })}
      />
      <HistoryModal procInstId={historyId} open={!!historyId} onClose={() => setHistoryId(null)} />
    </Card>
  );
}
