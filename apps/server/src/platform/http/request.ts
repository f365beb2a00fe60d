import type { FastifyRequest } from 'fastify';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The parsed query string of a request whose route schema is not known here (hooks, the request
 * signature, the token of a download): a plain record, empty when there is none. Route handlers read their
 * typed `req.query` instead.
 */
export function rawQuery(req: FastifyRequest): Record<string, unknown> {
  const q: unknown = req.query;
  return isRecord(q) ? q : {};
}

/** One query parameter as a non-empty string, or null. */
export function queryParam(req: FastifyRequest, name: string): string | null {
  const v = rawQuery(req)[name];
  return typeof v === 'string' && v !== '' ? v : null;
}
