import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { loadLimits, testConfig, type AppConfig } from '../../src/config.js';
import { openDatabase } from '../../src/platform/db/database.js';
import { fileStorageFor } from '../../src/platform/files/file-storage.js';
import { signStaticPath } from '../../src/platform/files/signed-url.js';
import { withDatabase } from '../global-setup.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';
import { startS3, type TestS3 } from './s3-server.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001', 'hex'),
]);

function multipart(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const boundary = '----go-s3-' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = Buffer.from(
    parts.join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return { payload: Buffer.concat([head, file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A second instance on the same database and the same bucket, with its own (empty) local folder. */
async function secondInstance(t: TestApp, config: Partial<AppConfig>): Promise<{ app: App; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'go-s3-b-'));
  let handle;
  if (t.kind === 'postgres') {
    const r = await sql<{ name: string }>`select current_database() as name`.execute(t.app.ctx.db);
    handle = openDatabase(withDatabase(inject('pgAdminUrl'), r.rows[0].name), dir);
  } else {
    const r = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.app.ctx.db);
    handle = openDatabase(r.rows[0].file, dir);
  }
  const app = await buildApp({ config: testConfig({ dataDir: dir, uploadDir: path.join(dir, 'upload'), ...config }), database: handle, prepare: false, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each(dbKinds)('[FILES] uploads kept in an S3-compatible bucket (FILE_STORAGE=s3) on %s', (kind) => {
  let s3: TestS3;
  let t: TestApp;
  let token: string;
  let s3Config: Partial<AppConfig>;

  beforeAll(async () => {
    s3 = await startS3();
    s3Config = { fileStorage: 's3', s3: s3.settings, limits: { ...loadLimits({}), uploadQuotaBytes: 3 * 1024 * 1024 } };
    t = await createTestApp(kind, s3Config);
    token = await t.login('chenjing');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = async (url: string, fields: Record<string, string>, file: { name: string; data: Buffer }, auth = token, app: App = t.app) => {
    const { payload, headers } = multipart(fields, file);
    const res = await app.inject({ method: 'POST', url: `/jeecg-boot${url}`, payload, headers: { ...headers, 'x-access-token': auth } });
    return res.json() as { success: boolean; message: string; result: { msg: string; fileUrl: string } };
  };
  const get = (rel: string, auth: string | null = null, app: App = t.app) =>
    app.inject({ method: 'GET', url: `/jeecg-boot/sys/common/static/${rel}`, headers: auth ? { 'x-access-token': auth } : {} });

  it('stores an upload in the bucket, not the local folder, and streams it back with its size', async () => {
    const r = await upload('/sys/minio/uploadFile', {}, { name: '照片.png', data: PNG });
    expect(r.success).toBe(true);
    expect(r.result.msg).toBe('minio');
    expect(r.message).toMatch(/^oa\/照片_\d+[0-9a-f]{6}\.png$/);
    expect(await s3.keys()).toContain(r.message);
    expect(existsSync(path.join(t.app.ctx.config.uploadDir, 'oa'))).toBe(false);
    // the spooled upload is gone once it is in the bucket
    expect(readdirSync(path.join(t.app.ctx.config.uploadDir, '.incoming'))).toEqual([]);
    const res = await get(r.message.split('/').map(encodeURIComponent).join('/'), token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(PNG.length));
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves public folders to anyone and private files only to a session or a signed, unexpired link', async () => {
    const avatar = await upload('/sys/common/upload', { biz: 'oa/avatar' }, { name: 'me.png', data: PNG });
    expect((await get(avatar.message)).statusCode).toBe(200);
    const doc = await upload('/sys/common/upload', { biz: 'hr' }, { name: 'contract.txt', data: Buffer.from('private words') });
    expect(doc.success).toBe(true);
    expect((await get(doc.message)).statusCode).toBe(404);
    expect((await get(doc.message, token)).body).toBe('private words');
    const secret = t.app.ctx.config.jwtSecret;
    expect((await get(signStaticPath(secret, doc.message, 60_000))).statusCode).toBe(200);
    expect((await get(signStaticPath(secret, doc.message, -1))).statusCode).toBe(404);
    expect((await get(signStaticPath('other-secret', doc.message, 60_000))).statusCode).toBe(404);
  });

  it('keeps the daily quota: the upload that would cross it is refused and not stored', async () => {
    const quotaToken = await t.login('xuming');
    expect((await upload('/sys/common/upload', { biz: 'quota' }, { name: 'a.txt', data: Buffer.alloc(2 * 1024 * 1024, 'a') }, quotaToken)).success).toBe(true);
    const over = await upload('/sys/common/upload', { biz: 'quota' }, { name: 'b.txt', data: Buffer.alloc(2 * 1024 * 1024, 'b') }, quotaToken);
    expect(over).toMatchObject({ success: false, message: '今日上传量已达上限，请明天再试' });
    expect((await s3.keys()).filter((k) => k.startsWith('quota/'))).toEqual([expect.stringMatching(/^quota\/a_/)]);
  });

  it('answers 404 for a missing key, traversal, hidden segments and keys outside the upload shape', async () => {
    expect((await get('oa/nothing_here.png', token)).statusCode).toBe(404);
    expect((await get('oa/..%2F..%2Fetc%2Fpasswd', token)).statusCode).toBe(404);
    expect((await get('.incoming/x', token)).statusCode).toBe(404);
    // An object the application never wrote, in a folder no upload can have: not served.
    await s3.put('oa/bad.folder/x.txt', 'hidden');
    await s3.put('a/b/c/d/e/x.txt', 'deep');
    expect((await get('oa/bad.folder/x.txt', token)).statusCode).toBe(404);
    expect((await get('a/b/c/d/e/x.txt', token)).statusCode).toBe(404);
  });

  it('writes an import error file to the bucket and serves it by its signed link only', async () => {
    const admin = await t.login('admin');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(['t']);
    ws.addRow(['s']);
    ws.addRow(['登录账号', '真实名称']);
    ws.addRow(['bad name', '坏']);
    const { payload, headers } = multipart({}, { name: 'u.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) });
    const res = await t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/user/importExcel', payload, headers: { ...headers, 'x-access-token': admin } });
    const url = res.json().result.fileUrl as string;
    const rel = decodeURIComponent(url.split('?')[0].replace('/sys/common/static/', ''));
    expect(await s3.keys()).toContain(rel);
    expect((await t.app.inject({ method: 'GET', url: `/jeecg-boot${url}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/jeecg-boot${url.split('?')[0]}` })).statusCode).toBe(404);
  });

  it('deletes a stored object when there is one, and a missing or out-of-shape key is no error', async () => {
    const storage = fileStorageFor(t.app.ctx.config);
    expect(storage.type).toBe('s3');
    const rel = await storage.save('trash', 'gone.txt', Buffer.from('x'));
    expect(await s3.keys()).toContain(rel);
    await storage.remove(rel);
    expect(await s3.keys()).not.toContain(rel);
    expect(await storage.open(rel)).toBeNull();
    await storage.remove(rel);
    await storage.remove('../outside');
    expect(await storage.healthy()).toBe(true);
  });

  it('keeps server-owned private files (registration photos and CVs) in the bucket under their hidden key', async () => {
    const storage = fileStorageFor(t.app.ctx.config);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'go-private-'));
    const temp = path.join(dir, 'spooled');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(temp, PNG);
    await storage.putPrivate('.registration/123/photo.png', temp);
    expect(existsSync(temp)).toBe(false);
    expect(await s3.keys()).toContain('.registration/123/photo.png');
    const f = await storage.openPrivate('.registration/123/photo.png');
    expect(f?.size).toBe(PNG.length);
    f?.stream.resume();
    expect(await storage.openPrivate('.registration/123/cv.pdf')).toBeNull();
    // no request path reaches it, and a key from outside the hidden area is refused
    expect(await storage.open('.registration/123/photo.png')).toBeNull();
    await expect(storage.openPrivate('../etc/passwd')).rejects.toThrow();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a file uploaded through one instance is downloaded through another on the same database and bucket', async () => {
    const b = await secondInstance(t, s3Config);
    try {
      const r = await upload('/sys/common/upload', { biz: 'office' }, { name: '周报.txt', data: Buffer.from('第一周') });
      expect(r.success).toBe(true);
      const viaB = await get(r.message.split('/').map(encodeURIComponent).join('/'), token, b.app);
      expect(viaB.statusCode).toBe(200);
      expect(viaB.body).toBe('第一周');
      // and the other way round, with a signed link made by instance B
      const back = await upload('/sys/common/upload', { biz: 'office' }, { name: 'reply.txt', data: Buffer.from('收到') }, token, b.app);
      expect((await get(signStaticPath(b.app.ctx.config.jwtSecret, back.message, 60_000))).body).toBe('收到');
    } finally {
      await b.close();
    }
  });
});
