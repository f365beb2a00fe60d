import { createHmac, timingSafeEqual } from 'node:crypto';
import { isPublicFilePath } from '@go/contract/upload';

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

/**
 * Whether a stored path needs a session or a signed link: everything outside the public folders
 * (avatars, notice and rich-content pictures) belongs to a business record.
 */
export function isPrivatePath(rel: string, publicFolders: readonly string[]): boolean {
  return !isPublicFilePath(rel, publicFolders);
}

/** The signature parameters of a URL's query (`exp`, `sig`), when it carries them. */
export function signatureOf(url: string): { exp: string | undefined; sig: string | undefined } {
  const q = new URLSearchParams(url.split('#')[0].split('?')[1] ?? '');
  return { exp: q.get('exp') ?? undefined, sig: q.get('sig') ?? undefined };
}
