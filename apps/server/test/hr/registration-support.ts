import { makeNationalId } from '@go/contract';
import type { TestApp } from '../helpers.js';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let n = 0;
/** A fresh applicant: valid national ID and a mobile no seeded file uses. */
export function applicant(extra: Record<string, unknown> = {}) {
  n++;
  const seq = (process.pid % 300) * 3 + n;
  const birthday = `1994-0${(n % 9) + 1}-1${n % 10}`;
  return {
    realname: `应聘${n}`,
    sex: '1',
    idCard: makeNationalId('110105', birthday, (seq * 2 + 1) % 1000),
    mobile: `1580${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(4, '0')}`,
    email: `a${n}@example.com`,
    degree: '3',
    school: '北京大学',
    major: '计算机',
    educations: [
      { school: '北京大学', major: '计算机', degree: '3', start: '2012-09-01', end: '2016-07-01' },
    ],
    workHistory: [
      {
        company: '某科技公司',
        position: '工程师',
        start: '2016-08-01',
        end: '2020-06-30',
        leaveReason: '个人发展',
      },
    ],
    orgCode: 'A05',
    applyPost: '软件工程师',
    ...extra,
  };
}
/** Male national IDs need an odd sequence digit: `applicant()` keeps the sequence odd and sex '1'. */

export interface Part {
  name: string;
  value?: string;
  file?: { filename: string; data: Buffer; type?: string };
}

export function multipart(parts: Part[]) {
  const boundary = `----reg${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.file) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        p.file.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let ipSeq = 0;
/** A fresh client address (each test keeps within the per-IP limits unless it means not to). */
export const nextIp = () => `10.${(process.pid >> 8) % 250}.${process.pid % 250}.${++ipSeq}`;

export interface SubmitOptions {
  photo?: { filename: string; data: Buffer } | null;
  cv?: { filename: string; data: Buffer } | null;
  ip?: string;
  extra?: Part[];
}

/** POSTs a registration as an anonymous browser would. */
export async function submit(t: TestApp, form: Record<string, unknown>, opts: SubmitOptions = {}) {
  const parts: Part[] = [{ name: 'data', value: JSON.stringify(form) }, ...(opts.extra ?? [])];
  const photo = opts.photo === undefined ? { filename: 'me.png', data: PNG } : opts.photo;
  if (photo) parts.push({ name: 'photo', file: photo });
  if (opts.cv) parts.push({ name: 'cv', file: opts.cv });
  const { payload, headers } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/jeecg-boot/registration/submit',
    payload,
    headers,
    remoteAddress: opts.ip ?? nextIp(),
  });
  return {
    status: res.statusCode,
    body: res.json() as { success: boolean; code: number; message: string; result: any },
  };
}

/** An anonymous JSON call from an address. */
export async function anon(t: TestApp, method: 'GET' | 'POST', url: string, body?: unknown, ip = nextIp()) {
  const res = await t.app.inject({
    method,
    url: `/jeecg-boot${url}`,
    remoteAddress: ip,
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  let parsed: any;
  try {
    parsed = res.json();
  } catch {
    parsed = null;
  }
  return {
    status: res.statusCode,
    body: parsed as { success: boolean; code: number; message: string; result: any },
    res,
  };
}
