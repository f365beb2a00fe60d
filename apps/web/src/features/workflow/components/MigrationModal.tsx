import { ArrowRightOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Empty,
  Form,
  Modal,
  Radio,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { WfDefinitionRow, WfMigrationInstance } from '@go/contract';
import { migrationApi, type MigrationPreview, type MigrationResult } from '../engine/migrationApi';

interface Props {
  /**
   * The version the action was taken on (procDefId); null: closed. On the newest version the instances of
   * the version before it move in; on an older version (or chosen instances) they move to the newest.
   */
  definitionId: string | null;
  /** instances chosen on 流程实例; without them every running instance of the version */
  procInstIds?: string[];
  onClose: (changed: boolean) => void;
}

type Scope = 'all' | 'selected';

const nodeText = (name: string | null, id: string | null) => (id ? `${name ?? id}（${id}）` : '—');

/**
 * 迁移: moves running instances of one version to another version of the same process. Choose the target
 * version and the instances, see per instance where each open task lands (or why it cannot move), map the
 * nodes the target lacks to its user tasks, confirm, and read the result per instance.
 */
export function MigrationModal({ definitionId, procInstIds, onClose }: Props) {
  const { message, modal } = App.useApp();
  const [versions, setVersions] = useState<WfDefinitionRow[]>([]);
  const [sourceId, setSourceId] = useState<string | undefined>();
  const [targetId, setTargetId] = useState<string | undefined>();
  const [scope, setScope] = useState<Scope>('all');
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [names, setNames] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<MigrationPreview | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<MigrationResult[] | null>(null);
  const asked = useRef(0);

  // opening: every version of the process; on the newest version the one before it moves in, from an
  // older version (or chosen instances) to the newest
  useEffect(() => {
    setVersions([]);
    setSourceId(undefined);
    setTargetId(undefined);
    setMapping({});
    setNames({});
    setPreview(null);
    setResults(null);
    setError(null);
    setScope(procInstIds?.length ? 'selected' : 'all');
    if (!definitionId) return;
    let live = true;
    void (async () => {
      const def = await migrationApi.definition(definitionId);
      if (!live) return;
      if (!def.success || !def.result) {
        setError(def.message || '流程定义不存在');
        return;
      }
      const all = await migrationApi.versions(def.result.processKey);
      if (!live) return;
      const list = [...(all.result ?? [])].sort((x, y) => y.version - x.version);
      setVersions(list);
      if (procInstIds?.length || list[0]?.id !== definitionId) {
        setSourceId(definitionId);
        setTargetId(list.find((d) => d.id !== definitionId)?.id);
      } else {
        setSourceId(list[1]?.id);
        setTargetId(definitionId);
      }
    })().catch(() => setError('加载流程版本失败'));
    return () => {
      live = false;
    };
  }, [definitionId, procInstIds]);

  const body = useMemo(
    () =>
      sourceId && targetId
        ? {
            sourceProcDefId: sourceId,
            targetProcDefId: targetId,
            mapping,
            ...(scope === 'selected' && procInstIds?.length ? { procInstIds } : { all: true }),
          }
        : null,
    [sourceId, targetId, mapping, scope, procInstIds],
  );

  // the preview follows every change of target, scope and mapping (the last answer wins)
  useEffect(() => {
    if (!body || results) return;
    const n = ++asked.current;
    setLoading(true);
    void migrationApi
      .preview(body)
      .then((res) => {
        if (n !== asked.current) return;
        if (!res.success || !res.result) {
          setError(res.message);
          setPreview(null);
          return;
        }
        setError(null);
        setPreview(res.result);
        setSelected(res.result.instances.filter((i) => i.migratable).map((i) => i.procInstId));
        setNames((old) => ({
          ...old,
          ...Object.fromEntries(res.result!.unmapped.map((u) => [u.id, u.name])),
        }));
      })
      .catch(() => undefined)
      .finally(() => {
        if (n === asked.current) setLoading(false);
      });
  }, [body, results]);

  const target = versions.find((v) => v.id === targetId);
  const source = versions.find((v) => v.id === sourceId);
  const versionLabel = (v: WfDefinitionRow) =>
    `版本${v.version}${v.latest === 1 ? '（最新）' : ''}${v.status !== 1 ? '（已挂起）' : ''}`;
  const mappingRows = useMemo(() => {
    const ids = new Set([...(preview?.unmapped.map((u) => u.id) ?? []), ...Object.keys(mapping)]);
    return [...ids].map((id) => ({
      id,
      name: names[id] ?? id,
      instances: preview?.unmapped.find((u) => u.id === id)?.instances,
    }));
  }, [preview, mapping, names]);
  const targetOptions = (preview?.targetNodes ?? []).map((n) => ({
    value: n.id,
    label: `${n.name}（${n.id}）${n.multi ? ` · ${n.multi === 'parallel' ? '并行会签' : '依次会签'}` : ''}`,
  }));

  const migrate = () => {
    if (!body || !selected.length || !target) return;
    modal.confirm({
      title: `确定将${selected.length}个流程实例迁移到版本${target.version}吗？`,
      content:
        '每个实例单独迁移：待办转到目标版本的节点，审批历史保留并记录本次迁移，待办变动的审批人会收到通知。',
      okText: '迁移',
      cancelText: '取消',
      onOk: async () => {
        setRunning(true);
        try {
          const res = await migrationApi.execute({ ...body, all: undefined, procInstIds: selected });
          if (!res.success || !res.result) {
            message.warning(res.message);
            return;
          }
          setResults(res.result);
          const failed = res.result.filter((r) => !r.success).length;
          if (failed) message.warning(res.message);
          else message.success(`已将${res.result.length}个流程实例迁移到版本${target.version}`);
        } catch {
          /* shown by the client */
        } finally {
          setRunning(false);
        }
      },
    });
  };

  const columns: TableColumnsType<WfMigrationInstance> = [
    {
      title: '标题',
      dataIndex: 'title',
      width: 200,
      ellipsis: true,
      render: (v: string | null, r) => v ?? r.procInstId,
    },
    { title: '申请人', dataIndex: 'applyer', width: 90 },
    {
      title: '当前节点 → 目标节点',
      key: 'moves',
      render: (_v, r) => (
        <Space direction="vertical" size={2}>
          {r.moves.map((m, i) => (
            <span key={`${m.sourceNodeId}-${m.taskId ?? i}`} className="wf-migration-move">
              {m.sourceNodeName}
              {m.kind === 'join' && '（汇聚等待）'} <ArrowRightOutlined aria-label="迁移到" />{' '}
              {m.targetNodeId ? (
                <>
                  {m.targetNodeName}
                  {m.kind === 'task' && m.targetUsers.length > 0 && (
                    <Typography.Text type="secondary">
                      （{m.targetUsers.map((u) => u.realname).join('、')}
                      {m.people === 'resolved' ? '，按目标节点规则' : ''}）
                    </Typography.Text>
                  )}
                </>
              ) : (
                <Typography.Text type="danger">未映射</Typography.Text>
              )}
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 280,
      render: (_v, r) =>
        r.migratable ? (
          <Tag color="green">可迁移</Tag>
        ) : (
          <Space direction="vertical" size={2}>
            <Tag color="red">不能迁移</Tag>
            {r.reasons.map((x) => (
              <Typography.Text key={x} type="danger" className="wf-migration-reason">
                {x}
              </Typography.Text>
            ))}
          </Space>
        ),
    },
  ];

  const resultColumns: TableColumnsType<MigrationResult> = [
    { title: '标题', dataIndex: 'title', width: 220, render: (v: string | null, r) => v ?? r.procInstId },
    {
      title: '结果',
      dataIndex: 'success',
      width: 90,
      render: (v: boolean) => (v ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>),
    },
    { title: '说明', dataIndex: 'message' },
  ];

  const title = source ? `迁移「${source.name}」的运行中实例` : '迁移运行中实例';
  const footer = results
    ? [
        <Button key="done" type="primary" onClick={() => onClose(true)} data-testid="migration-done">
          完成
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={() => onClose(false)}>
          取消
        </Button>,
        <Button
          key="go"
          type="primary"
          disabled={!selected.length || loading || !!preview?.problems.length}
          loading={running}
          onClick={migrate}
          data-testid="migration-submit"
        >
          迁移所选（{selected.length}）
        </Button>,
      ];

  return (
    <Modal
      title={title}
      open={!!definitionId}
      width={1000}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(!!results)}
      footer={footer}
    >
      <div data-testid="migration-modal">
        {results ? (
          <>
            <Alert
              type={results.every((r) => r.success) ? 'success' : 'warning'}
              showIcon
              style={{ marginBottom: 12 }}
              message={`迁移完成：成功${results.filter((r) => r.success).length}个，失败${results.filter((r) => !r.success).length}个`}
            />
            <Table<MigrationResult>
              rowKey="procInstId"
              size="small"
              columns={resultColumns}
              dataSource={results}
              pagination={false}
              data-testid="migration-results"
            />
          </>
        ) : (
          <>
            <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
              <Form.Item label="从" htmlFor="migration-source" required>
                <Select
                  id="migration-source"
                  style={{ width: 170 }}
                  value={sourceId}
                  disabled={!!procInstIds?.length && scope === 'selected'}
                  onChange={(v) => {
                    setSourceId(v);
                    setMapping({});
                  }}
                  placeholder={versions.length ? '选择版本' : '加载中…'}
                  loading={!versions.length && !error}
                  options={versions
                    .filter((v) => v.id !== targetId)
                    .map((v) => ({ value: v.id, label: versionLabel(v) }))}
                  data-testid="migration-source"
                />
              </Form.Item>
              <Form.Item label="迁移到" htmlFor="migration-target" required>
                <Select
                  id="migration-target"
                  style={{ width: 170 }}
                  value={targetId}
                  onChange={(v) => {
                    setTargetId(v);
                    setMapping({});
                  }}
                  placeholder={versions.length ? '选择目标版本' : '加载中…'}
                  loading={!versions.length && !error}
                  options={versions
                    .filter((v) => v.id !== sourceId)
                    .map((v) => ({ value: v.id, label: versionLabel(v) }))}
                  data-testid="migration-target"
                />
              </Form.Item>
              <Form.Item label="迁移范围">
                <Radio.Group
                  value={scope}
                  onChange={(e) => setScope(e.target.value as Scope)}
                  data-testid="migration-scope"
                >
                  <Radio value="all">该版本全部运行中实例</Radio>
                  <Radio value="selected" disabled={!procInstIds?.length}>
                    所选实例{procInstIds?.length ? `（${procInstIds.length}）` : ''}
                  </Radio>
                </Radio.Group>
              </Form.Item>
            </Form>
            {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={error} />}
            {versions.length === 1 && !error && (
              <Alert type="info" showIcon message="该流程只有一个版本，请先部署新版本" />
            )}
            {preview?.problems.map((p) => (
              <Alert key={p} type="error" showIcon style={{ marginBottom: 8 }} message={p} />
            ))}
            {preview?.warnings.map((w) => (
              <Alert key={w} type="warning" showIcon style={{ marginBottom: 8 }} message={w} />
            ))}
            {mappingRows.length > 0 && (
              <div
                className="wf-migration-mapping"
                data-testid="migration-mapping"
                role="group"
                aria-label="节点映射"
              >
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  节点映射
                </Typography.Title>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                  以下节点在版本{target?.version}中不存在，请选择迁移到目标版本的哪个用户任务。
                </Typography.Paragraph>
                {mappingRows.map((row) => (
                  <div
                    key={row.id}
                    className="wf-migration-map-row"
                    style={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 8,
                      marginBottom: 8,
                      flexWrap: 'wrap',
                    }}
                  >
                    <label htmlFor={`migration-map-${row.id}`} style={{ minWidth: 220 }}>
                      {nodeText(row.name, row.id)}
                      {row.instances ? (
                        <Typography.Text type="secondary">（{row.instances}个实例）</Typography.Text>
                      ) : null}
                    </label>
                    <ArrowRightOutlined aria-hidden />
                    <Select
                      id={`migration-map-${row.id}`}
                      style={{ width: 300 }}
                      allowClear
                      value={mapping[row.id]}
                      placeholder={`选择版本${target?.version ?? ''}中的用户任务`}
                      options={targetOptions}
                      onChange={(v?: string) =>
                        setMapping((m) => {
                          const next = { ...m };
                          if (v) next[row.id] = v;
                          else delete next[row.id];
                          return next;
                        })
                      }
                      data-testid={`migration-map-${row.id}`}
                    />
                  </div>
                ))}
              </div>
            )}
            <Spin spinning={loading}>
              {preview && (
                <Typography.Paragraph style={{ margin: '8px 0' }} data-testid="migration-summary">
                  共{preview.total}个运行中实例，可迁移{preview.migratable}个
                  {preview.truncated ? '（一次最多500个，其余请下次迁移）' : ''}；已选{selected.length}个。
                </Typography.Paragraph>
              )}
              <Table<WfMigrationInstance>
                rowKey="procInstId"
                size="small"
                columns={columns}
                dataSource={preview?.instances ?? []}
                pagination={
                  (preview?.instances.length ?? 0) > 10 ? { pageSize: 10, showSizeChanger: false } : false
                }
                scroll={{ x: 860 }}
                locale={{
                  emptyText: (
                    <Empty
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                      description={preview ? '该版本没有运行中的流程实例' : '请选择目标版本'}
                    />
                  ),
                }}
                rowSelection={{
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as string[]),
                  getCheckboxProps: (r) => ({
                    disabled: !r.migratable,
                    'aria-label': `选择${r.title ?? r.procInstId}`,
                  }),
                }}
                data-testid="migration-preview"
              />
            </Spin>
          </>
        )}
      </div>
    </Modal>
  );
}
