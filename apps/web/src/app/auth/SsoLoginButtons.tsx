import { SSO_TEXTS } from '@go/contract';
import { apiUrl } from '../http/client';
import { SafetyCertificateIcon } from './login/icons';
import { useSsoConfig } from './sso';

/**
 * The login page's single sign-on buttons, shown only for what the server has configured: 单点登录
 * (OpenID Connect, a full-page redirect) and CAS 单点登录. Plain links styled as the page's buttons.
 */
export function SsoLoginButtons({ redirect }: { redirect: string | null }) {
  const config = useSsoConfig();
  if (!config || (!config.oidc && !config.casLoginUrl)) return null;
  const back = redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <div data-testid="sso-buttons">
      <div className="lf-divider" role="separator">
        <span>或</span>
      </div>
      <div className="lf-stack">
        {config.oidc && (
          <a className="lf-btn" href={apiUrl(`/sys/oidc/authorize${back}`)} data-testid="login-sso">
            <SafetyCertificateIcon />
            <span>{SSO_TEXTS.button}</span>
          </a>
        )}
        {config.casLoginUrl && (
          <a
            className="lf-btn"
            href={`${config.casLoginUrl}?service=${encodeURIComponent(`${window.location.origin}/sso/callback`)}`}
            data-testid="login-cas"
          >
            <span>CAS {SSO_TEXTS.button}</span>
          </a>
        )}
      </div>
    </div>
  );
}
