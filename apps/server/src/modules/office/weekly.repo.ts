import type { Database } from '../../platform/db/database.js';
import type { CurrentUser } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import type { OaWeekly, OaWeeklyRecipient } from './office.tables.js';
import './office.tables.js';
import { likeContains, likePrefix } from '../../platform/query/like.js';
import { runPage, type Paging } from '../../platform/query/query-builder.js';

export interface WeeklyFilter {
  username?: string;
  realname?: string;
  weekStart?: string;
  weekFrom?: string;
  weekTo?: string;
  status?: string;
}


export function findWeekly(db: Database, id: string): Promise<OaWeekly | undefined> {
  return db.selectFrom('oaWeekly').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findWeeklyOf(db: Database, username: string, weekStart: string): Promise<OaWeekly | undefined> {
  return db.selectFrom('oaWeekly').selectAll().where('username', '=', username).where('weekStart', '=', weekStart).executeTakeFirst();
}

export async function insertWeekly(db: Database, row: OaWeekly): Promise<void> {
  await db.insertInto('oaWeekly').values(row).execute();
}

export async function updateWeekly(db: Database, id: string, patch: Partial<OaWeekly>): Promise<void> {
  await db.updateTable('oaWeekly').set(patch).where('id', '=', id).execute();
}

export async function deleteWeekly(db: Database, id: string): Promise<void> {
  await db.deleteFrom('oaWeeklyRecipient').where('weeklyId', '=', id).execute();
  await db.deleteFrom('oaComment').where('bizType', '=', 'weekly').where('bizId', '=', id).execute();
  await db.deleteFrom('oaWeekly').where('id', '=', id).execute();
}

export function recipientsOf(db: Database, weeklyIds: string[]): Promise<OaWeeklyRecipient[]> {
  if (weeklyIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('oaWeeklyRecipient').selectAll().where('weeklyId', 'in', weeklyIds).orderBy('createTime').orderBy('id').execute();
}

export function recipient(db: Database, weeklyId: string, username: string): Promise<OaWeeklyRecipient | undefined> {
  return db.selectFrom('oaWeeklyRecipient').selectAll().where('weeklyId', '=', weeklyId).where('username', '=', username).executeTakeFirst();
}

export async function insertRecipients(db: Database, rows: OaWeeklyRecipient[]): Promise<void> {
  if (rows.length) await db.insertInto('oaWeeklyRecipient').values(rows).execute();
}

export async function deleteRecipients(db: Database, weeklyId: string, usernames: string[]): Promise<void> {
  if (usernames.length) await db.deleteFrom('oaWeeklyRecipient').where('weeklyId', '=', weeklyId).where('username', 'in', usernames).execute();
}

/** Marks one recipient's copy read; returns whether it was unread. */
export async function markRead(db: Database, weeklyId: string, username: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('oaWeeklyRecipient')
    .set({ readFlag: '1', readTime: at })
    .where('weeklyId', '=', weeklyId)
    .where('username', '=', username)
    .where('readFlag', '=', '0')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export function pageOwn(db: Database, username: string, weekStart: string | undefined, p: Paging) {
  let q = db.selectFrom('oaWeekly').where('username', '=', username);
  if (weekStart) q = q.where('weekStart', '=', weekStart);
  return runPage<typeof q, OaWeekly>(q, (b) => b.selectAll().orderBy('weekStart', 'desc'), p);
}

export type ReceivedRow = Pick<OaWeekly, 'id' | 'username' | 'realname' | 'sysOrgCode' | 'weekStart' | 'status' | 'submitTime' | 'doneContent'> &
  Pick<OaWeeklyRecipient, 'readFlag' | 'readTime'>;

export function pageReceived(db: Database, username: string, f: { readFlag?: string; realname?: string; weekStart?: string }, p: Paging) {
  let q = db
    .selectFrom('oaWeeklyRecipient as r')
    .innerJoin('oaWeekly as w', 'w.id', 'r.weeklyId')
    .where('r.username', '=', username)
    .where('w.status', '=', '1');
  if (f.readFlag) q = q.where('r.readFlag', '=', f.readFlag);
  if (f.realname) q = q.where(likeContains('w.realname', f.realname));
  if (f.weekStart) q = q.where('w.weekStart', '=', f.weekStart);
  return runPage<typeof q, ReceivedRow>(
    q,
    (b) =>
      b
        .select(['w.id', 'w.username', 'w.realname', 'w.sysOrgCode', 'w.weekStart', 'w.status', 'w.submitTime', 'w.doneContent', 'r.readFlag', 'r.readTime'])
        .orderBy('w.submitTime', 'desc')
        .orderBy('w.id', 'desc'),
    p,
  );
}

function searchQuery(db: Database, user: CurrentUser, f: WeeklyFilter) {
  let q = scopeToCompany(db.selectFrom('oaWeekly'), user, 'sysOrgCode');
  // Search covers submitted reports; drafts stay private to their writer.
  q = q.where('status', '=', '1');
  if (f.username) q = q.where('username', '=', f.username);
  if (f.realname) q = q.where(likeContains('realname', f.realname));
  if (f.weekStart) q = q.where('weekStart', '=', f.weekStart);
  if (f.weekFrom) q = q.where('weekStart', '>=', f.weekFrom);
  if (f.weekTo) q = q.where('weekStart', '<=', f.weekTo);
  return q;
}

export function pageSearch(db: Database, user: CurrentUser, f: WeeklyFilter, p: Paging) {
  return runPage<ReturnType<typeof searchQuery>, OaWeekly>(searchQuery(db, user, f), (q) => q.selectAll().orderBy('weekStart', 'desc').orderBy('realname').orderBy('id'), p);
}

export function allSearch(db: Database, user: CurrentUser, f: WeeklyFilter, cap: number) {
  return searchQuery(db, user, f).selectAll().orderBy('weekStart', 'desc').orderBy('realname').orderBy('id').limit(cap).execute();
}

/** Active users whose department code starts with one of `orgPrefixes`, with whether they submitted that week. */
export async function teamWithStatus(db: Database, orgPrefixes: string[], weekStart: string) {
  return db
    .selectFrom('sysUser as u')
    .leftJoin('oaWeekly as w', (j) => j.onRef('w.username', '=', 'u.username').on('w.weekStart', '=', weekStart))
    .select(['u.id', 'u.username', 'u.realname', 'u.orgCode', 'w.status', 'w.submitTime'])
    .where('u.delFlag', '=', 0)
    .where('u.status', '=', 1)
    .where((eb) => eb.or(orgPrefixes.map((p) => likePrefix('u.orgCode', p))))
    .orderBy('u.orgCode')
    .orderBy('u.username')
    .execute();
}

/** Org codes of the departments the user belongs to (a head's departments). */
export async function memberDepartCodes(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysUserDepart as ud')
    .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
    .select('d.orgCode')
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', 0)
    .execute();
  return [...new Set(rows.map((r) => r.orgCode).filter((c): c is string => !!c))];
}

/** Whether the user is an administrator (role admin, or the superuser). */
export async function isAdministrator(db: Database, user: { id: string; username: string }): Promise<boolean> {
  if (user.username === 'admin') return true;
  const role = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.id')
    .where('ur.userId', '=', user.id)
    .where('r.roleCode', '=', 'admin')
    .executeTakeFirst();
  return !!role;
}

export function activeUsers(db: Database, usernames: string[]) {
  if (usernames.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname', 'orgCode'])
    .where('username', 'in', usernames)
    .where('delFlag', '=', 0)
    .where('status', '=', 1)
    .execute();
}

export function departNames(db: Database, orgCodes: string[]) {
  if (orgCodes.length === 0) return Promise.resolve([]);
  return db.selectFrom('sysDepart').select(['orgCode', 'departName']).where('orgCode', 'in', orgCodes).execute();
}
