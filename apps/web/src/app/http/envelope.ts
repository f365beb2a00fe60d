import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import Hex from 'crypto-js/enc-hex';
import HmacSHA256 from 'crypto-js/hmac-sha256';

/** `{"encryptData": base64(AES-128-CBC/PKCS#7(JSON body))}` with the runtime key and IV (docs/security.md). */
export function encryptBody(body: unknown, key: string, iv: string): { encryptData: string } {
  const cipher = AES.encrypt(JSON.stringify(body), Utf8.parse(key), { iv: Utf8.parse(iv) } /* CBC and PKCS#7 are crypto-js defaults */);
  return { encryptData: cipher.toString() };
}

/** `zSignVer` = hex HMAC-SHA256(key, `${timestamp}:${JSON.stringify(result ?? null)}`). */
export function responseSignature(timestamp: number, result: unknown, key: string): string {
  return HmacSHA256(`${timestamp}:${JSON.stringify(result ?? null)}`, key).toString(Hex);
}

const hmacKeys = new Map<string, Promise<CryptoKey>>();
const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * `responseSignature` by the browser's own HMAC (Web Crypto, off the page's thread), where the page has it
 * (secure contexts: HTTPS or localhost); crypto-js elsewhere or if the browser refuses the key.
 */
export async function responseSignatureAsync(timestamp: number, result: unknown, key: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return responseSignature(timestamp, result, key);
  const text = `${timestamp}:${JSON.stringify(result ?? null)}`;
  let cryptoKey = hmacKeys.get(key);
  if (!cryptoKey) {
    cryptoKey = subtle.importKey('raw', new TextEncoder().encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    hmacKeys.set(key, cryptoKey);
  }
  try {
    return hex(await subtle.sign('HMAC', await cryptoKey, new TextEncoder().encode(text)));
  } catch {
    return HmacSHA256(text, key).toString(Hex);
  }
}
