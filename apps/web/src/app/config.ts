import { DEFAULT_BASE_PATH } from '@go/contract';

/** Runtime configuration the server injects into index.html as `window._CONFIG`. */
export interface RuntimeConfig {
  baseURL: string;
  aesKey: string;
  aesIv: string;
  signatureSecret: string;
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
  };
}

/** URL of a stored file: absolute URLs as they are, else under the API's static path. */
export function staticUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:') || path.startsWith('blob:')) return path;
  return `${runtimeConfig().baseURL}/sys/common/static/${path.replace(/^\/+/, '')}`;
}
