import { MESSAGES, rules } from '@go/contract';
import { Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { feedback } from '../../feedback';
import { postAction } from '../../http/client';
import { SmsCodeButton } from '../../auth/SmsCodeButton';

type Values = { username: string; password: string; password2: string; phone: string; email?: string; smscode: string };

export default function Register() {
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(false);
  const navigate = useNavigate();
  const submit = async (v: Values) => {
    setLoading(true);
    try {
      const res = await postAction('/sys/user/register', {
        username: v.username,
        password: v.password,
        phone: v.phone,
        email: v.email,
        smscode: v.smscode?.trim(),
      });
      if (res.success) navigate('/user/register-result', { state: { username: v.username } });
      else feedback.message.warning(res.message);
    } catch {
      /* shown by the client */
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="login-box" data-testid="register-page">
      <h3 style={{ marginBottom: 20 }}>注册</h3>
      <Form form={form} onFinish={submit} size="large">
        <Form.Item name="username" rules={rules.userName}>
          <Input placeholder="用户名" autoComplete="username" />
        </Form.Item>
        <Form.Item name="email" rules={rules.email}>
          <Input placeholder="邮箱（选填）" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }, rules.min(6)]}>
          <Input.Password placeholder="至少6位密码，区分大小写" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password2"
          dependencies={['password']}
          rules={[
            { required: true, message: '请确认密码' },
            ({ getFieldValue }) => ({
              validator: async (_r, v) => {
                if (v && v !== getFieldValue('password')) throw new Error('两次输入的密码不一样！');
              },
            }),
          ]}
        >
          <Input.Password placeholder="确认密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="phone" rules={rules.mobile}>
          <Input addonBefore="+86" placeholder={MESSAGES.mobileRequired} inputMode="numeric" maxLength={11} aria-label="手机号" data-testid="register-phone" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={15}>
            <Form.Item name="smscode" rules={[{ required: true, message: '请输入短信验证码' }, { pattern: /^\d{6}$/, message: '短信验证码为6位数字' }]}>
              <Input placeholder="请输入短信验证码" inputMode="numeric" maxLength={6} autoComplete="one-time-code" aria-label="短信验证码" data-testid="register-smscode" />
            </Form.Item>
          </Col>
          <Col span={9}>
            <SmsCodeButton form={form} field="phone" smsmode="1" testId="register-send-code" />
          </Col>
        </Row>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={loading} style={{ width: "50%" }} data-testid="register-submit">
            注册
          </Button>
          <Link to="/user/login" style={{ float: 'right', lineHeight: '40px' }}>
            使用已有账户登录
          </Link>
        </Form.Item>
      </Form>
    </div>
  );
}
