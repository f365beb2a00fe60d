import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import MD5 from 'crypto-js/md5';

dayjs.extend(utc);

/** `yyyyMMddHHmmss` in GMT+8, the X-TIMESTAMP header. */
export function signTimestamp(at: number = Date.now()): string {
  return dayjs(at).utcOffset(8 * 60).format('YYYYMMDDHHmmss');
}

function stringifyValue(v: unknown): unknown {
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
}

/**
 * The signed text (docs/security.md): a key-sorted map of the comma-bearing last path segment
 * (`x-path-variable`), the query parameters and, for non-GET requests, the JSON body fields; numbers and
 * booleans as strings; `_t` excluded; compact JSON followed by the secret.
 */
export function signedText(
  input: { url: string; method: string; query?: Record<string, unknown>; body?: unknown },
  secret: string,
): string {
  const map: Record<string, unknown> = {};
  const pathOnly = input.url.split('?')[0];
  let last = pathOnly.slice(pathOnly.lastIndexOf('/') + 1);
  try {
    last = decodeURIComponent(last);
  } catch {
    /* keep it raw */
  }
  if (last.includes(',')) map['x-path-variable'] = last;
  for (const [k, v] of Object.entries(input.query ?? {})) map[k] = stringifyValue(v);
  const method = input.method.toUpperCase();
  if (method !== 'GET' && input.body && typeof input.body === 'object' && !Array.isArray(input.body)) {
    for (const [k, v] of Object.entries(input.body as Record<string, unknown>)) map[k] = stringifyValue(v);
  }
  delete map._t;
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(map).sort()) sorted[k] = map[k];
  return JSON.stringify(sorted) + secret;
}

export function computeSign(input: Parameters<typeof signedText>[0], secret: string): string {
  return MD5(signedText(input, secret)).toString().toUpperCase();
}
