import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { SysAnnouncement } from './announcement.tables.js';
import './announcement.tables.js';
import { likePattern, type Paging } from './list-params.js';
import { likeMatch } from '../../platform/query/like.js';

export interface AnnouncementFilter {
  titile?: string;
  msgCategory?: string;
  msgType?: string;
  sendStatus?: string;
  priority?: string;
  sender?: string;
}

export const ANNOUNCEMENT_SORT = ['createTime', 'sendTime', 'priority', 'titile', 'sendStatus', 'msgCategory'] as const;

export async function listAnnouncements(
  db: Database,
  f: AnnouncementFilter,
  p: Paging,
  sort: { column: (typeof ANNOUNCEMENT_SORT)[number]; dir: 'asc' | 'desc' },
): Promise<{ rows: SysAnnouncement[]; total: number }> {
  let q = db.selectFrom('sysAnnouncement').where('delFlag', '=', 0);
  if (f.titile) q = q.where(likeMatch('titile', likePattern(f.titile)));
  if (f.sender) q = q.where(likeMatch('sender', likePattern(f.sender)));
  if (f.msgCategory) q = q.where('msgCategory', '=', f.msgCategory);
  if (f.msgType) q = q.where('msgType', '=', f.msgType);
  if (f.sendStatus) q = q.where('sendStatus', '=', f.sendStatus);
  if (f.priority) q = q.where('priority', '=', f.priority);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await q
    .selectAll()
    .orderBy(sort.column, sort.dir)
    .orderBy('id', 'desc')
    .limit(p.pageSize)
    .offset(p.offset)
    .execute();
  return { rows, total: Number(total?.n ?? 0) };
}

export function findAnnouncement(db: Database, id: string): Promise<SysAnnouncement | undefined> {
  return db.selectFrom('sysAnnouncement').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
}

export async function insertAnnouncement(db: Database, row: SysAnnouncement): Promise<void> {
  await db.insertInto('sysAnnouncement').values(row).execute();
}

export async function updateAnnouncement(db: Database, id: string, patch: Partial<SysAnnouncement>): Promise<number> {
  const r = await db.updateTable('sysAnnouncement').set(patch).where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function softDeleteAnnouncements(db: Database, ids: string[], by: string, at: string): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .updateTable('sysAnnouncement')
    .set({ delFlag: 1, updateBy: by, updateTime: at })
    .where('id', 'in', ids)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Ids of the given users (by id, or by username as some pickers return) that exist and are not deleted. */
export async function existingUserIds(db: Database, idsOrNames: string[]): Promise<string[]> {
  if (idsOrNames.length === 0) return [];
  const rows = await db
    .selectFrom('sysUser')
    .select('id')
    .where((eb) => eb.or([eb('id', 'in', idsOrNames), eb('username', 'in', idsOrNames)]))
    .where('delFlag', '=', 0)
    .execute();
  return [...new Set(rows.map((r) => r.id))];
}

/** Makes the send rows of an announcement exactly the given users (keeps read state of those that stay). */
export async function syncSendRows(db: Database, anntId: string, userIds: string[], by: string, at: string): Promise<void> {
  const existing = await db.selectFrom('sysAnnouncementSend').select(['id', 'userId']).where('anntId', '=', anntId).execute();
  const want = new Set(userIds);
  const stale = existing.filter((r) => !want.has(r.userId)).map((r) => r.id);
  if (stale.length) await db.deleteFrom('sysAnnouncementSend').where('id', 'in', stale).execute();
  const have = new Set(existing.map((r) => r.userId));
  const add = userIds.filter((u) => !have.has(u));
  for (let i = 0; i < add.length; i += 200) {
    await db
      .insertInto('sysAnnouncementSend')
      .values(
        add.slice(i, i + 200).map((userId) => ({
          id: newId(),
          anntId,
          userId,
          readFlag: '0',
          readTime: null,
          createBy: by,
          createTime: at,
          updateBy: null,
          updateTime: null,
        })),
      )
      .onConflict((oc) => oc.columns(['anntId', 'userId']).doNothing())
      .execute();
  }
}

export async function deleteSendRows(db: Database, anntIds: string[]): Promise<void> {
  if (anntIds.length) await db.deleteFrom('sysAnnouncementSend').where('anntId', 'in', anntIds).execute();
}

/**
 * Published, non-deleted announcements addressed to a user, left-joined with the user's send row:
 * USER announcements through their rows, ALL announcements whether or not a row exists yet (a missing
 * row means unread) when still current at the user's creation (no end time, or ending after it).
 * Reading never writes; rows appear when something is marked read.
 */
function visibleToUser(db: Database, userId: string, userCreateTime: string | null) {
  return db
    .selectFrom('sysAnnouncement as a')
    .leftJoin('sysAnnouncementSend as s', (j) => j.onRef('s.anntId', '=', 'a.id').on('s.userId', '=', userId))
    .where('a.delFlag', '=', 0)
    .where('a.sendStatus', '=', '1')
    .where((eb) =>
      eb.or([
        eb('s.id', 'is not', null),
        eb.and([
          eb('a.msgType', '=', 'ALL'),
          userCreateTime
            ? eb.or([eb('a.endTime', 'is', null), eb('a.endTime', '=', ''), eb('a.endTime', '>=', userCreateTime)])
            : eb.lit(true),
        ]),
      ]),
    );
}

/** The unread, published announcements of one category for a user, newest first, and their count. */
export async function unreadForUser(
  db: Database,
  userId: string,
  userCreateTime: string | null,
  category: string,
  limit: number,
): Promise<{ rows: SysAnnouncement[]; total: number }> {
  const base = visibleToUser(db, userId, userCreateTime)
    .where('a.msgCategory', '=', category)
    .where((eb) => eb.or([eb('s.id', 'is', null), eb('s.readFlag', '=', '0')]));
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base.selectAll('a').orderBy('a.createTime', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
  return { rows, total: Number(total?.n ?? 0) };
}

/** Marks an announcement read for a user, creating the row for an ALL announcement not yet materialised. */
export async function markRead(db: Database, anntId: string, userId: string, at: string): Promise<void> {
  const r = await db
    .updateTable('sysAnnouncementSend')
    .set({ readFlag: '1', readTime: at, updateBy: userId, updateTime: at })
    .where('anntId', '=', anntId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return;
  await db
    .insertInto('sysAnnouncementSend')
    .values({ id: newId(), anntId, userId, readFlag: '1', readTime: at, createBy: userId, createTime: at, updateBy: null, updateTime: null })
    .onConflict((oc) => oc.columns(['anntId', 'userId']).doUpdateSet({ readFlag: '1', readTime: at }))
    .execute();
}

export async function markAllRead(db: Database, userId: string, userCreateTime: string | null, at: string): Promise<number> {
  const missing = await visibleToUser(db, userId, userCreateTime).where('s.id', 'is', null).select('a.id').limit(5000).execute();
  if (missing.length) {
    await db
      .insertInto('sysAnnouncementSend')
      .values(
        missing.map((m) => ({ id: newId(), anntId: m.id, userId, readFlag: '1', readTime: at, createBy: userId, createTime: at, updateBy: null, updateTime: null })),
      )
      .onConflict((oc) => oc.columns(['anntId', 'userId']).doNothing())
      .execute();
  }
  const r = await db
    .updateTable('sysAnnouncementSend')
    .set({ readFlag: '1', readTime: at, updateBy: userId, updateTime: at })
    .where('userId', '=', userId)
    .where('readFlag', '=', '0')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) + missing.length;
}

export interface MySendFilter {
  titile?: string;
  sender?: string;
  readFlag?: string;
  msgCategory?: string;
}

export async function mySends(db: Database, userId: string, userCreateTime: string | null, f: MySendFilter, p: Paging) {
  let q = visibleToUser(db, userId, userCreateTime);
  if (f.titile) q = q.where(likeMatch('a.titile', likePattern(f.titile)));
  if (f.sender) q = q.where(likeMatch('a.sender', likePattern(f.sender)));
  if (f.readFlag === '1') q = q.where('s.readFlag', '=', '1');
  if (f.readFlag === '0') q = q.where((eb) => eb.or([eb('s.id', 'is', null), eb('s.readFlag', '=', '0')]));
  if (f.msgCategory) q = q.where('a.msgCategory', '=', f.msgCategory);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await q
    .select([
      's.id as sendId',
      'a.id as anntId',
      's.readFlag',
      's.readTime',
      'a.titile',
      'a.msgContent',
      'a.sender',
      'a.priority',
      'a.sendTime',
      'a.msgCategory',
      'a.msgAbstract',
      'a.busId',
      'a.busType',
      'a.openType',
      'a.openPage',
    ])
    .orderBy('a.sendTime', 'desc')
    .orderBy('a.id', 'desc')
    .limit(p.pageSize)
    .offset(p.offset)
    .execute();
  return {
    rows: rows.map(({ sendId, ...r }) => ({ id: sendId ?? r.anntId, userId, ...r, readFlag: r.readFlag ?? '0' })),
    total: Number(total?.n ?? 0),
  };
}

/** Whether the user may read the announcement: published and addressed to everyone or to the user. */
export function addressedTo(a: SysAnnouncement, userId: string): boolean {
  if (a.sendStatus !== '1') return false;
  if (a.msgType === 'ALL') return true;
  return (a.userIds ?? '').split(',').includes(userId);
}

export async function realnames(db: Database, usernames: string[]): Promise<Map<string, string>> {
  const names = [...new Set(usernames.filter(Boolean))];
  if (names.length === 0) return new Map();
  const rows = await db.selectFrom('sysUser').select(['username', 'realname']).where('username', 'in', names).execute();
  return new Map(rows.map((r) => [r.username, r.realname ?? r.username]));
}
