import type { Access, CurrentUser } from '../access/access.js';
import type { AppContext } from '../context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Operation log: the content line and type (1 query … 6 export); mutating requests are logged by default. */
    oplog?: { content?: string; type?: number } | false;
    /** Verify the X-Sign request signature (dictionary endpoints). */
    signed?: boolean;
    /** Body may arrive in plain JSON even when the strict envelope setting is on (docs/security.md, "AES payload envelope"). */
    noEncrypt?: boolean;
    /** The token may come as `?token=` (only where a browser cannot send a header: downloads, sockets). */
    urlToken?: boolean;
    /** The token may come in this cookie (the API console's own assets). */
    cookieToken?: string;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
    token: string | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
}
