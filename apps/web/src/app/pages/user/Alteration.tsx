import { rules } from '@go/contract';
import { Button, Form, Input, Result, Steps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { feedback } from '../../feedback';
import { postAction } from '../../http/client';

/** 找回密码: verify the account by mobile and SMS code, set a new password, done. */
export default function Alteration() {
  const [step, setStep] = useState(0);
  const [account, setAccount] = useState<{ username: string; phone: string; smscode: string } | null>(null);
  const [loading, setLoading] = useState(false);

  const verify = async (v: { username: string; phone: string; smscode: string }) => {
    setLoading(true);
    try {
      const res = await postAction('/sys/user/phoneVerification', { phone: v.phone, smscode: v.smscode, username: v.username });
      if (res.success) {
        setAccount(v);
        setStep(1);
      } else feedback.message.warning(res.message);
    } catch {
      /* shown by the client */
    } finally {
      setLoading(false);
    }
  };
  const change = async (v: { password: string; confirmPassword: string }) => {
    setLoading(true);
    try {
      const res = await postAction('/sys/user/passwordChange', { ...account, password: v.password });
      if (res.success) setStep(2);
      else feedback.message.warning(res.message);
    } catch {
      /* shown by the client */
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="login-box" style={{ width: 'min(520px, 100%)' }} data-testid="alteration-page">
      <Steps size="small" current={step} items={[{ title: '手机验证' }, { title: '更改密码' }, { title: '完成' }]} style={{ marginBottom: 24 }} />
      {step === 0 && (
        <Form onFinish={verify} size="large">
          <Form.Item name="username" rules={rules.userName}>
            <Input placeholder="请输入用户名" />
          </Form.Item>
          <Form.Item name="phone" rules={rules.mobile}>
            <Input placeholder="请输入手机号" />
          </Form.Item>
          <Form.Item name="smscode" rules={[{ required: true, message: '请输入验证码' }]}>
            <Input placeholder="请输入短信验证码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            下一步
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form onFinish={change} size="large">
          <Form.Item name="password" rules={[{ required: true, message: '请输入新密码!' }, rules.min(6)]}>
            <Input.Password placeholder="请输入新密码" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            dependencies={['password']}
            rules={[
              { required: true, message: '请确认新密码!' },
              ({ getFieldValue }) => ({
                validator: async (_r, val) => {
                  if (val && val !== getFieldValue('password')) throw new Error('两次输入的密码不一样！');
                },
              }),
            ]}
          >
            <Input.Password placeholder="请确认新密码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            提交
          </Button>
        </Form>
      )}
      {step === 2 && <Result status="success" title="密码修改成功" extra={<Link to="/user/login">返回登录</Link>} />}
      {step < 2 && (
        <div style={{ marginTop: 16, textAlign: 'right' }}>
          <Link to="/user/login">返回登录</Link>
        </div>
      )}
    </div>
  );
}
