import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { Auth } from '../../../app/auth';
import { api, ApiError, settle, type InputOf } from '../../../app/http/api';
import { ListPage, type FormModalProps } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { UserByDepPicker } from '../../../components/pickers/UserByDepPicker';

const PERM = 'system:messageTemplate';

const TYPE_OPTIONS = [
  { value: '1', text: '短信' },
  { value: '2', text: '邮件' },
  { value: '3', text: '企业消息' },
  { value: '4', text: '站内消息' },
];

const columns: ListColumn[] = [
  { title: '模板标题', dataIndex: 'templateName', search: 'like', width: 180 },
  { title: '模板CODE', dataIndex: 'templateCode', search: 'like', width: 160 },
  { title: '模板类型', dataIndex: 'templateType', options: TYPE_OPTIONS, search: 'eq', width: 100 },
  {
    title: '模板内容',
    dataIndex: 'templateContent',
    width: 320,
    render: (v) => (
      <span title={String(v ?? '')} style={{ display: 'inline-block', maxWidth: 300, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'middle' }}>
        {String(v ?? '')}
      </span>
    ),
  },
  { title: '测试数据', dataIndex: 'templateTestJson', hideInTable: true },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', sorter: true, width: 165 },
];

function isJson(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return true;
  try {
    JSON.parse(String(v));
    return true;
  } catch {
    return false;
  }
}

function TemplateForm({ open, mode, record, onClose }: FormModalProps<Row>) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (mode === 'edit' && record) form.setFieldsValue({ ...record, templateType: String(record.templateType ?? '4') });
  }, [open, mode, record, form]);
  const submit = async () => {
    const v = (await form.validateFields()) as InputOf<typeof api.message.add>;
    setSaving(true);
    try {
      const done = await settle(
        mode === 'add' ? api.message.add.answer(v) : api.message.edit.answer({ ...v, id: String(record?.id) }),
        (m) => message.warning(m),
      );
      if (done) {
        message.success(done.message || '操作成功');
        onClose(true);
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={mode === 'add' ? '新增' : '编辑'} open={open} width={800} onCancel={() => onClose(false)} onOk={submit} confirmLoading={saving} destroyOnHidden>
      <Form form={form} labelCol={{ xs: { span: 24 }, sm: { span: 5 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }} initialValues={{ templateType: '4' }}>
        <Form.Item name="templateCode" label="模板CODE" rules={[{ required: true, message: '请输入模板编码!' }, { pattern: /^[A-Za-z0-9_]+$/, message: '只允许字母、数字、下划线' }, { max: 32 }]}>
          <Input placeholder="请输入模板编码" disabled={mode === 'edit'} />
        </Form.Item>
        <Form.Item name="templateType" label="模板类型" rules={[{ required: true, message: '请选择模板类型!' }]}>
          <Select options={TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.text }))} />
        </Form.Item>
        <Form.Item name="templateName" label="模板标题" rules={[{ required: true, message: '请输入模板标题!' }, { max: 50 }]}>
          <Input placeholder="请输入模板标题" />
        </Form.Item>
        <Form.Item name="templateContent" label="模板内容" rules={[{ required: true, message: '请输入模板内容!' }]} extra="用 ${变量名} 引用测试数据中的值">
          <Input.TextArea rows={6} placeholder="请输入模板内容" />
        </Form.Item>
        <Form.Item
          name="templateTestJson"
          label="测试数据"
          rules={[{ validator: (_, v) => (isJson(v) ? Promise.resolve() : Promise.reject(new Error('请输入JSON格式的测试数据'))) }]}
        >
          <Input.TextArea rows={4} placeholder='{"name":"张三"}' />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 发送测试: sends a template through a channel to chosen users (the outbox records it). */
function SendTestModal({ template, onClose }: { template: Row | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [sending, setSending] = useState(false);
  const channels = useQuery({
    queryKey: ['messageTemplate', 'channels'],
    staleTime: 300_000,
    queryFn: async () => {
      try {
        return (await api.message.channels(undefined, { silent: true })) ?? [];
      } catch (e) {
        if (e instanceof ApiError) return [];
        throw e;
      }
    },
  });
  useEffect(() => {
    if (!template) return;
    form.resetFields();
    form.setFieldsValue({
      templateName: template.templateName,
      templateContent: template.templateContent,
      testData: template.templateTestJson ?? '',
    });
  }, [template, form]);
  const submit = async () => {
    const v = (await form.validateFields()) as { testData?: string; msgType?: string; receiver: string };
    setSending(true);
    try {
      const done = await settle(
        api.message.sendMsg.answer({
          templateCode: String(template?.templateCode ?? ''),
          testData: v.testData || null,
          msgType: v.msgType || null,
          receiver: v.receiver,
        }),
        (m) => message.warning(m),
      );
      if (done) {
        message.success(done.message || '发送成功');
        onClose();
      }
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal title="发送测试" open={!!template} width={800} onCancel={onClose} onOk={submit} okText="发送" confirmLoading={sending} destroyOnHidden data-testid="send-test">
      <Form form={form} labelCol={{ xs: { span: 24 }, sm: { span: 5 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}>
        <Form.Item name="templateName" label="模板标题">
          <Input disabled />
        </Form.Item>
        <Form.Item name="templateContent" label="模板内容">
          <Input.TextArea disabled rows={5} />
        </Form.Item>
        <Form.Item name="testData" label="测试数据" rules={[{ validator: (_, v) => (isJson(v) ? Promise.resolve() : Promise.reject(new Error('请输入JSON格式的测试数据'))) }]}>
          <Input.TextArea rows={4} placeholder='{"name":"张三"}' />
        </Form.Item>
        <Form.Item name="msgType" label="消息类型" extra="不选则按模板类型发送">
          <Select allowClear placeholder="请选择消息类型" options={(channels.data ?? []).map((c) => ({ value: c.name, label: c.label }))} />
        </Form.Item>
        <Form.Item name="receiver" label="消息接收方" rules={[{ required: true, message: '请选择消息接收方' }]}>
          <UserByDepPicker allDeparts />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 消息模板 (/sys/message/sysMessageTemplate): templates per channel and a test send. */
export default function TemplateList() {
  const [testing, setTesting] = useState<Row | null>(null);
  return (
    <>
      <ListPage
        columns={columns}
        url={{ list: api.message.list.path, delete: api.message.delete.path, deleteBatch: api.message.deleteBatch.path }}
        form={TemplateForm}
        showExport={false}
        showImport={false}
        actionWidth={220}
        auth={{ add: `${PERM}:add`, edit: `${PERM}:edit`, delete: `${PERM}:delete`, deleteBatch: `${PERM}:delete` }}
        rowActions={(r) => (
          <Auth code={`${PERM}:send`}>
            <a onClick={() => setTesting(r)} data-testid="template-send-test">
              发送测试
            </a>
          </Auth>
        )}
      />
      <SendTestModal template={testing} onClose={() => setTesting(null)} />
    </>
  );
}
