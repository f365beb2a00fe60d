/** Kysely access to the HR tables (docs/hr.md). Every function takes the database or a transaction. */
import { sql } from 'kysely';
import type { CurrentUser } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import type { HyUser, HyUserLog } from './hr.tables.js';

export type Row = Record<string, unknown>;

/** Files the user may see (company scope), not deleted. */
export function scopedFiles(db: Database, user: Pick<CurrentUser, 'company'>) {
  return scopeToCompany(db.selectFrom('hyUser').where('hyUser.delFlag', '=', 0), user, 'hyUser.orgCode');
}

export async function findFile(db: Database, user: Pick<CurrentUser, 'company'>, id: string): Promise<HyUser | undefined> {
  return (await scopedFiles(db, user).selectAll().where('id', '=', id).executeTakeFirst()) as HyUser | undefined;
}

/** Files matching a national ID or a mobile in any company (duplicate-person detection). */
export async function findSamePerson(
  db: Database,
  idCard: string | null | undefined,
  mobile: string | null | undefined,
  exceptId?: string,
): Promise<Pick<HyUser, 'id' | 'orgCode' | 'status' | 'realname' | 'idCard' | 'mobile'>[]> {
  if (!idCard && !mobile) return [];
  let qb = db
    .selectFrom('hyUser')
    .select(['id', 'orgCode', 'status', 'realname', 'idCard', 'mobile'])
    .where('delFlag', '=', 0)
    .where((eb) => {
      const ors = [];
      if (idCard) ors.push(eb('idCard', '=', idCard));
      if (mobile) ors.push(eb('mobile', '=', mobile));
      return eb.or(ors);
    });
  if (exceptId) qb = qb.where('id', '<>', exceptId);
  return qb.limit(20).execute();
}

export async function departByOrgCode(db: Database, orgCode: string) {
  return db.selectFrom('sysDepart').select(['id', 'orgCode', 'departName']).where('orgCode', '=', orgCode).where('delFlag', '=', 0).executeTakeFirst();
}

export async function insertFile(db: Database, row: Row): Promise<void> {
  await db.insertInto('hyUser').values(row as never).execute();
}

export async function updateFile(db: Database, id: string, set: Row): Promise<void> {
  await db.updateTable('hyUser').set(set as never).where('id', '=', id).execute();
}

export type LogInput = Omit<HyUserLog, 'id' | 'createTime'>;

export async function insertLogs(db: Database, rows: LogInput[]): Promise<void> {
  if (rows.length === 0) return;
  const t = now();
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('hyUserLog')
      .values(rows.slice(i, i + 200).map((r) => ({ ...r, id: newId(), createTime: t })))
      .execute();
  }
}

/** Month (MM) part of a yyyy-MM-dd column, the same on SQLite and PostgreSQL. */
export function monthOf(column: string) {
  return sql<string>`substr(${sql.ref(column)}, 6, 2)`;
}
