import {
  MONTH_FIELDS,
  QUARTER_FIELDS,
  QUARTER_ID_FIELDS,
  scoreTargets,
  yearAverage,
  type SheetLookupQuery,
  type UserYearPartAdd,
  type UserYearPartEdit,
  type UserYearPerfAdd,
  type UserYearPerfEdit,
} from '@go/contract/performance/index';
import type { CurrentUser } from '../../platform/access/access.js';
import { inCompanyScope, scopeToCompany } from '../../platform/access/scope.js';
import type { Database } from '../../platform/db/database.js';
import { recordChanges } from '../../platform/audit/audit.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { businessError } from '../../platform/http/errors.js';
import { streamXlsx, withIdColumn, type ExportColumn } from '../../platform/excel/excel.js';
import { likePrefix } from '../../platform/query/like.js';
import { applyFilters, applySort, paging, runPage, type Params, type Whitelist } from '../../platform/query/query-builder.js';
import {
  claimScoreEntry,
  ensureSheetRow,
  findPerson,
  findSheetRow,
  insertSheetRow,
  sheetRowById,
  sheetRowOf,
  updateSheetRow,
  type Person,
  type SheetRow,
  type SheetTable,
} from './performance.repo.js';
import type { UserYearPart, UserYearPerf } from './performance.tables.js';

export const SHEET_TEXT = {
  notFound: '未找到对应数据',
  personNotFound: '未找到该人员',
} as const;

/** A person already has a row of that sheet for the year: the answer names the year. */
export const sheetExists = (yearPart: string) => `该人员${yearPart}年度的考评记录已存在，请直接编辑`;

const common: Whitelist = {
  id: 'id',
  userId: 'userId',
  userName: 'userName',
  orgName: 'orgName',
  yearPart: 'yearPart',
  departName: 'departName',
  sysOrgCode: 'sysOrgCode',
  createTime: { column: 'createTime', type: 'datetime' },
};
const PERF_WHITELIST: Whitelist = {
  ...common,
  avgCount: { column: 'avgCount', type: 'number' },
  ...Object.fromEntries(MONTH_FIELDS.map((f) => [f, { column: f, type: 'number' as const, filterable: false }])),
};
const PART_WHITELIST: Whitelist = {
  ...common,
  postName: 'postName',
  ...Object.fromEntries(QUARTER_FIELDS.map((f) => [f, { column: f, type: 'number' as const, filterable: false }])),
};

const MONTH_HEADERS = ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'];
/** The sheets' exports end with the row id (`ID`): the file imports back as updates (sheet-import.routes.ts). */
export const PERF_EXPORT: ExportColumn[] = withIdColumn([
  { header: '姓名', key: 'userName' },
  { header: '公司', key: 'orgName', width: 24 },
  { header: '部门', key: 'departName' },
  { header: '年度', key: 'yearPart', width: 10 },
  ...MONTH_FIELDS.map((f, i) => ({ header: MONTH_HEADERS[i], key: f, width: 8 })),
  { header: '平均分', key: 'avgCount', width: 10 },
]);
export const PART_EXPORT: ExportColumn[] = withIdColumn([
  { header: '姓名', key: 'userName' },
  { header: '公司', key: 'orgName', width: 24 },
  { header: '部门', key: 'departName' },
  { header: '职务', key: 'postName' },
  { header: '年度', key: 'yearPart', width: 10 },
  { header: '第一季度', key: 'firstQuarter', width: 10 },
  { header: '第二季度', key: 'secondQuarter', width: 10 },
  { header: '第三季度', key: 'thirdQuarter', width: 10 },
  { header: '第四季度', key: 'fourthQuarter', width: 10 },
]);

type Row = Record<string, unknown>;

/** Only the named keys that the request actually sent. */
function pick(input: Row, keys: readonly string[]): Row {
  const out: Row = {};
  for (const k of keys) if (input[k] !== undefined) out[k] = input[k];
  return out;
}

/** The audit trail's record of a sheet row (docs/audit.md): the table's type, named by person and year. */
function sheetTarget(table: SheetTable, row: { id: string; userName?: string | null; yearPart?: string | null; sysOrgCode?: string | null }) {
  return {
    type: table === 'userYearPerf' ? 'user_year_perf' : 'user_year_part',
    id: row.id,
    name: [row.userName, row.yearPart].filter(Boolean).join(' '),
    orgCode: row.sysOrgCode ?? undefined,
  };
}

/** Two stored or sent scores are the same (null and blank alike; 85 and 85.0 alike). */
function sameScore(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  return Number(a) === Number(b);
}

/**
 * The yearly (userYearPerf) and quarterly (userYearPart) sheets: the stock `queryById` → `add` / `edit`
 * cycle, lists and exports, company scoped (A01 sees every company, others their own), plus the score
 * an evaluation writes when it finishes.
 */
export class SheetService {
  constructor(private readonly db: Database) {}

  private async person(user: CurrentUser, userId: string): Promise<Person> {
    const p = await findPerson(this.db, userId);
    if (!p || !inCompanyScope(user, p.orgCode)) throw businessError(SHEET_TEXT.personNotFound);
    return p;
  }

  /** The row of a person and year (or by id), or null: the client then calls `add` or `edit`. */
  async queryById<T extends SheetTable>(table: T, user: CurrentUser, q: SheetLookupQuery): Promise<SheetRow<T> | null> {
    // `userId` may name the person by username (the person picker sends usernames), as `add` accepts:
    // the row is looked up by the person's user id.
    const person = q.userId ? await findPerson(this.db, q.userId) : undefined;
    return (await findSheetRow(this.db, table, user, person ? { ...q, userId: person.id } : q)) ?? null;
  }

  async addPerf(user: CurrentUser, input: UserYearPerfAdd) {
    const p = await this.person(user, input.userId);
    if (await sheetRowOf(this.db, 'userYearPerf', p.id, input.yearPart)) throw businessError(sheetExists(input.yearPart));
    const months = pick(input, MONTH_FIELDS);
    const row = {
      id: newId(),
      userId: p.id,
      userName: input.userName || p.realname,
      orgName: input.orgName || p.companyName,
      yearPart: input.yearPart,
      sysOrgCode: p.orgCode,
      departName: p.departName,
      ...Object.fromEntries(MONTH_FIELDS.map((f) => [f, months[f] ?? null])),
      avgCount: yearAverage(months),
      createBy: user.username,
      createTime: now(),
      updateBy: null,
      updateTime: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await insertSheetRow(trx, 'userYearPerf', row);
      await recordChanges(trx, sheetTarget('userYearPerf', row), null, row);
    });
    return row;
  }

  async editPerf(user: CurrentUser, input: UserYearPerfEdit) {
    const existing = await sheetRowById(this.db, 'userYearPerf', input.id);
    if (!existing || !inCompanyScope(user, existing.sysOrgCode)) throw businessError(SHEET_TEXT.notFound);
    const set = pick(input, MONTH_FIELDS);
    const merged = { ...existing, ...set } as UserYearPerf;
    Object.assign(set, { avgCount: yearAverage(merged), updateBy: user.username, updateTime: now() });
    await this.db.transaction().execute(async (trx) => {
      await updateSheetRow(trx, 'userYearPerf', existing.id, set);
      await recordChanges(trx, sheetTarget('userYearPerf', existing), { ...existing }, set);
    });
    return { ...merged, ...set };
  }

  async addPart(user: CurrentUser, input: UserYearPartAdd) {
    const p = await this.person(user, input.userId);
    if (await sheetRowOf(this.db, 'userYearPart', p.id, input.yearPart)) throw businessError(sheetExists(input.yearPart));
    // the …Id links are the server's: a hand-entered quarter carries none
    const values = pick(input, QUARTER_FIELDS);
    const row = {
      id: newId(),
      userId: p.id,
      userName: input.userName || p.realname,
      orgName: input.orgName || p.companyName,
      yearPart: input.yearPart,
      sysOrgCode: p.orgCode,
      departName: input.departName || p.departName,
      postName: input.postName || p.postName,
      ...Object.fromEntries(QUARTER_FIELDS.map((f) => [f, values[f] ?? null])),
      ...Object.fromEntries(QUARTER_ID_FIELDS.map((f) => [f, null])),
      createBy: user.username,
      createTime: now(),
      updateBy: null,
      updateTime: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await insertSheetRow(trx, 'userYearPart', row);
      await recordChanges(trx, sheetTarget('userYearPart', row), null, row);
    });
    return row;
  }

  async editPart(user: CurrentUser, input: UserYearPartEdit) {
    const existing = await sheetRowById(this.db, 'userYearPart', input.id);
    if (!existing || !inCompanyScope(user, existing.sysOrgCode)) throw businessError(SHEET_TEXT.notFound);
    const set = pick(input, [...QUARTER_FIELDS, 'departName', 'postName']);
    // A quarter whose score is changed by hand no longer comes from its evaluation: its link is cleared.
    // The page sends every quarter, so a quarter sent unchanged keeps its link.
    QUARTER_FIELDS.forEach((f, i) => {
      if (f in set && !sameScore(set[f], existing[f])) set[QUARTER_ID_FIELDS[i]] = null;
    });
    Object.assign(set, { updateBy: user.username, updateTime: now() });
    await this.db.transaction().execute(async (trx) => {
      await updateSheetRow(trx, 'userYearPart', existing.id, set);
      await recordChanges(trx, sheetTarget('userYearPart', existing), { ...existing }, set);
    });
    return { ...existing, ...set };
  }

  private base(table: SheetTable, user: CurrentUser, params: Params) {
    const wl = table === 'userYearPerf' ? PERF_WHITELIST : PART_WHITELIST;
    const { sysOrgCode, ...rest } = params;
    let qb = scopeToCompany(this.db.selectFrom(table as 'userYearPerf'), user, 'sysOrgCode');
    if (typeof sysOrgCode === 'string' && /^[A-Z0-9]{3,64}$/.test(sysOrgCode)) qb = qb.where(likePrefix('sysOrgCode', sysOrgCode));
    return { qb: applyFilters(qb, rest, wl), wl, params: rest };
  }

  async list<T extends SheetTable>(table: T, user: CurrentUser, params: Params) {
    const { qb, wl, params: rest } = this.base(table, user, params);
    return runPage<typeof qb, SheetRow<T>>(
      qb,
      (b) => applySort(b.selectAll(), rest, wl, { field: 'yearPart', order: 'desc' }).orderBy('userName').orderBy('id'),
      paging(params, 1000),
    );
  }

  exportStream(table: SheetTable, user: CurrentUser, params: Params) {
    const { qb, wl, params: rest } = this.base(table, user, params);
    const ordered = applySort(qb.selectAll(), rest, wl, { field: 'yearPart', order: 'desc' }).orderBy('userName').orderBy('id');
    async function* rows() {
      for (let offset = 0; ; offset += 2000) {
        const batch = (await ordered.limit(2000).offset(offset).execute()) as Row[];
        yield* batch;
        if (batch.length < 2000) break;
      }
    }
    const perf = table === 'userYearPerf';
    return streamXlsx({
      title: perf ? '年度绩效考评表' : '季度绩效考评表',
      subTitle: `导出人:${user.realname}`,
      columns: perf ? PERF_EXPORT : PART_EXPORT,
      rows: rows(),
    });
  }
}

/** A finished evaluation as the performance form type hands it over. */
export interface FinishedEvaluation {
  /** the evaluation (form row) id: linked from the quarter's `…Id` field, and written once */
  id: string;
  /** the evaluated person's username (the applicant) */
  applicant: string;
  /** the year (a number or numeric text is accepted) */
  yearPart: string | number;
  quarter?: number | null;
  month?: number | null;
  score: number | null | undefined;
}

/**
 * Writes a finished evaluation's score into the person's sheets, exactly once per evaluation: the
 * score ledger's unique evaluation id decides (a second or concurrent call finds it taken and changes
 * nothing). Quarter → the quarterly sheet with its `…Id` link; month → the yearly sheet; the
 * third-quarter option also writes the months after July (docs/performance.md, "Rules"); `avgCount` is recomputed.
 * Run it inside the transaction that ends the process (the score's audit rows are written in it: the trail
 * refuses to run outside one). Returns whether this call wrote the score.
 */
export async function recordEvaluationScore(db: Database, evaluation: FinishedEvaluation): Promise<boolean> {
  const score = evaluation.score;
  if (typeof score !== 'number' || !Number.isFinite(score)) return false;
  // Form rows may hold the year as a number or a decimal text ("2033.0"): keep the four-digit year.
  const year = Number.parseInt(String(evaluation.yearPart), 10);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return false;
  const yearPart = String(year);
  const targets = scoreTargets({ month: Number(evaluation.month) || null, quarter: Number(evaluation.quarter) || null });
  if (!targets.months.length && !targets.quarter) return false;
  const person = await findPerson(db, evaluation.applicant);
  if (!person) return false;
  const t = now();
  const claimed = await claimScoreEntry(db, {
    id: newId(),
    evaluationId: evaluation.id,
    userId: person.id,
    yearPart,
    month: Number(evaluation.month) || null,
    quarter: Number(evaluation.quarter) || null,
    score,
    createTime: t,
  });
  if (!claimed) return false;
  const base = {
    userId: person.id,
    userName: person.realname,
    orgName: person.companyName,
    yearPart,
    sysOrgCode: person.orgCode,
    departName: person.departName,
    createBy: 'system',
    createTime: t,
    updateBy: null,
    updateTime: null,
  };
  if (targets.quarter) {
    const fresh = { id: newId(), ...base, postName: person.postName, ...Object.fromEntries([...QUARTER_FIELDS, ...QUARTER_ID_FIELDS].map((f) => [f, null])) };
    await ensureSheetRow(db, 'userYearPart', fresh);
    const row = (await sheetRowOf(db, 'userYearPart', person.id, yearPart))!;
    // the row is this call's when it holds the new id (else a row of the person and year was there)
    if (row.id === fresh.id) await recordChanges(db, sheetTarget('userYearPart', row), null, fresh);
    const set = { [targets.quarter.field]: score, [targets.quarter.idField]: evaluation.id, updateBy: 'system', updateTime: t };
    await updateSheetRow(db, 'userYearPart', row.id, set);
    await recordChanges(db, sheetTarget('userYearPart', row), { ...row }, set);
  }
  if (targets.months.length) {
    const blank = { id: newId(), ...base, ...Object.fromEntries(MONTH_FIELDS.map((f) => [f, null])), avgCount: null };
    await ensureSheetRow(db, 'userYearPerf', blank);
    const row = (await sheetRowOf(db, 'userYearPerf', person.id, yearPart))!;
    if (row.id === blank.id) await recordChanges(db, sheetTarget('userYearPerf', row), null, blank);
    const set: Row = Object.fromEntries(targets.months.map((f) => [f, score]));
    // The row is locked by this update until commit, so the average below sees every other writer's months.
    await updateSheetRow(db, 'userYearPerf', row.id, { ...set, updateBy: 'system', updateTime: t });
    const fresh = (await sheetRowById(db, 'userYearPerf', row.id))!;
    const avgCount = yearAverage(fresh);
    await updateSheetRow(db, 'userYearPerf', row.id, { avgCount });
    // old values: the row as read before this update
    await recordChanges(db, sheetTarget('userYearPerf', row), { ...row }, { ...set, avgCount });
  }
  return true;
}

export type { UserYearPart, UserYearPerf };
