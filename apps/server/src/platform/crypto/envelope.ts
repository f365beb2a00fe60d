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

/** True when a body is an envelope (an object whose only key is the envelope field, holding a string). */
export function isEnvelope(body: unknown): body is { encryptData: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.length === 1 && keys[0] === ENVELOPE_FIELD && typeof (body as Record<string, unknown>)[ENVELOPE_FIELD] === 'string';
}
