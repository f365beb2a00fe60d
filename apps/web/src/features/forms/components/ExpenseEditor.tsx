import { App, Button, Col, Form, Input, Modal, Row, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDictOptions } from '../../../app/dict';
import { EditableGrid, type GridHandle } from '../../../components/grid/EditableGrid';
import type { GridColumn } from '../../../components/grid/types';
import { FileUpload } from '../../../components/upload';
import { ApplyModal } from '../../workflow/components/ApplyModal';
import { fullScreenProps } from '../../workflow/components/TaskFormModal';
import { useNarrow } from '../../workflow/useNarrow';
import type { FormEditorProps } from '../../workflow/formTypes';
import { money, type ExpenseItem } from './ExpenseView';
import { useApplication } from './useApplication';

export const EXPENSE_TABLE = 'fm_expense';

const itemColumns: GridColumn[] = [
  {
    key: 'name',
    title: '费用项目',
    type: 'input',
    width: 200,
    validateRules: [{ required: true, message: '请输入费用项目' }],
  },
  {
    key: 'amount',
    title: '金额（元）',
    type: 'inputNumber',
    width: 160,
    statistics: ['sum'],
    // 合计 and 报销金额合计 follow the typing
    commitWhileTyping: true,
    validateRules: [
      { required: true, message: '请输入金额' },
      { pattern: 'money', message: '金额最多两位小数' },
    ],
  },
  { key: 'remark', title: '备注', type: 'input', width: 240 },
];

let rowSeq = 0;

/** 费用报销单 editor: items in the editable grid, amounts, attachments; save a draft or submit. */
export function ExpenseEditor({ open, businessId, procDefId, onClose }: FormEditorProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const grid = useRef<GridHandle>(null);
  const typeOptions = useDictOptions('expense_type');
  const app = useApplication(EXPENSE_TABLE, open, businessId, procDefId);
  const [rows, setRows] = useState<Record<string, unknown>[]>([
    { id: `n${++rowSeq}`, name: '', amount: undefined, remark: '' },
  ]);
  const [total, setTotal] = useState(0);
  const [changed, setChanged] = useState(false);
  const narrow = useNarrow();

  useEffect(() => {
    const d = app.existing.data;
    if (!d) return;
    form.setFieldsValue({
      title: d.title,
      expenseType: d.expenseType ?? undefined,
      reason: d.reason,
      attachments: d.attachments ?? '',
    });
    const items = (Array.isArray(d.items) ? d.items : []) as ExpenseItem[];
    setRows(items.map((i) => ({ id: `n${++rowSeq}`, ...i })));
    setTotal(items.reduce((s, i) => s + Number(i.amount || 0), 0));
  }, [app.existing.data, form]);

  const collect = async (): Promise<Record<string, unknown> | null> => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return null;
    }
    const g = await grid.current?.getValues(true);
    if (!g) return null;
    if (g.error > 0) {
      message.error('费用明细填写有误，请检查');
      return null;
    }
    const items = g.values
      .filter(
        (r) =>
          String(r.name ?? '').trim() || (r.amount !== undefined && r.amount !== null && r.amount !== ''),
      )
      .map((r) => ({
        name: String(r.name ?? '').trim(),
        amount: Number(r.amount),
        remark: String(r.remark ?? '').trim() || undefined,
      }));
    if (!items.length) {
      message.error('请至少填写一条费用明细');
      return null;
    }
    return { ...values, title: String(values.title ?? '').trim() || undefined, items };
  };

  const saveDraft = async () => {
    const data = await collect();
    if (!data) return;
    const t = await app.save(data);
    if (t) {
      message.success('保存成功');
      onClose(true);
    }
  };
  const submit = async () => {
    const data = await collect();
    if (!data) return;
    const t = await app.save(data);
    if (t) {
      setChanged(true);
      app.setApplyTarget(t);
    }
  };

  const columns = useMemo(() => itemColumns, []);

  return (
    <Modal
      title={businessId ? '编辑费用报销' : '新增费用报销'}
      open={open}
      {...fullScreenProps(false, narrow)}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(changed)}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => onClose(changed)}>取消</Button>
          <Button loading={app.saving} onClick={saveDraft} data-testid="expense-save">
            保存草稿
          </Button>
          <Button type="primary" loading={app.saving} onClick={submit} data-testid="expense-submit">
            提交申请
          </Button>
        </Space>
      }
    >
      <Spin spinning={app.existing.isFetching}>
        <Form form={form} layout="vertical" data-testid="expense-form">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="title" label="标题">
                <Input maxLength={200} placeholder="不填则为“姓名的费用报销”" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="expenseType" label="费用类型">
                <Select allowClear placeholder="请选择" options={typeOptions} data-testid="expense-type" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="reason"
            label="报销事由"
            rules={[{ required: true, whitespace: true, message: '请输入报销事由' }]}
          >
            <Input.TextArea rows={3} maxLength={2000} data-testid="expense-reason" />
          </Form.Item>
          <Form.Item label="费用明细" required>
            <EditableGrid
              ref={grid}
              columns={columns}
              dataSource={rows}
              rowNumber
              rowSelection
              toolbar
              toolbarButtons={['add', 'remove', 'clearSelection']}
              alwaysEdit
              maxHeight={320}
              onChange={(v) => setTotal(v.rows.reduce((s, r) => s + (Number(r.amount) || 0), 0))}
              data-testid="expense-items"
            />
            <Typography.Text strong style={{ display: 'block', marginTop: 8 }} data-testid="expense-total">
              报销金额合计：¥ {money(total)}
            </Typography.Text>
          </Form.Item>
          <Form.Item name="attachments" label="附件">
            <FileUpload biz="oa/expense" />
          </Form.Item>
        </Form>
      </Spin>
      <ApplyModal
        target={app.applyTarget}
        onClose={(submitted) => {
          app.setApplyTarget(null);
          if (submitted) onClose(true);
        }}
      />
    </Modal>
  );
}
