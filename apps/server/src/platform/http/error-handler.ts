import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail } from './envelope.js';
import { AppError, ERRORS } from './errors.js';

/**
 * The one error handler: AppErrors answer with their table entry, validation failures with 400 and the
 * field messages, anything unexpected with a generic 500 (details only in the log, never in the response).
 */
export function installErrorHandler(app: FastifyInstance, basePath: string): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // A download that failed before its first byte (an export whose query failed) answers as an envelope.
    if (!reply.raw.headersSent && reply.hasHeader('content-disposition')) {
      reply.removeHeader('content-disposition');
      reply.raw.removeHeader('content-disposition');
    }
    if (err instanceof AppError) {
      return reply.status(err.http).send(fail(err.message, err.code, err.result));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const msg = err.validation
        .map((v) => {
          const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
          const m = v.message ?? '格式不正确';
          return field ? `${field}: ${m}` : m;
        })
        .join('; ');
      return reply.status(400).send(fail(msg || ERRORS.BAD_REQUEST.message, 400));
    }
    if (err.validation) {
      return reply.status(400).send(fail(err.message || ERRORS.BAD_REQUEST.message, 400));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return reply.status(400).send(fail(ERRORS.MALFORMED_JSON.message, 400));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return reply.status(413).send(fail(ERRORS.PAYLOAD_TOO_LARGE.message, 413));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const status = err.statusCode;
      const message =
        status === 404 ? ERRORS.NOT_FOUND.message : status === 415 ? '不支持的请求内容类型' : ERRORS.BAD_REQUEST.message;
      return reply.status(status).send(fail(message, status));
    }
    // Truncated or malformed multipart bodies surface as plain errors from the form parser.
    if (req.isMultipart() && /multipart|boundary|part header|end of form/i.test(err.message)) {
      return reply.status(400).send(fail('上传请求格式不正确', 400));
    }
    const db = classifyDatabaseError(err);
    if (db) return reply.status(db.http).send(fail(db.message, db.code));
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail(ERRORS.INTERNAL.message, 500));
  });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith(basePath + '/') || url === basePath || req.method !== 'GET') {
      return reply.status(404).send(fail(ERRORS.NOT_FOUND.message, 404));
    }
    // Paths outside the API belong to the single-page app (history mode).
    if (app.hasDecorator('webIndex')) {
      const send = (app as unknown as { webIndex: (r: typeof req, p: typeof reply) => unknown }).webIndex;
      return send(req, reply);
    }
    return reply.status(404).send(fail(ERRORS.NOT_FOUND.message, 404));
  });
}

/**
 * Database errors caused by the input rather than the server: a value of the wrong type or with a NUL byte
 * (PostgreSQL class 22), a duplicate key, a value too long. They answer as bad input, never as a 500, and
 * say nothing about the SQL.
 */
export function classifyDatabaseError(err: { code?: unknown; message?: string }): {
  http: number;
  code: number;
  message: string;
} | null {
  const code = typeof err.code === 'string' ? err.code : '';
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return { http: 200, code: 500, message: ERRORS.DUPLICATE.message };
  }
  if (code === '22001') return { http: 200, code: 500, message: '字段太长,超出数据库字段的长度' };
  if (/^22[0-9A-Z]{3}$/.test(code) || code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG') {
    return { http: 400, code: 400, message: ERRORS.BAD_REQUEST.message };
  }
  return null;
}
