import { messengerOfUserAgent, SSO_TEXTS } from '@go/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiUrl, getAction, type Envelope } from '../../../app/http/client';
import { acceptLogin, forgetFragment, fragmentParams, safeRedirect, type SsoLoginResult } from '../../../app/auth/sso';
import { SsoError, SsoShell, SsoWorking, TenantChoice } from '../SsoFinish';

/**
 * /oauth2-app/login (public): signing in inside an enterprise messenger app. Without a code it sends the
 * app to the server, which asks the messenger for the person (WeCom: silent OAuth2) and comes back here
 * with a one-time code in the fragment (`#oauth2LoginToken=…&thirdType=…`), exchanged for the login result
 * through the stock `getLoginUser/{code}/{thirdType}`.
 */
export default function OAuth2AppLogin() {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [outsideApp, setOutsideApp] = useState(false);
  const [choice, setChoice] = useState<SsoLoginResult | null>(null);
  const redirect = useRef('/zhome');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const hash = fragmentParams();
    const query = new URLSearchParams(window.location.search);
    redirect.current = safeRedirect(hash.get('redirect') ?? query.get('redirect'));
    const code = hash.get('oauth2LoginToken');
    const thirdType = hash.get('thirdType') ?? '';
    if (hash.get('error')) {
      forgetFragment();
      setError(hash.get('error')!);
      return;
    }
    if (code && /^[\w-]+$/.test(thirdType)) {
      forgetFragment();
      void getAction<SsoLoginResult>(`/sys/thirdLogin/getLoginUser/${encodeURIComponent(code)}/${thirdType}`, undefined, { silent: true }).then(
        (res: Envelope<SsoLoginResult>) => {
          if (!res.success || !res.result?.token) {
            setError(res.message || SSO_TEXTS.messengerFailed);
            return;
          }
          if ((res.result.tenantList?.length ?? 0) > 1) {
            setChoice(res.result);
            return;
          }
          acceptLogin(res.result, res.result.tenantList?.[0]?.id);
          navigate(redirect.current, { replace: true });
        },
        () => setError(SSO_TEXTS.messengerFailed),
      );
      return;
    }
    const app = messengerOfUserAgent(navigator.userAgent);
    if (app === 'wechat_enterprise') {
      window.location.replace(apiUrl(`/sys/thirdLogin/oauth2/${app}/login?redirect=${encodeURIComponent(redirect.current)}`));
      return;
    }
    setOutsideApp(true);
    setError('请在企业微信中打开本页面，或返回登录页使用账号登录');
  }, [navigate]);

  return (
    <SsoShell>
      {error ? (
        <SsoError message={error} title={outsideApp ? '企业应用登录' : undefined} />
      ) : choice ? (
        <TenantChoice result={choice} onDone={() => navigate(redirect.current, { replace: true })} />
      ) : (
        <SsoWorking />
      )}
    </SsoShell>
  );
}
