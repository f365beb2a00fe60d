/** Kysely access to the HR tables (docs/hr.md). Every function takes the database or a transaction. */
import { currentActor, recordChanges } from '../../platform/audit/audit.js';
import { sql, type Insertable, type SqlBool } from 'kysely';
import { isGroupLevel, type CurrentUser } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import type { HyInterview, HyUser, HyUserLog } from './hr.tables.js';

export type Row = Record<string, unknown>;

/**
 * A file's company (`substr(org_code, 1, 3)`) equals `company`: the expression the roster's company indexes
 * hold (migration 2026_11_27_1800_hr_company), so a company's files are an index range, where
 * `org_code LIKE 'A03%'` reads every file. The same rows as the prefix match for a company code (a letter
 * and two digits).
 */
export function fileInCompany(company: string) {
  return sql<SqlBool>`substr(${sql.ref('hyUser.orgCode')}, 1, 3) = ${company}`;
}

/** Files the user may see (company scope, as `scopeToCompany`, served by the company indexes), not deleted. */
export function scopedFiles(db: Database, user: Pick<CurrentUser, 'company'>) {
  const live = db.selectFrom('hyUser').where('hyUser.delFlag', '=', 0);
  if (isGroupLevel(user)) return live;
  // A user without a department belongs to no company and sees no company's files.
  if (!/^[A-Z][0-9]{2}$/.test(user.company)) return live.where(sql<SqlBool>`1 = 0`);
  return live.where(fileInCompany(user.company));
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

/** HR log rows that are events (a viewing, an export), not changes of the file: not in the audit trail. */
const EVENT_ACTIONS = new Set(['viewSensitive', 'exportSensitive']);

/**
 * Writes HR change-log rows. Rows that change a field of a file are also rows of the platform's audit trail
 * (record type `hy_user`, docs/audit.md), written in the same transaction as the HR log and the file change.
 */
export async function insertLogs(db: Database, rows: LogInput[]): Promise<void> {
  if (rows.length === 0) return;
  const changes = rows.filter((r) => r.hyUserId && r.field && !EVENT_ACTIONS.has(r.action));
  if (changes.length && !db.isTransaction) {
    await db.transaction().execute((trx) => insertLogs(trx, rows));
    return;
  }
  const t = now();
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('hyUserLog')
      .values(rows.slice(i, i + 200).map((r) => ({ ...r, id: newId(), createTime: t })))
      .execute();
  }
  const actor = currentActor();
  for (const r of changes) {
    await recordChanges(
      db,
      { type: 'hy_user', id: r.hyUserId!, name: r.realname, orgCode: r.orgCode },
      { [r.field!]: r.oldValue },
      { [r.field!]: r.newValue },
      { actor: { ...actor, userId: r.operator ?? actor.userId, userName: r.operatorName ?? actor.userName }, action: r.action },
    );
  }
}

/** Month (MM) part of a yyyy-MM-dd column, the same on SQLite and PostgreSQL. */
export function monthOf(column: string) {
  return sql<string>`substr(${sql.ref(column)}, 6, 2)`;
}

/** A file that is not deleted, in any company (approval hooks act for the engine). */
export async function liveFile(db: Database, id: string): Promise<HyUser | undefined> {
  return (await db.selectFrom('hyUser').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst()) as HyUser | undefined;
}

/** Claims a file for a move awaiting approval; false when its state changed or another move holds it. */
export async function claimMove(db: Database, f: Pick<HyUser, 'id' | 'status'>, move: string): Promise<boolean> {
  const r = await db.updateTable('hyUser').set({ pendingMove: move }).where('id', '=', f.id).where('status', '=', f.status).where('pendingMove', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Releases a file's pending move. */
export async function releaseMove(db: Database, id: string, touch = false): Promise<void> {
  await db
    .updateTable('hyUser')
    .set(touch ? { pendingMove: null, updateTime: now() } : { pendingMove: null })
    .where('id', '=', id)
    .execute();
}

/** The latest process definition filed for a business table (the move's approval process). */
export async function latestDefinition(db: Database, businessTable: string) {
  return db.selectFrom('wfDefinition').select(['id', 'status']).where('businessTable', '=', businessTable).where('latest', '=', 1).executeTakeFirst();
}

/** A row of a declared form's table. */
export async function formRow(db: Database, table: string, id: string): Promise<Row | undefined> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (await (db as any).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
}

/** The interview rounds of a file, in order. */
export async function interviewsOf(db: Database, hyUserId: string) {
  return db.selectFrom('hyInterview').selectAll().where('hyUserId', '=', hyUserId).orderBy('round').execute();
}

/** The last interview round of a file (0 without any). */
export async function lastInterviewRound(db: Database, hyUserId: string): Promise<number> {
  const last = await db
    .selectFrom('hyInterview')
    .select((eb) => eb.fn.max('round').as('m'))
    .where('hyUserId', '=', hyUserId)
    .executeTakeFirst();
  return Number(last?.m ?? 0);
}

export async function insertInterview(db: Database, row: Insertable<HyInterview>): Promise<void> {
  await db.insertInto('hyInterview').values(row).execute();
}
