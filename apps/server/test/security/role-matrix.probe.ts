import { sql } from 'kysely';
import type { TestApp } from '../helpers.js';

/** The company of the probing user (staff `wuting` of A02). */
export const OWN_COMPANY = 'A02';

export interface Secrets {
  /** phone, e-mail and birthday values of every user outside A02 */
  values: Map<string, string>;
  /** ids to aim lookups at: users and departments of other companies */
  foreignUserIds: string[];
  foreignDepartIds: string[];
  foreignUsernames: string[];
}

/** Gives every user a unique e-mail and collects what must never reach an A02 staff user. */
export async function collectSecrets(t: TestApp): Promise<Secrets> {
  const db = t.app.ctx.db;
  const users = await db.selectFrom('sysUser').select(['id', 'username', 'orgCode', 'phone', 'birthday']).execute();
  for (const u of users) await db.updateTable('sysUser').set({ email: `${u.username}.mail@corp.example` }).where('id', '=', u.id).execute();
  const values = new Map<string, string>();
  const foreignUserIds: string[] = [];
  const foreignUsernames: string[] = [];
  for (const u of users) {
    if ((u.orgCode ?? '').startsWith(OWN_COMPANY)) continue;
    foreignUserIds.push(u.id);
    foreignUsernames.push(u.username);
    if (u.phone) values.set(u.phone, `phone of ${u.username}`);
    if (u.birthday) values.set(String(u.birthday).slice(0, 10), `birthday of ${u.username}`);
    values.set(`${u.username}.mail@corp.example`, `e-mail of ${u.username}`);
  }
  // A birthday shared with an A02 user could appear legitimately; drop such values.
  for (const u of users) if ((u.orgCode ?? '').startsWith(OWN_COMPANY) && u.birthday) values.delete(String(u.birthday).slice(0, 10));
  const departs = await db.selectFrom('sysDepart').select(['id', 'orgCode']).execute();
  const foreignDepartIds = departs.filter((d) => !(d.orgCode ?? '').startsWith(OWN_COMPANY)).map((d) => d.id);
  await sql`select 1`.execute(db);
  return { values, foreignUserIds, foreignDepartIds, foreignUsernames };
}

const ORG_KEYS = new Set(['orgCode', 'sysOrgCode', 'org_code', 'sys_org_code']);

/** Rows (objects) in an answer whose org code belongs to another company. */
export function foreignRows(body: unknown, path = '$', out: string[] = []): string[] {
  if (Array.isArray(body)) body.forEach((x, i) => foreignRows(x, `${path}[${i}]`, out));
  else if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) {
      if (ORG_KEYS.has(k) && typeof v === 'string' && /^A\d{2}/.test(v) && !v.startsWith(OWN_COMPANY)) out.push(`${path}.${k}=${v}`);
      else foreignRows(v, `${path}.${k}`, out);
    }
  }
  return out;
}

/** Personal values of users outside A02 that appear anywhere in an answer. */
export function leakedSecrets(raw: string, secrets: Secrets): string[] {
  const out: string[] = [];
  for (const [value, what] of secrets.values) if (raw.includes(value)) out.push(what);
  return out;
}
