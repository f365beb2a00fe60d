import { PASSWORD_TEXTS, updatePasswordRequest } from '@go/contract';
import { Form, Input, Modal } from 'antd';
import { feedback } from '../../app/feedback';
import { useUpdatePassword, type PasswordChange as Values } from '../../app/session/update-password';

/** 密码修改: old, new and confirmation with the shared texts (docs/contract.md, "Validation texts"; rules of the contract schema). */
export function PasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { username, saving, save } = useUpdatePassword((message) => {
    feedback.message.success(message || '修改成功');
    form.resetFields();
    onClose();
  });

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

  const submit = async () => save(await form.validateFields());

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
