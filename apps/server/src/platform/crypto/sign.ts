import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';

const WINDOW_MS = 5 * 60 * 1000;

/** `yyyyMMddHHmmss` in GMT+8 → epoch ms, or NaN. */
export function parseSignTimestamp(ts: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(ts);
  if (!m) return NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - 8 * 3600 * 1000;
  const back = new Date(ms + 8 * 3600 * 1000);
  // Reject impossible dates such as month 13 that Date.UTC would roll over.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h) return NaN;
  return ms;
}

function stringifyValues(v: unknown): unknown {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return v;
}

/**
 * The signed text of a request: a key-sorted map of the comma-bearing last path segment
 * (`x-path-variable`), the query parameters and, for non-GET requests, the JSON body fields,
 * without `_t`; serialised as compact JSON with the secret appended.
 */
export function signedText(
  input: { url: string; method: string; query: Record<string, unknown>; body: unknown },
  secret: string,
): string {
  const map: Record<string, unknown> = {};
  const pathOnly = input.url.split('?')[0];
  const last = decodeURIComponent(pathOnly.slice(pathOnly.lastIndexOf('/') + 1));
  if (last.includes(',')) map['x-path-variable'] = last;
  for (const [k, v] of Object.entries(input.query ?? {})) map[k] = stringifyValues(v);
  if (input.method !== 'GET' && input.body && typeof input.body === 'object' && !Array.isArray(input.body)) {
    for (const [k, v] of Object.entries(input.body as Record<string, unknown>)) map[k] = stringifyValues(v);
  }
  delete map._t;
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(map).sort()) sorted[k] = map[k];
  return JSON.stringify(sorted) + secret;
}

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
    { url: req.url, method: req.method, query: req.query as Record<string, unknown>, body: req.body },
    secret,
  );
  if (!sign || sign.toUpperCase() !== expected) throw new AppError('SIGN_FAILED');
}
