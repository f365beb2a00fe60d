import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links to private stored files (`/sys/common/static/<rel>?exp=<ms>&sig=<hmac>`): a browser
 * can open them without a token in the URL, and they stop working after the expiry.
 */
function mac(secret: string, rel: string, exp: number): string {
  return createHmac('sha256', secret).update(`static\n${rel}\n${exp}`).digest('base64url');
}

export function signStaticPath(secret: string, rel: string, ttlMs: number, now = Date.now()): string {
  const exp = now + ttlMs;
  return `${rel}?exp=${exp}&sig=${mac(secret, rel, exp)}`;
}

export function verifyStaticSignature(secret: string, rel: string, exp: unknown, sig: unknown, now = Date.now()): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,15}$/.test(exp)) return false;
  if (Number(exp) < now) return false;
  const want = Buffer.from(mac(secret, rel, Number(exp)));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** Whether a stored path lies in one of the private folders (first segment). */
export function isPrivatePath(rel: string, folders: string[]): boolean {
  const first = rel.split('/')[0];
  return folders.includes(first);
}
