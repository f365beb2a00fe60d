import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { parseSignTimestamp, signedText } from '@go/contract';
import { AppError } from '../http/errors.js';
import { rawQuery } from '../http/request.js';

const WINDOW_MS = 5 * 60 * 1000;

export { parseSignTimestamp, signedText };

/** MD5 of the contract's signed text, upper-case hex. */
export function computeSign(input: Parameters<typeof signedText>[0], secret: string): string {
  return createHash('md5').update(signedText(input, secret), 'utf8').digest('hex').toUpperCase();
}

/** Verifies X-Sign / X-TIMESTAMP with a real ±5 minute window. */
export function verifyRequestSignature(req: FastifyRequest, secret: string, nowMs = Date.now()): void {
  const ts = String(req.headers['x-timestamp'] ?? '');
  const sign = String(req.headers['x-sign'] ?? '');
  const at = parseSignTimestamp(ts);
  if (Number.isNaN(at)) throw new AppError('SIGN_TIMESTAMP_FORMAT');
  if (Math.abs(nowMs - at) > WINDOW_MS) throw new AppError('SIGN_EXPIRED');
  const expected = computeSign(
    { url: req.url, method: req.method, query: rawQuery(req), body: req.body },
    secret,
  );
  if (!sign || sign.toUpperCase() !== expected) throw new AppError('SIGN_FAILED');
}
