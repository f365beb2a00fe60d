import { App, Button, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { ApplyModal } from '../../workflow/components/ApplyModal';
import { fullScreenProps } from '../../workflow/components/TaskFormModal';
import type { FormEditorProps } from '../../workflow/formTypes';
import { QUARTERS } from './PerformanceView';
import { useApplication } from './useApplication';

export const PERFORMANCE_TABLE = 'fm_performance';

/** Years 2019-2119 (docs/performance.md, "Rules"). */
const YEARS = Array.from({ length: 101 }, (_, i) => 2019 + i).map((y) => ({
  value: String(y),
  label: `${y}年`,
}));

/** 绩效考评表 editor (full screen like its task form). */
export function PerformanceEditor({ open, businessId, procDefId, onClose }: FormEditorProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const app = useApplication(PERFORMANCE_TABLE, open, businessId, procDefId);
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    const d = app.existing.data;
    if (d)
      form.setFieldsValue({
        title: d.title,
        yearPart: String(d.yearPart ?? ''),
        quarter: d.quarter,
        selfScore: d.selfScore,
        summary: d.summary,
      });
  }, [app.existing.data, form]);

  const collect = async () => {
    try {
      const v = await form.validateFields();
      return { ...v, title: String(v.title ?? '').trim() || undefined };
    } catch {
      return null;
    }
  };
  const saveDraft = async () => {
    const data = await collect();
    if (!data) return;
    if (await app.save(data)) {
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

  return (
    <Modal
      title={businessId ? '编辑绩效考评' : '新增绩效考评'}
      open={open}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(changed)}
      {...fullScreenProps(true)}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => onClose(changed)}>取消</Button>
          <Button loading={app.saving} onClick={saveDraft}>
            保存草稿
          </Button>
          <Button type="primary" loading={app.saving} onClick={submit} data-testid="performance-submit">
            提交申请
          </Button>
        </Space>
      }
    >
      <Spin spinning={app.existing.isFetching}>
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            yearPart: String(new Date().getFullYear()),
            quarter: Math.floor(new Date().getMonth() / 3) + 1,
          }}
          style={{ maxWidth: 960, margin: '0 auto' }}
        >
          <Form.Item name="title" label="标题">
            <Input maxLength={200} placeholder="不填则按姓名、年度和季度生成" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="yearPart"
                label="考核年度"
                rules={[{ required: true, message: '请选择考核年度' }]}
              >
                <Select options={YEARS} showSearch />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="quarter" label="季度" rules={[{ required: true, message: '请选择季度' }]}>
                <Select options={QUARTERS} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="selfScore"
                label="自评分"
                rules={[{ required: true, message: '请输入自评分' }]}
              >
                <InputNumber min={0} max={100} precision={1} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="summary"
            label="工作总结"
            rules={[{ required: true, whitespace: true, message: '请输入工作总结' }]}
          >
            <Input.TextArea rows={12} maxLength={5000} showCount />
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
