import { evenMonths, INDICATOR_TEXTS, monthsMatch } from '@go/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Col, Empty, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useAuth } from '../../../app/auth';
import { useSession } from '../../../app/session/store';
import { departOptions, indicatorApi, type IndicatorNode, type IndicatorRow, type Light } from '../api';
import { IndicatorChart } from '../components/IndicatorChart';
import { PersonSelect } from '../../../components/pickers/PersonSelect';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';

const LIGHT_STATUS: Record<Light, 'success' | 'warning' | 'error' | 'default'> = { green: 'success', yellow: 'warning', red: 'error', grey: 'default' };
const LIGHT_TEXT: Record<Light, string> = { green: '正常', yellow: '预警', red: '落后', grey: '未填报' };
const fmt = (n: number) => n.toLocaleString('zh-CN', { maximumFractionDigits: 2 });

function LightBadge({ light }: { light: Light }) {
  return <Badge status={LIGHT_STATUS[light]} text={LIGHT_TEXT[light]} />;
}

interface AddValues {
  orgCode: string;
  name: string;
  unit?: string;
  target: number;
  weight: number;
  owner: string;
}

/** 战略指标: the roll-up tree, the node's indicators, target vs actual chart, actuals and decomposition. */
export default function IndicatorBoard() {
  const { message } = App.useApp();
  const { has } = useAuth();
  const qc = useQueryClient();
  const self = useSession((s) => s.userInfo?.username ?? '');
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [node, setNode] = useState<string | undefined>();
  const [selected, setSelected] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [actuals, setActuals] = useState<IndicatorRow | null>(null);
  const [targets, setTargets] = useState<IndicatorRow | null>(null);
  const [addForm] = Form.useForm<AddValues>();
  const [monthValues, setMonthValues] = useState<(number | null)[]>([]);
  const canManage = has('office:indicator:manage');

  const tree = useQuery({ queryKey: ['office', 'indicator', 'tree', year], queryFn: () => indicatorApi.tree(year) });
  const list = useQuery({ queryKey: ['office', 'indicator', 'list', year, node], queryFn: () => indicatorApi.list(year, node) });
  const departs = useQuery({ queryKey: ['office', 'departs'], queryFn: departOptions, enabled: adding });
  const rows = list.data ?? [];
  const current = rows.find((r) => r.id === selected) ?? rows[0];
  const refresh = () => void qc.invalidateQueries({ queryKey: ['office', 'indicator'] });

  const treeData = useMemo(() => {
    interface TreeItem {
      key: string;
      title: React.ReactNode;
      children: TreeItem[];
    }
    const map = (n: IndicatorNode): TreeItem => ({
      key: n.orgCode,
      title: (
        <span data-testid={`indicator-node-${n.orgCode}`}>
          {n.departName} <Typography.Text type="secondary">{fmt(n.completionRate)}%</Typography.Text> <LightBadge light={n.light} />
        </span>
      ),
      children: n.children.map(map),
    });
    return (tree.data ?? []).map(map);
  }, [tree.data]);

  const submitAdd = async () => {
    let v: AddValues;
    try {
      v = await addForm.validateFields();
    } catch {
      return;
    }
    try {
      const id = await indicatorApi.add({ ...v, year });
      message.success('添加成功！');
      setAdding(false);
      setSelected(id);
      refresh();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  const saveActuals = async () => {
    if (!actuals) return;
    try {
      for (let i = 0; i < 12; i++) {
        const before = actuals.months[i].actual;
        const after = monthValues[i] ?? null;
        if (before !== after) await indicatorApi.actual(actuals.id, i + 1, after);
      }
      message.success('保存成功');
      setActuals(null);
      refresh();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  const saveTargets = async () => {
    if (!targets) return;
    const months = monthValues.map((v) => v ?? 0);
    if (!monthsMatch(targets.target, months)) {
      message.error(INDICATOR_TEXTS.monthsSum);
      return;
    }
    try {
      await indicatorApi.targets(targets.id, months);
      message.success('保存成功');
      setTargets(null);
      refresh();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  const monthGrid = (field: 'actual' | 'target') => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 12 }}>
      {Array.from({ length: 12 }, (_, i) => (
        <label key={i} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <span>{i + 1}月</span>
          <InputNumber
            aria-label={`${i + 1}月${field === 'actual' ? '实际' : '目标'}`}
            data-testid={`month-${field}-${i + 1}`}
            style={{ width: '100%' }}
            value={monthValues[i]}
            onChange={(v) => setMonthValues((old) => old.map((x, k) => (k === i ? (v === null || v === undefined ? null : Number(v)) : x)))}
          />
        </label>
      ))}
    </div>
  );

  return (
    <Card
      title="战略指标"
      extra={
        <Space wrap>
          <Select
            aria-label="年度"
            value={year}
            onChange={(y) => {
              setYear(y);
              setSelected(undefined);
            }}
            options={[thisYear - 1, thisYear, thisYear + 1].map((y) => ({ value: y, label: `${y}年` }))}
          />
          {canManage && (
            <Button type="primary" data-testid="indicator-add" onClick={() => {
              addForm.resetFields();
              addForm.setFieldsValue({ owner: self, weight: 100 });
              setAdding(true);
            }}>
              新增指标
            </Button>
          )}
        </Space>
      }
    >
      <Row gutter={16}>
        <Col xs={24} lg={7}>
          <Typography.Title level={5}>组织汇总</Typography.Title>
          {tree.data && !tree.data.length ? (
            <Empty description="本年度还没有指标" />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              key={(tree.data ?? []).map((n) => n.orgCode).join() + String(tree.dataUpdatedAt)}
              treeData={treeData}
              selectedKeys={node ? [node] : []}
              onSelect={(keys) => {
                setNode(keys[0] ? String(keys[0]) : undefined);
                setSelected(undefined);
              }}
            />
          )}
        </Col>
        <Col xs={24} lg={17}>
          <ResponsiveTable<IndicatorRow>
            rowKey="id"
            size="small"
            data-testid="indicator-table"
            loading={list.isLoading}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 900 }}
            locale={{ emptyText: '暂无指标' }}
            rowClassName={(r) => (r.id === current?.id ? 'ant-table-row-selected' : '')}
            onRow={(r) => ({ onClick: () => setSelected(r.id) })}
            columns={[
              { title: '指标', dataIndex: 'name', width: 160 },
              { title: '所属', dataIndex: 'departName', width: 110 },
              { title: '年度目标', dataIndex: 'target', width: 110, align: 'right', render: (v: number, r) => `${fmt(v)}${r.unit ?? ''}` },
              { title: '权重', dataIndex: 'weight', width: 70, align: 'right' },
              { title: '责任人', dataIndex: 'ownerName', width: 80 },
              { title: '累计实际', dataIndex: 'actualTotal', width: 110, align: 'right', render: (v: number, r) => `${fmt(v)}${r.unit ?? ''}` },
              { title: '完成率', dataIndex: 'completionRate', width: 90, align: 'right', render: (v: number) => `${fmt(v)}%` },
              { title: '状态', dataIndex: 'light', width: 90, render: (v: Light) => <LightBadge light={v} /> },
              {
                title: '操作',
                key: 'op',
                width: 170,
                fixed: 'right',
                render: (_, r) => (
                  <Space size={0}>
                    {(r.owner === self || canManage) && (
                      <Button
                        type="link"
                        size="small"
                        data-testid="indicator-actuals"
                        onClick={(e) => {
                          e.stopPropagation();
                          setMonthValues(r.months.map((m) => m.actual));
                          setActuals(r);
                        }}
                      >
                        填报
                      </Button>
                    )}
                    {canManage && (
                      <Button
                        type="link"
                        size="small"
                        onClick={(e) => {
                          e.stopPropagation();
                          setMonthValues(r.months.map((m) => m.target ?? 0));
                          setTargets(r);
                        }}
                      >
                        分解
                      </Button>
                    )}
                    {canManage && (
                      <Popconfirm
                        title="确定删除该指标吗?"
                        onConfirm={async () => {
                          try {
                            await indicatorApi.remove(r.id);
                            refresh();
                          } catch (err) {
                            message.error((err as Error).message);
                          }
                        }}
                      >
                        <Button type="link" size="small" danger onClick={(e) => e.stopPropagation()}>
                          删除
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
          {current && (
            <div style={{ marginTop: 16 }} data-testid="indicator-chart" data-actual-total={current.actualTotal}>
              <Typography.Title level={5}>
                {current.name}：目标与实际
              </Typography.Title>
              <Typography.Paragraph data-testid="indicator-summary">
                累计实际 {fmt(current.actualTotal)}
                {current.unit ?? ''} / 年度目标 {fmt(current.target)}
                {current.unit ?? ''}，完成率 {fmt(current.completionRate)}%，进度 {fmt(current.progressRate)}%（计划至今 {fmt(current.targetToDate)}
                {current.unit ?? ''}） <LightBadge light={current.light} />
              </Typography.Paragraph>
              <Space wrap style={{ marginBottom: 8 }}>
                {current.quarters.map((q) => (
                  <Typography.Text key={q.quarter} type="secondary">
                    Q{q.quarter}：目标 {fmt(q.target)} / 实际 {q.actual === null ? '—' : fmt(q.actual)}
                  </Typography.Text>
                ))}
              </Space>
              <IndicatorChart name={current.name} unit={current.unit} months={current.months} />
            </div>
          )}
        </Col>
      </Row>

      <Modal open={adding} title="新增指标" onCancel={() => setAdding(false)} onOk={() => void submitAdd()} okText="保存" destroyOnHidden>
        <Form form={addForm} layout="vertical" data-testid="indicator-form">
          <Form.Item name="orgCode" label="所属公司或部门" rules={[{ required: true, message: INDICATOR_TEXTS.orgRequired }]}>
            <Select aria-label="所属公司或部门" showSearch optionFilterProp="label" loading={departs.isLoading} options={(departs.data ?? []).map((d) => ({ value: d.orgCode, label: d.departName }))} />
          </Form.Item>
          <Form.Item name="name" label="指标名称" rules={[{ required: true, whitespace: true, message: INDICATOR_TEXTS.nameRequired }]}>
            <Input maxLength={200} data-testid="indicator-name" />
          </Form.Item>
          <Space wrap>
            <Form.Item name="unit" label="单位">
              <Input maxLength={20} style={{ width: 120 }} data-testid="indicator-unit" />
            </Form.Item>
            <Form.Item name="target" label="年度目标" rules={[{ required: true, type: 'number', min: 0.01, message: INDICATOR_TEXTS.targetInvalid }]}>
              <InputNumber style={{ width: 160 }} data-testid="indicator-target" />
            </Form.Item>
            <Form.Item name="weight" label="权重" rules={[{ required: true, type: 'number', min: 0, max: 100, message: INDICATOR_TEXTS.weightInvalid }]}>
              <InputNumber style={{ width: 120 }} />
            </Form.Item>
          </Space>
          <Form.Item name="owner" label="责任人" rules={[{ required: true, message: INDICATOR_TEXTS.ownerRequired }]}>
            <PersonSelect aria-label="责任人" />
          </Form.Item>
          <Typography.Text type="secondary">保存后按月平均分解，可在“分解”中调整。</Typography.Text>
        </Form>
      </Modal>

      <Modal
        open={!!actuals}
        title={actuals ? `填报实际：${actuals.name}` : ''}
        width={760}
        onCancel={() => setActuals(null)}
        onOk={() => void saveActuals()}
        okText="保存"
        destroyOnHidden
        footer={(buttons) => (
          <>
            {actuals ? <ChangeLogButton recordType="oa_indicator" recordId={actuals.id} /> : null}
            {buttons}
          </>
        )}
      >
        {monthGrid('actual')}
      </Modal>

      <Modal
        open={!!targets}
        title={targets ? `月度分解：${targets.name}（年度目标 ${fmt(targets.target)}）` : ''}
        width={760}
        onCancel={() => setTargets(null)}
        onOk={() => void saveTargets()}
        okText="保存"
        destroyOnHidden
        footer={(buttons) => (
          <>
            {targets ? <ChangeLogButton recordType="oa_indicator" recordId={targets.id} /> : null}
            {buttons}
          </>
        )}
      >
        <Space style={{ marginBottom: 12 }}>
          <Button onClick={() => targets && setMonthValues(evenMonths(targets.target))}>平均分解</Button>
          <Typography.Text type={targets && monthsMatch(targets.target, monthValues.map((v) => v ?? 0)) ? 'secondary' : 'danger'}>
            合计 {fmt(monthValues.reduce<number>((s, v) => s + (v ?? 0), 0))}
          </Typography.Text>
        </Space>
        {monthGrid('target')}
      </Modal>
    </Card>
  );
}
