import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../../app/auth';
import { weeklyApi, type WeeklyRow } from '../api';
import { WeeklyEditor } from '../components/WeeklyEditor';
import { WeeklyView } from '../components/WeeklyView';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

/** 我的周报: write this week's report (pre-filled from last week's plan), drafts, who has read what. */
export default function WeeklyMy() {
  const { message } = App.useApp();
  const { has } = useAuth();
  const qc = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [editor, setEditor] = useState<{ open: boolean; row: WeeklyRow | null }>({ open: false, row: null });
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['office', 'weekly', 'my', pageNo, pageSize], queryFn: () => weeklyApi.my({ pageNo, pageSize }) });

  const remove = async (id: string) => {
    try {
      await weeklyApi.remove(id);
      message.success('删除成功!');
      void qc.invalidateQueries({ queryKey: ['office', 'weekly'] });
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  return (
    <Card
      title="我的周报"
      extra={
        has('office:weekly:add') && (
          <Button type="primary" onClick={() => setEditor({ open: true, row: null })} data-testid="weekly-write">
            写本周周报
          </Button>
        )
      }
    >
      <ResponsiveTable<WeeklyRow>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '还没有周报，点击“写本周周报”开始' }}
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
        scroll={{ x: 760 }}
        columns={[
          { title: '周', dataIndex: 'weekLabel', width: 240 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: string, r) => <Tag color={v === '1' ? 'green' : 'default'}>{r.status_dictText}</Tag>,
          },
          { title: '提交时间', dataIndex: 'submitTime', width: 170 },
          {
            title: '已读',
            key: 'read',
            width: 160,
            render: (_, r) =>
              r.recipients.length ? (
                <Tooltip title={r.recipients.map((x) => `${x.realname ?? x.username}：${x.readFlag === '1' ? '已读' : '未读'}`).join('，')}>
                  <span>
                    {r.readCount}/{r.recipients.length} 人已读
                  </span>
                </Tooltip>
              ) : (
                '—'
              ),
          },
          {
            title: '操作',
            key: 'op',
            width: 180,
            fixed: 'right',
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setViewing(r.id)}>
                  查看
                </Button>
                {has('office:weekly:add') && (
                  <Button type="link" size="small" onClick={() => setEditor({ open: true, row: r })}>
                    编辑
                  </Button>
                )}
                {r.status === '0' && (
                  <Popconfirm title="确定删除这份草稿吗?" onConfirm={() => void remove(r.id)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <WeeklyEditor open={editor.open} editing={editor.row} onClose={() => setEditor({ open: false, row: null })} />
      <WeeklyView id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
