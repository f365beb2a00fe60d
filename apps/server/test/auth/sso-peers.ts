import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Protocol peers started by the single sign-on tests: a real OpenID Connect provider (oidc-provider),
 * a CAS 3.0 server and a messenger API (WeCom and DingTalk style), each on a loopback port.
 */

const PROVIDER_MODULE: string = 'oidc-provider';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export interface OidcAccount {
  preferred_username?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
}

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** who signs in at the provider's next interaction */
  signInAs: string;
  accounts: Record<string, OidcAccount>;
  /** when true the token endpoint's ID token has its payload altered (signature left as it was) */
  tamper: boolean;
  close(): Promise<void>;
}

/**
 * oidc-provider with one confidential client, PKCE required, and an interaction endpoint that signs in
 * `signInAs` and grants the requested scopes without a form (what a person would click through).
 */
export async function startOidcProvider(redirectUris: string[]): Promise<OidcPeer> {
  // oidc-provider ships no type declarations: loaded by name, used untyped
   
  const { default: Provider } = (await import(PROVIDER_MODULE)) as { default: any };
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const peer: OidcPeer = {
    issuer,
    clientId: 'go-office',
    clientSecret: 'go-office-secret-0123456789',
    signInAs: 'alice',
    accounts: {},
    tamper: false,
    close: () => close(server),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: peer.clientId,
        client_secret: peer.clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = peer.accounts[sub];
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['sso-test-cookie-key'] },
  });
  // a man in the middle would change the claims; the signature then no longer matches
  provider.use(async (ctx: { path: string; body: unknown }, next: () => Promise<void>) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (peer.tamper && ctx.path === '/token' && body?.id_token) {
      const [h, p, s] = body.id_token.split('.');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
      claims.sub = 'mallory';
      body.id_token = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
    }
  });
  const handler = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      void interact(provider, peer, req, res).catch((err: Error) => {
        res.statusCode = 500;
        res.end(err.message);
      });
      return;
    }
    handler(req, res);
  });
  return peer;
}

 
async function interact(provider: any, peer: OidcPeer, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(req, res, { login: { accountId: peer.signInAs } }, { mergeWithLastSubmission: false });
    return;
  }
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/**
 * Plays the browser between the provider's authorization URL and our callback: follows redirects with
 * a cookie jar and stops at the first Location under `callbackPrefix`, which it answers.
 */
export async function browseToCallback(authorizationUrl: string, callbackPrefix: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 15; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i).trim(), pair.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url}: ${res.status} ${await res.text()}`);
    const next = new URL(location, url).href;
    if (next.startsWith(callbackPrefix)) return next;
    url = next;
  }
  throw new Error('too many redirects');
}

export interface CasPeer {
  base: string;
  /** issues a service ticket for a user and a service (what the CAS login page would do) */
  issue(user: string, service: string): string;
  close(): Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal CAS 3.0 server: `/cas/p3/serviceValidate` answers the protocol's XML; tickets are single use. */
export async function startCas(): Promise<CasPeer> {
  const tickets = new Map<string, { user: string; service: string }>();
  let n = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas.local');
    res.setHeader('content-type', 'application/xml; charset=utf-8');
    if (url.pathname !== '/cas/p3/serviceValidate') {
      res.statusCode = 404;
      res.end();
      return;
    }
    const ticket = url.searchParams.get('ticket') ?? '';
    const service = url.searchParams.get('service') ?? '';
    const found = tickets.get(ticket);
    tickets.delete(ticket);
    let body: string;
    if (!ticket || !service) {
      body = `<cas:authenticationFailure code="INVALID_REQUEST">'service' and 'ticket' parameters are both required</cas:authenticationFailure>`;
    } else if (!found) {
      body = `<cas:authenticationFailure code="INVALID_TICKET">Ticket ${xmlEscape(ticket)} not recognized</cas:authenticationFailure>`;
    } else if (found.service !== service) {
      body = `<cas:authenticationFailure code="INVALID_SERVICE">Ticket ${xmlEscape(ticket)} does not match supplied service</cas:authenticationFailure>`;
    } else {
      body = `<cas:authenticationSuccess><cas:user>${xmlEscape(found.user)}</cas:user><cas:attributes><cas:authenticationDate>2026-11-24T10:00:00Z</cas:authenticationDate></cas:attributes></cas:authenticationSuccess>`;
    }
    res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n  ${body}\n</cas:serviceResponse>\n`);
  });
  const port = await listen(server);
  return {
    base: `http://127.0.0.1:${port}/cas`,
    issue(user, service) {
      const t = `ST-${++n}-${Math.random().toString(36).slice(2)}`;
      tickets.set(t, { user, service });
      return t;
    },
    close: () => close(server),
  };
}

export interface MessengerPeer {
  base: string;
  corpId: string;
  secret: string;
  /** sign-in codes the app hands out: code → messenger user id (single use) */
  codes: Map<string, string>;
  close(): Promise<void>;
}

/**
 * A minimal messenger API: WeCom's `/cgi-bin/gettoken` + `/cgi-bin/auth/getuserinfo` and DingTalk's
 * `/gettoken` + `POST /topapi/v2/user/getuserinfo`, with their errcode answers.
 */
export async function startMessenger(): Promise<MessengerPeer> {
  const token = 'messenger-access-token';
  const peer = { corpId: 'ww-test-corp', secret: 'corp-secret', codes: new Map<string, string>() } as MessengerPeer;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://messenger.local');
    const send = (v: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(v));
    };
    if (url.pathname === '/cgi-bin/gettoken' || url.pathname === '/gettoken') {
      const id = url.searchParams.get('corpid') ?? url.searchParams.get('appkey');
      const secret = url.searchParams.get('corpsecret') ?? url.searchParams.get('appsecret');
      if (id !== peer.corpId || secret !== peer.secret) return send({ errcode: 40001, errmsg: 'invalid credential' });
      return send({ errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/auth/getuserinfo') {
      if (url.searchParams.get('access_token') !== token) return send({ errcode: 40014, errmsg: 'invalid access_token' });
      const code = url.searchParams.get('code') ?? '';
      const user = peer.codes.get(code);
      peer.codes.delete(code);
      return user ? send({ errcode: 0, errmsg: 'ok', userid: user }) : send({ errcode: 40029, errmsg: 'invalid code' });
    }
    if (url.pathname === '/topapi/v2/user/getuserinfo' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        if (url.searchParams.get('access_token') !== token) return send({ errcode: 88, errmsg: 'invalid access_token' });
        const code = (JSON.parse(raw || '{}') as { code?: string }).code ?? '';
        const user = peer.codes.get(code);
        peer.codes.delete(code);
        return user ? send({ errcode: 0, errmsg: 'ok', result: { userid: user } }) : send({ errcode: 40078, errmsg: '不存在的临时授权码' });
      });
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  const port = await listen(server);
  peer.base = `http://127.0.0.1:${port}`;
  peer.close = () => close(server);
  return peer;
}
