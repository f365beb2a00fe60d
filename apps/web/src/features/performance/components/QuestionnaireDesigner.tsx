import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUESTION_TYPE_TEXT, QUESTION_TYPES, type QuestionType } from '@go/contract/performance/index';
import { App, Button, Card, Col, Form, Input, InputNumber, Modal, Row, Select, Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { getAction, postAction, putAction } from '../../../app/http/client';
import { ChangeLogButton } from '../../../components/audit/ChangeLog';
import type { FormModalProps } from '../../../components/list/ListPage';
import type { Row as ListRow } from '../../../components/list/types';

const TYPE_OPTIONS = QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_TEXT[t] }));
const DEFAULT_OPTIONS = [
  { label: '优秀', score: 100 },
  { label: '良好', score: 80 },
  { label: '一般', score: 60 },
  { label: '较差', score: 30 },
];

/** 问卷设计: title, description, and questions (single, multiple, scale 1–5 / 1–10, text) with weights. */
export function QuestionnaireDesigner({ open, mode, record, onClose }: FormModalProps<ListRow>) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (mode === 'edit' && record?.id) {
      setLoading(true);
      void getAction<ListRow>('/performance/questionnaire/queryById', { id: record.id })
        .then((r) => r.success && form.setFieldsValue(r.result))
        .finally(() => setLoading(false));
    } else {
      form.setFieldsValue({ questions: [{ type: 'single', title: '', weight: 1, required: true, options: DEFAULT_OPTIONS }] });
    }
  }, [open, mode, record, form]);

  const submit = async () => {
    let v: Record<string, unknown>;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = mode === 'edit' ? await putAction('/performance/questionnaire/edit', { ...v, id: record?.id }) : await postAction('/performance/questionnaire/add', v);
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
    <Modal
      title={mode === 'edit' ? '编辑问卷' : '新增问卷'}
      open={open}
      width={900}
      maskClosable={false}
      destroyOnHidden
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => onClose(false)}
      okText="保存"
      cancelText="取消"
      footer={(node) => (
        <>
          {mode === 'edit' && record?.id ? <ChangeLogButton recordType="pf_questionnaire" recordId={String(record.id)} /> : null}
          {node}
        </>
      )}
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" name="questionnaire-designer">
          <Form.Item label="问卷名称" name="title" rules={[{ required: true, whitespace: true, message: '请输入问卷名称' }]}>
            <Input maxLength={200} placeholder="如：360度综合评价" />
          </Form.Item>
          <Form.Item label="说明" name="description">
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
          <Form.List name="questions" rules={[{ validator: async (_r, v) => (!v?.length ? Promise.reject(new Error('请至少添加一道题目')) : undefined) }]}>
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field, idx) => (
                  <Card
                    key={field.key}
                    size="small"
                    style={{ marginBottom: 12 }}
                    title={`第${idx + 1}题`}
                    extra={
                      <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={`删除第${idx + 1}题`}>
                        删除
                      </Button>
                    }
                  >
                    {/* a kept question keeps its id (and its 变更记录) */}
                    <Form.Item name={[field.name, 'id']} hidden>
                      <Input />
                    </Form.Item>
                    <Row gutter={12}>
                      <Col xs={24} md={12}>
                        <Form.Item label="题目" name={[field.name, 'title']} rules={[{ required: true, whitespace: true, message: '请输入题目' }]}>
                          <Input maxLength={500} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={5}>
                        <Form.Item label="题型" name={[field.name, 'type']} rules={[{ required: true, message: '请选择题型' }]}>
                          <Select options={TYPE_OPTIONS} aria-label={`第${idx + 1}题题型`} />
                        </Form.Item>
                      </Col>
                      <Col xs={6} md={4}>
                        <Form.Item label="权重" name={[field.name, 'weight']} rules={[{ type: 'number', min: 0, max: 100, message: '权重须在0到100之间' }]}>
                          <InputNumber min={0} max={100} style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                      <Col xs={6} md={3}>
                        <Form.Item label="必答" name={[field.name, 'required']} valuePropName="checked">
                          <Switch aria-label={`第${idx + 1}题必答`} />
                        </Form.Item>
                      </Col>
                    </Row>
                    <Form.Item noStyle shouldUpdate={(a, b) => a.questions?.[field.name]?.type !== b.questions?.[field.name]?.type}>
                      {() => {
                        const type = form.getFieldValue(['questions', field.name, 'type']) as QuestionType;
                        if (type !== 'single' && type !== 'multiple') return null;
                        return (
                          <Form.List
                            name={[field.name, 'options']}
                            rules={[{ validator: async (_r, v) => (!v || v.length < 2 ? Promise.reject(new Error('选择题至少需要两个选项')) : undefined) }]}
                          >
                            {(opts, ops, meta) => (
                              <div style={{ paddingLeft: 8 }}>
                                {opts.map((o, oi) => (
                                  <div key={o.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                                    <Form.Item name={[o.name, 'label']} style={{ flex: 1, marginBottom: 8 }} rules={[{ required: true, whitespace: true, message: '请输入选项内容' }]}>
                                      <Input placeholder={`选项${oi + 1}`} aria-label={`第${idx + 1}题选项${oi + 1}`} maxLength={200} />
                                    </Form.Item>
                                    <Form.Item name={[o.name, 'score']} style={{ width: 150, marginBottom: 8 }} rules={[{ type: 'number', min: 0, max: 100, message: '分数须在0到100之间' }]}>
                                      <InputNumber min={0} max={100} addonBefore="得分" aria-label={`第${idx + 1}题选项${oi + 1}得分`} />
                                    </Form.Item>
                                    <Button type="link" danger onClick={() => ops.remove(o.name)}>
                                      移除
                                    </Button>
                                  </div>
                                ))}
                                <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => ops.add({ label: '', score: 0 })}>
                                  添加选项
                                </Button>
                                <Form.ErrorList errors={meta.errors} />
                              </div>
                            )}
                          </Form.List>
                        );
                      }}
                    </Form.Item>
                  </Card>
                ))}
                <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ type: 'scale5', title: '', weight: 1, required: true, options: DEFAULT_OPTIONS })}>
                  添加题目
                </Button>
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
        </Form>
      </Spin>
    </Modal>
  );
}
