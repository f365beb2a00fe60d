/**
 * Upload rules and texts shared by the server (which enforces them) and the upload widgets (which check
 * early so the user sees the message before sending). Texts: docs/contract.md, "Validation texts".
 */

export const UPLOAD_TEXTS = {
  avatarType: '上传头像图片只能是 JPG 格式!',
  avatarSize: '上传头像图片大小不能超过 1MB!',
  imageType: '请上传图片',
  imageSize: '文件大小必须小于10MB!',
  fileType: '不支持的文件类型',
  fileSize: '文件大小超出限制',
  failed: '上传失败！',
  unknownError: '上传失败, 未知错误',
  errorTitle: '上传出错',
  noneUploaded: '未上传任何文件',
  unknownFile: '未知的文件',
  moveFirst: '未知的操作',
  moveLast: '已到最后~',
} as const;

/** Upload limits (docs/contract.md, "Limits and constants"). */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_MAX_BYTES = 50 * 1024 * 1024;
/** Upload names longer than this are shown shortened (docs/contract.md, "Limits and constants"). */
export const UPLOAD_NAME_SHOW_LENGTH = 5;
/** The folder of the avatar modal (docs/contract.md, "Limits and constants"). */
export const AVATAR_BIZ = '/oa/avatar';
/** Default folder of /sys/minio/uploadFile (docs/widgets.md, "Files (server)"). */
export const DEFAULT_UPLOAD_BIZ = '/oa';
/** Static files are served under this API path. */
export const STATIC_PREFIX = '/sys/common/static';
export const PDF_PREVIEW_PATH = '/sys/common/pdf/pdfPreviewIframe';
/**
 * Stored folders anyone may read (avatars, pictures of public notices and of rich content): every other
 * stored file belongs to a business record and is served only with a session or a signed, expiring link.
 * The server's `PUBLIC_FILE_FOLDERS` setting replaces this default.
 */
export const PUBLIC_FILE_FOLDERS = ['oa/avatar', 'oa/notice', 'oa/markdown'] as const;

/** Whether a stored relative path (`oa/avatar/a_1.png`) lies in one of the public folders. */
export function isPublicFilePath(rel: string, folders: readonly string[] = PUBLIC_FILE_FOLDERS): boolean {
  const clean = rel.split('?')[0].replace(/^\/+/, '');
  return folders.some((f) => {
    const folder = f.replace(/^\/+|\/+$/g, '');
    return folder !== '' && clean.startsWith(folder + '/');
  });
}

export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'] as const;
/** Everything else an office user attaches. Scripts, HTML and SVG are never accepted (stored XSS). */
export const FILE_EXTENSIONS = [
  ...IMAGE_EXTENSIONS,
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'wps',
  'et',
  'txt',
  'csv',
  'md',
  'rtf',
  'zip',
  'rar',
  '7z',
  'mp3',
  'mp4',
] as const;

/** Lower-case extension without the dot, or '' when the name has none. */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const i = base.lastIndexOf('.');
  return i > 0 ? base.slice(i + 1).toLowerCase() : '';
}

export function isImageName(name: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

export function isAvatarBiz(biz: string | undefined | null): boolean {
  return (biz ?? '').replace(/\/+$/, '').toLowerCase().endsWith('/avatar');
}

/** Upload name shown in lists: first 5 characters then an ellipsis, extension kept (docs/contract.md, "Limits and constants"). */
export function shortFileName(name: string, max = UPLOAD_NAME_SHOW_LENGTH): string {
  const ext = fileExtension(name);
  const base = ext ? name.slice(0, name.length - ext.length - 1) : name;
  const chars = Array.from(base);
  if (chars.length <= max) return name;
  return chars.slice(0, max).join('') + '…' + (ext ? '.' + ext : '');
}

export type UploadKind = 'avatar' | 'image' | 'file';

/**
 * The client-side pre-check (the server repeats it on the content). Returns the product's text of the first
 * broken rule, or null.
 */
export function checkUpload(kind: UploadKind, file: { name: string; size: number; type?: string }): string | null {
  const ext = fileExtension(file.name);
  if (kind === 'avatar') {
    const typeOk =
      (AVATAR_EXTENSIONS as readonly string[]).includes(ext) &&
      (!file.type || ['image/jpeg', 'image/png', 'image/gif'].includes(file.type));
    if (!typeOk) return UPLOAD_TEXTS.avatarType;
    if (file.size >= AVATAR_MAX_BYTES) return UPLOAD_TEXTS.avatarSize;
    return null;
  }
  if (kind === 'image') {
    const typeOk = (IMAGE_EXTENSIONS as readonly string[]).includes(ext) && (!file.type || file.type.startsWith('image/'));
    if (!typeOk) return UPLOAD_TEXTS.imageType;
    if (file.size >= IMAGE_MAX_BYTES) return UPLOAD_TEXTS.imageSize;
    return null;
  }
  if (!(FILE_EXTENSIONS as readonly string[]).includes(ext)) return UPLOAD_TEXTS.fileType;
  if (isImageName(file.name) && file.size >= IMAGE_MAX_BYTES) return UPLOAD_TEXTS.imageSize;
  if (file.size > FILE_MAX_BYTES) return UPLOAD_TEXTS.fileSize;
  return null;
}

/** Wire shape of a successful upload (docs/widgets.md, "Files (server)"). */
export interface UploadResult {
  msg: string;
  fileUrl: string;
  fileName: string;
}
