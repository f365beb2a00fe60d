import type { AnnRow } from '@go/contract';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { SysAnnouncement } from './announcement.tables.js';
import './announcement.tables.js';
import { searchText } from '../../platform/http/list-params.js';
import { likeContains } from '../../platform/query/like.js';
import { applyFilters, applySort, runPage, type Paging, type Whitelist } from '../../platform/query/query-builder.js';
import type { Page } from '../../platform/http/envelope.js';

export interface AnnouncementFilter {
  titile?: string;
  msgCategory?: string;
  msgType?: string;
  sendStatus?: string;
  priority?: string;
  sender?: string;
  column?: string;
  order?: string;
}

/** The list's filters (equal values; `titile` and `sender` are searched by substring) and sort columns. */
const ANNOUNCEMENT_LIST: Whitelist = {
  msgCategory: 'msgCategory',
  msgType: 'msgType',
  sendStatus: 'sendStatus',
  priority: 'priority',
  titile: { column: 'titile', filterable: false },
  createTime: { column: 'createTime', filterable: false },
  sendTime: { column: 'sendTime', filterable: false },
};

/** A page of the non-deleted announcements, newest first unless the client sorts. */
export function listAnnouncements(db: Database, f: AnnouncementFilter, p: Paging): Promise<Page<SysAnnouncement>> {
  let q = applyFilters(db.selectFrom('sysAnnouncement').where('delFlag', '=', 0), { ...f }, ANNOUNCEMENT_LIST);
  if (searchText(f.titile)) q = q.where(likeContains('titile', searchText(f.titile)));
  if (searchText(f.sender)) q = q.where(likeContains('sender', searchText(f.sender)));
  return runPage<typeof q, SysAnnouncement>(q, (qb) => applySort(qb.selectAll(), { ...f }, ANNOUNCEMENT_LIST, { field: 'createTime', order: 'desc', lenient: true }).orderBy('id', 'desc'), p);
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
): Promise<{ rows: AnnRow[]; total: number }> {
  const base = visibleToUser(db, userId, userCreateTime)
    .where('a.msgCategory', '=', category)
    .where((eb) => eb.or([eb('s.id', 'is', null), eb('s.readFlag', '=', '0')]));
  const pg = await runPage<typeof base, AnnRow>(
    base,
    (qb) => qb.selectAll('a').orderBy('a.createTime', 'desc').orderBy('a.id', 'desc'),
    { pageNo: 1, pageSize: limit },
  );
  return { rows: pg.records, total: pg.total };
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

/** `msgCategory` is an equal filter; `titile` and `sender` are searched by substring, `readFlag` by the send row. */
const MY_SEND_LIST: Whitelist = { msgCategory: 'a.msgCategory' };

export type MySendRow = {
  id: string;
  userId: string;
  anntId: string;
  readFlag: string;
  readTime: string | null;
  titile: string | null;
  msgContent: string | null;
  sender: string | null;
  priority: string | null;
  sendTime: string | null;
  msgCategory: string;
  msgAbstract: string | null;
  busId: string | null;
  busType: string | null;
  openType: string | null;
  openPage: string | null;
};

/** A page of the announcements addressed to a user with the user's read state, newest first. */
export async function mySends(db: Database, userId: string, userCreateTime: string | null, f: MySendFilter, p: Paging): Promise<Page<MySendRow>> {
  let q = applyFilters(visibleToUser(db, userId, userCreateTime), { msgCategory: f.msgCategory }, MY_SEND_LIST);
  if (searchText(f.titile)) q = q.where(likeContains('a.titile', searchText(f.titile)));
  if (searchText(f.sender)) q = q.where(likeContains('a.sender', searchText(f.sender)));
  if (f.readFlag === '1') q = q.where('s.readFlag', '=', '1');
  if (f.readFlag === '0') q = q.where((eb) => eb.or([eb('s.id', 'is', null), eb('s.readFlag', '=', '0')]));
  const pg = await runPage<typeof q, Omit<MySendRow, 'id' | 'userId' | 'readFlag'> & { sendId: string | null; readFlag: string | null }>(
    q,
    (qb) =>
      qb
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
        .orderBy('a.id', 'desc'),
    p,
  );
  return { ...pg, records: pg.records.map(({ sendId, ...r }) => ({ id: sendId ?? r.anntId, userId, ...r, readFlag: r.readFlag ?? '0' })) };
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

/** When the user was created (ALL announcements ending before it are not addressed to them). */
export async function userCreateTime(db: Database, userId: string): Promise<string | null> {
  const u = await db.selectFrom('sysUser').select('createTime').where('id', '=', userId).executeTakeFirst();
  return u?.createTime ?? null;
}

/** The value of a dictionary item named by its text or its value (imports). */
export async function dictValue(db: Database, dictCode: string, text: string): Promise<string | null> {
  const row = await db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select('i.itemValue')
    .where('d.dictCode', '=', dictCode)
    .where('d.delFlag', '=', 0)
    .where((eb) => eb.or([eb('i.itemText', '=', text), eb('i.itemValue', '=', text)]))
    .executeTakeFirst();
  return row?.itemValue ?? null;
}
