import { z } from 'zod';
import { MESSAGES } from './validation.js';

/** Texts of single sign-on (OpenID Connect, third-party login, CAS, messenger apps). */
export const SSO_TEXTS = {
  button: '单点登录',
  notConfigured: '单点登录未配置，请联系管理员',
  failed: '单点登录失败，请重试',
  expired: '登录请求已失效，请重新登录',
  noAccount: '该账号尚未开通本系统，请联系管理员',
  codeInvalid: '登录凭证无效或已过期，请重新登录',
  /** the stock third-party popup's failure message */
  thirdFailed: '登录失败',
  /** the stock popup's prefix asking the client to bind a phone (`绑定手机号,<ticket>`) */
  bindPhone: '绑定手机号',
  unsupportedSource: '不支持的source',
  messengerUnknownUser: '该企业应用账号未关联本系统用户，请联系管理员',
  messengerFailed: '企业应用登录失败，请重试',
  casNoPrincipal: 'No principal was found in the response from the CAS server.',
  casBadService: 'service 参数无效',
  signingIn: '正在登录…',
  backToLogin: '返回登录页',
} as const;

/** GET /sys/sso/config: which ways of single sign-on the login page offers. */
export interface SsoPublicConfig {
  oidc: boolean;
  /** the CAS login page (`${CAS_BASE}/login`), when CAS is configured */
  casLoginUrl: string | null;
  /** configured third-party login sources */
  third: string[];
  /** configured messenger apps: wechat_enterprise, dingtalk */
  messengers: string[];
}

/** POST /sys/sso/exchange: the one-time code a redirect handed the browser, for the normal login result. */
export const ssoExchangeRequest = z.object({
  code: z.string().trim().min(16, { message: SSO_TEXTS.codeInvalid }).max(128, { message: SSO_TEXTS.codeInvalid }),
});

/** POST /sys/thirdLogin/bindingThirdPhone (stock body). */
export const bindingThirdPhoneRequest = z.object({
  mobile: z.string().trim().regex(/^1[34578]\d{9}$/, { message: MESSAGES.mobile }),
  captcha: z.string().trim().regex(/^\d{6}$/, { message: '短信验证码为6位数字' }),
  thirdUserUuid: z.string().trim().min(16).max(128),
});

/** The messenger app a browser runs in, from its User-Agent (WeCom: wxwork, DingTalk: DingTalk). */
export function messengerOfUserAgent(ua: string): 'wechat_enterprise' | 'dingtalk' | null {
  if (/wxwork/i.test(ua)) return 'wechat_enterprise';
  if (/DingTalk/i.test(ua)) return 'dingtalk';
  return null;
}
