import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';

/**
 * The AES payload envelope (format in docs/security.md):
 * request body `{"encryptData": base64(AES-128-CBC/PKCS#7(JSON body))}` with the configured key and IV;
 * responses carry `zSignVer` = hex HMAC-SHA256(key, `${timestamp}:${JSON.stringify(result)}`).
 */
export const ENVELOPE_FIELD = 'encryptData';

export function encryptPayload(plain: unknown, key: string, iv: string): string {
  const c = createCipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
  return Buffer.concat([c.update(JSON.stringify(plain), 'utf8'), c.final()]).toString('base64');
}

/** Decrypts and parses an envelope; throws on a bad key, padding or JSON. */
export function decryptPayload(data: string, key: string, iv: string): unknown {
  const d = createDecipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
  const text = Buffer.concat([d.update(Buffer.from(data, 'base64')), d.final()]).toString('utf8');
  return JSON.parse(text);
}

export function responseSignature(timestamp: number, result: unknown, key: string): string {
  return createHmac('sha256', key)
    .update(`${timestamp}:${JSON.stringify(result ?? null)}`, 'utf8')
    .digest('hex');
}

const SIGN_KEY = ',"zSignVer":"';
/** Length of the text a signed body ends with: `,"zSignVer":"` + 64 hex digits + `"}`. */
const SIGNED_TAIL = SIGN_KEY.length + 64 + 2;

/** True when a JSON body text already ends with its signature (it was written by `serializeSigned`). */
export function endsSigned(text: string): boolean {
  return text.length > SIGNED_TAIL && text.startsWith(SIGN_KEY, text.length - SIGNED_TAIL) && text.endsWith('"}');
}

/**
 * The JSON text of an answer. An envelope (an object with `success` and a numeric `timestamp`) is written
 * with its `zSignVer` last — the same text as `JSON.stringify({ ...envelope, zSignVer })` — and its result
 * is serialised once, for both the signature and the body. Anything else is plain `JSON.stringify`.
 */
export function serializeSigned(data: unknown, key: string): string {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return JSON.stringify(data);
  const obj = data as Record<string, unknown>;
  if (typeof obj.timestamp !== 'number' || !('success' in obj) || typeof (obj as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.stringify(data);
  }
  const resultJson = JSON.stringify(obj.result ?? null);
  const sign = createHmac('sha256', key).update(`${obj.timestamp}:${resultJson}`, 'utf8').digest('hex');
  let out = '';
  let signed = false;
  for (const k of Object.keys(obj)) {
    let v: string | undefined;
    if (k === 'zSignVer') {
      v = `"${sign}"`;
      signed = true;
    } else if (k === 'result') {
      v = obj.result === undefined ? undefined : resultJson;
    } else {
      v = JSON.stringify(obj[k]) as string | undefined;
    }
    if (v === undefined) continue;
    out += `${out ? ',' : '{'}${JSON.stringify(k)}:${v}`;
  }
  if (!signed) out += `${out ? ',' : '{'}"zSignVer":"${sign}"`;
  return `${out}}`;
}

/** True when a body is an envelope (an object whose only key is the envelope field, holding a string). */
export function isEnvelope(body: unknown): body is { encryptData: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.length === 1 && keys[0] === ENVELOPE_FIELD && typeof (body as Record<string, unknown>)[ENVELOPE_FIELD] === 'string';
}
