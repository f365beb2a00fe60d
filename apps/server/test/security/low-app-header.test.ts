import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installLowAppId } from '../../src/platform/http/low-app.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

describe('X-Low-App-ID: kept on the request when well formed', () => {
  const app = Fastify();
  beforeAll(async () => {
    installLowAppId(app);
    app.get('/echo', async (req) => ({ lowAppId: req.lowAppId }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });
  const echo = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/echo', headers })).json().lowAppId;

  it('reads the application id, and nothing from a missing or malformed header', async () => {
    expect(await echo({ 'X-Low-App-ID': 'a1b2' })).toBe('a1b2');
    expect(await echo({ 'x-low-app-id': '%E5%BA%94%E7%94%A8' })).toBe('%E5%BA%94%E7%94%A8');
    expect(await echo({})).toBeNull();
    expect(await echo({ 'X-Low-App-ID': "a1' or 1=1" })).toBeNull();
    expect(await echo({ 'X-Low-App-ID': 'x'.repeat(129) })).toBeNull();
  });
});

describe.each(dbKinds)('X-Low-App-ID accepted by the API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a call from a low-app page answers as any other', async () => {
    const token = await t.login('admin');
    const plain = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/user/getCurrentUserDeparts', headers: { 'X-Access-Token': token } });
    const lowApp = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/user/getCurrentUserDeparts', headers: { 'X-Access-Token': token, 'X-Low-App-ID': 'a1b2' } });
    expect(lowApp.statusCode).toBe(200);
    expect(lowApp.json().success).toBe(true);
    expect(lowApp.json().result).toEqual(plain.json().result);
  });
});
