import { PASSWORD_TEXTS, updatePasswordRequest } from '@go/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { feedback } from '../../app/feedback';
import { putAction } from '../../app/http/client';
import { useSession } from '../../app/session/store';

type Values = { oldpassword?: string; password?: string; confirmpassword?: string };

/** 密码修改: old, new and confirmation with the SPEC §5 texts (rules of the contract schema). */
export function PasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const username = useSession((s) => s.userInfo?.username ?? '');

  // Each field checks its own rule of the contract schema; the confirmation also checks equality.
  const rule = (field: keyof Values) => ({
    validator: async (_r: unknown, value: unknown) => {
      const r = updatePasswordRequest.shape[field].safeParse(value ?? '');
      if (!r.success) throw new Error(r.error.issues[0].message);
      if (field === 'confirmpassword') {
        const whole = updatePasswordRequest.safeParse({ username: username || '-', ...form.getFieldsValue(), confirmpassword: value });
        const issue = whole.success ? undefined : whole.error.issues.find((i) => i.path[0] === field);
        if (issue) throw new Error(issue.message);
        if (value !== form.getFieldValue('password')) throw new Error(PASSWORD_TEXTS.mismatch);
      }
    },
  });

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await putAction('/sys/user/updatePassword', { username, ...v });
      if (res.success) {
        feedback.message.success(res.message || '修改成功');
        form.resetFields();
        onClose();
      } else {
        feedback.message.warning(res.message);
      }
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      width={600}
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} labelCol={{ xs: { span: 24 }, sm: { span: 5 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}>
        <Form.Item label="旧密码" name="oldpassword" rules={[rule('oldpassword')]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={[rule('password')]}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirmpassword" dependencies={['password']} rules={[rule('confirmpassword')]}>
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
