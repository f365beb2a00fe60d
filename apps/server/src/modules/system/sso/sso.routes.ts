import { createHash } from 'node:crypto';
import { binaryResponse, bindingThirdPhoneRequest, envelope, SSO_TEXTS, ssoExchangeRequest, sysLoginResult, sysSsoConfig } from '@go/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PUBLIC } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { AppError, businessError } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/envelope.js';
import { SsoRefusal, type SsoService } from './sso.service.js';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const rawQuery = (req: FastifyRequest) => {
  const i = req.url.indexOf('?');
  return i < 0 ? '' : req.url.slice(i);
};
/** Redirects and the popup page: no JSON answer. */
const redirectResponse = { 200: binaryResponse };
/** Every way of signing in answers the account login's result. */
const loginResponse = { 200: envelope(sysLoginResult) };
const sourceParams = z.object({ source: z.string().max(50) });
const text = (err: unknown) => (err instanceof SsoRefusal ? err.message : SSO_TEXTS.failed);

/**
 * The stock popup page (thirdLogin.ftl): hands its message to the window that opened it and closes.
 * The message is a one-time code, `绑定手机号,<ticket>` or `登录失败`; only the web app's origin receives it.
 */
function popupPage(reply: FastifyReply, message: string, targetOrigin: string) {
  const json = (v: string) => JSON.stringify(v).replace(/</g, '\\u003c');
  const script = `if(window.opener){window.opener.postMessage(${json(message)},${json(targetOrigin)});}window.close();`;
  const hash = createHash('sha256').update(script).digest('base64');
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', `default-src 'none'; script-src 'sha256-${hash}'`)
    .send(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>第三方登录</title></head><body><p>${message === SSO_TEXTS.thirdFailed ? SSO_TEXTS.thirdFailed : SSO_TEXTS.signingIn}</p><script>${script}</script></body></html>`);
}

export async function ssoRoutes(app: Api, sso: SsoService): Promise<void> {
  const kv = app.ctx.kv;
  const throttle = async (req: FastifyRequest) => {
    if ((await kv.incr(`sso:ip:${req.ip}`, 60_000)) > 30) throw new AppError('TOO_MANY_ATTEMPTS', '请求过于频繁，请稍后再试');
  };
  /**
   * The web app's base: SSO_WEB_BASE, else PUBLIC_BASE_URL, else the origin of the callback the provider calls,
   * else '' (relative redirects). The Host header never builds a URL: a request could name any host.
   */
  const webBase = (redirectUri?: string) => sso.webBase(redirectUri ? new URL(redirectUri).origin : undefined);
  /** The popup's message goes to the web app's origin; unknown, to the popup's own origin only ('/'). */
  const webOrigin = (redirectUri?: string) => {
    const base = webBase(redirectUri);
    return base ? new URL(base).origin : '/';
  };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

  app.get(
    '/sys/sso/config',
    { config: { access: PUBLIC }, schema: { tags: ['登录'], summary: '单点登录：登录页可用的方式', response: { 200: envelope(sysSsoConfig) } } },
    async () => ok(sso.publicConfig()),
  );

  // ---- OpenID Connect (the 单点登录 button) ----
  app.get(
    '/sys/oidc/authorize',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['登录'],
        summary: '单点登录：跳转到身份提供方',
        querystring: z.object({ redirect: z.string().max(500).optional() }),
        response: redirectResponse,
      },
    },
    async (req, reply) => {
      const { redirect } = req.query;
      await throttle(req);
      let url: string;
      try {
        url = await sso.begin('oidc', 'oidc', redirect);
      } catch (err) {
        return noStore(reply).redirect(`${webBase(sso.config.oidc?.redirectUri)}/sso/callback#error=${encodeURIComponent(text(err))}`);
      }
      return noStore(reply).redirect(url);
    },
  );

  /** Both callbacks: the flow remembered under the state decides what answers. */
  const callback = async (req: FastifyRequest, reply: FastifyReply, query: Record<string, unknown>) => {
    let outcome: Awaited<ReturnType<SsoService['callback']>>;
    try {
      outcome = await sso.callback(query, rawQuery(req));
    } catch (err) {
      // a popup of the stock client must close; the OIDC page shows the text
      if (String(req.routeOptions.url).includes('thirdLogin')) {
        return popupPage(reply, SSO_TEXTS.thirdFailed, webOrigin());
      }
      return noStore(reply).redirect(`${webBase(sso.config.oidc?.redirectUri)}/sso/callback#error=${encodeURIComponent(text(err))}`);
    }
    const { flow, identity, source } = outcome;
    if (flow.kind === 'third') {
      try {
        const user = await sso.resolve(source, identity);
        const message = user ? await sso.issueCode(user, source.name) : `${SSO_TEXTS.bindPhone},${await sso.bindTicket(source.name, identity)}`;
        return popupPage(reply, message, webOrigin(source.redirectUri));
      } catch {
        return popupPage(reply, SSO_TEXTS.thirdFailed, webOrigin(source.redirectUri));
      }
    }
    const base = webBase(source.redirectUri);
    try {
      const user = await sso.resolve(source, identity);
      if (!user) throw new SsoRefusal(SSO_TEXTS.noAccount);
      const code = await sso.issueCode(user, 'oidc');
      const redirect = flow.redirect ? `&redirect=${encodeURIComponent(flow.redirect)}` : '';
      // a fragment never reaches a server or its logs; the code is single use and lives 60 s
      return noStore(reply).redirect(`${base}/sso/callback#code=${encodeURIComponent(code)}${redirect}`);
    } catch (err) {
      const message = err instanceof AppError ? err.message : text(err);
      return noStore(reply).redirect(`${base}/sso/callback#error=${encodeURIComponent(message)}`);
    }
  };
  const callbackQuery = z.object({ code: z.string().max(2048).optional(), state: z.string().max(512).optional() }).passthrough();
  app.get(
    '/sys/oidc/callback',
    { config: { access: PUBLIC }, schema: { tags: ['登录'], summary: '单点登录：身份提供方回调', querystring: callbackQuery, response: redirectResponse } },
    (req, reply) => callback(req, reply, req.query),
  );
  app.get(
    '/sys/thirdLogin/:source/callback',
    {
      config: { access: PUBLIC },
      schema: { tags: ['登录'], summary: '第三方登录回调（弹窗）', params: sourceParams, querystring: callbackQuery, response: redirectResponse },
    },
    (req, reply) => callback(req, reply, req.query),
  );

  app.post(
    '/sys/sso/exchange',
    { config: { access: PUBLIC, oplog: false, noEncrypt: true }, schema: { tags: ['登录'], summary: '单点登录：一次性登录码换登录结果', body: ssoExchangeRequest, response: loginResponse } },
    async (req) => ok(await sso.exchange(req.body.code, meta(req), '/sys/sso/exchange'), '登录成功'),
  );

  // ---- third-party login as the stock client does it ----
  app.get(
    '/sys/thirdLogin/render/:source',
    { config: { access: PUBLIC }, schema: { tags: ['登录'], summary: '第三方登录：跳转到第三方', params: sourceParams, response: redirectResponse } },
    async (req, reply) => {
      const { source } = req.params;
      await throttle(req);
      try {
        return noStore(reply).redirect(await sso.begin('third', source.toLowerCase()));
      } catch {
        return popupPage(reply, SSO_TEXTS.thirdFailed, webOrigin());
      }
    },
  );

  app.get(
    '/sys/thirdLogin/getLoginUser/:token/:thirdType',
    {
      config: { access: PUBLIC, oplog: false },
      schema: {
        tags: ['登录'],
        summary: '第三方登录：一次性登录码换登录结果（stock 路径，token 位置为弹窗给出的一次性码）',
        params: z.object({ token: z.string().max(256), thirdType: z.string().max(50) }),
        response: loginResponse,
      },
    },
    async (req) => {
      const { token, thirdType } = req.params;
      return ok(await sso.exchange(token, meta(req), '/sys/thirdLogin/getLoginUser', thirdType.toLowerCase()), '登录成功');
    },
  );

  app.post(
    '/sys/thirdLogin/bindingThirdPhone',
    { config: { access: PUBLIC, oplog: false, noEncrypt: true }, schema: { tags: ['登录'], summary: '第三方登录：绑定手机号', body: bindingThirdPhoneRequest, response: { 200: envelope(z.string()) } } },
    async (req) => {
      const body = req.body;
      return ok(await sso.bindPhone(body.mobile, body.captcha, body.thirdUserUuid));
    },
  );

  // ---- CAS 3.0 ----
  app.get(
    '/sys/cas/client/validateLogin',
    {
      config: { access: PUBLIC, oplog: false },
      schema: {
        tags: ['登录'],
        summary: 'CAS 单点登录：校验 ticket',
        querystring: z.object({ ticket: z.string().min(1).max(512), service: z.string().min(1).max(2048) }),
        response: loginResponse,
      },
    },
    async (req) => {
      const { ticket, service } = req.query;
      await throttle(req);
      return ok(await sso.casLogin(ticket, service, meta(req)), '登录成功');
    },
  );

  // ---- messenger apps (企业微信, 钉钉) ----
  app.get(
    '/sys/thirdLogin/oauth2/:source/login',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['登录'],
        summary: '企业应用内登录：跳转到企业微信授权',
        params: sourceParams,
        querystring: z.object({ redirect: z.string().max(500).optional() }),
        response: redirectResponse,
      },
    },
    async (req, reply) => {
      const { source } = req.params;
      const { redirect } = req.query;
      await throttle(req);
      try {
        // the provider sends the browser back to this server's configured public base
        if (!sso.publicBase()) throw new SsoRefusal(SSO_TEXTS.notConfigured);
        const callbackUrl = `${sso.publicBase()}${app.ctx.config.basePath}/sys/thirdLogin/oauth2/${source}/callback`;
        return noStore(reply).redirect(await sso.messengerBegin(source, callbackUrl, redirect));
      } catch (err) {
        return noStore(reply).redirect(`${webBase()}/oauth2-app/login#error=${encodeURIComponent(text(err))}`);
      }
    },
  );

  app.get(
    '/sys/thirdLogin/oauth2/:source/callback',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['登录'],
        summary: '企业应用内登录：授权回调',
        params: sourceParams,
        querystring: z.object({ code: z.string().max(512).optional(), authCode: z.string().max(512).optional(), state: z.string().max(128).optional() }),
        response: redirectResponse,
      },
    },
    async (req, reply) => {
      const { source } = req.params;
      const q = req.query;
      const base = `${webBase()}/oauth2-app/login`;
      try {
        await throttle(req);
        const redirect = await sso.messengerState(source, q.state ?? '');
        const user = await sso.messengerUser(source, q.code ?? q.authCode ?? '');
        const code = await sso.issueCode(user, source);
        const extra = redirect ? `&redirect=${encodeURIComponent(redirect)}` : '';
        return noStore(reply).redirect(`${base}#oauth2LoginToken=${encodeURIComponent(code)}&thirdType=${encodeURIComponent(source)}${extra}`);
      } catch (err) {
        const message = err instanceof AppError ? err.message : text(err);
        return noStore(reply).redirect(`${base}#error=${encodeURIComponent(message)}`);
      }
    },
  );

  app.post(
    '/sys/thirdLogin/oauth2/:source/code',
    {
      config: { access: PUBLIC, oplog: false, noEncrypt: true },
      schema: {
        tags: ['登录'],
        summary: '企业应用内登录：用应用给出的 code 登录（钉钉免登）',
        params: sourceParams,
        body: z.object({ code: z.string().trim().min(1).max(512) }),
        response: loginResponse,
      },
    },
    async (req) => {
      const { source } = req.params;
      await throttle(req);
      let user;
      try {
        user = await sso.messengerUser(source, req.body.code);
      } catch (err) {
        throw businessError(text(err));
      }
      const code = await sso.issueCode(user, source);
      return ok(await sso.exchange(code, meta(req), `/sys/thirdLogin/oauth2/${source}/code`, source), '登录成功');
    },
  );
}
