import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe.each(dbKinds)('[SECURITY] API console and index.html headers on %s', (kind) => {
  let t: TestApp;
  let pub: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    const web = mkdtempSync(path.join(os.tmpdir(), 'go-web-'));
    writeFileSync(path.join(web, 'index.html'), '<html><head><!--runtime-config--></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>');
    t = await createTestApp(kind, { webDist: web });
    pub = await createTestApp(kind, { apiDocs: 'public' });
    off = await createTestApp(kind, { apiDocs: 'off' });
  });
  afterAll(async () => {
    await t?.close();
    await pub?.close();
    await off?.close();
  });

  it('finding 11: the API console is for administrators by default; public or off by setting', async () => {
    const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });
    expect((await get(t, '/jeecg-boot/doc/json')).statusCode).toBe(401);
    const staff = await t.login('wuting');
    expect((await get(t, '/jeecg-boot/doc/json', { 'x-access-token': staff })).statusCode).toBe(403);
    expect((await get(t, `/jeecg-boot/doc?token=${staff}`)).statusCode).toBe(403);
    const admin = await t.login('admin');
    expect((await get(t, '/jeecg-boot/doc/json', { 'x-access-token': admin })).statusCode).toBe(200);
    // The page opened with ?token= sets a cookie limited to the console, which its spec request then uses.
    const page = await get(t, `/jeecg-boot/doc/?token=${admin}`);
    expect(page.statusCode).toBeLessThan(400);
    const cookie = String(page.headers['set-cookie'] ?? '');
    expect(cookie).toMatch(/^go_doc_token=.+; Path=\/jeecg-boot\/doc; HttpOnly; SameSite=Strict/);
    expect((await get(t, '/jeecg-boot/doc/json', { cookie: cookie.split(';')[0] })).statusCode).toBe(200);
    // The cookie is no token for the API.
    expect((await get(t, '/jeecg-boot/sys/user/list', { cookie: cookie.split(';')[0] })).statusCode).toBe(401);
    expect((await get(pub, '/jeecg-boot/doc/json')).statusCode).toBe(200);
    expect((await get(off, '/jeecg-boot/doc/json')).statusCode).toBe(404);
  });

  it('finding 11: index.html carries CSP (inline config script by hash), X-Frame-Options and Referrer-Policy', async () => {
    for (const url of ['/', '/dashboard/analysis']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      const inline = /<script>([\s\S]*?)<\/script>/.exec(res.body)![1];
      expect(inline).toContain('window._CONFIG');
      expect(csp).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});
