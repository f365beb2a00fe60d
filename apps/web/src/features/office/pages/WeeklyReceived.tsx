import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Input, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { weeklyApi } from '../api';
import { WeeklyView } from '../components/WeeklyView';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

/** 收到的周报: reports sent to me, unread first to the eye; opening one marks it read. */
export default function WeeklyReceived() {
  const [readFlag, setReadFlag] = useState<string>('');
  const [realname, setRealname] = useState('');
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['office', 'weekly', 'received', readFlag, keyword, pageNo, pageSize],
    queryFn: () => weeklyApi.received({ readFlag, realname: keyword, pageNo, pageSize }),
  });

  return (
    <Card title="收到的周报">
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          aria-label="阅读状态"
          value={readFlag}
          onChange={(v) => {
            setReadFlag(String(v));
            setPageNo(1);
          }}
          options={[
            { label: '全部', value: '' },
            { label: '未读', value: '0' },
            { label: '已读', value: '1' },
          ]}
        />
        <Input.Search
          aria-label="填写人"
          placeholder="填写人姓名"
          allowClear
          value={realname}
          onChange={(e) => setRealname(e.target.value)}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPageNo(1);
          }}
          style={{ width: 220 }}
        />
      </Space>
      <ResponsiveTable
        rowKey="id"
        data-testid="weekly-received"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无收到的周报' }}
        pagination={{
          current: pageNo,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: [10, 20, 30],
          onChange: (p, s) => {
            setPageNo(p);
            setPageSize(s);
          },
        }}
        scroll={{ x: 800 }}
        onRow={(r) => ({ onDoubleClick: () => setViewing(r.id) })}
        columns={[
          {
            title: '填写人',
            dataIndex: 'realname',
            width: 120,
            render: (v: string, r) => (r.readFlag === '0' ? <Badge status="processing" text={<strong>{v}</strong>} /> : v),
          },
          { title: '周', dataIndex: 'weekLabel', width: 240 },
          { title: '本周完成（摘要）', dataIndex: 'summary', ellipsis: true },
          { title: '提交时间', dataIndex: 'submitTime', width: 170 },
          {
            title: '阅读状态',
            dataIndex: 'readFlag',
            width: 100,
            render: (v: string) => <Tag color={v === '1' ? 'default' : 'orange'}>{v === '1' ? '已读' : '未读'}</Tag>,
          },
          {
            title: '操作',
            key: 'op',
            width: 90,
            fixed: 'right',
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setViewing(r.id)}>
                查看
              </Button>
            ),
          },
        ]}
      />
      <WeeklyView id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
