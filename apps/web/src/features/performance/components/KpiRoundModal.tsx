import { PlayCircleOutlined } from '@ant-design/icons';
import { KPI_ROUND_TEXT, QUARTER_TITLES, type KpiRoundItem, type KpiRoundResult } from '@go/contract/performance/index';
import { Alert, App, Button, Form, Input, Modal, Select, Table, Tag, TreeSelect } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Auth } from '../../../components/list/auth';
import { postAction } from '../../../app/http/client';
import { useDepartTree, type DepartNode } from '../../../components/pickers/useDepartTree';
import { thisYear, YEAR_OPTIONS } from './shared';

interface OrgOption {
  title: string;
  value: string;
  children?: OrgOption[];
}
const toTree = (nodes: DepartNode[]): OrgOption[] => nodes.map((n) => ({ title: n.title, value: n.orgCode, children: n.children ? toTree(n.children) : undefined }));

const QUARTERS = QUARTER_TITLES.map((t, i) => ({ value: i + 1, label: t }));
const OUTCOME: Record<KpiRoundItem['outcome'], { text: string; color: string }> = {
  created: { text: '已发起', color: 'green' },
  skipped: { text: '已跳过', color: 'gold' },
  failed: { text: '失败', color: 'red' },
};

const itemColumns: TableColumnsType<KpiRoundItem> = [
  { title: '姓名', dataIndex: 'realname', width: 100, render: (v, r) => String(v ?? r.username) },
  { title: '账号', dataIndex: 'username', width: 110 },
  { title: '结果', dataIndex: 'outcome', width: 90, render: (v: KpiRoundItem['outcome']) => <Tag color={OUTCOME[v].color}>{OUTCOME[v].text}</Tag> },
  { title: '原因', dataIndex: 'reason', render: (v) => String(v ?? '') },
];

/**
 * 发起KPI考评: HR or a department head starts the 季度KPI考评 of a department (or a whole company) for a
 * period; every active member gets the form as their own application, submitted into the normal process.
 * The answer lists who got one and who was skipped, and why.
 */
export function KpiRoundButton() {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<KpiRoundResult | null>(null);
  const { nodes, loading } = useDepartTree();
  const treeData = useMemo(() => toTree(nodes), [nodes]);

  const close = () => {
    setOpen(false);
    setConfirming(false);
    setResult(null);
  };
  const check = async () => {
    try {
      await form.validateFields();
      setConfirming(true);
    } catch {
      // the fields show their messages
    }
  };
  const start = async () => {
    const v = form.getFieldsValue();
    setSaving(true);
    try {
      const res = await postAction<KpiRoundResult>('/performance/kpiRound/start', { yearPart: v.yearPart, quarter: v.quarter, orgCode: v.orgCode, kpiGoal: v.kpiGoal });
      if (res.success) {
        message.success(res.message);
        setResult(res.result);
      } else message.warning(res.message);
    } catch {
      // the client has shown the error
    } finally {
      setSaving(false);
      setConfirming(false);
    }
  };

  const footer = result
    ? [
        <Button key="close" type="primary" onClick={close}>
          关闭
        </Button>,
      ]
    : confirming
      ? [
          <Button key="back" onClick={() => setConfirming(false)}>
            返回修改
          </Button>,
          <Button key="ok" type="primary" loading={saving} onClick={() => void start()} data-testid="kpi-round-confirm">
            确认发起
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={close}>
            取消
          </Button>,
          <Button key="next" type="primary" onClick={() => void check()} data-testid="kpi-round-next">
            发起
          </Button>,
        ];
  const v = form.getFieldsValue();
  return (
    <Auth code={KPI_ROUND_TEXT.perm}>
      <Button
        icon={<PlayCircleOutlined />}
        onClick={() => {
          form.resetFields();
          form.setFieldsValue({ yearPart: thisYear() });
          setOpen(true);
        }}
        data-testid="kpi-round-open"
      >
        发起KPI考评
      </Button>
      <Modal title="发起KPI考评" open={open} width={720} maskClosable={false} destroyOnHidden onCancel={close} footer={footer}>
        <div data-testid="kpi-round-modal">
          {result ? (
            <>
              <Alert
                type={result.failedCount ? 'warning' : 'success'}
                showIcon
                style={{ marginBottom: 12 }}
                data-testid="kpi-round-summary"
                message={`${result.departName ?? result.orgCode} ${result.yearPart}年${QUARTER_TITLES[result.quarter - 1]}：已发起 ${result.createdCount} 份，跳过 ${result.skippedCount} 人${result.failedCount ? `，失败 ${result.failedCount} 人` : ''}`}
                description="已发起的考评以员工本人为申请人提交，按季度KPI考评流程审批；跳过的人员本期已有季度KPI考评。"
              />
              <Table<KpiRoundItem> rowKey="username" size="small" columns={itemColumns} dataSource={result.items} pagination={false} scroll={{ y: 360, x: 480 }} data-testid="kpi-round-items" />
            </>
          ) : (
            <Form form={form} layout="vertical" name="kpi-round" disabled={confirming}>
              <Form.Item label="考核年度" name="yearPart" rules={[{ required: true, message: '请选择考核年度' }]}>
                <Select options={YEAR_OPTIONS} showSearch aria-label="考核年度" />
              </Form.Item>
              <Form.Item label="季度" name="quarter" rules={[{ required: true, message: '请选择季度' }]}>
                <Select options={QUARTERS} aria-label="季度" placeholder="请选择季度" />
              </Form.Item>
              <Form.Item label="部门或公司" name="orgCode" rules={[{ required: true, message: KPI_ROUND_TEXT.orgRequired }]} extra="该部门（含下级部门）全部在职人员各发起一份">
                <TreeSelect treeData={treeData} loading={loading} showSearch treeNodeFilterProp="title" treeDefaultExpandAll placeholder={KPI_ROUND_TEXT.orgRequired} aria-label="部门或公司" />
              </Form.Item>
              <Form.Item label="KPI目标" name="kpiGoal" rules={[{ required: true, whitespace: true, message: KPI_ROUND_TEXT.goalRequired }]}>
                <Input.TextArea rows={4} maxLength={2000} showCount placeholder="本期KPI目标，写入每份考评" />
              </Form.Item>
              {confirming && (
                <Alert
                  type="info"
                  showIcon
                  data-testid="kpi-round-confirm-text"
                  message={`将为所选部门的全部在职人员发起 ${v.yearPart}年${QUARTER_TITLES[Number(v.quarter) - 1] ?? ''} 季度KPI考评，并以员工本人名义提交审批。确认发起？`}
                />
              )}
            </Form>
          )}
        </div>
      </Modal>
    </Auth>
  );
}
