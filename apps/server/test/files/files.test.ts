import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../helpers.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001', 'hex'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A multipart/form-data body with text fields and one file. */
function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }) {
  const boundary = '----go-test-' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(dbKinds)('[FILES] uploads and static files on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login('chenjing');
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (
    url: string,
    fields: Record<string, string>,
    file?: { name: string; data: Buffer; type?: string },
    auth: string | null = token,
  ) => {
    const { payload, headers } = multipart(fields, file);
    const res = await t.app.inject({
      method: 'POST',
      url: `/jeecg-boot${url}`,
      payload,
      headers: { ...headers, ...(auth ? { 'x-access-token': auth } : {}) },
    });
    return { status: res.statusCode, body: res.json() };
  };
  // Files of business records are read by a signed-in user (security/uploads.test.ts covers anonymous reads).
  const get = (url: string, auth: string | null = token) =>
    t.app.inject({ method: 'GET', url: `/jeecg-boot${url}`, headers: auth ? { 'x-access-token': auth } : {} });

  it('answers 401 without a token', async () => {
    const r = await upload('/sys/minio/uploadFile', {}, { name: 'a.png', data: PNG }, null);
    expect(r.status).toBe(401);
    const r2 = await upload('/sys/common/upload', {}, { name: 'a.png', data: PNG }, null);
    expect(r2.status).toBe(401);
  });

  it('answers 400 when the request carries no file or is not multipart', async () => {
    const none = await upload('/sys/minio/uploadFile', { biz: '/oa' });
    expect(none.status).toBe(400);
    expect(none.body.success).toBe(false);
    const json = await t.call(token, 'POST', '/sys/minio/uploadFile', { file: 'x' });
    expect(json.status).toBe(400);
  });

  it('stores a picture under /oa by default and serves it back', async () => {
    const r = await upload('/sys/minio/uploadFile', {}, { name: '我的 照片(1).png', data: PNG, type: 'image/png' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 200 });
    const path: string = r.body.message;
    expect(path).toMatch(/^oa\/我的照片1_[0-9a-f]+\.png$/);
    expect(r.body.result).toEqual({ msg: 'local', fileUrl: `/sys/common/static/${path}`, fileName: '我的 照片(1).png' });

    const s = await get(`/sys/common/static/${encodeURI(path)}`);
    expect(s.statusCode).toBe(200);
    expect(s.headers['content-type']).toBe('image/png');
    expect(s.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(s.rawPayload, PNG)).toBe(0);
  });

  it('honours biz for /sys/common/upload, ignores isup, and serves other files as attachments', async () => {
    const r = await upload('/sys/common/upload', { biz: 'reports/2026', isup: '1' }, { name: 'notes.txt', data: Buffer.from('hello') });
    expect(r.body.success).toBe(true);
    expect(r.body.message).toMatch(/^reports\/2026\/notes_[0-9a-f]+\.txt$/);
    const s = await get(`/sys/common/static/${r.body.message}`);
    expect(s.statusCode).toBe(200);
    expect(s.body).toBe('hello');
    expect(String(s.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('never lets the client name or folder choose the path', async () => {
    const r = await upload('/sys/common/upload', { biz: '../../etc/..' }, { name: '../../evil.txt', data: Buffer.from('x') });
    expect(r.body.success).toBe(true);
    expect(r.body.message).toMatch(/^etc\/evil_[0-9a-f]+\.txt$/);
  });

  it('refuses path traversal and missing files on the static route with 404', async () => {
    for (const p of [
      '/sys/common/static/../../../../etc/passwd',
      '/sys/common/static/..%2f..%2f..%2fetc%2fpasswd',
      '/sys/common/static/%2e%2e/%2e%2e/secrets.json',
      '/sys/common/static/oa/%00x.png',
      '/sys/common/static/oa/..\\..\\secrets.json',
      '/sys/common/static/nothing/here.png',
      '/sys/common/static/',
    ]) {
      const s = await get(p);
      expect(s.statusCode, p).toBe(404);
      expect(s.body).not.toMatch(/jwtSecret|root:/);
    }
  });

  it('applies the avatar rules in /oa/avatar', async () => {
    const gif = await upload('/sys/minio/uploadFile', { biz: '/oa/avatar' }, { name: 'a.pdf', data: PDF });
    expect(gif.body).toMatchObject({ success: false, code: 500, message: '上传头像图片只能是 JPG 格式!' });
    const fake = await upload('/sys/minio/uploadFile', { biz: '/oa/avatar' }, { name: 'a.jpg', data: Buffer.from('not a picture') });
    expect(fake.body.message).toBe('上传头像图片只能是 JPG 格式!');
    const big = await upload('/sys/minio/uploadFile', { biz: '/oa/avatar' }, {
      name: 'a.jpg',
      data: Buffer.concat([JPEG, Buffer.alloc(1024 * 1024)]),
    });
    expect(big.body).toMatchObject({ success: false, message: '上传头像图片大小不能超过 1MB!' });
    const okJpeg = await upload('/sys/minio/uploadFile', { biz: '/oa/avatar' }, { name: 'me.jpg', data: JPEG });
    expect(okJpeg.body.success).toBe(true);
    expect(okJpeg.body.message).toMatch(/^oa\/avatar\/me_/);
  });

  it('checks pictures by content and size', async () => {
    const fake = await upload('/sys/minio/uploadFile', {}, { name: 'x.png', data: Buffer.from('<svg onload=alert(1)>') });
    expect(fake.body).toMatchObject({ success: false, message: '请上传图片' });
    const asImage = await upload('/sys/minio/uploadFile', { kind: 'image' }, { name: 'x.pdf', data: PDF });
    expect(asImage.body.message).toBe('请上传图片');
    const big = await upload('/sys/minio/uploadFile', {}, {
      name: 'big.png',
      data: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(big.body).toMatchObject({ success: false, message: '文件大小必须小于10MB!' });
  });

  it('refuses types outside the allow-list and disguised markup', async () => {
    for (const name of ['page.html', 'x.svg', 'run.exe', 'a.js', 'noext']) {
      const r = await upload('/sys/minio/uploadFile', {}, { name, data: Buffer.from('<html></html>') });
      expect(r.body.success, name).toBe(false);
      expect(r.body.message).toBe('不支持的文件类型');
    }
    const disguised = await upload('/sys/minio/uploadFile', {}, { name: 'a.txt', data: Buffer.from('<script>alert(1)</script>') });
    expect(disguised.body.message).toBe('不支持的文件类型');
    const fakePdf = await upload('/sys/minio/uploadFile', {}, { name: 'a.pdf', data: Buffer.from('hello') });
    expect(fakePdf.body.message).toBe('不支持的文件类型');
  });

  it('serves the pdf preview page for a stored pdf only', async () => {
    const r = await upload('/sys/minio/uploadFile', {}, { name: '合同.pdf', data: PDF });
    expect(r.body.success).toBe(true);
    const s = await get(`/sys/common/static/${encodeURI(r.body.message)}`);
    expect(s.headers['content-type']).toBe('application/pdf');
    expect(String(s.headers['content-disposition'])).toMatch(/^inline;/);

    const page = await get(`/sys/common/pdf/pdfPreviewIframe?url=${encodeURIComponent('/sys/common/static/' + r.body.message)}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<iframe');
    expect(page.body).toContain('/jeecg-boot/sys/common/static/oa/');

    const evil = await get(`/sys/common/pdf/pdfPreviewIframe?url=${encodeURIComponent('javascript:alert(1)//x.pdf')}`);
    expect(evil.statusCode).toBe(404);
    expect(evil.body).not.toContain('javascript:');
    const traversal = await get(`/sys/common/pdf/pdfPreviewIframe?file=${encodeURIComponent('../../x.pdf')}`);
    expect(traversal.statusCode).toBe(404);
  });
});

describe('[FILES] 组件示例 menu seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('puts 组件示例 under 系统管理 for admin only', async () => {
    const admin = await t.login('admin');
    const r = await t.call(admin, 'GET', '/sys/permission/getUserPermissionByToken');
    const system = (r.body.result.menu as { path: string; children?: { path: string; component: string }[] }[]).find(
      (m) => m.path === '/isystem',
    );
    expect(system?.children?.find((c) => c.path === '/isystem/examples')?.component).toBe('examples/ComponentExamples');
    const hr = await t.login('lina');
    const r2 = await t.call(hr, 'GET', '/sys/permission/getUserPermissionByToken');
    expect(JSON.stringify(r2.body.result.menu)).not.toContain('/isystem/examples');
  });
});
