import { createHash } from 'node:crypto';

/**
 * Headers of the single-page app's index.html: a Content-Security-Policy that allows only the app's own
 * scripts plus the one inline runtime-config script (by hash), framing by the same origin only, and no
 * full URL (with its query) in the Referer sent to other sites.
 * - styles: antd writes its CSS-in-JS into <style> elements, hence 'unsafe-inline' for styles only;
 * - frames: menu pages may embed external systems (iframe menus), so http(s) frames stay allowed;
 * - connect: the API and the WebSocket channels of the same host.
 */
export function indexHtmlHeaders(html: string): Record<string, string> {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "frame-src 'self' blob: https: http:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
  };
}
