import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../src/config.js';

/** The part of s3rver (a CommonJS package without types) these tests use. */
interface S3rver {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rver;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** A real S3-compatible server (s3rver, files in a temporary folder) for one test file. */
export interface TestS3 {
  settings: S3Settings;
  /** Keys in the bucket. */
  keys(): Promise<string[]>;
  /** Writes an object directly (bypassing the application). */
  put(key: string, body: Buffer | string): Promise<void>;
  /** Stops answering (the port closes); `start` brings it back on the same port with the same objects. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'go-files'): Promise<TestS3> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const run = async () => {
    server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
    const addr = await server.run();
    port = addr.port;
  };
  await run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const stop = async () => {
    if (server) await server.close();
    server = null;
  };
  return {
    settings,
    async keys() {
      const r = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (r.Contents ?? []).map((o) => o.Key!).sort();
    },
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    stop,
    start: run,
    async close() {
      client.destroy();
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
