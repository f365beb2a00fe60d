import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEYLEN = 32;
// N=2^14 keeps a login under ~50 ms on a small machine while staying well above brute-force comfort.
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEYLEN, PARAMS, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export function newSalt(): string {
  return randomBytes(12).toString('base64url');
}

/** Stored form: `scrypt$<hex>`; the salt lives in its own column as in the stock schema. */
export async function hashPassword(password: string, salt: string): Promise<string> {
  return 'scrypt$' + (await derive(password, salt)).toString('hex');
}

export async function verifyPassword(password: string, salt: string, stored: string): Promise<boolean> {
  if (!stored.startsWith('scrypt$')) return false;
  const expected = Buffer.from(stored.slice(7), 'hex');
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
