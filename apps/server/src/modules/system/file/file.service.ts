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
import type { CurrentUser } from '../../../platform/access/access.js';
import { contentTypeFor, isPdf, looksLikeMarkup, servedInline, sniffImage } from '../../../platform/files/content-type.js';
import { LocalFileStorage, normaliseRelative } from '../../../platform/files/storage.js';
import { businessError } from '../../../platform/http/errors.js';

export interface IncomingFile {
  /** the client's file name (display only; never a path) */
  filename: string;
  data: Buffer;
  /** true when the multipart reader stopped at the size limit */
  truncated: boolean;
}

/** `kind` narrows the rules: `image` uploads must be pictures (the image widget sends it). */
export type UploadIntent = 'image' | 'file';

/** Reported by the upload answer in `result.msg`: where the file went (only local storage is built). */
export const STORAGE_MODE = 'local';

/**
 * Uploads and static files. Rules (SPEC §5, §9): the avatar folder takes JPEG/PNG/GIF under 1 MB;
 * pictures must really be pictures and under 10 MB; other files must be on the allow-list (no markup or
 * scripts) and within 50 MB. Types are decided from the content, not the client's header.
 */
export class FileService {
  private readonly storage: LocalFileStorage;

  constructor(uploadDir: string) {
    this.storage = new LocalFileStorage(uploadDir);
  }

  /** Checks and stores one upload; answers the stored relative path and the wire result. */
  async upload(
    _user: CurrentUser,
    biz: string,
    file: IncomingFile,
    intent: UploadIntent = 'file',
  ): Promise<{ path: string; result: UploadResult }> {
    this.check(biz, file, intent);
    const rel = await this.storage.save(biz, file.filename, file.data);
    const displayName = (file.filename.split(/[\\/]/).pop() ?? '').slice(0, 200);
    return { path: rel, result: { msg: STORAGE_MODE, fileUrl: `${STATIC_PREFIX}/${rel}`, fileName: displayName } };
  }

  private check(biz: string, file: IncomingFile, intent: UploadIntent): void {
    const ext = fileExtension(file.filename);
    const size = file.data.length;
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
