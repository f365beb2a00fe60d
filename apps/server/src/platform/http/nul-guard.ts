import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** How deep a request body is looked into (deeper bodies are refused by their schemas anyway). */
const MAX_DEPTH = 32;

/** Whether a request value (string, array, plain object) holds a NUL character anywhere. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return false; // file contents are bytes, not text
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || holdsNul(v, depth + 1)) return true;
  return false;
}

/**
 * Refuses any request whose query or body (after decryption) holds a NUL character, with the bad-request
 * envelope (HTTP 400, code 400); a NUL in a path parameter answers 404. No text of the product holds one, PostgreSQL cannot store
 * one in a text column, and a value that reaches a query with it fails there: refusing it here, once for
 * the whole API, keeps every list, export and write from meeting it.
 */
export function installNulGuard(app: FastifyInstance): void {
  // A callback hook: it runs on every request and leaves at once.
  app.addHook('preHandler', (req, _reply, done) => {
    // A path naming something with a NUL names nothing (a stored file, a record): not found.
    if (holdsNul(req.params)) {
      done(new AppError('NOT_FOUND'));
      return;
    }
    if (holdsNul(req.query) || holdsNul(req.body)) {
      done(new AppError('BAD_REQUEST'));
      return;
    }
    done();
  });
}
