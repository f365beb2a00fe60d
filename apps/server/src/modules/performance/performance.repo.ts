import { sql, type Kysely, type Selectable } from 'kysely';
import type { CurrentUser } from '../../platform/access/access.js';
import { companyOf, isGroupLevel } from '../../platform/access/access.js';
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

/** How many rows of a filtered ranking have each score (scores highest first) and how many score higher. */
interface ScoreCounts {
  scores: number[];
  /** rows scoring higher than scores[i] */
  above: number[];
  total: number;
  rankOf: Map<number, number>;
}

/** Score counts kept per filter (database × sheet × scope × filter) with the sheet's version; the oldest leaves first. */
const MAX_KEPT = 128;
const keptCounts = new WeakMap<object, Map<string, { version: string; counts: Promise<ScoreCounts> }>>();

/**
 * The sheet's ranking version (migration 2026_11_28_0210): moved on by the database with every write that can
 * change a ranking. Null when the row is missing (then every page counts afresh).
 */
async function rankVersion(db: Database, sheet: 'perf' | 'part'): Promise<string | null> {
  const r = await sql<{ version: string | number }>`select version from pf_rank_version where sheet = ${sheet}`.execute(db);
  return r.rows[0] ? String(r.rows[0].version) : null;
}

async function countScores(db: Database, user: CurrentUser, f: RankingFilter): Promise<ScoreCounts> {
  const { qb, scoreRef } = rankingBase(db, user, f, 's');
  const rows = (await qb
    .select([sql<number>`${scoreRef}`.as('score'), (eb) => eb.fn.countAll().as('n')])
    .groupBy(scoreRef)
    .orderBy(scoreRef, 'desc')
    .execute()) as { score: unknown; n: unknown }[];
  const scores: number[] = [];
  const above: number[] = [];
  const rankOf = new Map<number, number>();
  let total = 0;
  for (const r of rows) {
    const score = Number(r.score);
    scores.push(score);
    above.push(total);
    rankOf.set(score, total + 1);
    total += Number(r.n);
  }
  return { scores, above, total, rankOf };
}

const sheetOf = (f: RankingFilter) => (f.quarter ? 'part' : 'perf');

function keptFor(db: Database, user: CurrentUser, f: RankingFilter) {
  let kept = keptCounts.get(db);
  if (!kept) keptCounts.set(db, (kept = new Map()));
  const key = JSON.stringify([sheetOf(f), isGroupLevel(user) ? '*' : user.company, f.yearPart, f.quarter ?? 0, f.sysOrgCode ?? '', f.departName ?? '', f.userName ?? '']);
  return { kept, key };
}

/** The filter's score counts at the sheet's current version, counted now and kept; null when there is no version. */
async function countScoresNow(db: Database, user: CurrentUser, f: RankingFilter): Promise<{ version: string; counts: ScoreCounts } | null> {
  const version = await rankVersion(db, sheetOf(f));
  if (version === null) return null;
  const { kept, key } = keptFor(db, user, f);
  const hit = kept.get(key);
  if (hit && hit.version === version) return { version, counts: await hit.counts };
  // counted after the version was read, so kept counts are never older than their version
  const counts = countScores(db, user, f);
  kept.delete(key);
  kept.set(key, { version, counts });
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  counts.catch(() => {
    if (kept.get(key)?.counts === counts) kept.delete(key);
  });
  return { version, counts: await counts };
}

/**
 * The page from the score counts, or null when the sheet's version read with the page's rows (in the same
 * statement) is not the counts' version.
 */
async function pageFromCounts(db: Database, user: CurrentUser, f: RankingFilter, p: Paging, version: string, counts: ScoreCounts): Promise<Page<RankingRow> | null> {
  const offset = (p.pageNo - 1) * p.pageSize;
  if (offset >= counts.total) return (await rankVersion(db, sheetOf(f))) === version ? page<RankingRow>([], counts.total, p.pageNo, p.pageSize) : null;
  // the score group holding the page's first row: the last k with above[k] <= offset
  let lo = 0;
  let hi = counts.scores.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (counts.above[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  const records = await rankedRows(db, user, f, p.pageSize, offset - counts.above[lo]!, counts.scores[lo]!);
  if (!records.length || String(records[0]!.rankVersion) !== version) return null;
  const rows: RankingRow[] = [];
  for (const { rankVersion: _, ...r } of records) {
    const avgCount = Number(r.avgCount);
    const rank = counts.rankOf.get(avgCount);
    if (rank === undefined) return null;
    rows.push({ ...r, avgCount, rank });
  }
  return page<RankingRow>(rows, counts.total, p.pageNo, p.pageSize);
}

/**
 * A page of ranked rows (equal scores share a rank, the next score skips places: "1, 2, 2, 4").
 *
 * The filter's score counts (how many rows have each score, so how many score higher: the rank of a score and
 * the total) are kept while the sheet's ranking version holds (migration 2026_11_28_0210; any write that can
 * change a ranking moves it on, and the counts are taken again). A page is then one statement: a read of the
 * ranking index (migration 1830: score desc, name, id, org code) starting at the score its first row has — its
 * offset is only within that score's ties — the page's rows from the table, and the sheet's version, which
 * must still be the counts' one (else the counts are taken again).
 */
export async function rankingPage(db: Database, user: CurrentUser, f: RankingFilter, p: Paging): Promise<Page<RankingRow>> {
  const { kept, key } = keptFor(db, user, f);
  const hit = kept.get(key);
  if (hit) {
    const fast = await pageFromCounts(db, user, f, p, hit.version, await hit.counts);
    if (fast) return fast;
  }
  const now = await countScoresNow(db, user, f);
  if (now) {
    const fresh = await pageFromCounts(db, user, f, p, now.version, now.counts);
    if (fresh) return fresh;
  }
  // no version, or a write landed between the counts and the page
  return rankingPageCounted(db, user, f, p);
}

/**
 * `limit` rows in ranking order, skipping `offset`, from those scoring at most `atMost` (all when undefined),
 * each with the sheet's ranking version read in the same statement.
 */
async function rankedRows(db: Database, user: CurrentUser, f: RankingFilter, limit: number, offset: number, atMost?: number) {
  const { qb, scoreRef } = rankingBase(db, user, f, 's');
  const table = f.quarter ? 'userYearPart' : 'userYearPerf';
  const score = sql.ref<number>(`r.${f.quarter ? QUARTER_COLUMN[f.quarter - 1] : 'avgCount'}`);
  // The page's ids in the ranking order, read from the ranking index alone, then only those rows from the table.
  let ids = qb.select('s.id').orderBy(scoreRef, 'desc').orderBy('s.userName').orderBy('s.id').limit(limit).offset(offset);
  if (atMost !== undefined) ids = ids.where(scoreRef, '<=', atMost);
  return (await (db as unknown as AnyDb)
    .selectFrom(ids.as('k'))
    .innerJoin(`${table} as r`, 'r.id', 'k.id')
    .select(['r.id', 'r.userId', 'r.userName', 'r.orgName', 'r.departName', 'r.sysOrgCode', 'r.yearPart', sql<number>`${score}`.as('avgCount')])
    .select(sql<string | number | null>`(select version from pf_rank_version where sheet = ${sheetOf(f)})`.as('rankVersion'))
    .orderBy(score, 'desc')
    .orderBy('r.userName')
    .orderBy('r.id')
    .execute()) as (Omit<RankingRow, 'rank'> & { rankVersion: string | number | null })[];
}

/**
 * The same page counted afresh: the page is read in score order; the first row's rank is 1 + the number of
 * rows of the filtered set scoring higher (one indexed count), and each later row takes the previous rank
 * when its score is equal, else its position.
 */
async function rankingPageCounted(db: Database, user: CurrentUser, f: RankingFilter, p: Paging): Promise<Page<RankingRow>> {
  const { qb } = rankingBase(db, user, f, 's');
  const offset = (p.pageNo - 1) * p.pageSize;
  const counted = qb.select((eb) => eb.fn.countAll().as('total'));
  const [countRow, records] = await Promise.all([counted.executeTakeFirst(), rankedRows(db, user, f, p.pageSize, offset)]);
  const total = Number((countRow as { total?: unknown } | undefined)?.total ?? 0);
  const pg = page<Omit<RankingRow, 'rank'>>(total === 0 ? [] : records.map(({ rankVersion: _, ...r }) => r), total, p.pageNo, p.pageSize);
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
