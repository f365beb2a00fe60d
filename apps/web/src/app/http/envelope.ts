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
