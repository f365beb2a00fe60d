import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe.each(dbKinds)('built web app: caching and compression on %s', (kind) => {
  let t: TestApp;
  const script = 'console.log("app");'.repeat(50);
  beforeAll(async () => {
    const web = mkdtempSync(path.join(os.tmpdir(), 'go-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<html><head><!--runtime-config--></head><body><script type="module" src="/assets/app-AbC123.js"></script></body></html>');
    writeFileSync(path.join(web, 'assets/app-AbC123.js'), script);
    writeFileSync(path.join(web, 'assets/app-AbC123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(web, 'assets/app-AbC123.js.gz'), gzipSync(script));
    writeFileSync(path.join(web, 'favicon.ico'), 'icon');
    t = await createTestApp(kind, { webDist: web });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('hashed assets are cached for a year, immutable, and sent as the build compressed them', async () => {
    const br = await get('/assets/app-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length);

    const gz = await get('/assets/app-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/app-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('files outside assets/ keep revalidation; index.html is revalidated and answers 304 when unchanged', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toMatch(/immutable/);

    const page = await get('/h5/todo');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/h5/todo', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');
    const other = await get('/h5/todo', { 'if-none-match': '"other"' });
    expect(other.statusCode).toBe(200);
    expect(other.payload).toContain('window._CONFIG');
  });
});
