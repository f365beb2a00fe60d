import { PASSWORD_TEXTS, updatePasswordRequest } from '@go/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { feedback } from '../feedback';
import { useUpdatePassword, type PasswordChange as Values } from '../session/update-password';
import { passwordStateKey, type PasswordState } from './FirstPasswordChange';

/** The dialog of the first-password rule (./FirstPasswordChange): it cannot be dismissed; the new password follows the shared rules. */
export default function FirstPasswordDialog({ state }: { state: PasswordState }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { username, saving, save } = useUpdatePassword(() => {
    feedback.message.success('密码已修改，请牢记新密码');
    queryClient.setQueryData(passwordStateKey(username), { needChangePassword: false, message: null });
  });

  const rule = (field: keyof Values) => ({
    validator: async (_r: unknown, value: unknown) => {
      const r = updatePasswordRequest.shape[field].safeParse(value ?? '');
      if (!r.success) throw new Error(r.error.issues[0].message);
      if (field === 'confirmpassword' && value !== form.getFieldValue('password')) throw new Error(PASSWORD_TEXTS.mismatch);
      if (field === 'password' && value && value === form.getFieldValue('oldpassword')) throw new Error('新密码不能与初始密码相同');
    },
  });

  const submit = async () => save(await form.validateFields());

  return (
    <Modal
      title="请修改初始密码"
      open={state.needChangePassword}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      width={520}
      footer={
        <Button type="primary" loading={saving} onClick={submit} data-testid="first-password-submit">
          修改密码
        </Button>
      }
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={state.message ?? '您的密码为初始密码或已被管理员重置，请先修改密码'} />
      <Form form={form} layout="vertical" data-testid="first-password-form">
        <Form.Item label="当前密码" name="oldpassword" rules={[rule('oldpassword')]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" data-testid="first-password-old" />
        </Form.Item>
        <Form.Item label="新密码" name="password" dependencies={['oldpassword']} rules={[rule('password')]}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" data-testid="first-password-new" />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirmpassword" dependencies={['password']} rules={[rule('confirmpassword')]}>
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" data-testid="first-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
