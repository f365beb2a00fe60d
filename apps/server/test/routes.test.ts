import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

describe('[ROUTES] every route declares who may call it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a permission code, login or public on every registered route', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(10);
    const missing = t.app.routeTable.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    const r = await t.call(null, 'GET', '/no/such/path');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ success: false, code: 404, message: '很抱歉，资源未找到!' });
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ success: false, message: '请求体不是合法的JSON' });
  });

  it('serves the OpenAPI document and health', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/jeecg-boot/doc/json' })).statusCode).toBe(401);
    const admin = await t.login('admin');
    const doc = await t.app.inject({ method: 'GET', url: '/jeecg-boot/doc/json', headers: { 'x-access-token': admin } });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/jeecg-boot/sys/login']).toBeDefined();
    const health = await t.app.inject({ method: 'GET', url: '/jeecg-boot/actuator/health' });
    expect(health.json()).toMatchObject({ status: 'UP', components: { db: { status: 'UP' } } });
  });
});
