import {
  binaryResponse,
  envelope,
  hyRegistrationRow,
  listResponse,
  mbtiAnswerSchema,
  mbtiQuestionsResult,
  mbtiResultSchema,
  REGISTRATION_LIMITS,
  registrationCodeSchema,
  registrationOptionsResult,
  registrationSubmitResult,
  registrationSummaryResult,
} from '@go/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { perm, PUBLIC } from '../../platform/access/access.js';
import type { Api } from '../../platform/http/api.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { idQuery } from '../../platform/query/crud.js';
import { FileService, type IncomingFile } from '../system/file/file.service.js';
import { publicQuestions } from './mbti.js';
import type { RegistrationService } from './registration.service.js';

const tags = ['在线登记'];
const FIELD_NAMES = new Set(['data', 'captcha', 'checkKey']);

/**
 * Reads the multipart body of a submission: the text fields `data` (JSON of the form), `captcha`,
 * `checkKey` and the files `photo` and `cv`, each streamed to a spool file (only the first bytes in
 * memory) and cut at the size limit.
 */
async function readSubmission(req: FastifyRequest, spool: FileService) {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST');
  const fields: Record<string, string> = {};
  const files: Partial<Record<'photo' | 'cv', IncomingFile>> = {};
  try {
    // Oversized files are cut and marked truncated (the size check answers), not thrown as a parse error.
    const options = {
      throwFileSizeLimit: false,
      limits: {
        fileSize: REGISTRATION_LIMITS.fileMaxBytes,
        files: 2,
        fields: 5,
        fieldSize: 64 * 1024,
        parts: 8,
      },
    } as Parameters<FastifyRequest['parts']>[0];
    for await (const part of req.parts(options)) {
      if (part.type === 'file') {
        const kind = part.fieldname === 'photo' || part.fieldname === 'cv' ? part.fieldname : null;
        if (!kind || files[kind]) {
          part.file.resume();
          continue;
        }
        const spooled = await spool.spool(part.file);
        files[kind] = {
          filename: part.filename ?? '',
          ...spooled,
          truncated: spooled.truncated || part.file.truncated,
        };
      } else if (FIELD_NAMES.has(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    await Promise.all(Object.values(files).map((f) => spool.discard(f)));
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('FST_') || code === 'ERR_STREAM_PREMATURE_CLOSE')
      throw new AppError('BAD_REQUEST', '上传请求格式不正确');
    throw err;
  }
  return { fields, files };
}

/**
 * Public registration and personality test (docs/hr.md "在线登记"): every anonymous endpoint is PUBLIC
 * and counted per IP; files are served only through links signed for the applicant's summary or for HR.
 */
export async function registrationRoutes(app: Api, reg: RegistrationService): Promise<void> {
  const spool = new FileService(app.ctx.config.uploadDir);

  app.get(
    '/registration/options',
    {
      config: { access: PUBLIC, oplog: false },
      schema: { tags, summary: '登记表选项（公司、字典、是否需要验证码）', response: { 200: envelope(registrationOptionsResult) } },
    },
    async () => ok(await reg.options()),
  );

  app.post(
    '/registration/submit',
    {
      config: { access: PUBLIC, oplog: false },
      schema: {
        tags,
        summary: '提交应聘登记（multipart：data=表单JSON，photo，cv，captcha，checkKey）',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(registrationSubmitResult) },
      },
    },
    async (req) => {
      await reg.throttle('submit', req.ip);
      const release = reg.enter();
      let files: Partial<Record<'photo' | 'cv', IncomingFile>> = {};
      try {
        const body = await readSubmission(req, spool);
        files = body.files;
        const r = await reg.submit(req.ip, body.fields, files);
        return ok(r, '提交成功');
      } finally {
        // Spool files not moved into place (refused submissions) are removed; moved ones are gone already.
        await Promise.all(Object.values(files).map((f) => spool.discard(f)));
        release();
      }
    },
  );

  app.post(
    '/registration/summary',
    {
      config: { access: PUBLIC, oplog: false },
      schema: { tags, summary: '登记汇总（凭提交时获得的查询码）', body: registrationCodeSchema, response: { 200: envelope(registrationSummaryResult) } },
    },
    async (req) => {
      await reg.throttle('lookup', req.ip);
      return ok(await reg.summary(req.body.code));
    },
  );

  app.get(
    '/registration/mbti/questions',
    { config: { access: PUBLIC, oplog: false }, schema: { tags, summary: '性格测试题目', response: { 200: envelope(mbtiQuestionsResult) } } },
    async () => ok(publicQuestions()),
  );

  app.post(
    '/registration/mbti',
    {
      config: { access: PUBLIC, oplog: false },
      schema: {
        tags,
        summary: '提交性格测试（服务端计分；带查询码时结果记入登记和人事档案）',
        body: mbtiAnswerSchema,
        response: { 200: envelope(mbtiResultSchema) },
      },
    },
    async (req) => {
      await reg.throttle('test', req.ip);
      return ok(await reg.mbti(req.body));
    },
  );

  app.get(
    '/registration/file',
    {
      config: { access: PUBLIC, oplog: false },
      schema: {
        tags,
        summary: '登记的照片或简历（签名链接，10 分钟内有效）',
        querystring: z.object({
          r: z.string().max(32).optional(),
          k: z.string().max(8).optional(),
          exp: z.string().max(16).optional(),
          sig: z.string().max(64).optional(),
        }),
        response: { 200: binaryResponse },
      },
    },
    async (req, reply) => {
      const f = await reg.openFile(req.query);
      if (!f) throw new AppError('NOT_FOUND');
      const ascii = f.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      reply
        .header('content-type', f.type)
        .header('content-length', String(f.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header(
          'content-disposition',
          `${f.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.name)}`,
        );
      if (f.type !== 'application/pdf')
        reply.header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        );
      return reply.send(f.stream);
    },
  );

  app.get(
    '/manager/hyUser/registrations',
    {
      config: { access: perm('hr:user:list') },
      schema: {
        tags: ['人事档案'],
        summary: '档案的在线登记记录（照片、简历、性格测试）',
        querystring: idQuery,
        response: { 200: listResponse(hyRegistrationRow) },
      },
    },
    async (req) => ok(await reg.ofFile(req.user!, req.query.id)),
  );
}
