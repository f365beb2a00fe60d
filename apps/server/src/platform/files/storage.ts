import { createReadStream } from 'node:fs';
import { access, constants, lstat, mkdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileExtension } from '@go/contract/upload';

/** A stored file opened for streaming. */
export interface StoredFile {
  stream: Readable;
  size: number;
  /** the stored name (last path segment) */
  name: string;
}

/**
 * Where uploads live: the local folder (FILE_STORAGE=local) or an S3-compatible bucket (FILE_STORAGE=s3,
 * see s3-storage.ts). Both take the same sanitised relative paths (`<folder>/<stem>_<time><rand>.<ext>`);
 * who may read a path (public folders, sessions, signed links) and how much may be uploaded are decided
 * above the storage, the same for both.
 */
export interface FileStorage {
  readonly type: 'local' | 's3';
  /** Stores the bytes under `biz` and returns the relative path (forward slashes, no leading slash). */
  save(biz: string, originalName: string, data: Buffer): Promise<string>;
  /** Stores a spooled upload (a local temporary file, consumed) under `biz`; returns the relative path. */
  adopt(biz: string, originalName: string, tempPath: string): Promise<string>;
  /** A stored file, or null for a missing file or a path outside the allowed shape. */
  open(relPath: string): Promise<StoredFile | null>;
  /** Deletes a stored file when there is one. */
  remove(relPath: string): Promise<void>;
  /**
   * Server-owned private files (a registration's photo and CV) under a hidden area such as
   * `.registration/<id>/photo.jpg`: the server chooses the key, and no upload route can name it, since
   * request paths never take a dot segment. `putPrivate` consumes the spooled temporary file.
   */
  putPrivate(key: string, tempPath: string): Promise<void>;
  openPrivate(key: string): Promise<StoredFile | null>;
  /** Whether the storage can be read and written now (health). */
  healthy(): Promise<boolean>;
  /** Releases connections (on shutdown). */
  close(): Promise<void>;
}

/** The relative path a new upload gets: the safe folder of `biz` and a fresh stored name. */
export function newRelativePath(biz: string, originalName: string): string {
  const folder = safeFolder(biz);
  const name = storedName(originalName);
  return folder ? `${folder}/${name}` : name;
}

/**
 * Local file storage under one root directory. Client-supplied names never become paths: the folder is
 * reduced to safe segments, the stored name is a sanitised stem plus time and random suffix, and every
 * read resolves inside the root or fails as "not found".
 */
export class LocalFileStorage implements FileStorage {
  readonly type = 'local' as const;

  constructor(private readonly root: string) {}

  /** Stores the bytes under `biz` and returns the relative path (forward slashes, no leading slash). */
  async save(biz: string, originalName: string, data: Buffer): Promise<string> {
    const rel = newRelativePath(biz, originalName);
    const abs = path.join(this.root, ...rel.split('/'));
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, data, { flag: 'wx', mode: 0o640 });
    return rel;
  }

  /** Moves an already written file (spooled upload inside the root) into place; returns the relative path. */
  async adopt(biz: string, originalName: string, tempPath: string): Promise<string> {
    const rel = newRelativePath(biz, originalName);
    const abs = path.join(this.root, ...rel.split('/'));
    await mkdir(path.dirname(abs), { recursive: true });
    await rename(tempPath, abs);
    return rel;
  }

  /**
   * Opens a stored file by its relative path. Returns null for anything that is not a regular file
   * strictly inside the root (traversal, absolute paths, symlinks, folders, missing files).
   */
  async open(relPath: string): Promise<StoredFile | null> {
    const abs = await this.resolveFile(relPath);
    if (!abs) return null;
    try {
      const st = await lstat(abs);
      return { stream: createReadStream(abs), size: st.size, name: path.basename(abs) };
    } catch {
      return null;
    }
  }

  async remove(relPath: string): Promise<void> {
    const abs = await this.resolveFile(relPath);
    if (abs) await rm(abs, { force: true });
  }

  async putPrivate(key: string, tempPath: string): Promise<void> {
    const abs = path.join(path.resolve(this.root), ...privateKey(key).split('/'));
    await mkdir(path.dirname(abs), { recursive: true });
    await rename(tempPath, abs);
  }

  async openPrivate(key: string): Promise<StoredFile | null> {
    const abs = path.join(path.resolve(this.root), ...privateKey(key).split('/'));
    try {
      const st = await lstat(abs);
      if (!st.isFile()) return null;
      return { stream: createReadStream(abs), size: st.size, name: path.basename(abs) };
    } catch {
      return null;
    }
  }

  async healthy(): Promise<boolean> {
    try {
      const root = path.resolve(this.root);
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {}

  /** The absolute path of a regular file strictly inside the root, or null. */
  private async resolveFile(relPath: string): Promise<string | null> {
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
      return abs;
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

/** A server-chosen private key: a hidden first segment, then plain segments (no traversal, nothing from a request). */
export function privateKey(key: string): string {
  if (!/^\.[a-z][a-z0-9-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*){1,4}$/.test(key) || key.includes('..')) throw new Error(`not a private file key: ${key}`);
  return key;
}
