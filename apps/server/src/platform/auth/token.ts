import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  /** session id */
  sid: string;
  /** username */
  username: string;
}

/** HS256 JWTs that carry the server-side session id; the session row decides whether the token is live. */
export class TokenService {
  private readonly sign: (payload: TokenClaims) => string;
  private readonly verify: (token: string) => TokenClaims & { exp: number };

  constructor(secret: string, ttlMs: number) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlMs });
    this.verify = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  }

  issue(claims: TokenClaims): string {
    return this.sign(claims);
  }

  /** The claims, or null when the token is malformed, forged or expired. */
  read(token: string): TokenClaims | null {
    try {
      const c = this.verify(token);
      if (typeof c.sid !== 'string' || typeof c.username !== 'string') return null;
      return { sid: c.sid, username: c.username };
    } catch {
      return null;
    }
  }
}
