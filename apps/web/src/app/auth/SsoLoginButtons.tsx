import { SafetyCertificateOutlined } from '@ant-design/icons';
import { SSO_TEXTS } from '@go/contract';
import { Button, Divider, Space } from 'antd';
import { apiUrl } from '../http/client';
import { useSsoConfig } from './sso';

/**
 * The login page's single sign-on buttons, shown only for what the server has configured: 单点登录
 * (OpenID Connect, a full-page redirect) and CAS 单点登录.
 */
export function SsoLoginButtons({ redirect }: { redirect: string | null }) {
  const config = useSsoConfig();
  if (!config || (!config.oidc && !config.casLoginUrl)) return null;
  const back = redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <div data-testid="sso-buttons">
      <Divider plain>或</Divider>
      <Space direction="vertical" style={{ width: '100%' }}>
        {config.oidc && (
          <Button
            block
            size="large"
            icon={<SafetyCertificateOutlined />}
            href={apiUrl(`/sys/oidc/authorize${back}`)}
            data-testid="login-sso"
          >
            {SSO_TEXTS.button}
          </Button>
        )}
        {config.casLoginUrl && (
          <Button
            block
            size="large"
            href={`${config.casLoginUrl}?service=${encodeURIComponent(`${window.location.origin}/sso/callback`)}`}
            data-testid="login-cas"
          >
            CAS {SSO_TEXTS.button}
          </Button>
        )}
      </Space>
    </div>
  );
}
