import { rules } from '@go/contract';
import { Button, Col, Form, Input, Result, Row, Steps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { feedback } from '../../feedback';
import { getAction, postAction } from '../../http/client';
import { SmsCodeButton } from '../../auth/SmsCodeButton';

type VerifyValues = { phone: string; smscode: string };
type Verified = { username: string; phone: string; smscode: string };

/** 找回密码 (stock steps): verify the mobile by SMS code, set a new password, done. */
export default function Alteration() {
  const [step, setStep] = useState(0);
  const [account, setAccount] = useState<Verified | null>(null);
  const [loading, setLoading] = useState(false);
  const [verifyForm] = Form.useForm<VerifyValues>();

  const verify = async (v: VerifyValues) => {
    setLoading(true);
    try {
      const res = await postAction<{ username: string; smscode: string }>('/sys/user/phoneVerification', {
        phone: v.phone.trim(),
        smscode: v.smscode.trim(),
      });
      if (res.success && res.result) {
        setAccount({ username: res.result.username, phone: v.phone.trim(), smscode: res.result.smscode });
        setStep(1);
      } else feedback.message.warning(res.message);
    } catch {
      /* shown by the client */
    } finally {
      setLoading(false);
    }
  };
  const change = async (v: { password: string; confirmPassword: string }) => {
    if (!account) return;
    setLoading(true);
    try {
      // GET with username, password, smscode and phone, as the stock client calls it
      const res = await getAction('/sys/user/passwordChange', { ...account, password: v.password });
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
        <Form form={verifyForm} onFinish={verify} size="large">
          <Form.Item name="phone" rules={rules.mobile}>
            <Input placeholder="请输入手机号" inputMode="numeric" maxLength={11} aria-label="手机号" data-testid="alteration-phone" />
          </Form.Item>
          <Row gutter={12}>
            <Col span={15}>
              <Form.Item name="smscode" rules={[{ required: true, message: '请输入短信验证码' }, { pattern: /^\d{6}$/, message: '短信验证码为6位数字' }]}>
                <Input placeholder="请输入短信验证码" inputMode="numeric" maxLength={6} autoComplete="one-time-code" aria-label="短信验证码" data-testid="alteration-smscode" />
              </Form.Item>
            </Col>
            <Col span={9}>
              <SmsCodeButton form={verifyForm} field="phone" smsmode="2" testId="alteration-send-code" />
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" block loading={loading} data-testid="alteration-next">
            下一步
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form onFinish={change} size="large">
          <Form.Item label="账号">
            <span data-testid="alteration-username">{account?.username}</span>
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入新密码!' }, rules.min(6)]}>
            <Input.Password placeholder="请输入新密码（至少6位）" autoComplete="new-password" aria-label="新密码" data-testid="alteration-password" />
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
            <Input.Password placeholder="请确认新密码" autoComplete="new-password" aria-label="确认新密码" data-testid="alteration-confirm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading} data-testid="alteration-submit">
            提交
          </Button>
        </Form>
      )}
      {step === 2 && <Result status="success" title="密码修改成功" subTitle="请使用新密码登录" extra={<Link to="/user/login">返回登录</Link>} />}
      {step < 2 && (
        <div style={{ marginTop: 16, textAlign: 'right' }}>
          <Link to="/user/login">返回登录</Link>
        </div>
      )}
    </div>
  );
}
