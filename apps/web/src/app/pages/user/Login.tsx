import { HOME_PATH } from '@go/contract';
import { lazy, Suspense, useCallback, useEffect, useState, type CSSProperties, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, Checkbox, ErrorAlert, Tabs, TextField } from '../../auth/login/controls';
import { ACCOUNT_CHECKS, PHONE_CHECKS, useCheckedFields } from '../../auth/login/form';
import { LockIcon, MailIcon, MobileIcon, SafetyCertificateIcon, UserIcon } from '../../auth/login/icons';
import { SendCodeButton } from '../../auth/login/SendCodeButton';
import '../../auth/login/login.css';
import { prefetchSignedInPages, startPermissionLoad } from '../../auth/prefetch';
import { SsoLoginButtons } from '../../auth/SsoLoginButtons';
import { feedback } from '../../feedback';
import { getAction, postAction } from '../../http/client';
import { ls, STORAGE_KEYS } from '../../session/storage';
import { useSession, type DictItem, type UserInfo } from '../../session/store';
import { useSettings } from '../../settings/store';
import { useTabs } from '../../tabs/store';
import { readablePrimary } from '../../theme';
import { chooseSite } from '../../site-mode';

// 请选择登录租户 uses the design system; it loads only when a user of several tenants signs in.
const TenantDialog = lazy(() => import('../../auth/TenantDialog'));

interface LoginResult {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems?: Record<string, DictItem[]>;
  tenantList?: { id: number; name: string }[];
  multi_depart?: number;
}

type Tab = 'account' | 'phone';

/** Where to go after login: the redirect query when it is an in-app path, else home. */
export function afterLoginPath(redirect: string | null): string {
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/user/')) return redirect;
  return HOME_PATH;
}

const focusField = (id: string) => document.getElementById(id)?.focus();

/**
 * 登录: account and password with a captcha, or mobile and SMS code; single sign-on buttons when the
 * server offers them; the tenant choice for users of several tenants. Built from the page's own light
 * controls, so the sign-in page loads no design-system code; the signed-in pages' code is fetched while
 * the user types and the permission load starts as soon as the token arrives.
 */
export default function Login() {
  const token = useSession((s) => s.token);
  const primary = useSettings((s) => s.primaryColor);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [remembered] = useState(() => ls.get<string>(STORAGE_KEYS.rememberedUsername));
  const account = useCheckedFields(ACCOUNT_CHECKS, { username: remembered ?? '', password: '', captcha: '' });
  const phone = useCheckedFields(PHONE_CHECKS, { mobile: '', smscode: '' });
  const [remember, setRemember] = useState(!!remembered);
  const [tab, setTab] = useState<Tab>('account');
  const [checkKey, setCheckKey] = useState(() => String(Date.now()));
  const [captchaImg, setCaptchaImg] = useState<string>('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [tenantChoice, setTenantChoice] = useState<{ res: LoginResult; tenant?: number } | null>(null);
  const putAccount = account.put;

  const refreshCaptcha = useCallback(async () => {
    const key = String(Date.now());
    setCheckKey(key);
    putAccount('captcha', '');
    try {
      const res = await getAction<string>(`/sys/randomImage/${key}`, undefined, { silent: true });
      setCaptchaImg(res.success ? res.result : '');
    } catch {
      setCaptchaImg('');
    }
  }, [putAccount]);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  // A signed-in user on the login path goes home (or to the redirect just logged in for).
  if (token && !tenantChoice) return <Navigate to={afterLoginPath(params.get('redirect'))} replace />;

  const finish = (res: LoginResult, tenant?: number) => {
    if (tenant !== undefined) useSession.getState().setTenant(tenant);
    useTabs.getState().reset();
    useSession.getState().setLogin(res.token, res.userInfo, res.sysAllDictItems);
    // the route guard picks this load up instead of starting its own after the layout's code arrives
    const target = afterLoginPath(params.get('redirect'));
    startPermissionLoad(res.token, target);
    navigate(target, { replace: true });
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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    prefetchSignedInPages();
    if (loading) return;
    const bad = account.checkAll();
    if (bad) return focusField(`login-${bad}`);
    const v = account.values;
    setLoading(true);
    setError('');
    try {
      const res = await postAction<LoginResult>('/sys/login', {
        username: v.username.trim(),
        password: v.password,
        captcha: v.captcha,
        checkKey,
        remember_me: remember,
      });
      if (res.code === 200 && res.success) {
        if (remember) ls.set(STORAGE_KEYS.rememberedUsername, v.username.trim());
        else ls.remove(STORAGE_KEYS.rememberedUsername);
      }
      if (!accept(res)) void refreshCaptcha();
    } catch {
      void refreshCaptcha();
    } finally {
      setLoading(false);
    }
  };

  const submitPhone = async (e: FormEvent) => {
    e.preventDefault();
    prefetchSignedInPages();
    if (loading) return;
    const bad = phone.checkAll();
    if (bad) return focusField(`phone-${bad}`);
    setLoading(true);
    setError('');
    try {
      accept(await postAction<LoginResult>('/sys/phoneLogin', { mobile: phone.values.mobile.trim(), captcha: phone.values.smscode.trim() }));
    } catch {
      /* shown by the client */
    } finally {
      setLoading(false);
    }
  };

  const accountForm = (
    <form key="account" className="lf-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        id="login-username"
        label="用户名"
        icon={<UserIcon />}
        value={account.values.username}
        onChange={(v) => account.set('username', v)}
        error={account.errors.username}
        placeholder="请输入用户名"
        autoComplete="username"
        testId="login-username"
      />
      <TextField
        id="login-password"
        label="密码"
        type="password"
        icon={<LockIcon />}
        value={account.values.password}
        onChange={(v) => account.set('password', v)}
        error={account.errors.password}
        placeholder="请输入密码"
        autoComplete="current-password"
        testId="login-password"
      />
      <div className="lf-row">
        <TextField
          id="login-captcha"
          label="验证码"
          icon={<SafetyCertificateIcon />}
          value={account.values.captcha}
          onChange={(v) => account.set('captcha', v)}
          error={account.errors.captcha}
          placeholder="请输入验证码"
          autoComplete="off"
          maxLength={8}
          testId="login-captcha"
        />
        <button
          type="button"
          className="login-captcha lf-captcha"
          title="看不清？点击刷新"
          aria-label="看不清？点击刷新验证码"
          onClick={() => void refreshCaptcha()}
          data-testid="login-captcha-img"
        >
          {captchaImg ? <img src={captchaImg} alt="验证码" /> : <span>点击刷新</span>}
        </button>
      </div>
      <div className="lf-item lf-between">
        <Checkbox checked={remember} onChange={setRemember} testId="login-remember">
          记住用户名
        </Checkbox>
        <Link to="/user/alteration" className="lf-link" data-testid="login-forgot">
          忘记密码
        </Link>
      </div>
      <div className="lf-item">
        <Button primary type="submit" loading={loading} testId="login-submit">
          确 定
        </Button>
      </div>
    </form>
  );

  const phoneForm = (
    <form key="phone" className="lf-form" onSubmit={(e) => void submitPhone(e)} noValidate>
      <TextField
        id="phone-mobile"
        label="手机号"
        icon={<MobileIcon />}
        value={phone.values.mobile}
        onChange={(v) => phone.set('mobile', v)}
        error={phone.errors.mobile}
        placeholder="请输入手机号"
        inputMode="numeric"
        maxLength={11}
        autoComplete="tel"
        testId="phone-mobile"
      />
      <div className="lf-row">
        <TextField
          id="phone-smscode"
          label="短信验证码"
          icon={<MailIcon />}
          value={phone.values.smscode}
          onChange={(v) => phone.set('smscode', v)}
          error={phone.errors.smscode}
          placeholder="请输入短信验证码"
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          testId="phone-smscode"
        />
        <SendCodeButton
          mobile={phone.values.mobile}
          onInvalid={(problem) => {
            phone.setError('mobile', problem);
            focusField('phone-mobile');
          }}
          smsmode="0"
          testId="phone-send-code"
        />
      </div>
      <div className="lf-item lf-end">
        <Link to="/user/alteration" className="lf-link">
          忘记密码
        </Link>
      </div>
      <div className="lf-item">
        <Button primary type="submit" loading={loading} testId="phone-submit">
          确 定
        </Button>
      </div>
    </form>
  );

  return (
    <div
      className="login-box lf"
      style={{ '--lf-primary': readablePrimary(primary) } as CSSProperties}
      onInput={prefetchSignedInPages}
      data-testid="login-page"
    >
      <Tabs<Tab>
        idPrefix="login"
        active={tab}
        onChange={(k) => {
          setTab(k);
          setError('');
        }}
        items={[
          { key: 'account', label: <span data-testid="login-tab-account">账号密码登录</span> },
          { key: 'phone', label: <span data-testid="login-tab-phone">手机号登录</span> },
        ]}
      />
      <div id="login-panel" role="tabpanel" aria-labelledby={`login-tab-${tab}`}>
        {error && <ErrorAlert testId="login-error">{error}</ErrorAlert>}
        {tab === 'account' ? accountForm : phoneForm}
      </div>
      <SsoLoginButtons redirect={params.get('redirect')} />
      <div className="lf-end" style={{ gap: 16 }}>
        {/* a full page load: the phone pages are their own bundle */}
        <a href="/h5/login" className="lf-link" onClick={() => chooseSite('phone')} data-testid="login-phone-site">
          手机版
        </a>
        <Link to="/user/register" className="lf-link" data-testid="login-register">
          注册账户
        </Link>
      </div>
      {tenantChoice && (
        <Suspense fallback={null}>
          <TenantDialog
            tenants={tenantChoice.res.tenantList ?? []}
            value={tenantChoice.tenant}
            onChange={(id) => setTenantChoice((c) => (c ? { ...c, tenant: id } : c))}
            onCancel={() => setTenantChoice(null)}
            onOk={() => {
              if (tenantChoice.tenant === undefined) {
                feedback.message.warning('请选择租户');
                return;
              }
              finish(tenantChoice.res, tenantChoice.tenant);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
