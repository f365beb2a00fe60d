import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  /** session id */
  sid: string;
  /** username */
  username: string;
}

/** How many verified tokens are remembered (the oldest is forgotten first). */
const VERIFIED_MAX = 10_000;

/** HS256 JWTs that carry the server-side session id; the session row decides whether the token is live. */
export class TokenService {
  private readonly sign: (payload: TokenClaims) => string;
  private readonly verify: (token: string) => TokenClaims & { exp: number };
  /**
   * Tokens whose signature has been checked, with their claims and expiry (ms). Only a token that verified
   * is ever stored, so a lookup by the exact token text stands for the check until the token expires; it
   * saves the signature and the hash a verifier cache would compute on every request.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  constructor(secret: string, ttlMs: number) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlMs });
    this.verify = createVerifier({ key: secret, algorithms: ['HS256'] });
  }

  issue(claims: TokenClaims): string {
    return this.sign(claims);
  }

  /** The claims, or null when the token is malformed, forged or expired. */
  read(token: string): TokenClaims | null {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const c = this.verify(token);
      if (typeof c.sid !== 'string' || typeof c.username !== 'string') return null;
      const claims: TokenClaims = Object.freeze({ sid: c.sid, username: c.username });
      if (typeof c.exp === 'number') {
        if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value as string);
        this.verified.set(token, { claims, expiresAt: c.exp * 1000 });
      }
      return claims;
    } catch {
      return null;
    }
  }
}
