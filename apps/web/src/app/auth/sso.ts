import { ERROR_TEXTS, messengerOfUserAgent, type SsoPublicConfig } from '@go/contract';
import { useEffect, useState } from 'react';
import { feedback } from '../feedback';
import { getAction } from '../http/client';
import { useSession, type DictItem, type UserInfo } from '../session/store';
import { useTabs } from '../tabs/store';

/** The login result every way of signing in answers (as /sys/login). */
export interface SsoLoginResult {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems?: Record<string, DictItem[]>;
  tenantList?: { id: number; name: string }[];
}

/** The fragment parameters a single sign-on redirect handed the page (never sent to any server). */
export function fragmentParams(): URLSearchParams {
  return new URLSearchParams(window.location.hash.replace(/^#/, ''));
}

/** Removes the one-time values from the address bar and history. */
export function forgetFragment(): void {
  window.history.replaceState(null, '', window.location.pathname);
}

/** An in-app path to open after signing in, else home. */
export function safeRedirect(v: string | null): string {
  if (v && v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/user/') && !v.includes('\\')) return v;
  return '/zhome';
}

/** Stores the session as the login page does (tenant, tabs, token, user, dictionaries). */
export function acceptLogin(res: SsoLoginResult, tenant?: number): void {
  if (tenant !== undefined) useSession.getState().setTenant(tenant);
  useTabs.getState().reset();
  useSession.getState().setLogin(res.token, res.userInfo, res.sysAllDictItems);
}

/** Which single sign-on ways the server offers (null while loading or when the call fails). */
export function useSsoConfig(): SsoPublicConfig | null {
  const [config, setConfig] = useState<SsoPublicConfig | null>(null);
  useEffect(() => {
    let live = true;
    getAction<SsoPublicConfig>('/sys/sso/config', undefined, { silent: true })
      .then((r) => live && r.success && setConfig(r.result))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return config;
}

export const OAUTH2_APP_LOGIN_PATH = '/oauth2-app/login';

/** True inside an enterprise messenger app (WeCom, DingTalk). */
export function inMessengerApp(): boolean {
  return typeof navigator !== 'undefined' && messengerOfUserAgent(navigator.userAgent) !== null;
}

/**
 * Session expiry inside a messenger app (docs/widgets.md, "The shell"): a loading message 登录已过期，正在重新登陆, the stored
 * session forgotten, then the in-app sign-in again, coming back to the current page.
 */
export function reloginInMessengerApp(clearPersisted: () => void): void {
  feedback.message.loading(ERROR_TEXTS.expiredInApp, 0);
  clearPersisted();
  const back = window.location.pathname + window.location.search;
  window.setTimeout(() => {
    window.location.href = `${OAUTH2_APP_LOGIN_PATH}?redirect=${encodeURIComponent(back)}`;
  }, 1000);
}
