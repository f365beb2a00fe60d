import { signedText, signTimestamp } from '@go/contract';
import MD5 from 'crypto-js/md5';

export { signTimestamp };

/** The X-Sign header: MD5 of the contract's signed text, upper-case hex (docs/security.md). */
export function computeSign(input: Parameters<typeof signedText>[0], secret: string): string {
  return MD5(signedText(input, secret)).toString().toUpperCase();
}
