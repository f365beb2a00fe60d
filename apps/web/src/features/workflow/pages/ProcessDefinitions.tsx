import { CloudUploadOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { Auth } from '../../../app/auth';
import { ListPage, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import type { Definition } from '../api';
import { wfApi } from '../api';
import {
  DeployModal,
  DiagramModal,
  InfoModal,
  NodesModal,
  useRoleOptions,
  VersionsModal,
} from '../components/DefinitionModals';
import { suspendedView } from '../approval';
import { MigrationModal } from '../components/MigrationModal';
import { MIGRATE_PERM } from '../engine/migrationApi';
import '../workflow.css';

const PERM = {
  deploy: 'workflow:process:deploy',
  edit: 'workflow:process:edit',
  status: 'workflow:process:status',
  remove: 'workflow:process:delete',
};
type DefinitionRow = Definition & Row;

/** 流程定义: BPMN upload and editing, diagram, versions, activate/suspend, form type, start roles, category, node rules. */
export default function ProcessDefinitions() {
  const { message } = App.useApp();
  const list = useRef<ListHelpers<DefinitionRow> | null>(null);
  const roles = useRoleOptions();
  const [diagram, setDiagram] = useState<Definition | null>(null);
  const [deploy, setDeploy] = useState<{ base: Definition | null } | null>(null);
  const [info, setInfo] = useState<Definition | null>(null);
  const [nodes, setNodes] = useState<Definition | null>(null);
  const [versions, setVersions] = useState<Definition | null>(null);
  const [migrate, setMigrate] = useState<string | null>(null);
  const reload = () => list.current?.reload();

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

  const columns: ListColumn<DefinitionRow>[] = [
    { title: '流程名称', dataIndex: 'lcmc', hideInTable: true, search: 'eq' },
    { title: '流程标识', dataIndex: 'lckey', hideInTable: true, search: 'eq' },
    {
      title: '状态',
      dataIndex: 'status',
      hideInTable: true,
      search: 'eq',
      options: [
        { value: '1', text: '激活' },
        { value: '0', text: '挂起' },
      ],
    },
    { title: '显示历史版本', dataIndex: 'all', hideInTable: true, search: 'eq', type: 'boolean' },
    { title: '流程名称', dataIndex: 'name', width: 140 },
    { title: '流程标识', dataIndex: 'processKey', width: 120 },
    {
      title: '版本',
      dataIndex: 'version',
      width: 100,
      render: (v, r) => (
        <span>
          v{v as number} {r.latest === 1 && <Tag color="blue">最新</Tag>}
        </span>
      ),
    },
    { title: '分类', dataIndex: 'categoryId', width: 80 },
    {
      title: '表单类型',
      dataIndex: 'formLabel',
      width: 90,
      render: (v) => (v as string | null) ?? <Tag color="red">未设置</Tag>,
    },
    {
      title: '可发起角色',
      dataIndex: 'roles',
      width: 150,
      ellipsis: true,
      render: (v) => roleText(v as string | null),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      align: 'center',
      card: 'status',
      render: (_v, r) => {
        const s = suspendedView(r.status !== 1);
        return <Tag color={s.color}>{s.text}</Tag>;
      },
    },
    { title: '描述', dataIndex: 'description', width: 180, ellipsis: true },
    { title: '部署时间', dataIndex: 'createTime', width: 170 },
  ];

  const actions = (r: Definition) => (
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
      <Auth code={MIGRATE_PERM}>
        <a
          onClick={() => setMigrate(r.id)}
          aria-label={`迁移${r.name}版本${r.version}的运行中实例`}
          data-testid="definition-migrate"
        >
          迁移
        </a>
      </Auth>
      <Auth code={PERM.remove}>
        <Popconfirm title="确定删除该版本吗？" onConfirm={() => remove(r)}>
          <a>删除</a>
        </Popconfirm>
      </Auth>
    </Space>
  );

  return (
    <>
      <ListPage<DefinitionRow>
        className="wf-page"
        testId="process-definitions"
        columns={columns}
        url={{}}
        load={({ filters, pageNo, pageSize }) =>
          wfApi.definitions({
            lcmc: filters.lcmc || undefined,
            lckey: filters.lckey || undefined,
            status: filters.status || undefined,
            zx: filters.all === '1' ? undefined : 'true',
            pageNo,
            pageSize,
          })
        }
        loadKey="wfDefinitions"
        helpersRef={list}
        searchFieldsShown={4}
        selection={false}
        superQuery={false}
        showDetail={false}
        showDelete={false}
        actionWidth={370}
        rowActions={(r) => actions(r)}
        toolbar={() => (
          <>
            <Auth code={PERM.deploy}>
              <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setDeploy({ base: null })}>
                部署流程
              </Button>
            </Auth>
            <Button icon={<ReloadOutlined />} onClick={reload}>
              刷新
            </Button>
          </>
        )}
        // phones: the name, the status, every other column as a field
        phoneCard={(r, { cell }) => ({
          title: cell('name'),
          status: cell('status'),
          fields: columns
            .filter((c) => !c.hideInTable && c.dataIndex !== 'name' && c.dataIndex !== 'status')
            .map((c) => ({ key: c.dataIndex, label: c.title, value: cell(c.dataIndex) })),
        })}
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
      <MigrationModal definitionId={migrate} onClose={() => setMigrate(null)} />
    </>
  );
}
