import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';
import { newRelativePath, normaliseRelative, privateKey, type FileStorage, type StoredFile } from './storage.js';

/** The longest object key S3 accepts, in bytes. */
const MAX_KEY_BYTES = 1024;
/** A folder segment as `safeFolder` makes it. */
const FOLDER_SEGMENT = /^[A-Za-z0-9_-]{1,32}$/;
/** How long a health probe may take before the storage counts as down. */
const PROBE_MS = 3000;

/**
 * The S3 object key of a stored relative path, or null when the path is outside the shape uploads get:
 * the same normalisation as the local folder (no dot or hidden segments, no backslashes or control
 * characters), at most four folder segments of letters, digits, `_` and `-`, and a name.
 */
export function objectKey(relPath: string): string | null {
  const rel = normaliseRelative(relPath);
  if (!rel || Buffer.byteLength(rel) > MAX_KEY_BYTES) return null;
  const parts = rel.split('/');
  if (parts.length > 5) return null;
  if (!parts.slice(0, -1).every((s) => FOLDER_SEGMENT.test(s))) return null;
  return rel;
}

/**
 * Uploads in an S3-compatible bucket (FILE_STORAGE=s3): AWS S3, MinIO, Ceph, OSS/COS in S3 mode. Every
 * instance of a cluster reads and writes the same bucket, so a file uploaded through one is served by all.
 * The bucket stays private: files are streamed through the server, which applies the same rules as for the
 * local folder (public folders, sessions, signed links).
 */
export class S3FileStorage implements FileStorage {
  readonly type = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region || 'us-east-1',
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKey ? { credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey } } : {}),
      // Checksums only where S3 requires them: several S3-compatible servers refuse the newer trailing ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3000, requestTimeout: 60_000 },
    });
  }

  async save(biz: string, originalName: string, data: Buffer): Promise<string> {
    const rel = newRelativePath(biz, originalName);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: rel, Body: data, ContentLength: data.length }));
    return rel;
  }

  async adopt(biz: string, originalName: string, tempPath: string): Promise<string> {
    const rel = newRelativePath(biz, originalName);
    try {
      const { size } = await stat(tempPath);
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: rel, Body: createReadStream(tempPath), ContentLength: size }),
      );
    } finally {
      await rm(tempPath, { force: true });
    }
    return rel;
  }

  async open(relPath: string): Promise<StoredFile | null> {
    const key = objectKey(relPath);
    if (!key) return null;
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!r.Body) return null;
      return { stream: r.Body as Readable, size: Number(r.ContentLength ?? 0), name: key.split('/').pop()! };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async putPrivate(key: string, tempPath: string): Promise<void> {
    const k = privateKey(key);
    try {
      const { size } = await stat(tempPath);
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: k, Body: createReadStream(tempPath), ContentLength: size }));
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  async openPrivate(key: string): Promise<StoredFile | null> {
    const k = privateKey(key);
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: k }));
      if (!r.Body) return null;
      return { stream: r.Body as Readable, size: Number(r.ContentLength ?? 0), name: k.split('/').pop()! };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async remove(relPath: string): Promise<void> {
    const key = objectKey(relPath);
    if (!key) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async healthy(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(PROBE_MS) });
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function notFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
