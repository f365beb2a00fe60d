import type { CurrentUser } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import type { OaBoard, OaMission, OaMissionItem } from './office.tables.js';
import { escapeLike } from '@go/contract';
import { likeContains, likeMatch, likePrefix } from '../../platform/query/like.js';
import { runPage, type Paging } from '../../platform/query/query-builder.js';

export interface MissionFilter {
  title?: string;
  owner?: string;
  status?: string;
  priority?: string;
  boardId?: string;
  dueFrom?: string;
  dueTo?: string;
  /** owner or participant */
  mine?: string;
}


/**
 * The list query. 已逾期 (3) is computed: an open mission (0, 1) whose due day is before `today` (GMT+8),
 * so 未开始/进行中 exclude those and 已逾期 selects them.
 */
function filtered(db: Database, user: CurrentUser, f: MissionFilter, today: string) {
  let q = scopeToCompany(db.selectFrom('oaMission'), user, 'sysOrgCode').where('delFlag', '=', 0);
  if (f.title) q = q.where(likeContains('title', f.title));
  if (f.owner) q = q.where('owner', '=', f.owner);
  if (f.priority) q = q.where('priority', '=', f.priority);
  if (f.boardId) q = q.where('boardId', '=', f.boardId);
  if (f.dueFrom) q = q.where('dueDate', '>=', f.dueFrom);
  if (f.dueTo) q = q.where('dueDate', '<=', f.dueTo);
  if (f.mine) {
    const u = f.mine;
    // participants is a comma-separated list of usernames: u alone, first, last or in between
    q = q.where((eb) =>
      eb.or([
        eb('owner', '=', u),
        eb('participants', '=', u),
        likePrefix('participants', `${u},`),
        likeMatch('participants', `%${escapeLike(`,${u}`)}`),
        likeContains('participants', `,${u},`),
      ]),
    );
  }
  if (f.status === '3') {
    q = q.where('status', 'in', ['0', '1']).where('dueDate', 'is not', null).where('dueDate', '<', today);
  } else if (f.status === '0' || f.status === '1') {
    const s = f.status;
    q = q.where('status', '=', s).where((eb) => eb.or([eb('dueDate', 'is', null), eb('dueDate', '>=', today)]));
  } else if (f.status) {
    q = q.where('status', '=', f.status);
  }
  return q;
}

/** A page of the list, newest first. */
export function pageMissions(db: Database, user: CurrentUser, f: MissionFilter, today: string, p: Paging) {
  return runPage<ReturnType<typeof filtered>, OaMission>(filtered(db, user, f, today), (q) => q.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc'), p);
}

export function boardMissions(db: Database, user: CurrentUser, boardId: string, f: MissionFilter, today: string) {
  return filtered(db, user, { ...f, boardId }, today).selectAll().orderBy('sortNo').orderBy('createTime').limit(2000).execute();
}

export function findMission(db: Database, id: string): Promise<OaMission | undefined> {
  return db.selectFrom('oaMission').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
}

export async function insertMission(db: Database, row: OaMission): Promise<void> {
  await db.insertInto('oaMission').values(row).execute();
}

export async function updateMission(db: Database, id: string, patch: Partial<OaMission>): Promise<void> {
  await db.updateTable('oaMission').set(patch).where('id', '=', id).execute();
}

/** Optimistic claim: applies the patch and bumps the version only when the version is still `version`. */
export async function claimMission(db: Database, id: string, version: number, patch: Partial<OaMission>): Promise<boolean> {
  const r = await db
    .updateTable('oaMission')
    .set({ ...patch, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setSortNo(db: Database, id: string, sortNo: number): Promise<void> {
  await db.updateTable('oaMission').set({ sortNo }).where('id', '=', id).execute();
}

export function itemsOf(db: Database, missionIds: string[]): Promise<OaMissionItem[]> {
  if (!missionIds.length) return Promise.resolve([]);
  return db.selectFrom('oaMissionItem').selectAll().where('missionId', 'in', missionIds).orderBy('sortNo').orderBy('createTime').execute();
}

export function findItem(db: Database, id: string): Promise<OaMissionItem | undefined> {
  return db.selectFrom('oaMissionItem').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertItem(db: Database, row: OaMissionItem): Promise<void> {
  await db.insertInto('oaMissionItem').values(row).execute();
}

export async function updateItem(db: Database, id: string, done: number): Promise<void> {
  await db.updateTable('oaMissionItem').set({ done }).where('id', '=', id).execute();
}

export async function deleteItem(db: Database, id: string): Promise<void> {
  await db.deleteFrom('oaMissionItem').where('id', '=', id).execute();
}

/** Open missions due on `day` not yet reminded, and open missions overdue (due before `today`) not yet reminded. */
export function dueSoon(db: Database, day: string) {
  return db.selectFrom('oaMission').selectAll().where('delFlag', '=', 0).where('status', 'in', ['0', '1']).where('dueDate', '=', day).where('dueReminded', '=', 0).execute();
}

export function overdueUnreminded(db: Database, today: string) {
  return db
    .selectFrom('oaMission')
    .selectAll()
    .where('delFlag', '=', 0)
    .where('status', 'in', ['0', '1'])
    .where('dueDate', 'is not', null)
    .where('dueDate', '<', today)
    .where('overdueReminded', '=', 0)
    .execute();
}

export function boards(db: Database, user: CurrentUser) {
  return scopeToCompany(db.selectFrom('oaBoard'), user, 'sysOrgCode').selectAll().where('delFlag', '=', 0).orderBy('createTime').orderBy('id').execute();
}

export function findBoard(db: Database, id: string): Promise<OaBoard | undefined> {
  return db.selectFrom('oaBoard').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
}

export async function insertBoard(db: Database, row: OaBoard): Promise<void> {
  await db.insertInto('oaBoard').values(row).execute();
}

export async function updateBoard(db: Database, id: string, patch: Partial<OaBoard>): Promise<void> {
  await db.updateTable('oaBoard').set(patch).where('id', '=', id).execute();
}

export function usersByName(db: Database, usernames: string[]) {
  if (!usernames.length) return Promise.resolve([]);
  return db.selectFrom('sysUser').select(['username', 'realname', 'orgCode']).where('username', 'in', usernames).where('delFlag', '=', 0).execute();
}
