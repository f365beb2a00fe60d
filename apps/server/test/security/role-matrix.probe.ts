import { sql } from 'kysely';
import type { TestApp } from '../helpers.js';


export interface Secrets {
  /** phone, e-mail, national ID and birthday values of every user and personnel file outside the company */
  values: Map<string, string>;
  /** ids to aim lookups at: users and departments of other companies */
  foreignUserIds: string[];
  foreignDepartIds: string[];
  foreignUsernames: string[];
}

/** Gives every user a unique e-mail and collects what must never reach a user of `company`. */
export async function collectSecrets(t: TestApp, company: string): Promise<Secrets> {
  const db = t.app.ctx.db;
  const users = await db.selectFrom('sysUser').select(['id', 'username', 'orgCode', 'phone', 'birthday']).execute();
  for (const u of users) await db.updateTable('sysUser').set({ email: `${u.username}.mail@corp.example` }).where('id', '=', u.id).execute();
  const values = new Map<string, string>();
  const foreignUserIds: string[] = [];
  const foreignUsernames: string[] = [];
  for (const u of users) {
    if ((u.orgCode ?? '').startsWith(company)) continue;
    foreignUserIds.push(u.id);
    foreignUsernames.push(u.username);
    if (u.phone) values.set(u.phone, `phone of ${u.username}`);
    if (u.birthday) values.set(String(u.birthday).slice(0, 10), `birthday of ${u.username}`);
    values.set(`${u.username}.mail@corp.example`, `e-mail of ${u.username}`);
  }
  // Personnel files (hy_user) of other companies: national ID, mobile, e-mail and birthday.
  const files = await db.selectFrom('hyUser').select(['realname', 'orgCode', 'idCard', 'mobile', 'email', 'birthday']).execute();
  const own = new Set<string>();
  for (const f of files) {
    const mine = (f.orgCode ?? '').startsWith(company);
    for (const [v, what] of [
      [f.idCard, 'national ID'],
      [f.mobile, 'mobile'],
      [f.email, 'e-mail'],
      [f.birthday ? String(f.birthday).slice(0, 10) : null, 'birthday'],
    ] as const) {
      if (!v || String(v).length < 6) continue;
      if (mine) own.add(String(v));
      else values.set(String(v), `${what} of personnel file ${f.realname}`);
    }
  }
  // A value shared with someone of the company (a birthday, a reused number) could appear legitimately.
  for (const u of users) {
    if (!(u.orgCode ?? '').startsWith(company)) continue;
    if (u.birthday) own.add(String(u.birthday).slice(0, 10));
    if (u.phone) own.add(u.phone);
  }
  for (const v of own) values.delete(v);
  const departs = await db.selectFrom('sysDepart').select(['id', 'orgCode']).execute();
  const foreignDepartIds = departs.filter((d) => !(d.orgCode ?? '').startsWith(company)).map((d) => d.id);
  await sql`select 1`.execute(db);
  return { values, foreignUserIds, foreignDepartIds, foreignUsernames };
}

const ORG_KEYS = new Set(['orgCode', 'sysOrgCode', 'org_code', 'sys_org_code']);

/** Rows (objects) in an answer whose org code belongs to another company. */
export function foreignRows(body: unknown, company: string, path = '$', out: string[] = []): string[] {
  if (Array.isArray(body)) body.forEach((x, i) => foreignRows(x, company, `${path}[${i}]`, out));
  else if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) {
      if (ORG_KEYS.has(k) && typeof v === 'string' && /^A\d{2}/.test(v) && !v.startsWith(company)) out.push(`${path}.${k}=${v}`);
      else foreignRows(v, company, `${path}.${k}`, out);
    }
  }
  return out;
}

/** Personal values of users outside the company that appear anywhere in an answer. */
export function leakedSecrets(raw: string, secrets: Secrets): string[] {
  const out: string[] = [];
  for (const [value, what] of secrets.values) if (raw.includes(value)) out.push(what);
  return out;
}
