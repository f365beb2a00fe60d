import type { CurrentUser } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import { likePrefix } from '../../platform/query/like.js';
import type { OaIndicator, OaIndicatorMonth } from './office.tables.js';

export function indicators(db: Database, user: CurrentUser, year: number, orgPrefix?: string): Promise<OaIndicator[]> {
  let q = scopeToCompany(db.selectFrom('oaIndicator'), user, 'sysOrgCode').selectAll().where('delFlag', '=', 0).where('year', '=', year);
  if (orgPrefix) q = q.where(likePrefix('sysOrgCode', orgPrefix));
  return q.orderBy('sysOrgCode').orderBy('sortNo').orderBy('createTime').execute();
}

export function findIndicator(db: Database, id: string): Promise<OaIndicator | undefined> {
  return db.selectFrom('oaIndicator').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
}

export async function insertIndicator(db: Database, row: OaIndicator): Promise<void> {
  await db.insertInto('oaIndicator').values(row).execute();
}

export async function updateIndicator(db: Database, id: string, patch: Partial<OaIndicator>): Promise<void> {
  await db.updateTable('oaIndicator').set(patch).where('id', '=', id).execute();
}

export function monthsOf(db: Database, ids: string[]): Promise<OaIndicatorMonth[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('oaIndicatorMonth').selectAll().where('indicatorId', 'in', ids).orderBy('month').execute();
}

/** Writes one month's target and/or actual, creating the row when missing. */
export async function upsertMonth(db: Database, indicatorId: string, month: number, patch: { target?: number | null; actual?: number | null }, by: string, at: string, newId: () => string): Promise<void> {
  const r = await db
    .updateTable('oaIndicatorMonth')
    .set({ ...patch, updateBy: by, updateTime: at })
    .where('indicatorId', '=', indicatorId)
    .where('month', '=', month)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) {
    await db
      .insertInto('oaIndicatorMonth')
      .values({ id: newId(), indicatorId, month, target: patch.target ?? null, actual: patch.actual ?? null, updateBy: by, updateTime: at })
      .execute();
  }
}

export function departs(db: Database) {
  return db.selectFrom('sysDepart').select(['orgCode', 'departName', 'orgCategory']).where('delFlag', '=', 0).orderBy('orgCode').execute();
}

export function user(db: Database, username: string) {
  return db.selectFrom('sysUser').select(['username', 'realname', 'orgCode']).where('username', '=', username).where('delFlag', '=', 0).executeTakeFirst();
}
