import { CloudUploadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { listPagination } from '../../../components/list/pagination';
import { App, Button, Card, Checkbox, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { Auth } from '../../../app/auth';
import type { Definition } from '../api';
import { readPage, wfApi } from '../api';
import {
  DeployModal,
  DiagramModal,
  InfoModal,
  NodesModal,
  useRoleOptions,
  VersionsModal,
} from '../components/DefinitionModals';
import { suspendedView } from '../approval';
import { useUrlList } from '../useUrlList';
import { useNarrow } from '../useNarrow';
import '../workflow.css';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

const PERM = {
  deploy: 'workflow:process:deploy',
  edit: 'workflow:process:edit',
  status: 'workflow:process:status',
  remove: 'workflow:process:delete',
};
const FILTERS = ['lcmc', 'lckey', 'status', 'all'] as const;

/** 流程定义: BPMN upload and editing, diagram, versions, activate/suspend, form type, start roles, category, node rules. */
export default function ProcessDefinitions() {
  const { message } = App.useApp();
  const { pageNo, pageSize, filters, set, reset } = useUrlList(FILTERS);
  const narrow = useNarrow();
  const [form] = Form.useForm();
  const roles = useRoleOptions();
  const [diagram, setDiagram] = useState<Definition | null>(null);
  const [deploy, setDeploy] = useState<{ base: Definition | null } | null>(null);
  const [info, setInfo] = useState<Definition | null>(null);
  const [nodes, setNodes] = useState<Definition | null>(null);
  const [versions, setVersions] = useState<Definition | null>(null);
  useEffect(
    () =>
      form.setFieldsValue({
        lcmc: filters.lcmc,
        lckey: filters.lckey,
        status: filters.status || undefined,
        all: filters.all === '1',
      }),
    [form, filters],
  );

  const list = useQuery({
    queryKey: ['wfDefinitions', filters, pageNo, pageSize],
    staleTime: 0,
    queryFn: async () => {
      const res = await wfApi.definitions({
        lcmc: filters.lcmc || undefined,
        lckey: filters.lckey || undefined,
        status: filters.status || undefined,
        zx: filters.all === '1' ? undefined : 'true',
        pageNo,
        pageSize,
      });
      if (!res.success) message.warning(res.message);
      return readPage<Definition>(res);
    },
    placeholderData: (prev) => prev,
  });
  const reload = () => void list.refetch();

  const toggle = async (d: Definition) => {
    const res = await wfApi.updateStatus(d.id, d.status === 1 ? 0 : 1);
    if (res.success) message.success(res.message);
    else message.error(res.message);
    reload();
  };
  const remove = async (d: Definition) => {
    const res = await wfApi.deleteDefinitions([d.id]);
    if (res.success) message.success(res.message);
    else message.error(res.message);
    reload();
  };
  const roleText = (codes: string | null) =>
    (codes ?? '')
      .split(',')
      .filter(Boolean)
      .map((c) => roles.find((r) => r.value === c)?.label ?? c)
      .join('、') || '所有人';

  const columns: TableColumnsType<Definition> = [
    { title: '流程名称', dataIndex: 'name', width: 140 },
    { title: '流程标识', dataIndex: 'processKey', width: 120 },
    {
      title: '版本',
      dataIndex: 'version',
      width: 100,
      render: (v: number, r) => (
        <span>
          v{v} {r.latest === 1 && <Tag color="blue">最新</Tag>}
        </span>
      ),
    },
    { title: '分类', dataIndex: 'categoryId', width: 80 },
    {
      title: '表单类型',
      dataIndex: 'formLabel',
      width: 90,
      render: (v: string | null) => v ?? <Tag color="red">未设置</Tag>,
    },
    {
      title: '可发起角色',
      dataIndex: 'roles',
      width: 150,
      ellipsis: true,
      render: (v: string | null) => roleText(v),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      align: 'center',
      render: (_v, r) => {
        const s = suspendedView(r.status !== 1);
        return <Tag color={s.color}>{s.text}</Tag>;
      },
    },
    { title: '描述', dataIndex: 'description', width: 180, ellipsis: true },
    { title: '部署时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      fixed: narrow ? undefined : 'right',
      width: 330,
      render: (_v, r) => (
        <Space size={4} split={<span className="wf-split">|</span>} wrap>
          <a onClick={() => setDiagram(r)}>流程图</a>
          <Auth code={PERM.edit}>
            <a onClick={() => setInfo(r)}>设置</a>
          </Auth>
          <Auth code={PERM.edit}>
            <a onClick={() => setNodes(r)}>节点设置</a>
          </Auth>
          <Auth code={PERM.deploy}>
            <a onClick={() => setDeploy({ base: r })}>编辑XML</a>
          </Auth>
          <Auth code={PERM.status}>
            <Popconfirm
              title={r.status === 1 ? '挂起后该流程的待办将无法处理，确定挂起吗？' : '确定激活该流程吗？'}
              onConfirm={() => toggle(r)}
            >
              <a>{r.status === 1 ? '挂起' : '激活'}</a>
            </Popconfirm>
          </Auth>
          <a onClick={() => setVersions(r)}>版本</a>
          <Auth code={PERM.remove}>
            <Popconfirm title="确定删除该版本吗？" onConfirm={() => remove(r)}>
              <a>删除</a>
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <Card className="wf-page" data-testid="process-definitions">
      <Form
        form={form}
        layout="inline"
        className="wf-search"
        onFinish={(v) =>
          set({
            pageNo: 1,
            filters: {
              lcmc: v.lcmc?.trim() ?? '',
              lckey: v.lckey?.trim() ?? '',
              status: v.status ?? '',
              all: v.all ? '1' : '',
            },
          })
        }
      >
        <Form.Item name="lcmc" label="流程名称">
          <Input allowClear placeholder="请输入" />
        </Form.Item>
        <Form.Item name="lckey" label="流程标识">
          <Input allowClear placeholder="请输入" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder="请选择"
            options={[
              { value: '1', label: '激活' },
              { value: '0', label: '挂起' },
            ]}
          />
        </Form.Item>
        <Form.Item name="all" valuePropName="checked">
          <Checkbox>显示历史版本</Checkbox>
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
                reset();
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space wrap style={{ margin: '16px 0' }}>
        <Auth code={PERM.deploy}>
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setDeploy({ base: null })}>
            部署流程
          </Button>
        </Auth>
        <Button icon={<ReloadOutlined />} onClick={reload}>
          刷新
        </Button>
      </Space>
      <ResponsiveTable<Definition>
        rowKey="id"
        bordered
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        scroll={{ x: 1500 }}
        pagination={listPagination(pageNo, pageSize, list.data?.total ?? 0, (p, s) =>
          set({ pageNo: p, pageSize: s }),
        )}
      />
      <DiagramModal def={diagram} onClose={() => setDiagram(null)} />
      <DeployModal
        base={deploy?.base ?? null}
        open={!!deploy}
        onClose={(changed) => {
          setDeploy(null);
          if (changed) reload();
        }}
      />
      <InfoModal
        def={info}
        onClose={(changed) => {
          setInfo(null);
          if (changed) reload();
        }}
      />
      <NodesModal def={nodes} onClose={() => setNodes(null)} />
      <VersionsModal def={versions} onClose={() => setVersions(null)} onDiagram={(d) => setDiagram(d)} />
    </Card>
  );
}
