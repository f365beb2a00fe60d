import ExcelJS from 'exceljs';
import type { RegisteredRoute } from '../../src/platform/access/guard.js';
import { hashPassword, newSalt } from '../../src/platform/auth/password.js';
import { newId } from '../../src/platform/db/ids.js';
import { now } from '../../src/platform/db/time.js';
import { COMPANIES } from '../../src/seed/org.seed.js';
import type { TestApp } from '../helpers.js';

export interface Secrets {
  /** phone, e-mail, national ID, bank account and birthday values of every person outside the caller's scope */
  values: Map<string, string>;
  /** ids to aim lookups at: users and departments of other companies */
  foreignUserIds: string[];
  foreignDepartIds: string[];
  foreignUsernames: string[];
}

/**
 * Gives every user a unique e-mail and collects what must never reach `username` of `company` (company ''
 * for an anonymous caller): the personal data of everyone outside the company and, unless the caller may
 * unmask (`sensitive`), the national ID and bank account of every personnel file but their own.
 */
export async function collectSecrets(
  t: TestApp,
  company: string,
  opts: { username?: string; sensitive?: boolean } = {},
): Promise<Secrets> {
  const db = t.app.ctx.db;
  const users = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'orgCode', 'phone', 'birthday'])
    .execute();
  for (const u of users)
    await db
      .updateTable('sysUser')
      .set({ email: `${u.username}.mail@corp.example` })
      .where('id', '=', u.id)
      .execute();
  const mineOrg = (org: string | null | undefined) => company !== '' && (org ?? '').startsWith(company);
  const values = new Map<string, string>();
  const foreignUserIds: string[] = [];
  const foreignUsernames: string[] = [];
  for (const u of users) {
    if (mineOrg(u.orgCode)) continue;
    foreignUserIds.push(u.id);
    foreignUsernames.push(u.username);
    if (u.phone) values.set(u.phone, `phone of ${u.username}`);
    if (u.birthday) values.set(String(u.birthday).slice(0, 10), `birthday of ${u.username}`);
    values.set(`${u.username}.mail@corp.example`, `e-mail of ${u.username}`);
  }
  // Personnel files (hy_user): national ID, bank account, mobile, e-mail and birthday.
  const files = await db
    .selectFrom('hyUser')
    .select(['realname', 'username', 'orgCode', 'idCard', 'bankCard', 'mobile', 'email', 'birthday'])
    .execute();
  const own = new Set<string>();
  for (const f of files) {
    const mine = mineOrg(f.orgCode);
    const self = opts.username !== undefined && f.username === opts.username;
    for (const [v, what, sensitive] of [
      [f.idCard, 'national ID', true],
      [f.bankCard, 'bank account', true],
      [f.mobile, 'mobile', false],
      [f.email, 'e-mail', false],
      [f.birthday ? String(f.birthday).slice(0, 10) : null, 'birthday', false],
    ] as const) {
      if (!v || String(v).length < 6) continue;
      if (self) own.add(String(v));
      else if (!mine) values.set(String(v), `${what} of personnel file ${f.realname} (${f.orgCode})`);
      else if (sensitive && !opts.sensitive)
        values.set(String(v), `${what} of own-company file ${f.realname} unmasked`);
      else own.add(String(v));
    }
  }
  // A value shared with someone of the company (a birthday, a reused number) could appear legitimately.
  for (const u of users) {
    if (!mineOrg(u.orgCode)) continue;
    if (u.birthday) own.add(String(u.birthday).slice(0, 10));
    if (u.phone) own.add(u.phone);
  }
  for (const v of own) values.delete(v);
  const departs = await db.selectFrom('sysDepart').select(['id', 'orgCode']).execute();
  const foreignDepartIds = departs.filter((d) => !mineOrg(d.orgCode)).map((d) => d.id);
  return { values, foreignUserIds, foreignDepartIds, foreignUsernames };
}

const ORG_KEYS = new Set(['orgCode', 'sysOrgCode', 'org_code', 'sys_org_code', 'companyCode', 'company']);
const COMPANY_NAME_KEYS = new Set([
  'companyName',
  'company_dictText',
  'orgCode_dictText',
  'sysOrgCode_dictText',
]);
const NAME_TO_CODE = new Map(COMPANIES.map(([code, name]) => [name, code]));

/** Rows (objects) in an answer whose org code or company name belongs to another company. */
export function foreignRows(body: unknown, company: string, path = '$', out: string[] = []): string[] {
  if (Array.isArray(body)) body.forEach((x, i) => foreignRows(x, company, `${path}[${i}]`, out));
  else if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) {
      if (ORG_KEYS.has(k) && typeof v === 'string' && /^A\d{2}/.test(v)) {
        if (company === '' || !v.startsWith(company)) out.push(`${path}.${k}=${v}`);
      } else if (COMPANY_NAME_KEYS.has(k) && typeof v === 'string' && NAME_TO_CODE.has(v)) {
        if (company === '' || NAME_TO_CODE.get(v) !== company)
          out.push(`${path}.${k}=${NAME_TO_CODE.get(v)}(${v})`);
      } else foreignRows(v, company, `${path}.${k}`, out);
    }
  }
  return out;
}

/** Personal values of people outside the caller's scope that appear anywhere in an answer. */
export function leakedSecrets(raw: string, secrets: Secrets): string[] {
  const out: string[] = [];
  for (const [value, what] of secrets.values) if (raw.includes(value)) out.push(what);
  return out;
}

/** Headers of export columns that hold a company or org code. */
const ORG_HEADER =
  /^(公司|公司编码|所属公司|机构编码|上级机构编码|组织机构编码|部门编码|调出部门编码|调入部门编码|org_?code|sys_?org_?code|orgCode|sysOrgCode)$/i;

function cellText(v: ExcelJS.CellValue): string {
  if (v && typeof v === 'object') {
    if ('richText' in v) return v.richText.map((x) => x.text).join('');
    if ('text' in v) return String(v.text);
    if (v instanceof Date) return v.toISOString().slice(0, 10);
    return JSON.stringify(v);
  }
  return String(v ?? '');
}

/**
 * The cells of every sheet of an xlsx file: the text (for secrets) and the cells naming another company — a
 * company name anywhere, an org code in a column whose header says it holds one.
 */
export async function readWorkbook(
  payload: Buffer,
  company: string,
): Promise<{ text: string; rows: number; foreign: string[] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const parts: string[] = [];
  const foreign: string[] = [];
  let rows = 0;
  for (const ws of wb.worksheets) {
    let orgColumns: Set<number> | null = null;
    ws.eachRow((row, r) => {
      rows++;
      const cols = new Set<number>();
      row.eachCell((cell, c) => {
        const s = cellText(cell.value);
        parts.push(s);
        if (!orgColumns && ORG_HEADER.test(s.trim())) cols.add(c);
        const code =
          orgColumns?.has(c) && /^A\d{2}(A\d{2})*$/.test(s) ? s.slice(0, 3) : NAME_TO_CODE.get(s.trim());
        if (code && (company === '' || code !== company)) foreign.push(`${ws.name}!R${r}C${c}=${s}`);
      });
      if (!orgColumns && cols.size > 0) orgColumns = cols;
    });
  }
  return { text: parts.join('\n'), rows, foreign };
}

export type EndpointKind = 'list' | 'detail' | 'export' | 'lookup';

/** What a GET endpoint is, by its path: exports, details (by id), lists and every other lookup. */
export function endpointKind(url: string): EndpointKind {
  const last = url.split('/').filter(Boolean).pop() ?? '';
  if (/export/i.test(last)) return 'export';
  if (/^:|ById|^detail|^get[A-Z]?\w*Info$|^info$|^query$|^getById/i.test(last) || /\/:id\b/.test(url))
    return 'detail';
  if (/list/i.test(last)) return 'list';
  return 'lookup';
}

/** The GET endpoints the matrix probes: every registered one but the API docs and sign-out. */
export function probedRoutes(routes: RegisteredRoute[]): RegisteredRoute[] {
  return routes.filter(
    (r) => r.method === 'GET' && !r.url.includes('/doc') && !r.url.endsWith('/sys/logout'),
  );
}

/**
 * Where a route lives: its path without trailing parameters and the last segment (ids of a list feed the
 * details next to it: `/x/list` and `/x/queryById` and `/x/show/:id` all live at `/x`).
 */
export function routeBase(url: string): string {
  return url.replace(/(\/(:[^/]+|\*))+$/, '').replace(/\/[^/]*$/, '');
}

/** With ROLE_MATRIX_REPORT=1 the runs print the endpoints per kind, the calls per probe and what was probed. */
export function report(line: string): void {
  if (process.env.ROLE_MATRIX_REPORT) process.stdout.write(`${line}\n`);
}

/** Runs `jobs` with at most `n` in flight. */
export async function pool<T>(items: T[], n: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await job(items[next++]);
    }),
  );
}

/** A demo user added to the test copy: username, department org code, post and role codes. */
export async function addUser(
  t: TestApp,
  username: string,
  realname: string,
  orgCode: string,
  post: string,
  roles: string[],
  phone: string,
) {
  const db = t.app.ctx.db;
  const dep = await db
    .selectFrom('sysDepart')
    .select(['id'])
    .where('orgCode', '=', orgCode)
    .executeTakeFirstOrThrow();
  const roleIds = await db
    .selectFrom('sysRole')
    .select(['id', 'roleCode'])
    .where('roleCode', 'in', roles)
    .execute();
  if (roleIds.length !== roles.length) throw new Error(`unknown role in ${roles.join(',')}`);
  const id = newId();
  const salt = newSalt();
  await db
    .insertInto('sysUser')
    .values({
      id,
      username,
      realname,
      password: await hashPassword('123456', salt),
      salt,
      avatar: null,
      birthday: '1990-01-01',
      sex: 1,
      email: `${username}@huayuan.example.com`,
      phone,
      orgCode,
      status: 1,
      delFlag: 0,
      workNo: null,
      post,
      telephone: null,
      userIdentity: 1,
      departIds: dep.id,
      relTenantIds: '1',
      createBy: 'admin',
      createTime: now(),
    })
    .execute();
  await db.insertInto('sysUserDepart').values({ id: newId(), userId: id, depId: dep.id }).execute();
  for (const r of roleIds)
    await db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: r.id }).execute();
}
