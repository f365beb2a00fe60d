import { MISSION_PRIORITY, MISSION_STATUS } from '@go/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Progress, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../../app/auth';
import { missionApi, type MissionRow } from '../api';
import { MissionDetail } from '../components/MissionDetail';
import { MissionEditor } from '../components/MissionEditor';
import { MissionStatusTag, PriorityTag } from '../components/tags';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

/** 任务: the company's missions (or mine), by status and priority, with the detail drawer. */
export default function MissionList() {
  const { message } = App.useApp();
  const { has } = useAuth();
  const qc = useQueryClient();
  const [title, setTitle] = useState('');
  const [filters, setFilters] = useState<{ title?: string; status?: string; priority?: string; mine?: string }>({ mine: '1' });
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [editor, setEditor] = useState<{ open: boolean; row: MissionRow | null }>({ open: false, row: null });
  const [detail, setDetail] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['office', 'mission', 'list', filters, pageNo, pageSize], queryFn: () => missionApi.list({ ...filters, pageNo, pageSize }) });
  const set = (patch: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPageNo(1);
  };
  const remove = async (id: string) => {
    try {
      await missionApi.remove(id);
      message.success('删除成功!');
      void qc.invalidateQueries({ queryKey: ['office', 'mission'] });
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  return (
    <Card
      title="任务"
      extra={
        has('office:mission:add') && (
          <Button type="primary" onClick={() => setEditor({ open: true, row: null })} data-testid="mission-add">
            新建任务
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search aria-label="任务名称" placeholder="任务名称" allowClear value={title} onChange={(e) => setTitle(e.target.value)} onSearch={(v) => set({ title: v.trim() || undefined })} style={{ width: 200 }} />
        <Select
          aria-label="状态"
          placeholder="状态"
          allowClear
          style={{ width: 120 }}
          value={filters.status}
          onChange={(v) => set({ status: v })}
          options={Object.entries(MISSION_STATUS).map(([value, label]) => ({ value, label }))}
        />
        <Select
          aria-label="优先级"
          placeholder="优先级"
          allowClear
          style={{ width: 120 }}
          value={filters.priority}
          onChange={(v) => set({ priority: v })}
          options={Object.entries(MISSION_PRIORITY).map(([value, label]) => ({ value, label }))}
        />
        <span>
          <Switch aria-label="只看我的" checked={filters.mine === '1'} onChange={(c) => set({ mine: c ? '1' : undefined })} /> <Typography.Text>只看我的</Typography.Text>
        </span>
      </Space>
      <ResponsiveTable<MissionRow>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无任务' }}
        scroll={{ x: 900 }}
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
        columns={[
          { title: '任务名称', dataIndex: 'title', ellipsis: true, render: (v: string, r) => <a onClick={() => setDetail(r.id)}>{v}</a> },
          { title: '负责人', dataIndex: 'ownerName', width: 100 },
          { title: '优先级', dataIndex: 'priority', width: 90, render: (v: string) => <PriorityTag value={v} /> },
          { title: '截止日期', dataIndex: 'dueDate', width: 120 },
          { title: '状态', dataIndex: 'status', width: 100, render: (v: string) => <MissionStatusTag value={v} /> },
          { title: '进度', dataIndex: 'progress', width: 140, render: (v: number) => <Progress percent={v} size="small" aria-label="进度" /> },
          {
            title: '操作',
            key: 'op',
            width: 170,
            fixed: 'right',
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setDetail(r.id)}>
                  详情
                </Button>
                <Button type="link" size="small" onClick={() => setEditor({ open: true, row: r })}>
                  编辑
                </Button>
                <Popconfirm title="确定删除该任务吗?" onConfirm={() => void remove(r.id)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <MissionEditor open={editor.open} editing={editor.row} onClose={() => setEditor({ open: false, row: null })} />
      <MissionDetail id={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
