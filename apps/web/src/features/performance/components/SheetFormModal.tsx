import { App, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { getAction, postAction, putAction } from '../../../app/http/client';
import type { FormModalProps } from '../../../components/list/ListPage';
import type { Row as ListRow } from '../../../components/list/types';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';
import { UserByDepPicker } from '../../../components/pickers/UserByDepPicker';
import { thisYear, YEAR_OPTIONS } from './shared';

export interface SheetField {
  key: string;
  label: string;
}

const SCORE_RULES = [{ type: 'number' as const, min: 0, max: 100, message: '分数须在0到100之间' }];

/**
 * Add/edit dialog of a yearly or quarterly sheet. Adding follows the stock client: `queryById` by
 * person and year first, then `edit` the row it answers or `add` a new one.
 */
export function SheetFormModal({
  open,
  mode,
  record,
  onClose,
  base,
  title,
  fields,
  extra,
}: FormModalProps<ListRow> & { base: '/userYearPerf' | '/userYearPart'; title: string; fields: SheetField[]; extra?: SheetField[] }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (mode === 'edit' && record) form.setFieldsValue(record);
    else form.setFieldsValue({ yearPart: thisYear() });
  }, [open, mode, record, form]);

  const submit = async () => {
    let v: Record<string, unknown>;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const scores = Object.fromEntries([...fields, ...(extra ?? [])].map((f) => [f.key, v[f.key] ?? null]));
    setSaving(true);
    try {
      let res;
      if (mode === 'edit' && record) {
        res = await putAction(`${base}/edit`, { id: record.id, ...scores });
      } else {
        const found = await getAction<ListRow | null>(`${base}/queryById`, { userId: v.userId, yearPart: v.yearPart, pageNo: 1, pageSize: 10 });
        res = found.result
          ? await putAction(`${base}/edit`, { id: found.result.id, ...scores })
          : await postAction(`${base}/add`, { userId: v.userId, yearPart: v.yearPart, ...scores });
      }
      if (res.success) {
        message.success(res.message || '操作成功');
        onClose(true);
      } else message.warning(res.message);
    } catch {
      // the client has shown the error
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`${mode === 'edit' ? '编辑' : '新增'}${title}`}
      open={open}
      width={820}
      maskClosable={false}
      destroyOnHidden
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => onClose(false)}
      okText="确定"
      cancelText="取消"
      footer={(node) => (
        <>
          {mode === 'edit' && record?.id ? <ChangeLogButton recordType={base === '/userYearPerf' ? 'user_year_perf' : 'user_year_part'} recordId={String(record.id)} /> : null}
          {node}
        </>
      )}
    >
      <Form form={form} layout="vertical" name={`sheet-${base.slice(1)}`}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            {mode === 'edit' ? (
              <Form.Item label="姓名" name="userName">
                <Input disabled />
              </Form.Item>
            ) : (
              <Form.Item label="人员" name="userId" rules={[{ required: true, message: '请选择人员' }]}>
                <UserByDepPicker multi={false} placeholder="请选择人员" />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="考核年度" name="yearPart" rules={[{ required: true, message: '请选择考核年度' }]}>
              <Select options={YEAR_OPTIONS} showSearch disabled={mode === 'edit'} aria-label="考核年度" />
            </Form.Item>
          </Col>
          {fields.map((f) => (
            <Col xs={12} sm={6} key={f.key}>
              <Form.Item label={f.label} name={f.key} rules={SCORE_RULES}>
                <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} placeholder="未评" />
              </Form.Item>
            </Col>
          ))}
          {extra?.map((f) => (
            <Col xs={24} sm={12} key={f.key}>
              <Form.Item label={f.label} name={f.key}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
