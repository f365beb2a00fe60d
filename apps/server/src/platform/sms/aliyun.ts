import { createHmac, randomUUID } from 'node:crypto';
import type { AliyunSmsSettings } from './sms-config.js';
import type { SmsProvider, SmsPurpose } from './providers.js';

/**
 * Aliyun SMS (dysmsapi SendSms) with the RPC signature (SignatureVersion 1.0, HMAC-SHA1), as documented
 * in Aliyun's "签名机制" pages:
 * 1. every parameter but `Signature`, sorted by name, each name and value percent-encoded (RFC 3986:
 *    space `%20`, `*` `%2A`, `~` kept) and joined `k=v&…` (the canonicalised query);
 * 2. StringToSign = `METHOD&%2F&` + percentEncode(canonicalised query);
 * 3. Signature = Base64(HMAC-SHA1(key = AccessKeySecret + "&", StringToSign)).
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalizedQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalizedQuery(params))}`;
}

export function rpcSignature(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, params), 'utf8').digest('base64');
}

/** The signed query string for a request (the signature first, as in the documentation's example URL). */
export function signedQuery(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  return `Signature=${percentEncode(rpcSignature(method, params, accessKeySecret))}&${canonicalizedQuery(params)}`;
}

/** ISO 8601 UTC without milliseconds, as the API expects (2017-07-12T02:42:19Z). */
export function aliyunTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';

  constructor(
    private readonly settings: AliyunSmsSettings,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 10_000,
  ) {}

  /** The request parameters for one code (exposed for tests). */
  params(mobile: string, purpose: SmsPurpose, code: string, nonce = randomUUID(), timestamp = aliyunTimestamp(Date.now())): Record<string, string> {
    const s = this.settings;
    return {
      AccessKeyId: s.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: s.regionId,
      SignName: s.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: s.templates[purpose],
      TemplateParam: JSON.stringify({ code }),
      Timestamp: timestamp,
      Version: '2017-05-25',
    };
  }

  async send(mobile: string, purpose: SmsPurpose, code: string): Promise<void> {
    const body = signedQuery('POST', this.params(mobile, purpose, code), this.settings.accessKeySecret);
    const res = await this.fetchImpl(this.settings.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    let parsed: { Code?: string; Message?: string } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // not JSON: reported below with the status
    }
    if (!res.ok || parsed.Code !== 'OK') {
      throw new Error(`Aliyun SendSms failed: HTTP ${res.status} ${parsed.Code ?? ''} ${parsed.Message ?? text.slice(0, 200)}`);
    }
  }
}
