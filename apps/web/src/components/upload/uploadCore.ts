import { UPLOAD_TEXTS, checkUpload, isAvatarBiz, shortFileName, type UploadKind } from '@go/contract/upload';
import type { UploadFile } from 'antd';
import { staticUrl } from '../../app/config';

/**
 * Pure helpers of the upload widgets (docs/widgets.md, "Other widgets"): a file is uploading, then done or error
 * (removed also exists); only done files make up the value, and the value is emitted only once no file
 * is still uploading.
 */

export type UploadStatus = 'uploading' | 'done' | 'error' | 'removed';

export interface UploadItem extends UploadFile {
  /** stored relative path (server `message`) */
  path?: string;
  /** the full original name; `name` holds the shortened one shown in the list */
  fullName?: string;
}

/** The last segment of a stored path, as stock shows existing values. */
export function nameOfPath(path: string): string {
  const clean = path.split('?')[0];
  return decodeURIComponent(clean.substring(clean.lastIndexOf('/') + 1)) || path;
}

/** The storage adds `_<ms><6 hex>` to the name it keeps; people see the name they chose. */
const STORED_SUFFIX = /_\d{13}[0-9a-f]{6}(?=\.[^.]*$|$)/;

/** The original file name of a stored path (`行程单_1732…a1b2c3.pdf` → `行程单.pdf`). */
export function originalNameOfPath(path: string): string {
  return nameOfPath(path).replace(STORED_SUFFIX, '');
}

/**
 * The name shown in the list: the original name, whole when it is short; long names keep their start
 * and extension (the list shows the full name on hover).
 */
export function displayFileName(name: string, max = 24): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  return shortFileName(name, max - 6);
}

export function splitValue(value: string | null | undefined): string[] {
  return String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

let uidSeq = 0;

/** The list for an existing value: every path a done file named by its last segment. */
export function valueToList(value: string | null | undefined): UploadItem[] {
  return splitValue(value).map((p) => {
    const full = originalNameOfPath(p);
    uidSeq += 1;
    return { uid: `v-${uidSeq}`, name: displayFileName(full), fullName: full, status: 'done', path: p, url: staticUrl(p) };
  });
}

/** The value to emit, or null while some file is still uploading. */
export function listToValue(list: readonly UploadItem[]): string | null {
  if (list.some((f) => f.status === 'uploading')) return null;
  return list
    .filter((f) => f.status === 'done' && f.path)
    .map((f) => f.path!)
    .join(',');
}

/** Keeps only the last `number` files when a limit is set (stock `number`; 0 = no limit). */
export function keepLast<T>(list: T[], number: number): T[] {
  return number > 0 && list.length > number ? list.slice(list.length - number) : list;
}

export function uploadKindFor(kind: 'file' | 'image', biz: string | undefined): UploadKind {
  if (isAvatarBiz(biz)) return 'avatar';
  return kind;
}

/** The product text when the file breaks the type or size rule of the widget, else null. */
export function precheck(kind: UploadKind, file: { name: string; size: number; type?: string }): string | null {
  return checkUpload(kind, file);
}

export type MoveResult = { list: UploadItem[] } | { warning: string };

/** Image move (docs/widgets.md, "Other widgets"): the first cannot go left (未知的操作), the last cannot go right (已到最后~). */
export function moveItem<T>(list: readonly T[], index: number, dir: 'left' | 'right'): { list: T[] } | { warning: string } {
  if (dir === 'left') {
    if (index <= 0) return { warning: UPLOAD_TEXTS.moveFirst };
    const out = [...list];
    [out[index - 1], out[index]] = [out[index], out[index - 1]];
    return { list: out };
  }
  if (index >= list.length - 1) return { warning: UPLOAD_TEXTS.moveLast };
  const out = [...list];
  [out[index + 1], out[index]] = [out[index], out[index + 1]];
  return { list: out };
}
