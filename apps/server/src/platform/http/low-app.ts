import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The low-code application the calling page belongs to (X-Low-App-ID), or null. */
    lowAppId: string | null;
  }
}

/** The header a page of a low-code application sends with every call (docs/security.md, "Tokens and sessions"). */
export const LOW_APP_HEADER = 'x-low-app-id';
/** An application id as a page sends it: its path segment, percent-encoded, at most 128 characters. */
const LOW_APP_ID = /^[A-Za-z0-9_.~%-]{1,128}$/;

/**
 * Accepts X-Low-App-ID: a well-formed value is kept on the request (`req.lowAppId`) and in its log lines;
 * a missing or malformed one leaves it null (the header names a context, it grants nothing).
 */
export function installLowAppId(app: FastifyInstance): void {
  app.decorateRequest('lowAppId', null);
  app.addHook('onRequest', async (req) => {
    const raw = req.headers[LOW_APP_HEADER];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (!value || !LOW_APP_ID.test(value)) return;
    req.lowAppId = value;
    req.log = req.log.child({ lowAppId: value });
  });
}
