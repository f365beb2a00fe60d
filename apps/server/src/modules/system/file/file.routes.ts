import { DEFAULT_UPLOAD_BIZ, FILE_MAX_BYTES, STATIC_PREFIX, UPLOAD_TEXTS } from '@go/contract/upload';
import { binaryResponse, envelope, sysUploadResult } from '@go/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOGIN, PUBLIC } from '../../../platform/access/access.js';
import { isPrivatePath, signatureOf, signStaticPath, verifyStaticSignature } from '../../../platform/files/signed-url.js';
import { fileStorageFor } from '../../../platform/files/file-storage.js';
import { normaliseRelative } from '../../../platform/files/storage.js';
import type { Api } from '../../../platform/http/api.js';
import { ok } from '../../../platform/http/envelope.js';
import { AppError, businessError } from '../../../platform/http/errors.js';
import { FileService, type IncomingFile, type UploadIntent } from './file.service.js';

/**
 * Reads the multipart body: text fields and the first file part, streamed to a temporary file inside the
 * upload root (never held whole in memory); only the first bytes are kept for the content checks.
 */
async function readUpload(req: FastifyRequest, files: FileService): Promise<{ fields: Record<string, string>; file: IncomingFile | null }> {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', UPLOAD_TEXTS.noneUploaded);
  const fields: Record<string, string> = {};
  let file: IncomingFile | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          continue;
        }
        const spooled = await files.spool(part.file);
        file = { filename: part.filename ?? '', ...spooled, truncated: spooled.truncated || part.file.truncated };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value.slice(0, 500);
      }
    }
  } catch (err) {
    if (file) await files.discard(file);
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('BAD_REQUEST');
    }
    if (code.startsWith('FST_') || code === 'ERR_STREAM_PREMATURE_CLOSE') throw businessError(UPLOAD_TEXTS.failed);
    throw err;
  }
  return { fields, file };
}

/** The upload query: `biz` (the folder) may also come as a form field. */
const uploadQuery = z.looseObject({ biz: z.string().max(500).optional() });

/** Reads the upload of a request and stores it in `biz` (form field, then query, then the route's default). */
async function receiveUpload(req: FastifyRequest, files: FileService, queryBiz: string | undefined, defaultBiz: string) {
  const user = req.user!;
  // Uploads in flight per user are capped (UPLOAD_CONCURRENCY); the slot is held while the body streams.
  const release = files.enter(user.id);
  try {
    await files.assertQuotaLeft(user.id);
    const { fields, file } = await readUpload(req, files);
    if (!file || !file.filename) {
      if (file) await files.discard(file);
      throw new AppError('BAD_REQUEST', UPLOAD_TEXTS.noneUploaded);
    }
    const biz = fields.biz || queryBiz || defaultBiz;
    const intent: UploadIntent = fields.kind === 'image' ? 'image' : 'file';
    const { path, result } = await files.upload(user, biz, file, intent);
    // Stock answer: the stored relative path travels in `message`.
    return ok(result, path);
  } finally {
    release();
  }
}

const uploadSchema = (summary: string) => ({
  tags: ['文件'],
  summary,
  consumes: ['multipart/form-data'],
  description: 'multipart: `file` (one file), `biz` (folder), optional `kind=image` to require a picture',
  querystring: uploadQuery,
  response: { 200: envelope(sysUploadResult) },
});

/** The query of a static file: a signed link's expiry and signature (a token may come as `?token=`). */
const staticQuery = z.looseObject({
  exp: z.string().max(20).optional(),
  sig: z.string().max(200).optional(),
  token: z.string().max(2000).optional(),
});

/** File endpoints: uploads, static files and the pdf preview page (docs/widgets.md, "Files (server)"). */
export async function fileRoutes(app: Api, files: FileService): Promise<void> {
  const basePath = app.ctx.config.basePath;

  app.post(
    '/sys/minio/uploadFile',
    { config: { access: LOGIN, oplog: { content: '上传文件', type: 2 } }, schema: uploadSchema('上传文件（默认目录 /oa）') },
    (req) => receiveUpload(req, files, req.query.biz, DEFAULT_UPLOAD_BIZ),
  );

  app.post(
    '/sys/common/upload',
    {
      config: { access: LOGIN, oplog: { content: '上传文件', type: 2 } },
      schema: uploadSchema('上传文件（isup 参数忽略）'),
    },
    (req) => receiveUpload(req, files, req.query.biz, 'temp'),
  );

  app.get(
    `${STATIC_PREFIX}/*`,
    {
      config: { access: PUBLIC, oplog: false, urlToken: true },
      schema: { tags: ['文件'], summary: '读取已上传的文件', querystring: staticQuery, response: { 200: binaryResponse } },
    },
    async (req, reply) => {
      const raw = req.raw.url ?? '';
      const pathPart = raw.split('?')[0];
      const prefix = `${basePath}${STATIC_PREFIX}/`;
      const rel = pathPart.startsWith(prefix) ? pathPart.slice(prefix.length) : '';
      // Files of business records (everything outside the public folders): a signed-in caller (header, or
      // ?token= on this download route) or a signed, unexpired link. Anyone else learns nothing (404).
      const clean = normaliseRelative(rel);
      if (clean && isPrivatePath(clean, app.ctx.config.limits.publicFolders)) {
        const { exp, sig } = req.query;
        if (!req.user && !verifyStaticSignature(app.ctx.config.jwtSecret, clean, exp, sig)) throw new AppError('NOT_FOUND');
      }
      const f = rel ? await files.open(rel) : null;
      if (!f) throw new AppError('NOT_FOUND');
      const asciiName = f.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      reply
        .header('content-type', f.contentType)
        .header('content-length', String(f.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        // The link may carry a token or a signature: never pass it on as a referrer.
        .header('referrer-policy', 'no-referrer')
        .header(
          'content-disposition',
          `${f.inline ? 'inline' : 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(f.name)}`,
        );
      if (!f.contentType.startsWith('application/pdf')) {
        reply.header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      }
      return reply.send(f.stream);
    },
  );

  app.get(
    '/sys/common/pdf/pdfPreviewIframe',
    {
      config: { access: PUBLIC, oplog: false, urlToken: true },
      schema: {
        tags: ['文件'],
        summary: 'pdf 预览页',
        querystring: z.object({
          url: z.string().max(1000).optional(),
          file: z.string().max(1000).optional(),
          token: z.string().max(2000).optional(),
        }),
        // the preview page, or the same page saying the file is unknown (404)
        response: { 200: binaryResponse, 404: binaryResponse },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const raw = q.url ?? q.file ?? '';
      let rel = files.previewPath(raw);
      let query = '';
      if (rel && isPrivatePath(rel, app.ctx.config.limits.publicFolders)) {
        // A private pdf: the page is opened with the caller's token (or a signed link) and embeds a signed,
        // expiring link, so the token never reaches the frame's URL.
        const { exp, sig } = signatureOf(raw);
        if (req.user || verifyStaticSignature(app.ctx.config.jwtSecret, rel, exp, sig)) {
          query = signStaticPath(app.ctx.config.jwtSecret, rel, app.ctx.config.limits.signedUrlTtlMs).slice(rel.length);
        } else {
          rel = null;
        }
      }
      const body = rel
        ? `<iframe title="pdf" src="${escapeHtml(`${basePath}${STATIC_PREFIX}/${rel.split('/').map(encodeURIComponent).join('/')}${query}`)}"></iframe>`
        : `<p class="empty">${escapeHtml(UPLOAD_TEXTS.unknownFile)}</p>`;
      const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>文件预览</title>
<style>html,body{margin:0;height:100%;background:#525659}iframe{border:0;width:100%;height:100%;display:block}
.empty{color:#fff;font:16px sans-serif;text-align:center;padding-top:20vh}</style></head><body>${body}</body></html>`;
      return reply
        .status(rel ? 200 : 404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; frame-src 'self'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(html);
    },
  );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Builds the file service from the config and registers its routes (called from modules/index.ts). */
export async function registerFileModule(api: Api): Promise<void> {
  // FILE_STORAGE picks the folder or the S3 bucket; the rules above (public folders, signed links, quota) are the same.
  const storage = fileStorageFor(api.ctx.config);
  api.addHook('onClose', async () => storage.close());
  await fileRoutes(api, new FileService(api.ctx.config.uploadDir, { kv: api.ctx.kv, limits: api.ctx.config.limits }, storage));
}
