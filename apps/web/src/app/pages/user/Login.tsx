import { LockOutlined, MailOutlined, MobileOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { HOME_PATH, rules } from '@go/contract';
import { Alert, Button, Checkbox, Col, Form, Input, Modal, Radio, Row, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../feedback';
import { getAction, postAction } from '../../http/client';
import { ls, STORAGE_KEYS } from '../../session/storage';
import { useSession, type DictItem, type UserInfo } from '../../session/store';
import { useTabs } from '../../tabs/store';
import { SmsCodeButton } from '../../auth/SmsCodeButton';
import { SsoLoginButtons } from '../../auth/SsoLoginButtons';

interface LoginResult {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems?: Record<string, DictItem[]>;
  tenantList?: { id: number; name: string }[];
  multi_depart?: number;
}

type Values = { username: string; password: string; captcha?: string; remember?: boolean };
type PhoneValues = { mobile: string; smscode: string };

/** Where to go after login: the redirect query when it is an in-app path, else home. */
export function afterLoginPath(redirect: string | null): string {
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/user/')) return redirect;
  return HOME_PATH;
}

export default function Login() {
  const token = useSession((s) => s.token);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [phoneForm] = Form.useForm<PhoneValues>();
  const [tab, setTab] = useState<'account' | 'phone'>('account');
  const [checkKey, setCheckKey] = useState(() => String(Date.now()));
  const [captchaImg, setCaptchaImg] = useState<string>('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [tenantChoice, setTenantChoice] = useState<{ res: LoginResult; tenant?: number } | null>(null);
  const remembered = ls.get<string>(STORAGE_KEYS.rememberedUsername);

  const refreshCaptcha = useCallback(async () => {
    const key = String(Date.now());
    setCheckKey(key);
    form.setFieldValue('captcha', '');
    try {
      const res = await getAction<string>(`/sys/randomImage/${key}`, undefined, { silent: true });
      setCaptchaImg(res.success ? res.result : '');
    } catch {
      setCaptchaImg('');
    }
  }, [form]);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  // A signed-in user on the login path goes home (or to the redirect just logged in for).
  if (token && !tenantChoice) return <Navigate to={afterLoginPath(params.get('redirect'))} replace />;

  const finish = (res: LoginResult, tenant?: number) => {
    if (tenant !== undefined) useSession.getState().setTenant(tenant);
    useTabs.getState().reset();
    useSession.getState().setLogin(res.token, res.userInfo, res.sysAllDictItems);
    navigate(afterLoginPath(params.get('redirect')), { replace: true });
  };

  /** Both ways of signing in answer the same result: tenant choice, then the session. */
  const accept = (res: { code: number; success: boolean; message: string; result: LoginResult }): boolean => {
    if (res.code !== 200 || !res.success || !res.result?.token) {
      setError(res.message || '登录失败');
      return false;
    }
    const tenants = res.result.tenantList ?? [];
    if (tenants.length > 1) {
      setTenantChoice({ res: res.result, tenant: tenants[0].id });
      return true;
    }
    finish(res.result, tenants[0]?.id);
    return true;
  };

  const submit = async (v: Values) => {
    // Fetch the main layout's code while the login request runs.
    void import('../../layout/BasicLayout');
    setLoading(true);
    setError('');
    try {
      const res = await postAction<LoginResult>('/sys/login', {
        username: v.username.trim(),
        password: v.password,
        captcha: v.captcha ?? '',
        checkKey,
        remember_me: !!v.remember,
      });
      if (res.code === 200 && res.success) {
        if (v.remember) ls.set(STORAGE_KEYS.rememberedUsername, v.username.trim());
        else ls.remove(STORAGE_KEYS.rememberedUsername);
      }
      if (!accept(res)) void refreshCaptcha();
    } catch {
      void refreshCaptcha();
    } finally {
      setLoading(false);
    }
  };

  const submitPhone = async (v: PhoneValues) => {
    void import('../../layout/BasicLayout');
    setLoading(true);
    setError('');
    try {
      accept(await postAction<LoginResult>('/sys/phoneLogin', { mobile: v.mobile.trim(), captcha: v.smscode.trim() }));
    } catch {
      /* shown by the client */
    } finally {
      setLoading(false);
    }
  };

  const accountForm = (
    <Form key="account" form={form} onFinish={submit} size="large" initialValues={{ username: remembered ?? '', remember: !!remembered }}>
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
        <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" aria-label="用户名" data-testid="login-username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" aria-label="密码" data-testid="login-password" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={15}>
          <Form.Item name="captcha" rules={[{ required: true, message: '请输入验证码' }]}>
            <Input prefix={<SafetyCertificateOutlined />} placeholder="请输入验证码" maxLength={8} aria-label="验证码" data-testid="login-captcha" />
          </Form.Item>
        </Col>
        <Col span={9}>
          <div className="login-captcha" title="看不清？点击刷新" onClick={() => void refreshCaptcha()} data-testid="login-captcha-img" role="button">
            {captchaImg ? <img src={captchaImg} alt="验证码" /> : <span>点击刷新</span>}
          </div>
        </Col>
      </Row>
      <Form.Item>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox data-testid="login-remember">记住用户名</Checkbox>
        </Form.Item>
        <Link to="/user/alteration" style={{ float: 'right' }} data-testid="login-forgot">
          忘记密码
        </Link>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
          确 定
        </Button>
      </Form.Item>
    </Form>
  );

  const phoneLoginForm = (
    <Form key="phone" form={phoneForm} onFinish={submitPhone} size="large">
      <Form.Item name="mobile" rules={rules.mobile}>
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" inputMode="numeric" maxLength={11} autoComplete="tel" aria-label="手机号" data-testid="phone-mobile" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={15}>
          <Form.Item name="smscode" rules={[{ required: true, message: '请输入短信验证码' }, { pattern: /^\d{6}$/, message: '短信验证码为6位数字' }]}>
            <Input prefix={<MailOutlined />} placeholder="请输入短信验证码" inputMode="numeric" maxLength={6} autoComplete="one-time-code" aria-label="短信验证码" data-testid="phone-smscode" />
          </Form.Item>
        </Col>
        <Col span={9}>
          <SmsCodeButton form={phoneForm} field="mobile" smsmode="0" testId="phone-send-code" />
        </Col>
      </Row>
      <Form.Item>
        <Link to="/user/alteration" style={{ float: 'right' }}>
          忘记密码
        </Link>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="phone-submit">
          确 定
        </Button>
      </Form.Item>
    </Form>
  );

  return (
    <div className="login-box" data-testid="login-page">
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as 'account' | 'phone');
          setError('');
        }}
        centered
        items={[
          { key: 'account', label: <span data-testid="login-tab-account">账号密码登录</span> },
          { key: 'phone', label: <span data-testid="login-tab-phone">手机号登录</span> },
        ]}
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
      {tab === 'account' ? accountForm : phoneLoginForm}
      <SsoLoginButtons redirect={params.get('redirect')} />
      <div style={{ textAlign: 'right' }}>
        <Link to="/user/register" data-testid="login-register">
          注册账户
        </Link>
      </div>
      <Modal
        title="请选择登录租户"
        open={!!tenantChoice}
        closable={false}
        maskClosable={false}
        okText="确认"
        cancelText="取消"
        width={450}
        okButtonProps={{ 'data-testid': 'tenant-ok' } as Record<string, string>}
        onCancel={() => setTenantChoice(null)}
        onOk={() => {
          if (!tenantChoice) return;
          if (tenantChoice.tenant === undefined) {
            feedback.message.warning('请选择租户');
            return;
          }
          finish(tenantChoice.res, tenantChoice.tenant);
        }}
      >
        <Radio.Group
          value={tenantChoice?.tenant}
          onChange={(e) => setTenantChoice((c) => (c ? { ...c, tenant: e.target.value as number } : c))}
          options={(tenantChoice?.res.tenantList ?? []).map((t) => ({ value: t.id, label: t.name }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          data-testid="tenant-select"
        />
      </Modal>
    </div>
  );
}
