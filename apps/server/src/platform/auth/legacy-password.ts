import { createHash, timingSafeEqual } from 'node:crypto';
import CryptoJS from 'crypto-js';
import type { Database } from '../db/database.js';
import type { SysUser } from '../db/schema.js';
import { hashPassword, newSalt } from './password.js';
import { now } from '../db/time.js';

/** Prefix of a password hash carried over from JeecgBoot (`jeecg$<hex>`, the user's salt kept beside it). */
export const JEECG_HASH_PREFIX = 'jeecg$';

const ITERATIONS = 1000;

/**
 * JeecgBoot's stored password: hex(PBEWithMD5AndDES(plaintext = username, key = password, salt, 1000 iterations)).
 * Key and IV come from MD5 applied 1000 times over password ‖ salt (first 8 bytes key, last 8 bytes IV), then
 * DES-CBC with PKCS#5 padding. Java's PBE keys take printable ASCII only; any other password never matched there,
 * so it gives null here. DES runs in crypto-js: Node's OpenSSL 3 has it only in the legacy provider.
 */
export function jeecgPasswordHash(username: string, password: string, salt: string): string | null {
  if (!/^[\x20-\x7e]*$/.test(password)) return null;
  let digest = createHash('md5').update(Buffer.concat([Buffer.from(password, 'latin1'), Buffer.from(salt, 'utf8')])).digest();
  for (let i = 1; i < ITERATIONS; i++) digest = createHash('md5').update(digest).digest();
  const key = CryptoJS.enc.Hex.parse(digest.subarray(0, 8).toString('hex'));
  const iv = CryptoJS.enc.Hex.parse(digest.subarray(8, 16).toString('hex'));
  const encrypted = CryptoJS.DES.encrypt(CryptoJS.enc.Utf8.parse(username), key, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  return encrypted.ciphertext.toString(CryptoJS.enc.Hex);
}

/** Whether `password` opens a `jeecg$<hex>` hash; compared in constant time. */
export function verifyJeecgPassword(username: string, password: string, salt: string, stored: string): boolean {
  if (!stored.startsWith(JEECG_HASH_PREFIX)) return false;
  const expected = Buffer.from(stored.slice(JEECG_HASH_PREFIX.length).toLowerCase(), 'hex');
  const hex = jeecgPasswordHash(username, password, salt);
  if (hex === null || expected.length === 0) return false;
  const actual = Buffer.from(hex, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * The login's hook for accounts imported from JeecgBoot: a `jeecg$` hash that the password opens is replaced
 * at once by this product's scrypt hash with a new salt, so the legacy form is used for one sign-in only.
 * Answers false (and changes nothing) for any other stored form or a wrong password.
 */
export async function acceptLegacyPassword(db: Database, user: SysUser, password: string): Promise<boolean> {
  const stored = user.password ?? '';
  if (!verifyJeecgPassword(user.username, password, user.salt ?? '', stored)) return false;
  const salt = newSalt();
  const hashed = await hashPassword(password, salt);
  // Only the row still holding this legacy hash is upgraded (two concurrent sign-ins upgrade once).
  await db
    .updateTable('sysUser')
    .set({ password: hashed, salt, updateTime: now() })
    .where('id', '=', user.id)
    .where('password', '=', stored)
    .execute();
  user.password = hashed;
  user.salt = salt;
  return true;
}
