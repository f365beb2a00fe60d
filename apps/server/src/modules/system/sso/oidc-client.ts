import * as oidc from 'openid-client';
import type { OidcSourceConfig } from './sso-config.js';

/** What a finished authorization code flow tells about the person. */
export interface OidcIdentity {
  /** the ID token's subject */
  sub: string;
  /** ID token claims merged with the UserInfo answer (same subject) */
  claims: Record<string, unknown>;
}

/** What must come back with the callback: kept server side under the state, used once. */
export interface PendingAuthorization {
  verifier: string;
  nonce: string;
  state: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * The relying party side of OpenID Connect through openid-client: discovery (cached per issuer),
 * authorization code with PKCE (S256), state and nonce checked, the ID token's signature, issuer,
 * audience, lifetime and signature (against the provider's published keys) validated by the library. Plain http is accepted only for a loopback issuer
 * (development and the protocol tests).
 */
export class OidcRelyingParty {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(readonly source: OidcSourceConfig) {}

  private config(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.source.issuer);
      const insecure = issuer.protocol === 'http:';
      if (insecure && !LOOPBACK.has(issuer.hostname)) {
        return Promise.reject(new Error('OIDC issuer must use https'));
      }
      this.configuration = oidc
        .discovery(issuer, this.source.clientId, this.source.clientSecret || undefined, undefined, {
          timeout: 10,
          // the ID token's signature is checked against the provider's keys too, not only TLS
          execute: insecure ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
        })
        .catch((err: unknown) => {
          // a provider that was down is asked again next time
          this.configuration = null;
          throw err;
        });
    }
    return this.configuration;
  }

  /** The provider's authorization URL and what the callback must match. */
  async begin(): Promise<{ url: string; pending: PendingAuthorization }> {
    const config = await this.config();
    const verifier = oidc.randomPKCECodeVerifier();
    const pending: PendingAuthorization = { verifier, nonce: oidc.randomNonce(), state: oidc.randomState() };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.source.redirectUri,
      scope: this.source.scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /**
   * Finishes the flow: `query` is the callback's query string. Throws on any mismatch (state, nonce,
   * issuer, audience, signature, expiry, PKCE, the provider's error answer).
   */
  async finish(query: string, pending: PendingAuthorization): Promise<OidcIdentity> {
    const config = await this.config();
    const current = new URL(this.source.redirectUri);
    current.search = query;
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims?.sub) throw new Error('no ID token subject');
    let claims: Record<string, unknown> = { ...idClaims };
    if (config.serverMetadata().userinfo_endpoint && tokens.access_token) {
      // UserInfo must be about the same subject (checked by the library), else the flow fails
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...info, ...idClaims };
    }
    return { sub: idClaims.sub, claims };
  }
}
