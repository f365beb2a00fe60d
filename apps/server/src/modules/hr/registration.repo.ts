/** Kysely access for public registrations (docs/hr.md "在线登记"). */
import type { Database } from '../../platform/db/database.js';
import type { HyRegistration } from './registration.tables.js';

export async function insertRegistration(db: Database, row: HyRegistration): Promise<void> {
  await db.insertInto('hyRegistration').values(row).execute();
}

/** The live registration of a code hash (expired ones are not found). */
export async function registrationByCodeHash(
  db: Database,
  codeHash: string,
  nowMs: number,
): Promise<HyRegistration | undefined> {
  return db
    .selectFrom('hyRegistration')
    .selectAll()
    .where('codeHash', '=', codeHash)
    .where('expiresAt', '>', nowMs)
    .executeTakeFirst();
}

export async function registrationById(db: Database, id: string): Promise<HyRegistration | undefined> {
  return db.selectFrom('hyRegistration').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Registrations that created, updated or matched a file, newest first. */
export async function registrationsOfFile(
  db: Database,
  hyUserId: string,
  limit = 10,
): Promise<HyRegistration[]> {
  return db
    .selectFrom('hyRegistration')
    .selectAll()
    .where((eb) => eb.or([eb('hyUserId', '=', hyUserId), eb('matchedId', '=', hyUserId)]))
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function setRegistrationMbti(
  db: Database,
  id: string,
  type: string,
  scores: string,
  time: string,
): Promise<void> {
  await db
    .updateTable('hyRegistration')
    .set({ mbtiType: type, mbtiScores: scores, mbtiTime: time })
    .where('id', '=', id)
    .execute();
}

export async function setFileMbti(db: Database, hyUserId: string, type: string): Promise<void> {
  await db.updateTable('hyUser').set({ mbtiType: type }).where('id', '=', hyUserId).execute();
}

/** Companies an applicant may apply to: the top-level departments. */
export async function companies(db: Database): Promise<{ value: string; text: string }[]> {
  const rows = await db
    .selectFrom('sysDepart')
    .select(['orgCode', 'departName'])
    .where('parentId', 'is', null)
    .where('delFlag', '=', 0)
    .orderBy('orgCode')
    .execute();
  return rows
    .filter((r) => /^A0[1-9]$/.test(r.orgCode))
    .map((r) => ({ value: r.orgCode, text: r.departName }));
}

/** Items of a dictionary (public options of the form). */
export async function dictItems(db: Database, code: string): Promise<{ value: string; text: string }[]> {
  const rows = await db
    .selectFrom('sysDictItem')
    .innerJoin('sysDict', 'sysDict.id', 'sysDictItem.dictId')
    .select(['sysDictItem.itemValue', 'sysDictItem.itemText'])
    .where('sysDict.dictCode', '=', code)
    .where('sysDict.delFlag', '=', 0)
    .where((eb) => eb.or([eb('sysDictItem.status', 'is', null), eb('sysDictItem.status', '=', 1)]))
    .orderBy('sysDictItem.sortOrder')
    .execute();
  return rows.map((r) => ({ value: r.itemValue, text: r.itemText }));
}
