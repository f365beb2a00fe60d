import { createReadStream, type ReadStream } from 'node:fs';
import { lstat, mkdir, realpath, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileExtension } from '@go/contract/upload';

/**
 * Local file storage under one root directory. Client-supplied names never become paths: the folder is
 * reduced to safe segments, the stored name is a sanitised stem plus time and random suffix, and every
 * read resolves inside the root or fails as "not found".
 */
export class LocalFileStorage {
  constructor(private readonly root: string) {}

  /** Stores the bytes under `biz` and returns the relative path (forward slashes, no leading slash). */
  async save(biz: string, originalName: string, data: Buffer): Promise<string> {
    const folder = safeFolder(biz);
    const name = storedName(originalName);
    const rel = folder ? `${folder}/${name}` : name;
    const abs = path.join(this.root, ...rel.split('/'));
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, data, { flag: 'wx', mode: 0o640 });
    return rel;
  }

  /** Moves an already written file (spooled upload inside the root) into place; returns the relative path. */
  async adopt(biz: string, originalName: string, tempPath: string): Promise<string> {
    const folder = safeFolder(biz);
    const name = storedName(originalName);
    const rel = folder ? `${folder}/${name}` : name;
    const abs = path.join(this.root, ...rel.split('/'));
    await mkdir(path.dirname(abs), { recursive: true });
    await rename(tempPath, abs);
    return rel;
  }

  /**
   * Opens a stored file by its relative path. Returns null for anything that is not a regular file
   * strictly inside the root (traversal, absolute paths, symlinks, folders, missing files).
   */
  async open(relPath: string): Promise<{ stream: ReadStream; size: number; name: string } | null> {
    const rel = normaliseRelative(relPath);
    if (!rel) return null;
    const root = path.resolve(this.root);
    const abs = path.resolve(root, ...rel.split('/'));
    if (!abs.startsWith(root + path.sep)) return null;
    try {
      const st = await lstat(abs);
      if (!st.isFile()) return null;
      // The root itself may sit behind a symlink (e.g. /tmp); compare real paths.
      const [realRoot, realFile] = await Promise.all([realpath(root), realpath(abs)]);
      if (!realFile.startsWith(realRoot + path.sep)) return null;
      return { stream: createReadStream(abs), size: st.size, name: path.basename(abs) };
    } catch {
      return null;
    }
  }
}

/**
 * A request path such as `oa/a_1.png` made safe: URL-decoded once, backslashes refused, empty and dot
 * segments refused. Returns null when the path cannot be a stored file.
 */
export function normaliseRelative(raw: string): string | null {
  let p: string;
  try {
    p = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!p || p.includes('\0') || p.includes('\\')) return null;
  const parts = p.split('/').filter((s) => s !== '');
  if (parts.length === 0) return null;
  // Hidden segments (`.incoming` uploads in progress, dot files) are never served.
  if (parts.some((s) => s.startsWith('.') || Array.from(s).some((c) => c.charCodeAt(0) < 0x20))) return null;
  return parts.join('/');
}

/** `biz` reduced to segments of letters, digits, `_` and `-` (at most 4, each at most 32 characters). */
export function safeFolder(biz: string): string {
  return biz
    .split(/[\\/]+/)
    .map((s) => s.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32))
    .filter((s) => s !== '')
    .slice(0, 4)
    .join('/');
}

/** `<stem>_<ms><rand>.<ext>`: the stem keeps letters (any script), digits, `_` and `-`, at most 40 characters. */
export function storedName(originalName: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  const ext = fileExtension(base).replace(/[^a-z0-9]/g, '').slice(0, 10);
  const stemRaw = ext ? base.slice(0, base.length - ext.length - 1) : base;
  const stem = Array.from(stemRaw.normalize('NFC').replace(/[^\p{L}\p{N}_-]/gu, ''))
    .slice(0, 40)
    .join('') || 'file';
  const suffix = `${Date.now()}${randomBytes(3).toString('hex')}`;
  return ext ? `${stem}_${suffix}.${ext}` : `${stem}_${suffix}`;
}
