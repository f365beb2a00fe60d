import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { putAction } from '../../../app/http/client';

/** 修改密码 by an administrator for another user (docs/contract.md, "Validation texts"). */
export function PasswordModal({ username, onClose }: { username?: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      title={`重新设置密码：${username ?? ''}`}
      open={!!username}
      width={500}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      onOk={async () => {
        const v = (await form.validateFields()) as { password: string; confirmpassword: string };
        setSaving(true);
        try {
          const res = await putAction('/sys/user/changePassword', { username, ...v });
          if (res.success) {
            message.success(res.message || '密码修改成功');
            onClose();
          } else message.warning(res.message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="password" label="登录密码" rules={[{ required: true, message: '请输入新密码!' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label="确认密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请确认新密码!' },
            ({ getFieldValue }) => ({
              validator: async (_r, v) => {
                if (v && v !== getFieldValue('password')) throw new Error('两次输入的密码不一样！');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
