import { validators } from '@go/contract';
import { Button, Form, Input, Tabs, Toast } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useResendCountdown } from '../../app/auth/useSmsCode';
import { getAction, postAction } from '../../app/http/client';
import { useSession, type DictItem, type UserInfo } from '../../app/session/store';
import { chooseSite } from '../../app/site-mode';

interface LoginResult {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems?: Record<string, DictItem[]>;
  tenantList?: { id: number; name: string }[];
}

/** Only paths of the h5 app are followed after sign-in. */
function afterLogin(redirect: string | null): string {
  return redirect && redirect.startsWith('/h5') && !redirect.startsWith('/h5/login') ? redirect : '/h5';
}

/** 获取验证码 for the phone form: checks the mobile, asks `/sys/sms` (mode 0), counts down 60 s. */
function SmsButton({ mobile, onProblem }: { mobile: () => string; onProblem: (p: string) => void }) {
  const { left, start } = useResendCountdown();
  const [sending, setSending] = useState(false);
  const send = async () => {
    const m = mobile().trim();
    const problem = validators.mobile(m);
    if (problem) return onProblem(problem);
    setSending(true);
    try {
      const res = await postAction('/sys/sms', { mobile: m, smsmode: '0' });
      if (!res.success) return void Toast.show({ content: res.message });
      Toast.show({ content: res.message || '验证码已发送' });
      start();
    } catch {
      /* shown by the client */
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      size="small"
      color="primary"
      fill="none"
      disabled={left > 0}
      loading={sending}
      onClick={() => void send()}
      className="h5-sms-btn"
      data-testid="h5-send-code"
    >
      {left > 0 ? `${left} s` : '获取验证码'}
    </Button>
  );
}

/** h5 sign-in: account + password + captcha as the desktop login, or mobile + SMS code (`/sys/phoneLogin`). */
export default function H5Login() {
  const token = useSession((s) => s.token);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [tab, setTab] = useState('account');
  const [account] = Form.useForm();
  const [phone] = Form.useForm();
  const [checkKey, setCheckKey] = useState(() => String(Date.now()));
  const [captchaImg, setCaptchaImg] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const refreshCaptcha = useCallback(async () => {
    const key = String(Date.now());
    setCheckKey(key);
    account.setFieldValue('captcha', '');
    try {
      const res = await getAction<string>(`/sys/randomImage/${key}`, undefined, { silent: true });
      setCaptchaImg(res.success ? res.result : '');
    } catch {
      setCaptchaImg('');
    }
  }, [account]);
  useEffect(() => void refreshCaptcha(), [refreshCaptcha]);

  if (token) return <Navigate to={afterLogin(params.get('redirect'))} replace />;

  const accept = (res: { success: boolean; code: number; message: string; result: LoginResult }): boolean => {
    if (res.code !== 200 || !res.success || !res.result?.token) {
      setError(res.message || '登录失败');
      return false;
    }
    // Users of several tenants enter their first one on the phone (the desktop offers the choice).
    const tenant = res.result.tenantList?.[0]?.id;
    if (tenant !== undefined) useSession.getState().setTenant(tenant);
    useSession.getState().setLogin(res.result.token, res.result.userInfo, res.result.sysAllDictItems);
    navigate(afterLogin(params.get('redirect')), { replace: true });
    return true;
  };

  const submitAccount = async (v: { username: string; password: string; captcha: string }) => {
    setLoading(true);
    setError('');
    try {
      const res = await postAction<LoginResult>('/sys/login', {
        username: v.username.trim(),
        password: v.password,
        captcha: v.captcha ?? '',
        checkKey,
      });
      if (!accept(res)) void refreshCaptcha();
    } catch {
      void refreshCaptcha();
    } finally {
      setLoading(false);
    }
  };

  const submitPhone = async (v: { mobile: string; smscode: string }) => {
    setLoading(true);
    setError('');
    try {
      accept(
        await postAction<LoginResult>('/sys/phoneLogin', {
          mobile: v.mobile.trim(),
          captcha: v.smscode.trim(),
        }),
      );
    } catch {
      /* shown by the client */
    } finally {
      setLoading(false);
    }
  };

  const submitButton = (
    <Button block type="submit" color="primary" size="large" loading={loading} data-testid="h5-login-submit">
      登 录
    </Button>
  );

  return (
    <div className="h5-login" data-testid="h5-login">
      <h1 className="h5-login-title">集团办公</h1>
      <p className="h5-login-sub">移动办公 · 审批 · 申请</p>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k);
          setError('');
        }}
      >
        <Tabs.Tab title="账号密码登录" key="account" />
        <Tabs.Tab title="手机号登录" key="phone" />
      </Tabs>
      {error && (
        <div className="h5-error" role="alert" data-testid="h5-login-error">
          {error}
        </div>
      )}
      {tab === 'account' ? (
        <Form
          key="account"
          form={account}
          onFinish={submitAccount}
          footer={submitButton}
          layout="horizontal"
          mode="card"
        >
          <Form.Item
            name="username"
            label="用户名"
            rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
          >
            <Input
              placeholder="请输入用户名"
              autoComplete="username"
              aria-label="用户名"
              data-testid="h5-username"
              clearable
            />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input
              type="password"
              placeholder="请输入密码"
              autoComplete="current-password"
              aria-label="密码"
              data-testid="h5-password"
            />
          </Form.Item>
          <Form.Item
            name="captcha"
            label="验证码"
            rules={[{ required: true, message: '请输入验证码' }]}
            extra={
              <button
                type="button"
                className="h5-captcha"
                onClick={() => void refreshCaptcha()}
                aria-label="看不清？点击刷新"
                data-testid="h5-captcha-img"
              >
                {captchaImg ? <img src={captchaImg} alt="验证码" /> : '点击刷新'}
              </button>
            }
          >
            <Input placeholder="请输入验证码" maxLength={8} aria-label="验证码" data-testid="h5-captcha" />
          </Form.Item>
        </Form>
      ) : (
        <Form
          key="phone"
          form={phone}
          onFinish={submitPhone}
          footer={submitButton}
          layout="horizontal"
          mode="card"
        >
          <Form.Item name="mobile" label="手机号" rules={[{ required: true, message: '请输入手机号码' }]}>
            <Input
              type="tel"
              placeholder="请输入手机号码"
              inputMode="numeric"
              maxLength={11}
              aria-label="手机号"
              data-testid="h5-mobile"
            />
          </Form.Item>
          <Form.Item
            name="smscode"
            label="验证码"
            rules={[
              { required: true, message: '请输入短信验证码' },
              { pattern: /^\d{6}$/, message: '短信验证码为6位数字' },
            ]}
            extra={
              <SmsButton
                mobile={() => String(phone.getFieldValue('mobile') ?? '')}
                onProblem={(p) => phone.setFields([{ name: 'mobile', errors: [p] }])}
              />
            }
          >
            <Input
              placeholder="请输入短信验证码"
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              aria-label="短信验证码"
              data-testid="h5-smscode"
            />
          </Form.Item>
        </Form>
      )}
      <p className="h5-login-foot">
        <a href="/user/login" onClick={() => chooseSite('desktop')} data-testid="h5-desktop-site">
          电脑版登录
        </a>
      </p>
    </div>
  );
}
