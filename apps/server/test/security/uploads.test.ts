import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLimits } from '../../src/config.js';
import { FileService, type IncomingFile } from '../../src/modules/system/file/file.service.js';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

function multipart(file: { name: string; data: Buffer }) {
  const boundary = '----sec-' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\ndocs\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return { payload: Buffer.concat([head, file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const text = (bytes: number) => Buffer.alloc(bytes, 'a');

describe.each(dbKinds)('[SECURITY] uploads are streamed, with a daily quota and a concurrency cap on %s', (kind) => {
  let t: TestApp;
  let uploadDir: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { limits: { ...loadLimits({}), uploadQuotaBytes: 3 * 1024 * 1024, uploadConcurrency: 2 } });
    uploadDir = t.app.ctx.config.uploadDir;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  const upload = async (token: string, file: { name: string; data: Buffer }) => {
    const mp = multipart(file);
    const res = await t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/common/upload', headers: { 'x-access-token': token, ...mp.headers }, payload: mp.payload });
    return res.json() as { success: boolean; message: string };
  };

  it('finding 8: the body goes to disk; only the first 64 KB are held for the checks', async () => {
    const token = await t.login('wuting');
    const seen: IncomingFile[] = [];
    const real = FileService.prototype.upload;
    vi.spyOn(FileService.prototype, 'upload').mockImplementation(function (this: FileService, ...args: Parameters<FileService['upload']>) {
      seen.push(args[2]);
      return real.apply(this, args);
    });
    const r = await upload(token, { name: 'big.txt', data: text(2 * 1024 * 1024) });
    expect(r.success).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0].size).toBe(2 * 1024 * 1024);
    expect(seen[0].data.length).toBeLessThanOrEqual(64 * 1024);
    // Nothing is left behind in the spool folder, and the spool folder is never served.
    expect(readdirSync(path.join(uploadDir, '.incoming'))).toEqual([]);
    const hidden = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/common/static/.incoming/x' });
    expect(hidden.statusCode).toBe(404);
  });

  it('finding 8: the daily quota refuses the upload that would cross it and keeps nothing of it', async () => {
    const token = await t.login('xuming');
    expect((await upload(token, { name: 'a.txt', data: text(2 * 1024 * 1024) })).success).toBe(true);
    const over = await upload(token, { name: 'b.txt', data: text(2 * 1024 * 1024) });
    expect(over).toMatchObject({ success: false, message: '今日上传量已达上限，请明天再试' });
    expect(readdirSync(path.join(uploadDir, '.incoming'))).toEqual([]);
    const stored = readdirSync(path.join(uploadDir, 'docs')).filter((f) => f.startsWith('b_'));
    expect(stored).toEqual([]);
    // Another user has a quota of their own.
    expect((await upload(await t.login('zhoujie'), { name: 'c.txt', data: text(1024) })).success).toBe(true);
  });

  it('finding 8: at most the configured number of uploads per user at once', () => {
    const files = new FileService(uploadDir, { kv: t.app.ctx.kv, limits: { uploadQuotaBytes: 1e9, uploadConcurrency: 2 } });
    const a = files.enter('u1');
    const b = files.enter('u1');
    expect(() => files.enter('u1')).toThrow('同时上传的文件过多，请稍后再试');
    const other = files.enter('u2');
    a();
    const c = files.enter('u1');
    for (const release of [b, c, other]) release();
  });
});

describe.each(dbKinds)('[SECURITY] private stored files on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finding 8: a private file needs a session or a signed, unexpired link', async () => {
    const { LocalFileStorage } = await import('../../src/platform/files/storage.js');
    const { signStaticPath } = await import('../../src/platform/files/signed-url.js');
    const rel = await new LocalFileStorage(t.app.ctx.config.uploadDir).save('private/import-errors', 'e.txt', Buffer.from('第 4 行：用户名已经存在'));
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/jeecg-boot/sys/common/static/${url}`, headers });
    expect((await get(rel)).statusCode).toBe(404);
    const secret = t.app.ctx.config.jwtSecret;
    expect((await get(signStaticPath(secret, rel, 60_000))).statusCode).toBe(200);
    expect((await get(signStaticPath(secret, rel, -1))).statusCode).toBe(404);
    expect((await get(signStaticPath('other-secret', rel, 60_000))).statusCode).toBe(404);
    const other = await new LocalFileStorage(t.app.ctx.config.uploadDir).save('private/import-errors', 'f.txt', Buffer.from('x'));
    expect((await get(signStaticPath(secret, rel, 60_000).replace(rel, other))).statusCode).toBe(404);
    const token = await t.login('wuting');
    expect((await get(rel, { 'x-access-token': token })).statusCode).toBe(200);
    // Avatars and other public folders stay public.
    const pub = await new LocalFileStorage(t.app.ctx.config.uploadDir).save('oa', 'n.txt', Buffer.from('公开'));
    expect((await get(pub)).statusCode).toBe(200);
  });

  it('finding 8: the user import answers a signed link to its error file', async () => {
    const admin = await t.login('admin');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(['t']);
    ws.addRow(['s']);
    ws.addRow(['登录账号', '真实名称']);
    ws.addRow(['bad name', '坏']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----imp' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/user/importExcel', headers: { 'x-access-token': admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    const url = res.json().result.fileUrl as string;
    expect((await t.app.inject({ method: 'GET', url: `/jeecg-boot${url}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/jeecg-boot${url.split('?')[0]}` })).statusCode).toBe(404);
  });
});
