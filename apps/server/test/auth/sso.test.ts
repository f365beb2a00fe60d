import { SMS_TEXTS, SSO_TEXTS } from '@go/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcSourceConfig, SsoConfig } from '../../src/modules/system/sso/sso-config.js';
import { recordingSmsConfig } from '../../src/platform/sms/sms-config.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { lastCode } from './sms-helpers.js';
import { browseToCallback, startCas, startMessenger, startOidcProvider, type CasPeer, type MessengerPeer, type OidcPeer } from './sso-peers.js';

const CALLBACK = 'http://127.0.0.1:18999/jeecg-boot/sys/oidc/callback';
const WEB = 'http://web.test';

/** The fragment parameters of a redirect to the web app. */
function fragment(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

describe.each(dbKinds)('[AUTH] single sign-on against real protocol peers on %s', (kind) => {
  let t: TestApp;
  let idp: OidcPeer;
  let cas: CasPeer;
  let im: MessengerPeer;
  let source: OidcSourceConfig;

  beforeAll(async () => {
    [idp, cas, im] = await Promise.all([startOidcProvider([CALLBACK]), startCas(), startMessenger()]);
    idp.accounts = {
      alice: { preferred_username: 'admin', name: 'Alice' },
      bob: { preferred_username: 'WUTING', name: 'Bob' },
      carol: { preferred_username: 'carol_new', name: '卡罗尔', email: 'carol@example.com', email_verified: true },
      dave: { preferred_username: 'dave_unknown', name: 'Dave' },
    };
    source = {
      name: 'oidc',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      redirectUri: CALLBACK,
      scope: 'openid profile email',
      linkClaim: 'preferred_username',
      autoCreate: false,
      defaultDepart: 'A02A02',
    };
    const sso: SsoConfig = {
      oidc: source,
      third: { oidc: source },
      cas: { base: cas.base, servicePrefixes: [`${WEB}/`] },
      messengers: {
        wechat_enterprise: {
          kind: 'wechat_enterprise',
          clientId: im.corpId,
          clientSecret: im.secret,
          apiBase: im.base,
          authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
        },
        dingtalk: { kind: 'dingtalk', clientId: im.corpId, clientSecret: im.secret, apiBase: im.base, authorizeUrl: '' },
      },
      webBase: WEB,
    };
    t = await createTestApp(kind, { sso, sms: recordingSmsConfig() });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([idp?.close(), cas?.close(), im?.close()]);
  });

  const inject = (url: string) => t.app.inject({ method: 'GET', url });
  const asPath = (absolute: string) => {
    const u = new URL(absolute);
    return u.pathname + u.search;
  };

  /** authorize → the provider (sign-in and consent) → the callback URL the provider sends the browser to. */
  async function throughProvider(account: string, start = '/jeecg-boot/sys/oidc/authorize'): Promise<string> {
    idp.signInAs = account;
    const r = await inject(start);
    expect(r.statusCode).toBe(302);
    return browseToCallback(String(r.headers.location), CALLBACK);
  }

  async function signInAs(account: string): Promise<URLSearchParams> {
    const callback = await throughProvider(account);
    const r = await inject(asPath(callback));
    expect(r.statusCode).toBe(302);
    expect(String(r.headers.location)).toMatch(new RegExp(`^${WEB}/sso/callback#`));
    return fragment(String(r.headers.location));
  }

  it('publishes which ways are configured', async () => {
    const r = await t.call(null, 'GET', '/sys/sso/config');
    expect(r.body.result).toEqual({
      oidc: true,
      casLoginUrl: `${cas.base}/login`,
      third: ['oidc'],
      messengers: ['wechat_enterprise', 'dingtalk'],
    });
  });

  it('signs in with authorization code + PKCE, then the one-time code gives the login result once', async () => {
    const r = await inject('/jeecg-boot/sys/oidc/authorize?redirect=%2Fnotice');
    expect(r.statusCode).toBe(302);
    const auth = new URL(String(r.headers.location));
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(auth.searchParams.get('state')).toBeTruthy();
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(auth.searchParams.get('redirect_uri')).toBe(CALLBACK);
    // state, nonce and verifier stay on the server, only under the state's hash
    const flows = await t.app.ctx.db.selectFrom('kvStore').select(['k', 'v']).where('k', 'like', 'sso:flow:%').execute();
    expect(flows.some((f) => f.k.includes(auth.searchParams.get('state')!))).toBe(false);

    idp.signInAs = 'alice';
    const callback = await browseToCallback(auth.href, CALLBACK);
    const back = await inject(asPath(callback));
    expect(back.statusCode).toBe(302);
    const location = String(back.headers.location);
    expect(location.split('#')[0]).toBe(`${WEB}/sso/callback`);
    const params = fragment(location);
    expect(params.get('redirect')).toBe('/notice');
    const code = params.get('code')!;
    expect(code).toMatch(/^[\w-]{43}$/);

    const login = await t.call(null, 'POST', '/sys/sso/exchange', { code });
    expect(login.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(login.body.result.userInfo.username).toBe('admin');
    expect(login.body.result.userInfo.password).toBeUndefined();
    expect(login.body.result.departs).toBeInstanceOf(Array);
    expect(login.body.result.sysAllDictItems).toBeTypeOf('object');
    const me = await t.call(login.body.result.token, 'GET', '/sys/user/getCurrentUserDeparts');
    expect(me.status).toBe(200);
    expect(me.body.success).toBe(true);

    const again = await t.call(null, 'POST', '/sys/sso/exchange', { code });
    expect(again.body).toMatchObject({ success: false, message: SSO_TEXTS.codeInvalid });
    // the link is stored: the identity is the provider's subject
    const link = await t.app.ctx.db.selectFrom('sysThirdAccount').selectAll().where('thirdUserUuid', '=', 'alice').executeTakeFirst();
    expect(link?.thirdType).toBe('oidc');
  });

  it('refuses a replayed callback (the state is single use)', async () => {
    const callback = await throughProvider('alice');
    const first = await inject(asPath(callback));
    expect(fragment(String(first.headers.location)).get('code')).toBeTruthy();
    const replay = await inject(asPath(callback));
    expect(fragment(String(replay.headers.location)).get('error')).toBe(SSO_TEXTS.expired);
  });

  it('refuses a wrong state', async () => {
    const callback = new URL(await throughProvider('alice'));
    callback.searchParams.set('state', 'x'.repeat(43));
    const r = await inject(asPath(callback.href));
    const params = fragment(String(r.headers.location));
    expect(params.get('error')).toBe(SSO_TEXTS.expired);
    expect(params.get('code')).toBeNull();
    // a callback without any state neither
    callback.searchParams.delete('state');
    const none = await inject(asPath(callback.href));
    expect(fragment(String(none.headers.location)).get('error')).toBe(SSO_TEXTS.expired);
  });

  it('refuses a tampered ID token and opens no session', async () => {
    const before = await t.app.ctx.db.selectFrom('sysLog').select(({ fn }) => fn.countAll<number>().as('n')).where('logType', '=', 1).executeTakeFirstOrThrow();
    idp.tamper = true;
    try {
      const params = await signInAs('alice');
      expect(params.get('error')).toBe(SSO_TEXTS.failed);
      expect(params.get('code')).toBeNull();
    } finally {
      idp.tamper = false;
    }
    const after = await t.app.ctx.db.selectFrom('sysLog').select(({ fn }) => fn.countAll<number>().as('n')).where('logType', '=', 1).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await t.app.ctx.db.selectFrom('sysThirdAccount').select('id').where('thirdUserUuid', '=', 'mallory').executeTakeFirst()).toBeUndefined();
  });

  it('links by the configured claim (usernames ignoring case)', async () => {
    const params = await signInAs('bob');
    const login = await t.call(null, 'POST', '/sys/sso/exchange', { code: params.get('code') });
    expect(login.body.result.userInfo.username).toBe('wuting');
  });

  it('refuses an unknown person while auto-create is off, creates one in the department when on', async () => {
    source.autoCreate = false;
    const refused = await signInAs('carol');
    expect(refused.get('error')).toBe(SSO_TEXTS.noAccount);
    expect(await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'carol_new').executeTakeFirst()).toBeUndefined();

    source.autoCreate = true;
    try {
      const params = await signInAs('carol');
      const login = await t.call(null, 'POST', '/sys/sso/exchange', { code: params.get('code') });
      expect(login.body.success).toBe(true);
      const info = login.body.result.userInfo;
      expect(info).toMatchObject({ username: 'carol_new', realname: '卡罗尔', email: 'carol@example.com', orgCode: 'A02A02' });
      const user = await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'carol_new').executeTakeFirstOrThrow();
      const depts = await t.app.ctx.db
        .selectFrom('sysUserDepart')
        .innerJoin('sysDepart', 'sysDepart.id', 'sysUserDepart.depId')
        .select('sysDepart.orgCode')
        .where('sysUserDepart.userId', '=', user.id)
        .execute();
      expect(depts.map((d) => d.orgCode)).toEqual(['A02A02']);
      // the next sign-in uses the link, no second account
      const again = await signInAs('carol');
      expect(again.get('code')).toBeTruthy();
      const count = await t.app.ctx.db.selectFrom('sysUser').select('id').where('username', 'like', 'carol%').execute();
      expect(count).toHaveLength(1);
    } finally {
      source.autoCreate = false;
    }
  });

  it('third-party login as the stock client: render, popup message, getLoginUser', async () => {
    const callback = await throughProvider('alice', '/jeecg-boot/sys/thirdLogin/render/oidc');
    const popup = await inject(asPath(callback));
    expect(popup.headers['content-type']).toMatch(/text\/html/);
    expect(String(popup.headers['content-security-policy'])).toMatch(/script-src 'sha256-/);
    const m = /postMessage\("([^"]+)","([^"]+)"\)/.exec(popup.body);
    expect(m?.[2]).toBe(WEB);
    const code = m![1];
    const wrongType = await t.call(null, 'GET', `/sys/thirdLogin/getLoginUser/${code}/github`);
    expect(wrongType.body.success).toBe(false);
    const unknownSource = await inject('/jeecg-boot/sys/thirdLogin/render/github');
    expect(unknownSource.body).toContain(`"${SSO_TEXTS.thirdFailed}"`);

    // a refused code is spent: the popup gives a fresh one
    const callback2 = await throughProvider('alice', '/jeecg-boot/sys/thirdLogin/render/oidc');
    const code2 = /postMessage\("([^"]+)"/.exec((await inject(asPath(callback2))).body)![1];
    const r = await t.call(null, 'GET', `/sys/thirdLogin/getLoginUser/${code2}/oidc`);
    expect(r.body).toMatchObject({ success: true, code: 200 });
    expect(r.body.result.userInfo.username).toBe('admin');
    expect(r.body.result.token).toBeTruthy();
  });

  it('binds an unknown third-party identity to an account by its phone code', async () => {
    const callback = await throughProvider('dave', '/jeecg-boot/sys/thirdLogin/render/oidc');
    const message = /postMessage\("([^"]+)"/.exec((await inject(asPath(callback))).body)![1];
    const [prefix, ticket] = message.split(',');
    expect(prefix).toBe(SSO_TEXTS.bindPhone);
    expect(ticket).not.toContain('dave');

    const wrong = await t.call(null, 'POST', '/sys/thirdLogin/bindingThirdPhone', { mobile: '13811110005', captcha: '000000', thirdUserUuid: ticket });
    expect(wrong.body).toMatchObject({ success: false, message: SMS_TEXTS.wrong });
    await t.call(null, 'POST', '/sys/sms', { mobile: '13811110005', smsmode: '0' });
    const sms = (await lastCode(t, '13811110005'))!;
    const bound = await t.call(null, 'POST', '/sys/thirdLogin/bindingThirdPhone', { mobile: '13811110005', captcha: sms, thirdUserUuid: ticket });
    expect(bound.body.success).toBe(true);
    const r = await t.call(null, 'GET', `/sys/thirdLogin/getLoginUser/${bound.body.result}/oidc`);
    expect(r.body.result.userInfo.username).toBe('chenjing');
    // the ticket is spent; dave now signs in directly
    const reuse = await t.call(null, 'POST', '/sys/thirdLogin/bindingThirdPhone', { mobile: '13811110005', captcha: sms, thirdUserUuid: ticket });
    expect(reuse.body.success).toBe(false);
    const direct = await throughProvider('dave', '/jeecg-boot/sys/thirdLogin/render/oidc');
    const code = /postMessage\("([^"]+)"/.exec((await inject(asPath(direct))).body)![1];
    expect(code.startsWith(SSO_TEXTS.bindPhone)).toBe(false);
  });

  it('CAS 3.0: a valid ticket signs in; replayed, foreign-service and unknown-user tickets are refused', async () => {
    const service = `${WEB}/sso/callback`;
    const ticket = cas.issue('admin', service);
    const ok = await t.call(null, 'GET', `/sys/cas/client/validateLogin?ticket=${ticket}&service=${encodeURIComponent(service)}`);
    expect(ok.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(ok.body.result.userInfo.username).toBe('admin');
    expect(ok.body.result.token).toBeTruthy();

    const replay = await t.call(null, 'GET', `/sys/cas/client/validateLogin?ticket=${ticket}&service=${encodeURIComponent(service)}`);
    expect(replay.body).toMatchObject({ success: false, code: 500, message: `Ticket ${ticket} not recognized` });

    const other = 'https://other-app.example.com/';
    const foreign = cas.issue('admin', other);
    const refused = await t.call(null, 'GET', `/sys/cas/client/validateLogin?ticket=${foreign}&service=${encodeURIComponent(other)}`);
    expect(refused.body).toMatchObject({ success: false, message: SSO_TEXTS.casBadService });

    const mismatch = cas.issue('admin', `${WEB}/elsewhere`);
    const wrongService = await t.call(null, 'GET', `/sys/cas/client/validateLogin?ticket=${mismatch}&service=${encodeURIComponent(service)}`);
    expect(wrongService.body).toMatchObject({ success: false, message: `Ticket ${mismatch} does not match supplied service` });

    const ghost = cas.issue('ghost', service);
    const unknown = await t.call(null, 'GET', `/sys/cas/client/validateLogin?ticket=${ghost}&service=${encodeURIComponent(service)}`);
    expect(unknown.body).toMatchObject({ success: false, message: '该用户不存在，请注册' });
  });

  it('messenger apps: a code of a known user signs in, an unknown user is refused', async () => {
    im.codes.set('wecom-code-1', 'admin');
    const ok = await t.call(null, 'POST', '/sys/thirdLogin/oauth2/wechat_enterprise/code', { code: 'wecom-code-1' });
    expect(ok.body).toMatchObject({ success: true, code: 200 });
    expect(ok.body.result.userInfo.username).toBe('admin');
    // the code is the messenger's, single use there
    const reuse = await t.call(null, 'POST', '/sys/thirdLogin/oauth2/wechat_enterprise/code', { code: 'wecom-code-1' });
    expect(reuse.body).toMatchObject({ success: false, message: SSO_TEXTS.messengerFailed });

    im.codes.set('ding-code-1', 'ghost');
    const unknown = await t.call(null, 'POST', '/sys/thirdLogin/oauth2/dingtalk/code', { code: 'ding-code-1' });
    expect(unknown.body).toMatchObject({ success: false, message: SSO_TEXTS.messengerUnknownUser });
    im.codes.set('ding-code-2', 'wuting');
    const ding = await t.call(null, 'POST', '/sys/thirdLogin/oauth2/dingtalk/code', { code: 'ding-code-2' });
    expect(ding.body.result.userInfo.username).toBe('wuting');
  });

  it('messenger apps: the WeCom redirect flow ends on /oauth2-app/login with a one-time code', async () => {
    const start = await inject('/jeecg-boot/sys/thirdLogin/oauth2/wechat_enterprise/login?redirect=%2Fnotice');
    const auth = new URL(String(start.headers.location));
    expect(auth.origin + auth.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(auth.searchParams.get('appid')).toBe(im.corpId);
    const state = auth.searchParams.get('state')!;
    im.codes.set('wecom-code-2', 'wuting');
    const back = await inject(`/jeecg-boot/sys/thirdLogin/oauth2/wechat_enterprise/callback?code=wecom-code-2&state=${state}`);
    const location = String(back.headers.location);
    expect(location.split('#')[0]).toBe(`${WEB}/oauth2-app/login`);
    const params = fragment(location);
    expect(params.get('thirdType')).toBe('wechat_enterprise');
    expect(params.get('redirect')).toBe('/notice');
    const r = await t.call(null, 'GET', `/sys/thirdLogin/getLoginUser/${params.get('oauth2LoginToken')}/wechat_enterprise`);
    expect(r.body.result.userInfo.username).toBe('wuting');
    // the state is single use
    im.codes.set('wecom-code-3', 'wuting');
    const replay = await inject(`/jeecg-boot/sys/thirdLogin/oauth2/wechat_enterprise/callback?code=wecom-code-3&state=${state}`);
    expect(fragment(String(replay.headers.location)).get('error')).toBe(SSO_TEXTS.expired);
  });
});
