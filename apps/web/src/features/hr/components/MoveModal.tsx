import { HY_MOVE_RULES, type HyMove } from '@go/contract';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { DictSelect } from '../../../components/dict/DictSelect';
import { postAction } from '../../../app/http/client';
import type { Row } from '../../../components/list/types';
import { DepartPicker } from '../../../components/pickers/DepartPicker';
import { PositionPicker } from '../../../components/pickers/EntitySelector';
import { HR_URL } from './hr-api';
import { hrRules } from '../../../components/rules/person-rules';

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const REASON_REQUIRED: HyMove[] = ['transfer', 'dimission', 'blacklist', 'unblacklist'];

/**
 * One move of a file (docs/hr.md): the fields the move needs, with reason and effective date. The
 * server decides whether it applies at once or goes for approval and answers with the message shown.
 */
export function MoveModal({ move, record, onClose }: { move?: HyMove; record?: Row; onClose: (done: boolean) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!move || !record) return;
    form.resetFields();
    form.setFieldsValue({
      date: today(),
      ...(move === 'hire' ? { orgCode: record.orgCode, post: record.post, probationMonths: 3, entryDate: today() } : {}),
      ...(move === 'entry' ? { entryDate: record.entryDate ?? today() } : {}),
      ...(move === 'regular' ? { regularDate: record.regularDate ?? today() } : {}),
    });
  }, [move, record, form]);
  if (!move || !record) return null;
  const label = HY_MOVE_RULES[move].label;

  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = (await form.validateFields()) as Record<string, unknown>;
    } catch {
      return;
    }
    for (const [k, v] of Object.entries(values)) if (v === undefined || v === '') delete values[k];
    setSaving(true);
    try {
      const res = await postAction(HR_URL.move(move), { ...values, id: record.id });
      if (res.success) {
        message.success(res.message || '操作成功');
        onClose(true);
      } else message.warning(res.message);
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={`${label}：${String(record.realname ?? '')}`} open onCancel={() => onClose(false)} onOk={submit} confirmLoading={saving} okText="确定" destroyOnHidden>
      <Form form={form} layout="vertical" name={`move-${move}`}>
        {move === 'hire' && (
          <>
            <Form.Item name="orgCode" label="录用部门" rules={[{ required: true, message: '请选择部门' }]}>
              <DepartPicker store="orgCode" />
            </Form.Item>
            <Form.Item name="post" label="职务" rules={[{ required: true, message: '请选择职务' }]}>
              <PositionPicker />
            </Form.Item>
            <Form.Item name="rank" label="职级">
              <DictSelect dictCode="position_rank" />
            </Form.Item>
            <Form.Item name="entryDate" label="预计入职日期" rules={[{ required: true, message: '请选择入职日期' }]}>
              <Input type="date" />
            </Form.Item>
            <Form.Item name="probationMonths" label="试用期(月)">
              <InputNumber min={0} max={12} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        {move === 'entry' && (
          <>
            <Form.Item name="entryDate" label="入职日期" rules={[{ required: true, message: '请选择入职日期' }]}>
              <Input type="date" />
            </Form.Item>
            <Form.Item name="username" label="系统账号" extra="填写后创建（或关联）该登录账号，部门随档案">
              <Input placeholder="字母、数字、下划线" />
            </Form.Item>
            <Form.Item name="contractNo" label="合同编号">
              <Input />
            </Form.Item>
            <Form.Item name="contractEnd" label="合同结束日期">
              <Input type="date" />
            </Form.Item>
          </>
        )}
        {move === 'regular' && (
          <Form.Item name="regularDate" label="转正日期" rules={[{ required: true, message: '请选择转正日期' }]}>
            <Input type="date" />
          </Form.Item>
        )}
        {move === 'transfer' && (
          <>
            <Form.Item name="orgCode" label="调入部门">
              <DepartPicker store="orgCode" />
            </Form.Item>
            <Form.Item name="post" label="新职务">
              <PositionPicker />
            </Form.Item>
            <Form.Item name="rank" label="新职级">
              <DictSelect dictCode="position_rank" />
            </Form.Item>
          </>
        )}
        {move === 'dimission' && (
          <>
            <Form.Item name="dimissionType" label="离职类型" rules={[{ required: true, message: '请选择离职类型' }]}>
              <DictSelect dictCode="hy_dimission_type" />
            </Form.Item>
            <Form.Item name="handover" label="工作交接">
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </>
        )}
        {move !== 'entry' && move !== 'regular' && move !== 'hire' && (
          <Form.Item name="date" label={move === 'dimission' ? '离职日期' : '生效日期'} rules={[{ required: move === 'transfer' || move === 'dimission', message: '请选择日期' }]}>
            <Input type="date" />
          </Form.Item>
        )}
        <Form.Item name="reason" label={move === 'blacklist' ? '拉黑原因' : move === 'dimission' ? '离职原因' : '原因'} rules={REASON_REQUIRED.includes(move) ? hrRules.reason : []}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
