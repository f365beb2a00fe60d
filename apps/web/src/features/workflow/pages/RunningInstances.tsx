import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { listPagination } from '../../../components/list/pagination';
import { Auth } from '../../../app/auth';
import { HistoryModal } from '../components/HistoryModal';
import { MigrationModal } from '../components/MigrationModal';
import { MIGRATE_PERM } from '../engine/migrationApi';
import { NO_PICK, pickedNames, type Picked } from '../components/TaskActionModal';
import { UserByDepPicker } from '../../../components/pickers/UserByDepPicker';
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
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({ state: 'running' });
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [historyId, setHistoryId] = useState<string | null>(null);
  const [reassign, setReassign] = useState<{ id: string; name: string; title: string; current: string } | null>(null);
  const [picked, setPicked] = useState<Picked>(NO_PICK);
  const [reassignNote, setReassignNote] = useState('');
  const [reassignError, setReassignError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ending, setEnding] = useState<InstanceRow | null>(null);
  const [reason, setReason] = useState('');
  const [migrate, setMigrate] = useState<{ sourceId: string; ids: string[] } | null>(null);
  const [chosen, setChosen] = useState<InstanceRow[]>([]);
  /** 迁移所选: the chosen running instances of one version move together */
  const migrateChosen = () => {
    if (new Set(chosen.map((r) => r.procDefId)).size !== 1) {
      message.warning('请选择同一流程版本的运行中实例');
      return;
    }
    setMigrate({ sourceId: chosen[0].procDefId, ids: chosen.map((r) => r.procInstId) });
  };

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

  const startTerminate = (r: InstanceRow) => {
    setReason('');
    setEnding(r);
  };
  /** 终止 after the confirmation dialog: the application ends as cancelled, the applicant is told. */
  const doTerminate = async () => {
    if (!ending) return;
    setBusy(true);
    try {
      const res = await engineApi.terminate({ procInstId: ending.procInstId, reason: reason.trim() || '管理员终止' });
      if (res.success) {
        message.success(`已终止「${ending.title ?? ending.processName}」，待办任务已全部关闭`);
        setEnding(null);
      } else message.warning(res.message);
      await list.refetch();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };

  const startReassign = (r: InstanceRow, t: InstanceRow['tasks'][number]) => {
    setPicked(NO_PICK);
    setReassignNote('');
    setReassignError(null);
    setReassign({
      id: t.id,
      name: t.name,
      title: r.title ?? r.processName,
      current: t.users.map((u) => u.realname).join('、') || '无',
    });
  };
  const doReassign = async () => {
    if (!reassign) return;
    const ids = (picked.value ?? '').split(',').filter(Boolean);
    if (!ids.length) {
      setReassignError('请选择新的审批人');
      return;
    }
    setReassignError(null);
    setBusy(true);
    try {
      const res = await engineApi.reassign({ id: reassign.id, userIds: ids, comment: reassignNote.trim() || undefined });
      if (!res.success) {
        message.warning(res.message);
        await list.refetch();
        return;
      }
      message.success(`已将「${reassign.name}」重新分配给${pickedNames(picked).join('、')}，已通知新的审批人`);
      setReassign(null);
      await list.refetch();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
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
                  <a onClick={() => startReassign(r, t)} aria-label={`重新分配${t.name}`} data-testid="instance-reassign">
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
      width: 150,
      render: (_v, r) => (
        <Space size={8}>
          <a onClick={() => setHistoryId(r.procInstId)}>流程图</a>
          {r.state === 'running' && (
            <Auth code={MIGRATE_PERM}>
              <a onClick={() => setMigrate({ sourceId: r.procDefId, ids: [r.procInstId] })} aria-label={`迁移${r.title ?? ''}到其他版本`} data-testid="instance-migrate">
                迁移
              </a>
            </Auth>
          )}
          {r.state === 'running' && (
            <a className="wf-danger" onClick={() => startTerminate(r)} data-testid="instance-terminate">
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
      <Auth code={MIGRATE_PERM}>
        <Space style={{ marginTop: 16 }}>
          <Button onClick={migrateChosen} disabled={!chosen.length} data-testid="instances-migrate">
            迁移所选{chosen.length ? `（${chosen.length}）` : ''}
          </Button>
          <Typography.Text type="secondary">勾选同一流程版本的运行中实例，迁移到该流程的其他版本</Typography.Text>
        </Space>
      </Auth>
      <ResponsiveTable<InstanceRow>
        style={{ marginTop: 16 }}
        rowSelection={{
          selectedRowKeys: chosen.map((r) => r.procInstId),
          onChange: (_keys, rows) => setChosen(rows),
          getCheckboxProps: (r) => ({ disabled: r.state !== 'running', 'aria-label': `选择${r.title ?? r.processName}` }),
        }}
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
        maskClosable={false}
        destroyOnHidden
        onOk={() => void doReassign()}
        onCancel={() => setReassign(null)}
        okText="确定重新分配"
        cancelText="取消"
        okButtonProps={{ loading: busy, 'data-testid': 'reassign-submit' }}
      >
        {reassign && (
          <Form layout="vertical" data-testid="reassign-form">
            <Typography.Paragraph type="secondary">
              {reassign.title} · 当前审批人：{reassign.current}
            </Typography.Paragraph>
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="重新分配后，原审批人（含委托）不再能处理该任务" />
            <Form.Item
              label="新的审批人"
              htmlFor="reassign-users"
              required
              validateStatus={reassignError ? 'error' : undefined}
              help={reassignError ?? undefined}
              data-testid="reassign-users"
            >
              <UserByDepPicker
                id="reassign-users"
                allDeparts
                activeOnly
                value={picked.value}
                onChange={(value, list) => setPicked({ value, users: list })}
                placeholder="请选择新的审批人"
              />
            </Form.Item>
            <Form.Item label="说明" htmlFor="reassign-note">
              <Input.TextArea id="reassign-note" rows={2} maxLength={2000} value={reassignNote} onChange={(e) => setReassignNote(e.target.value)} placeholder="选填，记入审批历史" />
            </Form.Item>
          </Form>
        )}
      </Modal>
      <Modal
        title={`确定终止「${ending?.title ?? ending?.processName ?? ''}」吗？`}
        open={!!ending}
        maskClosable={false}
        destroyOnHidden
        onOk={() => void doTerminate()}
        onCancel={() => setEnding(null)}
        okText="终止"
        cancelText="取消"
        okButtonProps={{ danger: true, loading: busy, 'data-testid': 'terminate-submit' }}
      >
        <Form layout="vertical" data-testid="terminate-form">
          <Alert type="error" showIcon style={{ marginBottom: 12 }} message="终止后申请变为已取消，待办任务全部关闭，不能恢复。" />
          <Form.Item label="终止原因" htmlFor="terminate-reason">
            <Input.TextArea id="terminate-reason" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="选填，默认：管理员终止；将记入审批历史" />
          </Form.Item>
        </Form>
      </Modal>
      <HistoryModal procInstId={historyId} open={!!historyId} onClose={() => setHistoryId(null)} />
      <MigrationModal
        definitionId={migrate?.sourceId ?? null}
        procInstIds={migrate?.ids}
        onClose={(changed) => {
          setMigrate(null);
          if (changed) {
            setChosen([]);
            void list.refetch();
          }
        }}
      />
    </Card>
  );
}
