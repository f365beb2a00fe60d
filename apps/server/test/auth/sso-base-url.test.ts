import { SSO_TEXTS } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsoConfig } from '../../src/modules/system/sso/sso-config.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { startCas, type CasPeer } from './sso-peers.js';

const PUBLIC = 'https://oa.example.com';

/** CAS and WeCom on, no OIDC provider, no CAS_SERVICE_PREFIXES and no SSO_WEB_BASE: only PUBLIC_BASE_URL (or nothing). */
function ssoConfig(cas: CasPeer): SsoConfig {
  return {
    third: {},
    cas: { base: cas.base, servicePrefixes: [] },
    messengers: {
      wechat_enterprise: {
        kind: 'wechat_enterprise',
        clientId: 'ww-corp',
        clientSecret: 'secret',
        apiBase: 'http://127.0.0.1:9',
        authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
      },
    },
    webBase: '',
  };
}

describe.each(dbKinds)('[AUTH] single sign-on builds URLs from PUBLIC_BASE_URL, never the Host header, on %s', (kind) => {
  let cas: CasPeer;
  let t: TestApp;
  let bare: TestApp;

  beforeAll(async () => {
    cas = await startCas();
    t = await createTestApp(kind, { sso: ssoConfig(cas), publicBaseUrl: PUBLIC });
    bare = await createTestApp(kind, { sso: ssoConfig(cas) });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    await cas?.close();
  });

  const validate = (app: TestApp, ticket: string, service: string, host: string) =>
    app.call(null, 'GET', `/sys/cas/client/validateLogin?ticket=${ticket}&service=${encodeURIComponent(service)}`, undefined, { host });

  it('CAS: a ticket of another application is refused whatever Host the request names', async () => {
    const other = 'http://crm.example.com/login';
    const foreign = cas.issue('admin', other);
    const refused = await validate(t, foreign, other, 'crm.example.com');
    expect(refused.body).toMatchObject({ success: false, message: SSO_TEXTS.casBadService });
    expect(refused.body.result?.token).toBeUndefined();

    const service = `${PUBLIC}/sso/callback`;
    const ours = cas.issue('admin', service);
    const ok = await validate(t, ours, service, 'crm.example.com');
    expect(ok.body).toMatchObject({ success: true, message: '登录成功' });
    expect(ok.body.result.userInfo.username).toBe('admin');
  });

  it('CAS without PUBLIC_BASE_URL (and no service prefixes) refuses every ticket', async () => {
    const service = 'http://oa.internal/sso/callback';
    const ticket = cas.issue('admin', service);
    const refused = await validate(bare, ticket, service, 'oa.internal');
    expect(refused.body).toMatchObject({ success: false, message: SSO_TEXTS.casBadService });
  });

  it('OIDC error redirect goes to the configured base, or stays on this server when none is configured', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/oidc/authorize', headers: { host: 'evil.example' } });
    expect(r.statusCode).toBe(302);
    expect(String(r.headers.location)).toBe(`${PUBLIC}/sso/callback#error=${encodeURIComponent(SSO_TEXTS.notConfigured)}`);
    const relative = await bare.app.inject({ method: 'GET', url: '/jeecg-boot/sys/oidc/authorize', headers: { host: 'evil.example' } });
    expect(relative.statusCode).toBe(302);
    expect(String(relative.headers.location)).toBe(`/sso/callback#error=${encodeURIComponent(SSO_TEXTS.notConfigured)}`);
    const callback = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/oidc/callback?state=unknown', headers: { host: 'evil.example' } });
    expect(String(callback.headers.location)).toBe(`${PUBLIC}/sso/callback#error=${encodeURIComponent(SSO_TEXTS.expired)}`);
  });

  it('third-party popups post only to the configured origin', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/thirdLogin/render/github', headers: { host: 'evil.example' } });
    expect(r.body).toContain(JSON.stringify(PUBLIC));
    expect(r.body).not.toContain('evil.example');
    const own = await bare.app.inject({ method: 'GET', url: '/jeecg-boot/sys/thirdLogin/render/github', headers: { host: 'evil.example' } });
    expect(own.body).toContain(`postMessage(${JSON.stringify(SSO_TEXTS.thirdFailed)},"/")`);
    expect(own.body).not.toContain('evil.example');
  });

  it('messenger apps: the callback handed to WeCom and the pages after it are on the configured base', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/thirdLogin/oauth2/wechat_enterprise/login', headers: { host: 'evil.example' } });
    const auth = new URL(String(start.headers.location));
    expect(auth.searchParams.get('redirect_uri')).toBe(`${PUBLIC}/jeecg-boot/sys/thirdLogin/oauth2/wechat_enterprise/callback`);
    const back = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/thirdLogin/oauth2/wechat_enterprise/callback?code=x&state=unknown', headers: { host: 'evil.example' } });
    expect(String(back.headers.location).split('#')[0]).toBe(`${PUBLIC}/oauth2-app/login`);
    // nothing configured: no callback URL can be built, so the flow does not start
    const none = await bare.app.inject({ method: 'GET', url: '/jeecg-boot/sys/thirdLogin/oauth2/wechat_enterprise/login', headers: { host: 'evil.example' } });
    expect(String(none.headers.location)).toBe(`/oauth2-app/login#error=${encodeURIComponent(SSO_TEXTS.notConfigured)}`);
  });
});
