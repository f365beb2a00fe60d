import { createHash, randomBytes } from 'node:crypto';
import { SMS_TEXTS, SSO_TEXTS, type SsoPublicConfig } from '@go/contract';
import type { AppContext } from '../../../platform/context.js';
import { AppError, businessError } from '../../../platform/http/errors.js';
import type { SysUser } from '../../../platform/db/schema.js';
import type { LoginMeta, LoginService } from '../auth/login.service.js';
import { smsCodes } from '../sms/sms.service.js';
import { OidcRelyingParty, type OidcIdentity, type PendingAuthorization } from './oidc-client.js';
import { loadSsoConfig, type MessengerConfig, type OidcSourceConfig, type SsoConfig } from './sso-config.js';
import { SsoRepository } from './sso.repo.js';
import { exchangeMessengerCode } from './messenger.js';
import { validateCasTicket } from './cas.js';

/** An authorization request waits this long for its callback (state, nonce and verifier live as long). */
export const FLOW_TTL_MS = 10 * 60_000;
/** The one-time code a redirect hands the browser is exchanged within this time, once. */
export const LOGIN_CODE_TTL_MS = 60_000;
/** A pending phone binding of an unknown third-party identity. */
export const BIND_TTL_MS = 10 * 60_000;

/** A refusal shown to the person (Chinese text), as opposed to an internal failure. */
export class SsoRefusal extends Error {}

interface Flow {
  kind: 'oidc' | 'third' | 'messenger';
  source: string;
  pending?: PendingAuthorization;
  /** in-app path to open after signing in */
  redirect?: string;
}

interface LoginCode {
  userId: string;
  /** the source the code was issued for (getLoginUser checks its thirdType) */
  source: string;
}

interface BindTicket {
  source: string;
  uuid: string;
  realname: string | null;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const randomCode = () => randomBytes(32).toString('base64url');

/** An in-app path to go to after signing in, or undefined. */
export function safeRedirect(v: unknown): string | undefined {
  if (typeof v !== 'string' || !v.startsWith('/') || v.startsWith('//') || v.includes('\\') || v.length > 500) return undefined;
  return v;
}

/**
 * Single sign-on: OpenID Connect (the 单点登录 button), third-party login as the stock client does it,
 * CAS 3.0 ticket validation and messenger apps. Every way ends in LoginService.completeLogin, so the
 * answer, the session and the login log are those of the password login.
 */
export class SsoService {
  readonly config: SsoConfig;
  readonly repo: SsoRepository;
  private readonly parties = new Map<string, OidcRelyingParty>();

  constructor(
    private readonly ctx: AppContext,
    private readonly logins: LoginService,
  ) {
    this.config = ctx.config.sso ?? loadSsoConfig();
    this.repo = new SsoRepository(ctx.db);
  }

  publicConfig(): SsoPublicConfig {
    return {
      oidc: !!this.config.oidc,
      casLoginUrl: this.config.cas ? `${this.config.cas.base}/login` : null,
      third: Object.keys(this.config.third),
      messengers: Object.keys(this.config.messengers),
    };
  }

  private party(source: OidcSourceConfig): OidcRelyingParty {
    let p = this.parties.get(source.name);
    if (!p) {
      p = new OidcRelyingParty(source);
      this.parties.set(source.name, p);
    }
    return p;
  }

  /**
   * The web app's base URL for redirects back to pages: SSO_WEB_BASE, else PUBLIC_BASE_URL, else the origin of
   * a configured callback URL, else '' (a redirect relative to this server). Never the request's Host header,
   * which whoever sends the request chooses.
   */
  webBase(configuredOrigin?: string): string {
    return this.config.webBase || (this.ctx.config.publicBaseUrl ?? '') || configuredOrigin || '';
  }

  /** This server's public base for callback URLs handed to providers: PUBLIC_BASE_URL, else SSO_WEB_BASE, else ''. */
  publicBase(): string {
    return (this.ctx.config.publicBaseUrl ?? '') || this.config.webBase;
  }

  // ---- OpenID Connect and third-party sources ----

  /** Starts an authorization code flow; answers the provider URL to redirect to. */
  async begin(kind: 'oidc' | 'third', sourceName: string, redirect?: string): Promise<string> {
    const source = kind === 'oidc' ? this.config.oidc : this.config.third[sourceName];
    if (!source) throw new SsoRefusal(kind === 'oidc' ? SSO_TEXTS.notConfigured : SSO_TEXTS.unsupportedSource);
    const { url, pending } = await this.party(source).begin();
    const flow: Flow = { kind, source: source.name, pending, redirect: safeRedirect(redirect) };
    await this.ctx.kv.set(`sso:flow:${sha(pending.state)}`, JSON.stringify(flow), FLOW_TTL_MS);
    return url;
  }

  /**
   * The provider's callback (either route): the state finds the flow (once), openid-client checks the
   * rest. Answers the flow and the identity; an unknown, used or expired state is refused.
   */
  async callback(query: Record<string, unknown>, rawQuery: string): Promise<{ flow: Flow; identity: OidcIdentity; source: OidcSourceConfig }> {
    const state = typeof query.state === 'string' ? query.state : '';
    const raw = state ? await this.ctx.kv.take(`sso:flow:${sha(state)}`) : null;
    if (!raw) throw new SsoRefusal(SSO_TEXTS.expired);
    const flow = JSON.parse(raw) as Flow;
    const source = flow.kind === 'oidc' ? this.config.oidc : this.config.third[flow.source];
    if (!source || !flow.pending) throw new SsoRefusal(SSO_TEXTS.notConfigured);
    try {
      const identity = await this.party(source).finish(rawQuery, flow.pending);
      return { flow, identity, source };
    } catch (err) {
      this.ctx.log.warn({ err: (err as Error).message, source: source.name }, 'single sign-on callback refused');
      throw new SsoRefusal(SSO_TEXTS.failed);
    }
  }

  /**
   * The account of an identity: its link, else the account whose username (or e-mail, when the link
   * claim is `email`) equals the configured claim (the link is then stored), else a new account in the
   * configured department when auto-create is on, else null.
   */
  async resolve(source: OidcSourceConfig, identity: OidcIdentity): Promise<SysUser | null> {
    const linked = await this.repo.linkedUser(source.name, identity.sub);
    if (linked) return linked;
    const value = identity.claims[source.linkClaim];
    const claim = typeof value === 'string' ? value.trim() : '';
    const realname = typeof identity.claims.name === 'string' ? identity.claims.name.slice(0, 100) : null;
    if (claim) {
      const byEmail = source.linkClaim === 'email';
      // an e-mail links only when the provider says it is verified
      const usable = !byEmail || identity.claims.email_verified === true;
      const candidates = usable ? (byEmail ? await this.repo.usersByEmail(claim) : await this.repo.usersByUsername(claim)) : [];
      if (candidates.length === 1) {
        await this.repo.link(candidates[0].id, source.name, identity.sub, realname, null);
        return (await this.repo.linkedUser(source.name, identity.sub)) ?? null;
      }
    }
    if (!source.autoCreate) return null;
    const depart = await this.repo.departByOrgCode(source.defaultDepart);
    if (!depart) return null;
    const username = await this.freeUsername(claim.split('@')[0], `${source.name}_${identity.sub}`);
    const email = typeof identity.claims.email === 'string' && identity.claims.email_verified === true ? identity.claims.email.slice(0, 100) : null;
    try {
      await this.repo.createLinkedUser({ username, realname: realname || username, email, phone: null, depart, thirdType: source.name, uuid: identity.sub });
    } catch {
      // a concurrent first sign-in of the same person created it
    }
    return (await this.repo.linkedUser(source.name, identity.sub)) ?? null;
  }

  private async freeUsername(preferred: string, fallback: string): Promise<string> {
    const clean = (s: string) => s.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 18);
    const first = clean(preferred);
    if (first.length >= 4 && !(await this.repo.usernameTaken(first))) return first;
    const base = clean(fallback).slice(0, 12) || 'sso';
    for (let i = 0; i < 20; i++) {
      const name = `${base}_${randomBytes(3).toString('hex')}`.slice(0, 18);
      if (!(await this.repo.usernameTaken(name))) return name;
    }
    throw new SsoRefusal(SSO_TEXTS.failed);
  }

  /** Refuses deleted and frozen accounts with the login's texts. */
  private usable(user: SysUser): void {
    if (user.delFlag === 1) throw new AppError('USER_DELETED');
    if (user.status === 2) throw new AppError('USER_FROZEN');
  }

  /** A one-time code for the browser; the session only comes into being when the code is exchanged. */
  async issueCode(user: SysUser, source: string): Promise<string> {
    this.usable(user);
    const code = randomCode();
    const value: LoginCode = { userId: user.id, source };
    await this.ctx.kv.set(`sso:code:${sha(code)}`, JSON.stringify(value), LOGIN_CODE_TTL_MS);
    return code;
  }

  /** Exchanges a one-time code for the login result (once). `source` restricts the code's origin. */
  async exchange(code: string, meta: LoginMeta, requestUrl: string, source?: string) {
    const raw = await this.ctx.kv.take(`sso:code:${sha(code)}`);
    if (!raw) throw businessError(SSO_TEXTS.codeInvalid);
    const value = JSON.parse(raw) as LoginCode;
    if (source !== undefined && value.source !== source) throw businessError(SSO_TEXTS.codeInvalid);
    const user = await this.repo.userById(value.userId);
    if (!user) throw new AppError('USER_NOT_EXIST');
    this.usable(user);
    return this.logins.completeLogin(user, meta, requestUrl);
  }

  /** An unknown third-party identity waits for a phone binding under an opaque ticket. */
  async bindTicket(source: string, identity: OidcIdentity): Promise<string> {
    const ticket = randomCode();
    const value: BindTicket = {
      source,
      uuid: identity.sub,
      realname: typeof identity.claims.name === 'string' ? identity.claims.name.slice(0, 100) : null,
    };
    await this.ctx.kv.set(`sso:bind:${sha(ticket)}`, JSON.stringify(value), BIND_TTL_MS);
    return ticket;
  }

  /**
   * Stock `bindingThirdPhone`: the live login code of a mobile that belongs to exactly one account binds
   * the identity to it; a mobile of no account needs the register code and auto-create on the source.
   * Answers a one-time code for getLoginUser.
   */
  async bindPhone(mobile: string, captcha: string, ticket: string): Promise<string> {
    const sms = smsCodes(this.ctx);
    if (!sms.provider) throw businessError(SMS_TEXTS.notConfigured);
    await sms.reserveGuess(mobile);
    const raw = await this.ctx.kv.get(`sso:bind:${sha(ticket)}`);
    if (!raw) throw businessError(SSO_TEXTS.expired);
    const bind = JSON.parse(raw) as BindTicket;
    const source = this.config.third[bind.source];
    if (!source) throw businessError(SSO_TEXTS.unsupportedSource);
    const users = await this.repo.usersByPhone(mobile);
    let user: SysUser | undefined;
    if (users.length === 1) {
      if (!(await sms.consume(mobile, 'login', captcha))) throw businessError(SMS_TEXTS.wrong);
      this.usable(users[0]);
      await this.repo.link(users[0].id, bind.source, bind.uuid, bind.realname, null);
      user = await this.repo.linkedUser(bind.source, bind.uuid);
    } else if (users.length === 0) {
      if (!(await sms.check(mobile, 'register', captcha))) throw businessError(SMS_TEXTS.wrong);
      const depart = source.autoCreate ? await this.repo.departByOrgCode(source.defaultDepart) : undefined;
      if (!depart) throw businessError(SSO_TEXTS.noAccount);
      if (!(await sms.consume(mobile, 'register', captcha))) throw businessError(SMS_TEXTS.wrong);
      const username = await this.freeUsername(mobile, `${bind.source}_${bind.uuid}`);
      await this.repo.createLinkedUser({
        username,
        realname: bind.realname || username,
        email: null,
        phone: mobile,
        depart,
        thirdType: bind.source,
        uuid: bind.uuid,
      });
      user = await this.repo.linkedUser(bind.source, bind.uuid);
    } else {
      throw businessError(SMS_TEXTS.wrong);
    }
    if (!user) throw businessError(SSO_TEXTS.failed);
    await sms.guessSucceeded(mobile);
    await this.ctx.kv.del(`sso:bind:${sha(ticket)}`);
    return this.issueCode(user, bind.source);
  }

  // ---- CAS 3.0 ----

  /** Stock /sys/cas/client/validateLogin: the ticket at `${CAS_BASE}/p3/serviceValidate`, the CAS user is a username. */
  async casLogin(ticket: string, service: string, meta: LoginMeta) {
    const cas = this.config.cas;
    if (!cas) throw businessError(SSO_TEXTS.notConfigured);
    if (!this.serviceAllowed(service)) throw businessError(SSO_TEXTS.casBadService);
    const outcome = await validateCasTicket(cas.base, ticket, service);
    if (!outcome.ok) throw businessError(outcome.message);
    const user = await this.repo.userByExactUsername(outcome.user);
    if (!user) throw new AppError('USER_NOT_EXIST');
    this.usable(user);
    return this.logins.completeLogin(user, meta, '/sys/cas/client/validateLogin');
  }

  /**
   * A ticket is only worth something for the service it was issued to: a service URL of another
   * application would let its tickets sign in here. The service must start with a CAS_SERVICE_PREFIXES entry,
   * or (none set) be on the origin of PUBLIC_BASE_URL or SSO_WEB_BASE; with neither configured every ticket
   * is refused. The request's Host header is never trusted for this: it is the caller's to choose.
   */
  private serviceAllowed(service: string): boolean {
    let url: URL;
    try {
      url = new URL(service);
    } catch {
      return false;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    const prefixes = this.config.cas?.servicePrefixes ?? [];
    if (prefixes.length) return prefixes.some((p) => service.startsWith(p));
    const allowed = [this.ctx.config.publicBaseUrl ?? '', this.config.webBase].filter(Boolean).map((b) => new URL(b).origin);
    return allowed.includes(url.origin);
  }

  // ---- messenger apps ----

  messenger(kind: string): MessengerConfig {
    const m = this.config.messengers[kind as 'wechat_enterprise' | 'dingtalk'];
    if (!m) throw new SsoRefusal(SSO_TEXTS.unsupportedSource);
    return m;
  }

  /** WeCom: the authorize URL the app opens (silent snsapi_base), with a server-side state. */
  async messengerBegin(kind: string, callbackUrl: string, redirect?: string): Promise<string> {
    const m = this.messenger(kind);
    if (!m.authorizeUrl) throw new SsoRefusal(SSO_TEXTS.unsupportedSource);
    const state = randomBytes(16).toString('hex');
    const flow: Flow = { kind: 'messenger', source: kind, redirect: safeRedirect(redirect) };
    await this.ctx.kv.set(`sso:flow:${sha(state)}`, JSON.stringify(flow), FLOW_TTL_MS);
    const u = new URL(m.authorizeUrl);
    u.searchParams.set('appid', m.clientId);
    u.searchParams.set('redirect_uri', callbackUrl);
    u.searchParams.set('response_type', 'code');
    u.searchParams.set('scope', 'snsapi_base');
    u.searchParams.set('state', state);
    return `${u.href}#wechat_redirect`;
  }

  /** Checks a messenger callback's state (once); answers the in-app redirect. */
  async messengerState(kind: string, state: string): Promise<string | undefined> {
    const raw = state ? await this.ctx.kv.take(`sso:flow:${sha(state)}`) : null;
    if (!raw) throw new SsoRefusal(SSO_TEXTS.expired);
    const flow = JSON.parse(raw) as Flow;
    if (flow.kind !== 'messenger' || flow.source !== kind) throw new SsoRefusal(SSO_TEXTS.expired);
    return flow.redirect;
  }

  /**
   * Code → the messenger's user id (through its API) → our user: the stored link, else the account
   * whose username is that user id (the link is stored). Unknown users are refused.
   */
  async messengerUser(kind: string, code: string): Promise<SysUser> {
    const m = this.messenger(kind);
    let userId: string;
    try {
      userId = await exchangeMessengerCode(m, code);
    } catch (err) {
      this.ctx.log.warn({ err: (err as Error).message, kind }, 'messenger code refused');
      throw new SsoRefusal(SSO_TEXTS.messengerFailed);
    }
    const linked = await this.repo.linkedUser(kind, userId);
    if (linked) return linked;
    const user = await this.repo.userByExactUsername(userId);
    if (!user || user.delFlag === 1) throw new SsoRefusal(SSO_TEXTS.messengerUnknownUser);
    await this.repo.link(user.id, kind, userId, null, null);
    return user;
  }
}
