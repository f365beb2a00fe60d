/**
 * Single sign-on settings (docs/security.md, 单点登录), read from the environment unless the config
 * object carries them (tests pass `sso`). Every way is off until its settings are complete.
 */
export interface OidcSourceConfig {
  /** the third-party source name (`oidc` for the 单点登录 button) */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the callback registered at the provider */
  redirectUri: string;
  scope: string;
  /** the claim whose value is a username here (`preferred_username`, or `email` matched against the e-mail) */
  linkClaim: string;
  /** first sign-in of an unknown person creates an account in `defaultDepart` (an org code) */
  autoCreate: boolean;
  defaultDepart: string;
}

export interface CasConfig {
  /** e.g. https://cas.example.com/cas; tickets are validated at `${base}/p3/serviceValidate` */
  base: string;
  /** service URLs accepted (prefixes); empty: the service must be on the origin of PUBLIC_BASE_URL or SSO_WEB_BASE (neither set: every ticket is refused) */
  servicePrefixes: string[];
}

export interface MessengerConfig {
  kind: 'wechat_enterprise' | 'dingtalk';
  /** WeCom corp id / DingTalk app key */
  clientId: string;
  /** WeCom app secret / DingTalk app secret */
  clientSecret: string;
  /** API base (WeCom https://qyapi.weixin.qq.com, DingTalk https://oapi.dingtalk.com) */
  apiBase: string;
  /** where the browser is sent to get a code (WeCom only; DingTalk pages ask the app for the code) */
  authorizeUrl: string;
}

export interface SsoConfig {
  /** the 单点登录 provider; absent = off */
  oidc?: OidcSourceConfig;
  /** third-party login sources for /sys/thirdLogin/render/{source} (the OIDC provider is one as `oidc`) */
  third: Record<string, OidcSourceConfig>;
  cas?: CasConfig;
  messengers: Partial<Record<'wechat_enterprise' | 'dingtalk', MessengerConfig>>;
  /** the web app's public origin and base (e.g. https://oa.example.com); empty: derived from the callback URL */
  webBase: string;
}

declare module '../../../config.js' {
  interface AppConfig {
    /** single sign-on; absent means "read from the environment" */
    sso?: SsoConfig;
  }
}

const on = (v: string | undefined) => /^(on|true|yes|1)$/i.test((v ?? '').trim());

function oidcSource(env: NodeJS.ProcessEnv, prefix: string, name: string): OidcSourceConfig | undefined {
  const issuer = env[`${prefix}ISSUER`] || '';
  const clientId = env[`${prefix}CLIENT_ID`] || '';
  const redirectUri = env[`${prefix}REDIRECT_URI`] || '';
  if (!issuer || !clientId || !redirectUri) return undefined;
  return {
    name,
    issuer,
    clientId,
    clientSecret: env[`${prefix}CLIENT_SECRET`] || '',
    redirectUri,
    scope: env[`${prefix}SCOPE`] || 'openid profile email',
    linkClaim: env[`${prefix}LINK_CLAIM`] || 'preferred_username',
    autoCreate: on(env[`${prefix}AUTO_CREATE`]) && !!env[`${prefix}DEFAULT_DEPART`],
    defaultDepart: env[`${prefix}DEFAULT_DEPART`] || '',
  };
}

export function loadSsoConfig(env: NodeJS.ProcessEnv = process.env): SsoConfig {
  const oidc = oidcSource(env, 'OIDC_', 'oidc');
  const third: Record<string, OidcSourceConfig> = {};
  if (oidc) third.oidc = oidc;
  for (const raw of (env.THIRD_LOGIN_SOURCES || '').split(',')) {
    const name = raw.trim().toLowerCase();
    if (!/^[a-z][a-z0-9_]{0,30}$/.test(name) || name === 'oidc') continue;
    const s = oidcSource(env, `THIRD_LOGIN_${name.toUpperCase()}_`, name);
    if (s) third[name] = s;
  }
  const casBase = (env.CAS_BASE || '').replace(/\/+$/, '');
  const messengers: SsoConfig['messengers'] = {};
  if (env.WECOM_CORP_ID && env.WECOM_SECRET) {
    messengers.wechat_enterprise = {
      kind: 'wechat_enterprise',
      clientId: env.WECOM_CORP_ID,
      clientSecret: env.WECOM_SECRET,
      apiBase: (env.WECOM_API_BASE || 'https://qyapi.weixin.qq.com').replace(/\/+$/, ''),
      authorizeUrl: env.WECOM_AUTHORIZE_URL || 'https://open.weixin.qq.com/connect/oauth2/authorize',
    };
  }
  if (env.DINGTALK_APP_KEY && env.DINGTALK_APP_SECRET) {
    messengers.dingtalk = {
      kind: 'dingtalk',
      clientId: env.DINGTALK_APP_KEY,
      clientSecret: env.DINGTALK_APP_SECRET,
      apiBase: (env.DINGTALK_API_BASE || 'https://oapi.dingtalk.com').replace(/\/+$/, ''),
      authorizeUrl: '',
    };
  }
  return {
    oidc,
    third,
    cas: casBase
      ? {
          base: casBase,
          servicePrefixes: (env.CAS_SERVICE_PREFIXES || '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        }
      : undefined,
    messengers,
    webBase: (env.SSO_WEB_BASE || '').replace(/\/+$/, ''),
  };
}
