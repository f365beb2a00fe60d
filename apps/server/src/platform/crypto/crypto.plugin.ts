import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../http/errors.js';
import { decryptPayload, endsSigned, isEnvelope, responseSignature } from './envelope.js';
import { verifyRequestSignature } from './sign.js';

/**
 * Defence in depth on top of HTTPS: decrypts AES-enveloped bodies, verifies X-Sign on routes marked
 * `signed`, and signs JSON envelope responses with `zSignVer`.
 */
export function installCrypto(app: FastifyInstance): void {
  const { aesKey, aesIv, signatureSecret, strictEnvelope } = app.ctx.config;

  // Callback hooks throughout: they run on every request, and most leave at once without a promise.
  app.addHook('preValidation', (req, _reply, done) => {
    const body = req.body;
    if (isEnvelope(body)) {
      try {
        req.body = decryptPayload(body.encryptData, aesKey, aesIv);
      } catch {
        done(new AppError('ENVELOPE_INVALID'));
        return;
      }
    } else if (
      strictEnvelope &&
      body !== undefined &&
      body !== null &&
      typeof body === 'object' &&
      !req.isMultipart() &&
      !req.routeOptions.config?.noEncrypt &&
      !('public' in (req.routeOptions.config?.access ?? { public: true }))
    ) {
      done(new AppError('ENVELOPE_REQUIRED'));
      return;
    }
    try {
      if (req.routeOptions.config?.signed) verifyRequestSignature(req, signatureSecret);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });

  // Envelopes are signed as they are serialised (`serializeSigned`, the serializer of every route), so the
  // body is written once. Bodies a handler already wrote as text are signed here.
  app.addHook('onSend', (_req, reply, payload, done) => {
    done(null, signText(reply, payload));
  });

  /** A JSON envelope a handler wrote as text, with its signature added; anything else as it is. */
  function signText(reply: FastifyReply, payload: unknown): unknown {
    if (typeof payload !== 'string' || payload[0] !== '{' || endsSigned(payload)) return payload;
    const ct = String(reply.getHeader('content-type') ?? '');
    if (!ct.includes('json')) return payload;
    let obj: Record<string, unknown>;
    try {
      obj = JSON.parse(payload) as Record<string, unknown>;
    } catch {
      return payload;
    }
    if (typeof obj.timestamp !== 'number' || !('success' in obj)) return payload;
    obj.zSignVer = responseSignature(obj.timestamp, obj.result, aesKey);
    return JSON.stringify(obj);
  }
}
