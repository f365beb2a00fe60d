import { DEFAULT_BASE_PATH } from '@go/contract';
import { STATIC_PREFIX, isPublicFilePath } from '@go/contract/upload';
import { getSession } from './session/store';

/** Runtime configuration the server injects into index.html as `window._CONFIG`. */
export interface RuntimeConfig {
  baseURL: string;
  aesKey: string;
  aesIv: string;
  signatureSecret: string;
  /** A preview site: the settings drawer shows in the production build too (SETTINGS_PREVIEW on the server). */
  settingsPreview: boolean;
}

declare global {
  interface Window {
    _CONFIG?: Partial<RuntimeConfig>;
  }
}

export function runtimeConfig(): RuntimeConfig {
  const c = (typeof window !== 'undefined' && window._CONFIG) || {};
  return {
    baseURL: c.baseURL || DEFAULT_BASE_PATH,
    aesKey: c.aesKey || '',
    aesIv: c.aesIv || '',
    signatureSecret: c.signatureSecret || '',
    settingsPreview: c.settingsPreview === true,
  };
}

/**
 * URL of a stored file: absolute URLs as they are, else under the API's static path. Files of business
 * records (everything outside the public folders: avatars, notice pictures) are served only to a session, and
 * an `<img>` or a download link cannot send the header, so their URL carries the token (`?token=`, accepted
 * only by the file routes and masked in the server's logs). Signed links (`?exp=…&sig=…`) stay as they are.
 */
export function staticUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:') || path.startsWith('blob:')) return path;
  const rel = path.replace(/^\/+/, '');
  return withFileToken(`${runtimeConfig().baseURL}${STATIC_PREFIX}/${rel}`, rel);
}

/** A file link the server answered (`/sys/common/static/<path>`, possibly signed) made usable in the browser. */
export function fileLink(url: string | null | undefined): string {
  if (!url) return '';
  const at = url.indexOf(`${STATIC_PREFIX}/`);
  if (/^(https?:)?\/\//.test(url)) return url;
  if (at >= 0) return staticUrl(url.slice(at + STATIC_PREFIX.length + 1));
  return `${runtimeConfig().baseURL}/${url.replace(/^\/+/, '')}`;
}

/** Appends the session token to a link of a private stored file (not to public or signed ones). */
export function withFileToken(url: string, rel: string): string {
  if (isPublicFilePath(rel) || /[?&]sig=/.test(rel)) return url;
  const token = getSession().token;
  if (!token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
