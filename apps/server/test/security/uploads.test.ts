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
  });

  it('finding 8: uploads of business records (HR files, forms, ledger, office) are not public; avatars and notice pictures are', async () => {
    const token = await t.login('wuting');
    const up = async (biz: string, name: string, data: Buffer) => {
      const boundary = '----pv' + Math.random().toString(16).slice(2);
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\n${biz}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/minio/uploadFile', headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
      const body = res.json() as { success: boolean; message: string };
      expect(body.success, `${biz}: ${body.message}`).toBe(true);
      return body.message;
    };
    const get = (rel: string, query = '', headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/jeecg-boot/sys/common/static/${rel.split('/').map(encodeURIComponent).join('/')}${query}`, headers });
    const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001', 'hex');
    const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
    const privateOnes = [
      await up('/oa/hr', '身份证.png', PNG),
      await up('oa/forms', '合同.txt', Buffer.from('合同正文')),
      await up('oa/expense', '发票.txt', Buffer.from('发票')),
      await up('oa/supplier', '资质.txt', Buffer.from('资质')),
      await up('oa/mission', '任务.txt', Buffer.from('任务')),
      await up('/oa', '默认.txt', Buffer.from('默认目录')),
      await up('OA/AVATAR', 'x.jpg', JPEG),
    ];
    for (const rel of privateOnes) {
      expect((await get(rel)).statusCode, rel).toBe(404);
      // The session works as the header, or as ?token= on this download route (browsers cannot send a header).
      expect((await get(rel, '', { 'x-access-token': token })).statusCode, rel).toBe(200);
      expect((await get(rel, `?token=${encodeURIComponent(token)}`)).statusCode, rel).toBe(200);
      const res = await get(rel, `?token=${encodeURIComponent(token)}`);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect((await get(rel, '?token=forged')).statusCode, rel).toBe(404);
    }
    // A token of an ended session no longer opens anything.
    const gone = await t.login('wuting');
    await t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/logout', headers: { 'x-access-token': gone } });
    expect((await get(privateOnes[0], `?token=${encodeURIComponent(gone)}`)).statusCode).toBe(404);

    const avatar = await up('oa/avatar', 'me.jpg', JPEG);
    expect((await get(avatar)).statusCode).toBe(200);
    const notice = await up('/oa/notice', '公告配图.png', PNG);
    expect((await get(notice)).statusCode).toBe(200);
  });

  it('finding 8: the pdf preview page of a private pdf needs the session and embeds a short signed link', async () => {
    const { LocalFileStorage } = await import('../../src/platform/files/storage.js');
    const { signStaticPath } = await import('../../src/platform/files/signed-url.js');
    const rel = await new LocalFileStorage(t.app.ctx.config.uploadDir).save('oa/forms', '合同.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const page = (query: string) => t.app.inject({ method: 'GET', url: `/jeecg-boot/sys/common/pdf/pdfPreviewIframe?url=${encodeURIComponent(rel)}${query}` });
    const anonymous = await page('');
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.body).not.toContain('<iframe');
    const token = await t.login('wuting');
    const signedIn = await page(`&token=${encodeURIComponent(token)}`);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).not.toContain(token);
    const src = /src="([^"]+)"/.exec(signedIn.body)![1].replace(/&amp;/g, '&');
    expect(src).toMatch(/\?exp=\d+&sig=/);
    const exp = Number(/exp=(\d+)/.exec(src)![1]);
    expect(exp - Date.now()).toBeLessThanOrEqual(t.app.ctx.config.limits.signedUrlTtlMs);
    expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
    // A signed link to the pdf opens the preview page too (no session needed).
    const viaSigned = await t.app.inject({ method: 'GET', url: `/jeecg-boot/sys/common/pdf/pdfPreviewIframe?url=${encodeURIComponent(signStaticPath(t.app.ctx.config.jwtSecret, rel, 60_000))}` });
    expect(viaSigned.statusCode).toBe(200);
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
