import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { ResponseSerializationError, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { serializeSigned } from '../crypto/envelope.js';

/**
 * The Fastify instance every module registers its routes on: typed by the zod type provider, so a route's
 * `querystring`, `body` and `params` schemas type `req.query`, `req.body` and `req.params`, and its
 * `response` schema types what the handler may return (a wrong shape fails the typecheck).
 */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/**
 * Serialises answers with their response schema. In tests and development the answer is checked against the
 * schema and a mismatch fails the request (so tests find drift between a route and its contract); the
 * answer itself is always sent as the handler built it — a schema documents and checks, it never drops a
 * field the stock client may read. Envelopes are signed as they are written (`serializeSigned`).
 */
export function responseSerializer(check: boolean, signKey: string) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) =>
    (data: unknown): string => {
      // Error envelopes (`success: false`, from the error handler or a handler's `fail`) are never checked.
      if (check && (data as { success?: unknown } | null)?.success !== false) {
        const result = (schema as z.ZodType).safeParse(data);
        if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      return serializeSigned(data, signKey);
    };
}
