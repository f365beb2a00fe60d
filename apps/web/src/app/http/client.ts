import { ERROR_TEXTS, REQUEST_TIMEOUT_MS, SESSION_EXPIRED_RELOAD_MS, type Envelope as WireEnvelope } from '@go/contract';
import { runtimeConfig } from '../config';
import { feedback } from '../feedback';
import { getSession } from '../session/store';
import { encryptBody, responseSignatureAsync } from './envelope';
import { LOW_APP_HEADER, lowAppId } from './low-app';
import { computeSign, signTimestamp } from './sign';
import { inMessengerApp, reloginInMessengerApp } from '../auth/sso';

/** The response envelope of every API call (declared once, in the contract). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Envelope<T = any> = WireEnvelope<T>;

export type Params = Record<string, unknown>;

export interface RequestOptions {
  params?: Params;
  data?: unknown;
  headers?: Record<string, string>;
  /** Send the body as plain JSON instead of the AES envelope (the exempt endpoints: docs/security.md, "AES payload envelope"). */
  noEncrypt?: boolean;
  responseType?: 'json' | 'blob';
  timeout?: number;
  /** Do not show the error catalogue notice for HTTP failures (the caller handles them). */
  silent?: boolean;
}

/** An HTTP-level failure (the catalogue notice has already been shown unless `silent`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const DICT_ITEMS_PATH = 'sys/dict/getDictItems';

/** Joins the API base and a relative URL; absolute URLs pass through. */
export function apiUrl(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  const base = runtimeConfig().baseURL.replace(/\/+$/, '');
  return `${base}/${url.replace(/^\/+/, '')}`;
}

function cleanParams(params: Params | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

function isPlainBody(data: unknown): boolean {
  if (data === undefined || data === null) return false;
  if (typeof FormData !== 'undefined' && data instanceof FormData) return false;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return false;
  return typeof data === 'object';
}

/** Headers every call carries: token, tenant, request signature; on a low-app page the application id. */
function baseHeaders(url: string, method: string, query: Record<string, string>, body: unknown): Record<string, string> {
  const { token, tenantId, menu } = getSession();
  const h: Record<string, string> = { 'tenant-id': tenantId || '0' };
  if (token) h['X-Access-Token'] = token;
  const appId = typeof window === 'undefined' ? null : lowAppId(window.location.pathname, menu);
  if (appId) h[LOW_APP_HEADER] = appId;
  const path = url.split('?')[0];
  h['X-TIMESTAMP'] = signTimestamp();
  h['X-Sign'] = computeSign({ url: path, method, query, body }, runtimeConfig().signatureSecret);
  return h;
}

// ---- session expiry: one notice however many calls fail at once ----
let expiring = false;

/** Logs out on the server (outcome ignored) without going through the error handling. */
export async function serverLogout(token: string | null): Promise<void> {
  if (!token) return;
  try {
    await fetch(apiUrl('/sys/logout'), {
      method: 'POST',
      headers: { 'X-Access-Token': token, 'tenant-id': getSession().tenantId || '0' },
    });
  } catch {
    /* ignored */
  }
}

function expireSession(kind: 'notice' | 'modal'): void {
  if (expiring) return;
  expiring = true;
  const hadToken = !!getSession().token;
  // inside a messenger app the app signs in again by itself (docs/contract.md, "Error texts")
  if (hadToken && inMessengerApp()) return reloginInMessengerApp(() => getSession().clearPersisted());
  const finish = () => {
    getSession().clearPersisted();
    window.location.reload();
  };
  if (kind === 'modal') {
    feedback.modal.error({
      title: ERROR_TEXTS.expiredModalTitle,
      content: ERROR_TEXTS.sessionExpired,
      okText: ERROR_TEXTS.expiredModalOk,
      mask: false,
      onOk: finish,
    });
    return;
  }
  feedback.notification.error({ message: ERROR_TEXTS.systemTip, description: ERROR_TEXTS.sessionExpired, duration: 4 });
  if (hadToken) {
    // Logged out locally now; the page stays as it is until the reload brings up the login page.
    getSession().clearPersisted();
    window.setTimeout(() => window.location.reload(), SESSION_EXPIRED_RELOAD_MS);
  } else {
    window.setTimeout(() => {
      expiring = false;
    }, SESSION_EXPIRED_RELOAD_MS);
  }
}

/** For tests of the latch. */
export function resetExpiryLatch(): void {
  expiring = false;
}

async function readBody(res: Response, responseType: 'json' | 'blob'): Promise<unknown> {
  const ct = res.headers.get('content-type') ?? '';
  if (responseType === 'blob' && !ct.includes('json')) return res.blob();
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(data: unknown): string {
  if (data && typeof data === 'object' && 'message' in data) return String((data as { message: unknown }).message ?? '');
  return '';
}

/** The texts of HTTP failures (docs/contract.md, "Error texts"). */
function handleHttpError(status: number, data: unknown, silent: boolean): void {
  const msg = messageOf(data);
  if (status === 401) return expireSession('notice');
  if (status === 500 && msg.includes(ERROR_TEXTS.tokenInvalidMarker) && getSession().token) {
    const p = window.location.pathname;
    if (p !== '/' && !p.startsWith('/user/login')) expireSession('modal');
    return;
  }
  if (silent) return;
  const n = feedback.notification;
  if (status === 403) n.error({ message: ERROR_TEXTS.systemTip, description: ERROR_TEXTS.forbidden, duration: 4 });
  else if (status === 404) n.error({ message: ERROR_TEXTS.systemTip, description: ERROR_TEXTS.notFound, duration: 4 });
  else if (status === 504 || status === 0) n.error({ message: ERROR_TEXTS.systemTip, description: ERROR_TEXTS.timeout });
  else if (status === 500) return;
  else n.error({ message: ERROR_TEXTS.systemTip, description: msg || `${status}`, duration: 4 });
}

async function verifySignature(data: unknown): Promise<boolean> {
  if (!data || typeof data !== 'object') return true;
  const env = data as Envelope;
  if (typeof env.zSignVer !== 'string') return true;
  const { aesKey } = runtimeConfig();
  if (!aesKey) return true;
  return (await responseSignatureAsync(env.timestamp, env.result, aesKey)) === env.zSignVer;
}

/** The one request function every call goes through. */
export async function request<T = unknown>(method: string, url: string, opts: RequestOptions = {}): Promise<T> {
  const m = method.toUpperCase();
  const query = cleanParams(opts.params);
  const hasBody = m !== 'GET' && m !== 'DELETE' && opts.data !== undefined;
  const plain = hasBody && isPlainBody(opts.data);
  const inline = Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
  const signed = { ...inline, ...query };
  const headers: Record<string, string> = { ...baseHeaders(url, m, signed, plain ? opts.data : undefined), ...opts.headers };
  // `_t` after signing, on GET except the dictionary item lookup.
  const finalQuery = { ...query };
  if (m === 'GET' && !url.includes(DICT_ITEMS_PATH)) finalQuery._t = String(Math.floor(Date.now() / 1000));
  const qs = new URLSearchParams(finalQuery).toString();
  const full = apiUrl(url) + (qs ? (url.includes('?') ? '&' : '?') + qs : '');
  let body: BodyInit | undefined;
  if (hasBody) {
    if (plain) {
      const { aesKey, aesIv } = runtimeConfig();
      const payload = !opts.noEncrypt && aesKey && aesIv ? encryptBody(opts.data, aesKey, aesIv) : opts.data;
      body = JSON.stringify(payload);
      headers['Content-Type'] = 'application/json;charset=UTF-8';
    } else {
      body = opts.data as BodyInit;
    }
  }
  const ctrl = new AbortController();
  const timer = window.setTimeout(() => ctrl.abort(), opts.timeout ?? REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(full, { method: m, headers, body, signal: ctrl.signal });
  } catch (e) {
    window.clearTimeout(timer);
    handleHttpError(0, null, !!opts.silent);
    throw new HttpError(0, ERROR_TEXTS.timeout, e);
  }
  let data: unknown;
  try {
    data = await readBody(res, opts.responseType ?? 'json');
  } finally {
    window.clearTimeout(timer);
  }
  if (!res.ok) {
    let info = data;
    if (data instanceof Blob) {
      try {
        info = JSON.parse(await data.text());
      } catch {
        info = null;
      }
    }
    handleHttpError(res.status, info, !!opts.silent);
    throw new HttpError(res.status, messageOf(info) || res.statusText, info);
  }
  if (!(await verifySignature(data))) {
    if (!opts.silent) feedback.notification.error({ message: ERROR_TEXTS.systemTip, description: '响应签名校验失败' });
    throw new HttpError(res.status, '响应签名校验失败', data);
  }
  return data as T;
}

export function getAction<T = unknown>(url: string, params?: Params, opts?: RequestOptions): Promise<Envelope<T>> {
  return request<Envelope<T>>('GET', url, { ...opts, params });
}
export function postAction<T = unknown>(url: string, data?: unknown, opts?: RequestOptions): Promise<Envelope<T>> {
  return request<Envelope<T>>('POST', url, { ...opts, data });
}
export function putAction<T = unknown>(url: string, data?: unknown, opts?: RequestOptions): Promise<Envelope<T>> {
  return request<Envelope<T>>('PUT', url, { ...opts, data });
}
export function deleteAction<T = unknown>(url: string, params?: Params, opts?: RequestOptions): Promise<Envelope<T>> {
  return request<Envelope<T>>('DELETE', url, { ...opts, params });
}
/** Any method with a body (jeecg `httpAction`). */
export function httpAction<T = unknown>(url: string, data: unknown, method: string): Promise<Envelope<T>> {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'DELETE'
    ? request<Envelope<T>>(m, url, { params: data as Params })
    : request<Envelope<T>>(m, url, { data });
}

/**
 * GET a file and save it; `.xlsx` is appended when the name has no extension (docs/system-admin.md, "Excel": an export names the
 * file by its given name; every export is an Office Open XML workbook, so it is saved as .xlsx).
 */
export async function downloadFile(url: string, fileName: string, params?: Params): Promise<void> {
  let blob: unknown;
  try {
    blob = await request('GET', url, { params, responseType: 'blob' });
  } catch {
    feedback.message.warning(ERROR_TEXTS.downloadFailed);
    return;
  }
  if (!(blob instanceof Blob) || blob.size === 0) {
    feedback.message.warning(ERROR_TEXTS.downloadEmpty);
    return;
  }
  const name = /\.[a-z0-9]+$/i.test(fileName) ? fileName : `${fileName}.xlsx`;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.style.display = 'none';
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  document.body.removeChild(a);
  URL.revokeObjectURL(href);
}

/** Multipart upload with progress (0–100); resolves with the envelope, HTTP failures reject. */
export function uploadAction<T = unknown>(
  url: string,
  formData: FormData,
  onProgress?: (percent: number) => void,
): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(url));
    const { token, tenantId } = getSession();
    if (token) xhr.setRequestHeader('X-Access-Token', token);
    xhr.setRequestHeader('tenant-id', tenantId || '0');
    xhr.timeout = REQUEST_TIMEOUT_MS;
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
      };
    }
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        handleHttpError(xhr.status, data, false);
        reject(new HttpError(xhr.status, messageOf(data) || ERROR_TEXTS.uploadUnknown, data));
        return;
      }
      void verifySignature(data).then((ok) => {
        if (ok) resolve(data as Envelope<T>);
        else reject(new HttpError(xhr.status, '响应签名校验失败', data));
      });
    };
    xhr.onerror = () => {
      handleHttpError(0, null, false);
      reject(new HttpError(0, ERROR_TEXTS.timeout));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.send(formData);
  });
}

export const http = { request, getAction, postAction, putAction, deleteAction, httpAction, downloadFile, uploadAction };
