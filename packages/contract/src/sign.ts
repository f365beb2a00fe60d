/**
 * Request signing (docs/security.md), shared by the web client that signs and the server that verifies.
 * Hashing is left to each side (MD5 of `signedText`, upper-case hex).
 */

/** `yyyyMMddHHmmss` in GMT+8, the X-TIMESTAMP header. */
export function signTimestamp(at: number = Date.now()): string {
  const d = new Date(at + 8 * 3600 * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getUTCFullYear(), 4)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

/** `yyyyMMddHHmmss` in GMT+8 → epoch ms, or NaN (impossible dates such as month 13 included). */
export function parseSignTimestamp(ts: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(ts);
  if (!m) return NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - 8 * 3600 * 1000;
  const back = new Date(ms + 8 * 3600 * 1000);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h) return NaN;
  return ms;
}

const asText = (v: unknown): unknown => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v);

/**
 * The signed text of a request: a key-sorted map of the comma-bearing last path segment
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
    /* a malformed escape is signed as sent */
  }
  if (last.includes(',')) map['x-path-variable'] = last;
  for (const [k, v] of Object.entries(input.query ?? {})) map[k] = asText(v);
  if (input.method.toUpperCase() !== 'GET' && input.body && typeof input.body === 'object' && !Array.isArray(input.body)) {
    for (const [k, v] of Object.entries(input.body as Record<string, unknown>)) map[k] = asText(v);
  }
  delete map._t;
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(map).sort()) sorted[k] = map[k];
  return JSON.stringify(sorted) + secret;
}
