import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { listPagination } from '../../../components/list/pagination';
import { HistoryModal } from '../components/HistoryModal';
import { engineApi, type InstanceRow } from '../engine/engineApi';
import '../workflow.css';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

const STATE_COLOR: Record<string, string> = { running: 'processing', passed: 'green', rejected: 'red', canceled: 'default' };

interface Filters {
  title?: string;
  processName?: string;
  applyer?: string;
  state?: string;
}

/** 流程实例: every instance of my company, with its open tasks; terminate 终止 and reassign 重新分配. */
export default function RunningInstances() {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({ state: 'running' });
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [historyId, setHistoryId] = useState<string | null>(null);
  const [reassign, setReassign] = useState<{ id: string; name: string } | null>(null);
  const [users, setUsers] = useState('');

  const list = useQuery({
    queryKey: ['wfInstances', filters, pageNo, pageSize],
    staleTime: 0,
    queryFn: async () => {
      const res = await engineApi.instances({ ...filters, state: filters.state || undefined, pageNo, pageSize });
      if (!res.success) message.warning(res.message);
      return res.result ?? { records: [], total: 0 };
    },
    placeholderData: (prev) => prev,
  });

  const terminate = (r: InstanceRow) =>
    modal.confirm({
      title: `确定终止「${r.title ?? r.processName}」吗？`,
      content: '终止后申请变为已取消，待办任务全部关闭，不能恢复。',
      okText: '终止',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const res = await engineApi.terminate({ procInstId: r.procInstId, reason: '管理员终止' });
        if (res.success) message.success(res.message);
        else message.warning(res.message);
        await list.refetch();
      },
    });

  const doReassign = async () => {
    if (!reassign) return;
    const ids = users.split(/[,，\s]+/).map((x) => x.trim()).filter(Boolean);
    if (!ids.length) {
      message.warning('请至少输入一个用户名');
      return;
    }
    const res = await engineApi.reassign({ id: reassign.id, userIds: ids });
    if (!res.success) {
      message.warning(res.message);
      return;
    }
    message.success(res.message);
    setReassign(null);
    setUsers('');
    await list.refetch();
  };

  const columns: TableColumnsType<InstanceRow> = [
    { title: '所属流程', dataIndex: 'processName', width: 120, render: (v: string, r) => `${v} v${r.version}` },
    { title: '标题', dataIndex: 'title', width: 200, ellipsis: true },
    { title: '申请人', dataIndex: 'applyer', width: 90 },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (v: string, r) => <Tag color={STATE_COLOR[v]}>{r.state_dictText}</Tag>,
    },
    {
      title: '当前任务',
      key: 'tasks',
      width: 320,
      render: (_v, r) =>
        r.tasks.length ? (
          <Space direction="vertical" size={2}>
            {r.tasks.map((t) => (
              <span key={t.id}>
                {t.name}（{t.users.map((u) => u.realname).join('、') || '无'}）{' '}
                {r.state === 'running' && (
                  <a onClick={() => setReassign({ id: t.id, name: t.name })} aria-label={`重新分配${t.name}`}>
                    重新分配
                  </a>
                )}
              </span>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
    { title: '发起时间', dataIndex: 'startTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      width: 120,
      render: (_v, r) => (
        <Space size={8}>
          <a onClick={() => setHistoryId(r.procInstId)}>流程图</a>
          {r.state === 'running' && (
            <a className="wf-danger" onClick={() => terminate(r)}>
              终止
            </a>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card className="wf-page" data-testid="running-instances">
      <Form<Filters>
        form={form}
        layout="inline"
        className="wf-search"
        initialValues={{ state: 'running' }}
        onFinish={(v) => {
          setFilters({ ...v, title: v.title?.trim(), processName: v.processName?.trim(), applyer: v.applyer?.trim() });
          setPageNo(1);
        }}
      >
        <Form.Item label="标题" name="title">
          <Input allowClear placeholder="请输入标题" />
        </Form.Item>
        <Form.Item label="流程名称" name="processName">
          <Input allowClear placeholder="请输入流程名称" />
        </Form.Item>
        <Form.Item label="申请人" name="applyer">
          <Input allowClear placeholder="姓名或用户名" />
        </Form.Item>
        <Form.Item label="状态" name="state">
          <Select
            style={{ width: 120 }}
            options={[
              { label: '全部', value: '' },
              { label: '审批中', value: 'running' },
              { label: '已通过', value: 'passed' },
              { label: '已驳回', value: 'rejected' },
              { label: '已取消', value: 'canceled' },
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
                form.resetFields();
                setFilters({ state: 'running' });
                setPageNo(1);
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <ResponsiveTable<InstanceRow>
        style={{ marginTop: 16 }}
        rowKey="procInstId"
        bordered
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 1200 }}
        locale={{ emptyText: '暂无流程实例' }}
        pagination={listPagination(pageNo, pageSize, list.data?.total ?? 0, (p, s) => {
          setPageNo(p);
          setPageSize(s);
        })}
      />
      <Modal
        title={`重新分配「${reassign?.name ?? ''}」`}
        open={!!reassign}
        onOk={() => void doReassign()}
        onCancel={() => setReassign(null)}
        okText="确定"
        cancelText="取消"
      >
        <Form layout="vertical">
          <Form.Item label="新的审批人（用户名，逗号分隔）" htmlFor="reassign-users">
            <Input id="reassign-users" value={users} onChange={(e) => setUsers(e.target.value)} placeholder="例如 liuyang,lina" />
          </Form.Item>
        </Form>
      </Modal>
      <HistoryModal procInstId={historyId} open={!!historyId} onClose={() => setHistoryId(null)} />
    </Card>
  );
}
