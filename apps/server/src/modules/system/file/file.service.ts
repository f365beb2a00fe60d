import {
  AVATAR_MAX_BYTES,
  FILE_EXTENSIONS,
  FILE_MAX_BYTES,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  STATIC_PREFIX,
  UPLOAD_TEXTS,
  fileExtension,
  isAvatarBiz,
  type UploadResult,
} from '@go/contract/upload';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SecurityLimits } from '../../../config.js';
import type { CurrentUser } from '../../../platform/access/access.js';
import type { KvStore } from '../../../platform/kv/kv-store.js';
import { contentTypeFor, isPdf, looksLikeMarkup, servedInline, sniffImage } from '../../../platform/files/content-type.js';
import { LocalFileStorage, normaliseRelative, type FileStorage } from '../../../platform/files/storage.js';
import { businessError } from '../../../platform/http/errors.js';

export interface IncomingFile {
  /** the client's file name (display only; never a path) */
  filename: string;
  /** the first bytes of the file (content checks); the whole file is in `tempPath` */
  data: Buffer;
  /** bytes received */
  size: number;
  /** the spooled upload inside the upload root's hidden `.incoming` folder */
  tempPath: string;
  /** true when the multipart reader stopped at the size limit */
  truncated: boolean;
}

/** Bytes of an upload kept in memory for the content checks. */
const HEAD_BYTES = 64 * 1024;
const QUOTA_WINDOW_MS = 24 * 3600 * 1000;

export interface UploadLimits {
  kv: KvStore;
  limits: Pick<SecurityLimits, 'uploadQuotaBytes' | 'uploadConcurrency'>;
}

/** `kind` narrows the rules: `image` uploads must be pictures (the image widget sends it). */
export type UploadIntent = 'image' | 'file';


/**
 * Uploads and static files. Rules (docs/contract.md, "Limits and constants"): the avatar folder takes JPEG/PNG/GIF under 1 MB;
 * pictures must really be pictures and under 10 MB; other files must be on the allow-list (no markup or
 * scripts) and within 50 MB. Types are decided from the content, not the client's header.
 */
export class FileService {
  private readonly inFlight = new Map<string, number>();

  /** Uploads are spooled under `uploadDir/.incoming` and then kept in `storage` (the folder, or a bucket). */
  constructor(
    private readonly uploadDir: string,
    private readonly guard: UploadLimits | null = null,
    private readonly storage: FileStorage = new LocalFileStorage(uploadDir),
  ) {}

  /** Takes an upload slot for the user (at most `uploadConcurrency` at once); returns its release. */
  enter(userId: string): () => void {
    const max = this.guard?.limits.uploadConcurrency ?? Infinity;
    const n = this.inFlight.get(userId) ?? 0;
    if (n >= max) throw businessError('同时上传的文件过多，请稍后再试');
    this.inFlight.set(userId, n + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.inFlight.get(userId) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(userId);
      else this.inFlight.set(userId, left);
    };
  }

  /** Refuses when the user has already uploaded the daily quota (UPLOAD_QUOTA_MB per 24 hours). */
  async assertQuotaLeft(userId: string): Promise<void> {
    if (!this.guard) return;
    const used = Number((await this.guard.kv.get(`upload:bytes:${userId}`)) ?? 0);
    if (used >= this.guard.limits.uploadQuotaBytes) throw businessError('今日上传量已达上限，请明天再试');
  }

  /** Streams an upload body to a temporary file, keeping only its first bytes in memory. */
  async spool(stream: Readable): Promise<{ data: Buffer; size: number; tempPath: string; truncated: boolean }> {
    const dir = path.join(this.uploadDir, '.incoming');
    await mkdir(dir, { recursive: true });
    const tempPath = path.join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    const head: Buffer[] = [];
    let kept = 0;
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        if (kept < HEAD_BYTES) {
          const piece = chunk.subarray(0, HEAD_BYTES - kept);
          head.push(piece);
          kept += piece.length;
        }
        cb(null, chunk);
      },
    });
    try {
      await pipeline(stream, tap, createWriteStream(tempPath, { flags: 'wx', mode: 0o640 }));
    } catch (err) {
      await rm(tempPath, { force: true });
      // Over the size limit: reported by the checks with the right text (image, avatar or file size).
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { data: Buffer.concat(head), size, tempPath, truncated: true };
      throw err;
    }
    return { data: Buffer.concat(head), size, tempPath, truncated: (stream as Readable & { truncated?: boolean }).truncated === true };
  }

  /** Removes a spooled upload that will not be kept. */
  async discard(file: Pick<IncomingFile, 'tempPath'>): Promise<void> {
    await rm(file.tempPath, { force: true });
  }

  /** Checks and stores one upload; answers the stored relative path and the wire result. */
  async upload(
    _user: CurrentUser,
    biz: string,
    file: IncomingFile,
    intent: UploadIntent = 'file',
  ): Promise<{ path: string; result: UploadResult }> {
    try {
      this.check(biz, file, intent);
      if (this.guard) {
        // Count the bytes first; give them back and refuse when they cross the daily quota.
        const key = `upload:bytes:${_user.id}`;
        const used = await this.guard.kv.incr(key, QUOTA_WINDOW_MS, file.size);
        if (used > this.guard.limits.uploadQuotaBytes) {
          await this.guard.kv.incr(key, QUOTA_WINDOW_MS, -file.size);
          throw businessError('今日上传量已达上限，请明天再试');
        }
      }
    } catch (err) {
      await this.discard(file);
      throw err;
    }
    let rel: string;
    try {
      rel = await this.storage.adopt(biz, file.filename, file.tempPath);
    } catch (err) {
      // Not kept (the bucket is unreachable): the bytes do not count against the quota.
      if (this.guard) await this.guard.kv.incr(`upload:bytes:${_user.id}`, QUOTA_WINDOW_MS, -file.size);
      await this.discard(file);
      throw err;
    }
    const displayName = (file.filename.split(/[\\/]/).pop() ?? '').slice(0, 200);
    // Stock answers where the file went in `result.msg` (local or minio).
    return { path: rel, result: { msg: this.storage.type === 's3' ? 'minio' : 'local', fileUrl: `${STATIC_PREFIX}/${rel}`, fileName: displayName } };
  }

  private check(biz: string, file: IncomingFile, intent: UploadIntent): void {
    const ext = fileExtension(file.filename);
    const size = file.size;
    if (isAvatarBiz(biz)) {
      const kind = sniffImage(file.data);
      if (!['jpg', 'jpeg', 'png', 'gif'].includes(ext) || !kind || !['jpeg', 'png', 'gif'].includes(kind)) {
        throw businessError(UPLOAD_TEXTS.avatarType);
      }
      if (file.truncated || size >= AVATAR_MAX_BYTES) throw businessError(UPLOAD_TEXTS.avatarSize);
      return;
    }
    const imageExt = (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
    if (intent === 'image' || imageExt) {
      if (!imageExt || !sniffImage(file.data)) throw businessError(UPLOAD_TEXTS.imageType);
      if (file.truncated || size >= IMAGE_MAX_BYTES) throw businessError(UPLOAD_TEXTS.imageSize);
      return;
    }
    if (!(FILE_EXTENSIONS as readonly string[]).includes(ext)) throw businessError(UPLOAD_TEXTS.fileType);
    if (file.truncated || size > FILE_MAX_BYTES) throw businessError(UPLOAD_TEXTS.fileSize);
    if (size === 0) throw businessError(UPLOAD_TEXTS.failed);
    if (ext === 'pdf' && !isPdf(file.data)) throw businessError(UPLOAD_TEXTS.fileType);
    if (looksLikeMarkup(file.data)) throw businessError(UPLOAD_TEXTS.fileType);
  }

  /** A stored file for streaming, or null (missing, or a path that leaves the upload folder). */
  async open(relPath: string) {
    const f = await this.storage.open(relPath);
    if (!f) return null;
    const ext = fileExtension(f.name);
    return { ...f, contentType: contentTypeFor(ext), inline: servedInline(ext) };
  }

  /** The static path of a pdf to preview, from a stored path or a static URL; null when unusable. */
  previewPath(raw: string): string | null {
    let p = raw.trim();
    const at = p.indexOf(`${STATIC_PREFIX}/`);
    if (at >= 0) p = p.slice(at + STATIC_PREFIX.length + 1);
    else if (/^[a-z]+:/i.test(p) || p.startsWith('//')) return null;
    p = p.split(/[?#]/)[0];
    const rel = normaliseRelative(p);
    if (!rel || fileExtension(rel) !== 'pdf') return null;
    return rel;
  }
}
