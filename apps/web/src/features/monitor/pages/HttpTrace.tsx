import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { api } from '../../../app/http/api';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

interface Trace {
  timestamp: string | number;
  request: { method: string; uri: string };
  response: { status: number };
  timeTaken: number;
}

function statusColor(s: number) {
  if (s >= 500) return 'red';
  if (s >= 400) return 'orange';
  if (s >= 300) return 'blue';
  return 'green';
}

/** 请求追踪: the instance's most recent requests (actuator httptrace format), newest first. */
export default function HttpTrace() {
  const [method, setMethod] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['monitor', 'httptrace'],
    queryFn: async (): Promise<Trace[]> => (await api.monitor.httpTrace()).traces ?? [],
  });
  const rows = useMemo(
    () =>
      (q.data ?? [])
        .filter((t) => (!method || t.request.method === method) && (!keyword || t.request.uri.includes(keyword)))
        .sort((a, b) => +new Date(b.timestamp) - +new Date(a.timestamp)),
    [q.data, method, keyword],
  );
  return (
    <Card size="small" data-testid="http-trace">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear aria-label="请求方法" placeholder="请求方法" style={{ width: 120 }} value={method} onChange={setMethod} options={['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ value: m, label: m }))} />
        <Input.Search allowClear placeholder="请求URL" style={{ width: 260 }} onSearch={setKeyword} />
        <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()} loading={q.isFetching}>
          刷新
        </Button>
        <span style={{ color: 'rgba(0,0,0,.62)' }}>共追踪到 {q.data?.length ?? 0} 条近期请求</span>
      </Space>
      <ResponsiveTable<Trace>
        rowKey={(r, i) => `${r.timestamp}-${r.request.uri}-${i}`}
        size="small"
        loading={q.isLoading}
        dataSource={rows}
        scroll={{ x: 800 }}
        pagination={{ defaultPageSize: 10, pageSizeOptions: ['10', '20', '30'], showSizeChanger: true, showQuickJumper: true, showTotal: (t, r) => `${r[0]}-${r[1]} 共${t}条` }}
        columns={[
          { title: '请求时间', dataIndex: 'timestamp', width: 180, render: (v: string | number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          { title: '请求方法', dataIndex: ['request', 'method'], width: 100, render: (v: string) => <Tag>{v}</Tag> },
          { title: '请求URL', dataIndex: ['request', 'uri'], ellipsis: true },
          { title: '响应状态', dataIndex: ['response', 'status'], width: 100, render: (v: number) => <Tag color={statusColor(v)}>{v}</Tag> },
          { title: '请求耗时', dataIndex: 'timeTaken', width: 110, sorter: (a, b) => a.timeTaken - b.timeTaken, render: (v: number) => <span style={{ color: v > 1000 ? '#cf1322' : v > 300 ? '#ad4e00' : undefined }}>{v} ms</span> },
        ]}
      />
    </Card>
  );
}
