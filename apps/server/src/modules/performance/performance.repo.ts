import { sql, type Kysely, type Selectable } from 'kysely';
import type { CurrentUser } from '../../platform/access/access.js';
import { companyOf } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import './performance.tables.js';
import type { UserYearPart, UserYearPerf } from './performance.tables.js';
import { likeContains, likePrefix } from '../../platform/query/like.js';
import type { Paging } from '../../platform/query/query-builder.js';
import { page, type Page } from '../../platform/http/envelope.js';

/** A person as the sheets name them: user, company name, department and post. */
export interface Person {
  id: string;
  username: string;
  realname: string;
  orgCode: string;
  companyName: string;
  departName: string;
  postName: string;
}

/** Looks a person up by user id or username (active users only). */
export async function findPerson(db: Database, idOrUsername: string): Promise<Person | undefined> {
  const u = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname', 'orgCode', 'post'])
    .where((eb) => eb.or([eb('id', '=', idOrUsername), eb('username', '=', idOrUsername)]))
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!u) return undefined;
  const orgCode = u.orgCode ?? '';
  const codes = [...new Set([orgCode, companyOf(orgCode)].filter(Boolean))];
  const departs = codes.length
    ? await db.selectFrom('sysDepart').select(['orgCode', 'departName']).where('orgCode', 'in', codes).where('delFlag', '=', 0).execute()
    : [];
  const name = (code: string) => departs.find((d) => d.orgCode === code)?.departName ?? '';
  const post = u.post ? await db.selectFrom('sysPosition').select('name').where('code', '=', u.post).executeTakeFirst() : undefined;
  return {
    id: u.id,
    username: u.username,
    realname: u.realname ?? u.username,
    orgCode,
    companyName: name(companyOf(orgCode)),
    departName: name(orgCode),
    postName: post?.name ?? '',
  };
}

export type SheetTable = 'userYearPerf' | 'userYearPart';

/** A row of either sheet as read. */
export type SheetRow<T extends SheetTable> = Selectable<DB[T]>;

export interface SheetLookup {
  id?: string | null;
  userId?: string | null;
  userName?: string | null;
  orgName?: string | null;
  yearPart?: string | null;
}

/** The one row matching every given criterion, within the user's company; undefined without criteria. */
export async function findSheetRow<T extends SheetTable>(db: Database, table: T, user: CurrentUser, q: SheetLookup) {
  if (!q.id && !q.userId && !q.userName) return undefined;
  // Both sheets share the lookup columns.
  let qb = db.selectFrom(table as 'userYearPerf').selectAll();
  if (q.id) qb = qb.where('id', '=', q.id);
  if (q.userId) qb = qb.where('userId', '=', q.userId);
  if (q.userName) qb = qb.where('userName', '=', q.userName);
  if (q.orgName) qb = qb.where('orgName', '=', q.orgName);
  if (q.yearPart) qb = qb.where('yearPart', '=', q.yearPart);
  qb = scopeToCompany(qb, user, 'sysOrgCode');
  return (await qb.orderBy('yearPart', 'desc').orderBy('id').executeTakeFirst()) as unknown as SheetRow<T> | undefined;
}

export async function sheetRowById<T extends SheetTable>(db: Database, table: T, id: string) {
  return (await db.selectFrom(table as 'userYearPerf').selectAll().where('id', '=', id).executeTakeFirst()) as unknown as
    | (T extends 'userYearPerf' ? UserYearPerf : UserYearPart)
    | undefined;
}

export async function sheetRowOf<T extends SheetTable>(db: Database, table: T, userId: string, yearPart: string) {
  return (await db.selectFrom(table as 'userYearPerf').selectAll().where('userId', '=', userId).where('yearPart', '=', yearPart).executeTakeFirst()) as unknown as
    | (T extends 'userYearPerf' ? UserYearPerf : UserYearPart)
    | undefined;
}

export async function insertSheetRow(db: Database, table: SheetTable, row: Record<string, unknown>): Promise<void> {
  await db.insertInto(table as 'userYearPerf').values(row as never).execute();
}

/** Inserts the row unless the person already has one for the year (concurrent writers may race here). */
export async function ensureSheetRow(db: Database, table: SheetTable, row: Record<string, unknown>): Promise<void> {
  await db
    .insertInto(table as 'userYearPerf')
    .values(row as never)
    .onConflict((oc) => oc.columns(['userId', 'yearPart']).doNothing())
    .execute();
}

export async function updateSheetRow(db: Database, table: SheetTable, id: string, set: Record<string, unknown>): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db.updateTable(table as 'userYearPerf').set(set as never).where('id', '=', id).execute();
}

/** Records an evaluation's score; false when that evaluation was recorded before (unique evaluation id). */
export async function claimScoreEntry(
  db: Database,
  entry: { id: string; evaluationId: string; userId: string; yearPart: string; month: number | null; quarter: number | null; score: number; createTime: string },
): Promise<boolean> {
  const r = await db
    .insertInto('pfScoreEntry')
    .values(entry)
    .onConflict((oc) => oc.column('evaluationId').doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!r;
}

export async function scoreEntries(db: Database, evaluationId: string) {
  return db.selectFrom('pfScoreEntry').selectAll().where('evaluationId', '=', evaluationId).execute();
}

export interface RankingFilter {
  yearPart: string;
  quarter?: number;
  sysOrgCode?: string | null;
  departName?: string | null;
  userName?: string | null;
}

const QUARTER_COLUMN = ['firstQuarter', 'secondQuarter', 'thirdQuarter', 'fourthQuarter'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The filtered, company-scoped rows with a score for the ranking, as `alias` (the score column is chosen
 * by the quarter; both sheets share the other columns used here).
 */
function rankingBase(db: Database, user: CurrentUser, f: RankingFilter, alias: 's' | 'x') {
  const table = f.quarter ? 'userYearPart' : 'userYearPerf';
  const score = f.quarter ? QUARTER_COLUMN[f.quarter - 1] : 'avgCount';
  const c = (n: string) => `${alias}.${n}`;
  const scoreRef = sql.ref<number>(c(score));
  let qb = (db as unknown as AnyDb).selectFrom(`${table} as ${alias}`).where(c('yearPart'), '=', f.yearPart).where(scoreRef, 'is not', null);
  qb = scopeToCompany(qb, user, c('sysOrgCode'));
  if (f.sysOrgCode) qb = qb.where(likePrefix(c('sysOrgCode'), f.sysOrgCode));
  if (f.departName) qb = qb.where(likeContains(c('departName'), f.departName));
  if (f.userName) qb = qb.where(likeContains(c('userName'), f.userName));
  return { qb, scoreRef };
}

export type RankingRow = {
  id: string;
  userId: string;
  userName: string | null;
  orgName: string | null;
  departName: string | null;
  sysOrgCode: string | null;
  yearPart: string;
  avgCount: number;
  rank: number;
};

/**
 * A page of ranked rows (equal scores share a rank, the next score skips places: "1, 2, 2, 4"). The page is
 * read in score order; the first row's rank is 1 + the number of rows of the filtered set scoring higher
 * (one indexed count), and each later row takes the previous rank when its score is equal, else its position.
 */
export async function rankingPage(db: Database, user: CurrentUser, f: RankingFilter, p: Paging): Promise<Page<RankingRow>> {
  const { qb, scoreRef } = rankingBase(db, user, f, 's');
  const table = f.quarter ? 'userYearPart' : 'userYearPerf';
  const score = sql.ref<number>(`r.${f.quarter ? QUARTER_COLUMN[f.quarter - 1] : 'avgCount'}`);
  const offset = (p.pageNo - 1) * p.pageSize;
  // The page's ids in the ranking order, read from the ranking index alone (migration 1830: score desc,
  // name, id, org code; deep pages skip their offset inside it), then only those rows from the table. The
  // total is counted from the same index; both run at once (on PostgreSQL on two connections).
  const ids = qb.select('s.id').orderBy(scoreRef, 'desc').orderBy('s.userName').orderBy('s.id').limit(p.pageSize).offset(offset);
  const paged = (db as unknown as AnyDb)
    .selectFrom(ids.as('k'))
    .innerJoin(`${table} as r`, 'r.id', 'k.id')
    .select(['r.id', 'r.userId', 'r.userName', 'r.orgName', 'r.departName', 'r.sysOrgCode', 'r.yearPart', sql<number>`${score}`.as('avgCount')])
    .orderBy(score, 'desc')
    .orderBy('r.userName')
    .orderBy('r.id');
  const counted = qb.select((eb) => eb.fn.countAll().as('total'));
  const [countRow, records] = await Promise.all([counted.executeTakeFirst(), paged.execute()]);
  const total = Number((countRow as { total?: unknown } | undefined)?.total ?? 0);
  const pg = page<Omit<RankingRow, 'rank'>>(total === 0 ? [] : (records as Omit<RankingRow, 'rank'>[]), total, p.pageNo, p.pageSize);
  if (!pg.records.length) return { ...pg, records: [] };
  let firstRank = 1;
  if (offset > 0) {
    const higher = rankingBase(db, user, f, 'x');
    const above = (await higher.qb
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where(higher.scoreRef, '>', Number(pg.records[0].avgCount))
      .executeTakeFirst()) as { c: number } | undefined;
    firstRank = Number(above?.c ?? 0) + 1;
  }
  const rows: RankingRow[] = [];
  pg.records.forEach((r, i) => {
    const avgCount = Number(r.avgCount);
    const prev = rows[i - 1];
    const rank = i === 0 ? firstRank : prev.avgCount === avgCount ? prev.rank : offset + i + 1;
    rows.push({ ...r, avgCount, rank });
  });
  return { ...pg, records: rows };
}
