import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { postAction } from '../../../app/http/client';
import { UserByDepPicker } from '../../../components/pickers/UserByDepPicker';
import { thisYear, YEAR_OPTIONS } from './shared';

const split = (s?: string) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

/** 发出问卷: the person evaluated and the raters by relation (上级, 同事, 下属, 其他). */
export function SendSurveyModal({ questionnaire, onClose }: { questionnaire: { id: string; title: string } | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (questionnaire) {
      form.resetFields();
      form.setFieldsValue({ yearPart: thisYear() });
    }
  }, [questionnaire, form]);

  const submit = async () => {
    let v: Record<string, string | undefined>;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const raters = [
      ...split(v.manager).map((username) => ({ username, relation: 'manager' })),
      ...split(v.peer).map((username) => ({ username, relation: 'peer' })),
      ...split(v.subordinate).map((username) => ({ username, relation: 'subordinate' })),
      ...split(v.other).map((username) => ({ username, relation: 'other' })),
    ];
    if (!raters.length) {
      message.warning('请至少选择一位评价人');
      return;
    }
    setSaving(true);
    try {
      const r = await postAction('/performance/survey/send', { questionnaireId: questionnaire!.id, targetUserId: v.target, title: v.title, yearPart: v.yearPart, raters });
      if (r.success) {
        message.success('发送成功');
        onClose();
      } else message.warning(r.message);
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={`发出问卷：${questionnaire?.title ?? ''}`} open={!!questionnaire} width={640} destroyOnHidden confirmLoading={saving} onOk={submit} onCancel={onClose} okText="发出" cancelText="取消">
      <Form form={form} layout="vertical" name="send-survey">
        <Form.Item label="被评价人" name="target" rules={[{ required: true, message: '请选择被评价人' }]}>
          <UserByDepPicker multi={false} placeholder="请选择被评价人" />
        </Form.Item>
        <Form.Item label="考核年度" name="yearPart">
          <Select options={YEAR_OPTIONS} showSearch aria-label="考核年度" />
        </Form.Item>
        <Form.Item label="标题" name="title">
          <Input maxLength={200} placeholder="默认：被评价人的问卷名称" />
        </Form.Item>
        <Form.Item label="上级评价人" name="manager">
          <UserByDepPicker placeholder="请选择上级" />
        </Form.Item>
        <Form.Item label="同事评价人" name="peer">
          <UserByDepPicker placeholder="请选择同事" />
        </Form.Item>
        <Form.Item label="下属评价人" name="subordinate">
          <UserByDepPicker placeholder="请选择下属" />
        </Form.Item>
        <Form.Item label="其他评价人" name="other">
          <UserByDepPicker placeholder="请选择其他评价人" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
