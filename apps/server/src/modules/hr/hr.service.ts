/**
 * The employee file and its moves (docs/hr.md): company-scoped CRUD with a field-level change log,
 * masking of sensitive fields, duplicate-person detection and the state machine.
 */
import {
  HR_MASKED_FILTER_TEXT,
  HR_MASKED_LOOKUP_LIMIT_TEXT,
  HR_SENSITIVE_FIELDS,
  HY_LOG_LABELS,
  HY_MOVE_RULES,
  HY_STATUS_TEXT,
  HY_LEAVE_PENDING,
  hyLeavePendingMessage,
  hyUserAddSchema,
  isSensitiveField,
  maskRow,
  maskValue,
  nationalIdConsistency,
  parseNationalId,
  parseQueryValue,
  parseSuperQuery,
  type HrSensitiveField,
  type HyMove,
  type HyMoveInput,
  type HyStatus,
  type HyUserAdd,
} from '@go/contract';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { inCompanyScope } from '../../platform/access/scope.js';
import { companyOf, isGroupLevel, type CurrentUser } from '../../platform/access/access.js';
import { hashPassword, newSalt } from '../../platform/auth/password.js';
import type { AppContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { formatDate, now } from '../../platform/db/time.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import type { Translator } from '../../platform/query/present.js';
import { applyFilters, applySort, paging, runPage, type Params, type Whitelist } from '../../platform/query/query-builder.js';
import { scheduleDimission } from './hr-dimission.js';
import {
  departByOrgCode,
  fileInCompany,
  findFile,
  findSamePerson,
  insertFile,
  insertLogs,
  monthOf,
  scopedFiles,
  updateFile,
  type LogInput,
  type Row,
} from './hr.repo.js';
import type { HyUser } from './hr.tables.js';

export const NOT_FOUND = '未找到对应数据';
export const WRONG_STATE = '当前状态不能办理该操作';
export const PENDING = '该档案有审批中的申请，请等待审批结束';

/** Who did something: the signed-in user, or the requester of an approved move. */
export interface Operator {
  username: string;
  realname: string;
  /** the signed-in operator's company (absent for the requester of an approved move) */
  company?: string;
}

/** Why an existing account cannot be linked at entry (docs/security.md "HR sensitive fields"). */
export const LINK_REFUSED = {
  deleted: '该账号已注销，不能关联人事档案',
  scope: '该账号不在您的管理范围内，不能关联',
  company: '该账号与档案不在同一公司，不能关联',
  admin: '该账号是系统管理员账号，不能关联人事档案',
  linked: '该账号已关联其他档案',
  frozen: '该账号已冻结，不能关联人事档案',
} as const;

export const FILE_WHITELIST: Whitelist = {
  id: 'hyUser.id',
  realname: 'hyUser.realname',
  sex: 'hyUser.sex',
  birthday: { column: 'hyUser.birthday', type: 'date' },
  idCard: { column: 'hyUser.idCard', sortable: false },
  mobile: { column: 'hyUser.mobile', sortable: false },
  email: 'hyUser.email',
  nation: 'hyUser.nation',
  nativePlace: 'hyUser.nativePlace',
  political: 'hyUser.political',
  marriage: 'hyUser.marriage',
  degree: 'hyUser.degree',
  school: 'hyUser.school',
  major: 'hyUser.major',
  orgCode: 'hyUser.orgCode',
  departName: 'hyUser.departName',
  post: 'hyUser.post',
  rank: 'hyUser.rank',
  jobTitle: 'hyUser.jobTitle',
  employType: 'hyUser.employType',
  entryDate: { column: 'hyUser.entryDate', type: 'date' },
  regularDate: { column: 'hyUser.regularDate', type: 'date' },
  contractType: 'hyUser.contractType',
  contractEnd: { column: 'hyUser.contractEnd', type: 'date' },
  status: 'hyUser.status',
  statusDate: { column: 'hyUser.statusDate', type: 'date' },
  dimissionType: 'hyUser.dimissionType',
  dimissionDate: { column: 'hyUser.dimissionDate', type: 'date' },
  blacklistFlag: { column: 'hyUser.blacklistFlag', type: 'number' },
  pendingMove: 'hyUser.pendingMove',
  username: 'hyUser.username',
  applyPost: 'hyUser.applyPost',
  source: 'hyUser.source',
  mbtiType: 'hyUser.mbtiType',
  socialSecurity: 'hyUser.socialSecurity',
  housingFund: 'hyUser.housingFund',
  createTime: { column: 'hyUser.createTime', type: 'datetime' },
  updateTime: { column: 'hyUser.updateTime', type: 'datetime' },
};

/** Columns of list rows (the full file is in the detail). */
export const LIST_COLUMNS = [
  'id',
  'userId',
  'username',
  'realname',
  'sex',
  'birthday',
  'idCard',
  'mobile',
  'email',
  'nation',
  'political',
  'marriage',
  'degree',
  'school',
  'major',
  'orgCode',
  'departName',
  'post',
  'rank',
  'jobTitle',
  'employType',
  'entryDate',
  'regularDate',
  'probationMonths',
  'bankName',
  'bankCard',
  'socialSecurity',
  'housingFund',
  'contractNo',
  'contractType',
  'contractStart',
  'contractEnd',
  'applyPost',
  'source',
  'offerDate',
  'status',
  'statusDate',
  'pendingMove',
  'dimissionType',
  'dimissionDate',
  'dimissionReason',
  'blacklistReason',
  'blacklistFlag',
  'duplicateOf',
  'mbtiType',
  'createTime',
  'updateTime',
] as const;

export const DICT_FIELDS: Record<string, string> = {
  sex: 'sex',
  political: 'hy_political',
  marriage: 'hy_marriage',
  degree: 'hy_degree',
  employType: 'hy_employ_type',
  contractType: 'hy_contract_type',
  dimissionType: 'hy_dimission_type',
  rank: 'position_rank',
  status: 'hy_status',
};

/** What `present` reads of a file row. */
export type FileFields = Row & { orgCode: string; status: string; post?: string | null; socialSecurityBase?: unknown; housingFundBase?: unknown };

/** A file row as the client gets it (`hyUserRow` of the contract). */
export type Presented<T> = T & Row & { post_dictText: string; company: string; company_dictText: string; status_dictText: string };

/** A list row: the list columns of the file. */
export type FileListRow = { [K in (typeof LIST_COLUMNS)[number]]: HyUser[K] };

/** Fields compared and logged on edit (state fields change only through moves). */
const EDITABLE = Object.keys(hyUserAddSchema.shape).filter((k) => k !== 'orgCode');

const str = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));

/**
 * Exact values a caller without `hr:sensitive:view` looked up on masked columns; logged as a sensitive
 * view with the files they matched (`source` names the list).
 */
export interface MaskedLookup {
  conditions: { field: HrSensitiveField; value: string }[];
  source: string;
}

const MASKED_PARAM = new RegExp(`^(${HR_SENSITIVE_FIELDS.join('|')})(_begin|_end|_MultiString)?$`);
/** Shapes a stored national ID or mobile can have; anything else cannot match a file. */
const LOOKUP_SHAPE: Record<string, RegExp> = { idCard: /^(\d{15}|\d{17}[\dXx])$/, mobile: /^1\d{10}$/ };

/** The non-empty values of a request parameter (repeated parameters arrive as an array). */
function paramValues(v: unknown): unknown[] {
  return (Array.isArray(v) ? v : [v]).filter((x) => x !== undefined && x !== null && x !== '');
}

export class HrService {
  readonly db: Database;
  private positions: { at: number; map: Map<string, string> } | null = null;

  constructor(
    readonly ctx: AppContext,
    readonly translate: Translator,
  ) {
    this.db = ctx.db;
  }

  async canSeeSensitive(user: CurrentUser): Promise<boolean> {
    return this.ctx.permissions.has(user, 'hr:sensitive:view');
  }

  private async positionNames(): Promise<Map<string, string>> {
    if (this.positions && Date.now() - this.positions.at < 10_000) return this.positions.map;
    const rows = await this.db.selectFrom('sysPosition').select(['code', 'name']).execute();
    this.positions = { at: Date.now(), map: new Map(rows.map((r) => [r.code, r.name])) };
    return this.positions.map;
  }

  /**
   * Shapes rows for the client: dictionary texts, company and position names, masked unless `plain`
   * (national ID, bank card and mobile).
   */
  async present<T extends FileFields>(rows: T[], plain = false): Promise<Presented<T>[]> {
    const posts = await this.positionNames();
    const shaped = rows.map((r) => {
      const masked: T = plain ? { ...r } : maskRow(r);
      const extra: Row = {};
      if (r.socialSecurityBase !== undefined && r.socialSecurityBase !== null) extra.socialSecurityBase = Number(r.socialSecurityBase);
      if (r.housingFundBase !== undefined && r.housingFundBase !== null) extra.housingFundBase = Number(r.housingFundBase);
      return { ...masked, ...extra, post_dictText: r.post ? (posts.get(String(r.post)) ?? String(r.post)) : '', company: companyOf(r.orgCode) };
    });
    // Dictionary texts: one lookup per distinct value of the batch, then filled in synchronously
    // (an export presents 100k rows in batches of 2000).
    const fields = Object.entries({ ...DICT_FIELDS, company: 'company' });
    const texts = new Map<string, string>();
    for (const r of shaped) {
      for (const [field, code] of fields) {
        const v = r[field];
        if (v === null || v === undefined || v === '') continue;
        const key = `${code}\u0000${String(v)}`;
        if (!texts.has(key)) texts.set(key, await this.translate(code, v));
      }
    }
    const text = (field: string, v: unknown) => (v === null || v === undefined || v === '' ? '' : (texts.get(`${DICT_FIELDS[field] ?? field}\u0000${String(v)}`) ?? String(v)));
    return shaped.map((r) => {
      const dictTexts: Record<string, string> = {};
      for (const [field] of fields) dictTexts[`${field}_dictText`] = text(field, r[field]);
      return { ...r, ...dictTexts, company_dictText: text('company', r.company), status_dictText: text('status', r.status) };
    });
  }

  private companyFilter<QB extends ReturnType<typeof scopedFiles>>(qb: QB, params: Params): QB {
    const c = typeof params.company === 'string' ? params.company : '';
    if (/^A\d{2}$/.test(c)) return qb.where(fileInCompany(c)) as QB;
    return qb;
  }

  private filterQuery(user: CurrentUser, params: Params) {
    return this.companyFilter(applyFilters(scopedFiles(this.db, user), params, FILE_WHITELIST), params);
  }

  /**
   * The filtered, scoped file query without select/order (lists and exports), once the request passed the
   * masked-column rule (`guardMaskedFilters`); `lookup` is what to log when the query ran.
   */
  async filtered(user: CurrentUser, params: Params, source: string) {
    const lookup = await this.guardMaskedFilters(user, params, source);
    return { qb: this.filterQuery(user, params), lookup };
  }

  /**
   * The masked-column rule (docs/security.md "HR sensitive fields"): a caller without `hr:sensitive:view`
   * may filter a masked column (national ID, mobile, bank card) by one exact value only: no pattern, list,
   * negation, comparison or range, in plain parameters or the advanced query, and no sorting by it (a
   * wrong answer for a right guess is an oracle). Exact values count against a per-user limit per minute
   * and are logged as a sensitive view (`logLookup`). A holder of the permission filters as before.
   */
  async guardMaskedFilters(user: CurrentUser, params: Params, source: string): Promise<MaskedLookup | null> {
    const conditions: MaskedLookup['conditions'] = [];
    let refused = false;
    for (const [key, raw] of Object.entries(params)) {
      const m = MASKED_PARAM.exec(key);
      if (!m) continue;
      const values = paramValues(raw);
      if (values.length === 0) continue;
      const parsed = values.length === 1 && typeof values[0] === 'string' && !m[2] ? parseQueryValue(values[0]) : null;
      if (parsed?.rule === 'eq' && typeof parsed.value === 'string') conditions.push({ field: m[1] as HrSensitiveField, value: parsed.value });
      else refused = true;
    }
    const sq = paramValues(params.superQueryParams).find((v) => typeof v === 'string');
    if (typeof sq === 'string') {
      let conds: ReturnType<typeof parseSuperQuery> = [];
      try {
        conds = parseSuperQuery(sq);
      } catch {
        conds = []; // the query builder answers the malformed query
      }
      for (const c of conds) {
        if (!isSensitiveField(c.field)) continue;
        if (c.rule === 'eq' && (typeof c.val === 'string' || typeof c.val === 'number')) conditions.push({ field: c.field, value: String(c.val) });
        else refused = true;
      }
    }
    const column = paramValues(params.column).find((v) => typeof v === 'string');
    if (typeof column === 'string' && column.split(',').some((c) => isSensitiveField(c.trim().replace(/_dictText$/, '')))) refused = true;
    if (!refused && conditions.length === 0) return null;
    if (await this.canSeeSensitive(user)) return null;
    if (refused) throw businessError(HR_MASKED_FILTER_TEXT);
    await this.countLookups(user, conditions.length);
    return { conditions, source };
  }

  /** Counts exact lookups of a user without the permission; refuses (429) beyond the limit per minute. */
  private async countLookups(user: CurrentUser, n: number): Promise<void> {
    const used = await this.ctx.kv.incr(`hr:masked-lookup:${user.id}`, 60_000, n);
    if (used > this.ctx.config.limits.hrSensitiveLookupsPerMinute) throw new AppError('TOO_MANY_ATTEMPTS', HR_MASKED_LOOKUP_LIMIT_TEXT);
  }

  /** Logs an exact lookup on masked columns: one `viewSensitive` row per matched file (at most 20), or one row without a file. */
  async logLookup(user: CurrentUser, lookup: MaskedLookup | null, matched: ReturnType<typeof scopedFiles> | Pick<HyUser, 'id' | 'realname' | 'orgCode'>[]): Promise<void> {
    if (!lookup) return;
    const files = Array.isArray(matched) ? matched.slice(0, 20) : await matched.select(['hyUser.id', 'hyUser.realname', 'hyUser.orgCode']).orderBy('hyUser.id').limit(20).execute();
    const fields = [...new Set(lookup.conditions.map((c) => c.field))];
    const row = (f: { id: string; realname: string; orgCode: string } | null): LogInput => ({
      hyUserId: f?.id ?? null,
      realname: f?.realname ?? null,
      orgCode: f?.orgCode ?? user.orgCode,
      action: 'viewSensitive',
      field: fields.join(','),
      fieldLabel: '按敏感信息精确查询',
      oldValue: null,
      // masked as the change log shows it (masking a masked value changes nothing)
      newValue: lookup.conditions.map((c) => maskValue(c.field, c.value)).join(',').slice(0, 500),
      reason: lookup.source,
      effectiveDate: formatDate(),
      operator: user.username,
      operatorName: user.realname,
    });
    await insertLogs(this.db, files.length ? files.map(row) : [row(null)]);
  }

  /**
   * A page of files. `sensitive=1` (with `hr:sensitive:view` only) answers plain values and logs the
   * viewing for every file on the page.
   */
  async list(user: CurrentUser, params: Params) {
    const plain = await this.wantsPlain(user, params);
    const { qb: base, lookup } = await this.filtered(user, params, '人事档案列表');
    const pg = await runPage<typeof base, FileListRow>(
      base,
      (qb) => applySort(qb.select(LIST_COLUMNS.map((c) => `hyUser.${c}` as const)), params, FILE_WHITELIST, { field: 'createTime', order: 'desc' }).orderBy('hyUser.id'),
      paging(params, 1000),
    );
    if (plain && pg.records.length) await this.logSensitiveView(user, pg.records);
    await this.logLookup(user, lookup, base);
    return { ...pg, records: await this.present(pg.records, plain) };
  }

  async wantsPlain(user: CurrentUser, params: Params): Promise<boolean> {
    if (params.sensitive !== '1' && params.sensitive !== 'true') return false;
    if (!(await this.canSeeSensitive(user))) throw new AppError('NO_PERMISSION');
    return true;
  }

  private async logSensitiveView(user: CurrentUser, files: Pick<HyUser, 'id' | 'realname' | 'orgCode'>[]): Promise<void> {
    await insertLogs(
      this.db,
      files.map((f) => ({
        hyUserId: f.id,
        realname: f.realname,
        orgCode: f.orgCode,
        action: 'viewSensitive',
        field: 'idCard,bankCard,mobile',
        fieldLabel: '查看敏感信息',
        oldValue: null,
        newValue: null,
        reason: null,
        effectiveDate: formatDate(),
        operator: user.username,
        operatorName: user.realname,
      })),
    );
  }

  async file(user: CurrentUser, id: string): Promise<HyUser> {
    const f = await findFile(this.db, user, id);
    if (!f) throw businessError(NOT_FOUND);
    return f;
  }

  /** The whole file, masked. */
  async detail(user: CurrentUser, id: string) {
    const f = await this.file(user, id);
    return (await this.present([{ ...f }]))[0];
  }

  /** The plain sensitive values of one file; the viewing is logged on the file. */
  async sensitive(user: CurrentUser, id: string) {
    const f = await this.file(user, id);
    await this.logSensitiveView(user, [f]);
    return { id: f.id, idCard: f.idCard, bankCard: f.bankCard, mobile: f.mobile };
  }

  /** The message for a duplicate found in another file (company and state only). */
  private async duplicateMessage(match: { orgCode: string; status: string }): Promise<string> {
    const company = await this.translate('company', companyOf(match.orgCode));
    return `该人员已有人事档案（${company}·${HY_STATUS_TEXT[match.status as HyStatus] ?? match.status}）`;
  }

  /**
   * Duplicate-person check for a new file: refused when the person has a file that is not blacklisted;
   * flagged (with the blacklisted file's id) when the only match is blacklisted.
   */
  async checkNewPerson(db: Database, idCard: string | null | undefined, mobile: string | null | undefined, exceptId?: string) {
    const matches = await findSamePerson(db, idCard, mobile, exceptId);
    const active = matches.find((m) => m.status !== 'blacklist');
    if (active) return { refused: await this.duplicateMessage(active), blacklisted: null };
    const black = matches.find((m) => m.status === 'blacklist');
    return { refused: null, blacklisted: black ?? null };
  }

  /**
   * `checkDuplicate`: whether a new file for this person would be refused, or flagged as blacklisted. It
   * compares exact values in every company, so for a caller without `hr:sensitive:view` it is a lookup on
   * masked columns: counted against the per-minute limit and logged (values that no stored file can have
   * are answered without a lookup).
   */
  async duplicateCheck(user: CurrentUser, idCard: string | null, mobile: string | null, exceptId?: string) {
    let lookup: MaskedLookup | null = null;
    if ((idCard || mobile) && !(await this.canSeeSensitive(user))) {
      const conditions = (
        [
          ['idCard', idCard],
          ['mobile', mobile],
        ] as const
      ).flatMap(([field, value]) => (value && LOOKUP_SHAPE[field].test(value) ? [{ field, value }] : []));
      if (idCard && !LOOKUP_SHAPE.idCard.test(idCard)) idCard = null;
      if (mobile && !LOOKUP_SHAPE.mobile.test(mobile)) mobile = null;
      if (conditions.length) {
        await this.countLookups(user, conditions.length);
        lookup = { conditions, source: '重复人员检查' };
      }
    }
    const r = await this.checkNewPerson(this.db, idCard, mobile, exceptId);
    if (lookup) await this.logLookup(user, lookup, await findSamePerson(this.db, idCard, mobile, exceptId));
    return { duplicate: !!r.refused, message: r.refused ?? (r.blacklisted ? '该人员在黑名单中' : ''), blacklisted: !!r.blacklisted };
  }

  private async checkDepart(db: Database, user: CurrentUser, orgCode: string) {
    const d = await departByOrgCode(db, orgCode);
    if (!d || !inCompanyScope(user, orgCode)) throw businessError('部门不存在或不在您的管理范围内');
    return d;
  }

  /** Adds an applicant file (or, for imports, a file in a given state). */
  async add(user: CurrentUser, input: HyUserAdd, opts: { status?: HyStatus; db?: Database; action?: string } = {}): Promise<{ id: string; flagged: boolean; message: string }> {
    const db = opts.db ?? this.db;
    const d = await this.checkDepart(db, user, input.orgCode);
    const dup = await this.checkNewPerson(db, input.idCard, input.mobile);
    if (dup.refused) throw businessError(dup.refused);
    const id = newId();
    const status: HyStatus = opts.status ?? 'applicant';
    const row: Row = {
      ...input,
      id,
      departName: d.departName,
      status,
      statusDate: formatDate(),
      contractRenewals: input.contractRenewals ?? 0,
      blacklistFlag: dup.blacklisted ? 1 : 0,
      duplicateOf: dup.blacklisted?.id ?? null,
      delFlag: 0,
      createBy: user.username,
      createTime: now(),
    };
    // Sex and birthday follow the national ID when they were left empty.
    if (input.idCard) {
      const p = parseNationalId(input.idCard);
      if (p.ok) {
        row.birthday ??= p.info.birthday;
        row.sex ??= p.info.sex;
      }
    }
    await insertFile(db, row);
    const logs: LogInput[] = [
      this.logRow(user, { id, realname: input.realname, orgCode: input.orgCode }, opts.action ?? 'create', 'status', null, status, null, formatDate()),
    ];
    if (dup.blacklisted) {
      logs.push(
        // the blacklisted file records the new application as an event (its state does not change)
        this.logRow(user, dup.blacklisted, 'apply', null, null, null, `再次应聘，已建立新档案（${input.realname}）`, formatDate()),
      );
    }
    await insertLogs(db, logs);
    return { id, flagged: !!dup.blacklisted, message: dup.blacklisted ? '添加成功！该人员在黑名单中，已标记' : '添加成功！' };
  }

  logRow(
    op: Operator,
    file: { id: string; realname: string; orgCode: string },
    action: string,
    field: string | null,
    from: unknown,
    to: unknown,
    reason: string | null,
    date: string | null,
  ): LogInput {
    return {
      hyUserId: file.id,
      realname: file.realname,
      orgCode: file.orgCode,
      action,
      field,
      fieldLabel: field ? (HY_LOG_LABELS[field] ?? null) : null,
      oldValue: str(from),
      newValue: str(to),
      reason,
      effectiveDate: date,
      operator: op.username,
      operatorName: op.realname,
    };
  }

  /** Edits the file's fields (not its state); one change-log row per changed field. */
  async edit(user: CurrentUser, input: Row): Promise<void> {
    const id = String(input.id);
    const f = await this.file(user, id);
    const merged = { ...f, ...input } as Row;
    const err = nationalIdConsistency(merged.idCard, merged.birthday, merged.sex);
    if (err) throw businessError(err);
    if (input.orgCode !== undefined && input.orgCode !== f.orgCode) throw businessError('部门变动请办理调动');
    if ((input.idCard !== undefined && input.idCard !== f.idCard) || (input.mobile !== undefined && input.mobile !== f.mobile)) {
      const matches = await findSamePerson(this.db, str(merged.idCard), str(merged.mobile), id);
      const other = matches.find((m) => m.id !== f.duplicateOf);
      if (other) throw businessError(await this.duplicateMessage(other));
    }
    const set: Row = {};
    const logs: LogInput[] = [];
    for (const k of EDITABLE) {
      if (!(k in input)) continue;
      const before = str((f as unknown as Row)[k]);
      const after = str(input[k]);
      if (before === after || (before !== null && after !== null && Number(before) === Number(after) && /base$/i.test(k))) continue;
      set[k] = input[k] ?? null;
      logs.push(this.logRow(user, f, 'edit', k, before, after, null, formatDate()));
    }
    if (logs.length === 0) return;
    set.updateBy = user.username;
    set.updateTime = now();
    await this.db.transaction().execute(async (trx) => {
      await updateFile(trx, id, set);
      await insertLogs(trx, logs);
    });
  }

  async remove(user: CurrentUser, ids: string[]): Promise<void> {
    if (ids.length === 0) throw businessError(NOT_FOUND);
    const rows = await scopedFiles(this.db, user).select(['id', 'status', 'realname', 'orgCode']).where('id', 'in', ids).execute();
    if (rows.length !== ids.length) throw businessError(NOT_FOUND);
    if (rows.some((r) => r.status !== 'applicant' && r.status !== 'talent')) throw businessError('只能删除应聘和人才库档案');
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('hyUser').set({ delFlag: 1, updateBy: user.username, updateTime: now() }).where('id', 'in', ids).execute();
      await insertLogs(
        trx,
        rows.map((r) => this.logRow(user, r, 'delete', 'status', r.status, null, null, formatDate())),
      );
    });
  }

  /** Checks a move can start on this file (scope, state, no pending approval) and its targets. */
  async checkMove(user: CurrentUser, move: HyMove, input: { id: string; orgCode?: string | null }, db: Database = this.db): Promise<HyUser> {
    const f = await findFile(db, user, input.id);
    if (!f) throw businessError(NOT_FOUND);
    if (f.pendingMove) throw businessError(f.pendingMove === HY_LEAVE_PENDING ? hyLeavePendingMessage(f.dimissionDate) : PENDING);
    if (!HY_MOVE_RULES[move].from.includes(f.status as HyStatus)) throw businessError(WRONG_STATE);
    if ((move === 'hire' || move === 'transfer') && input.orgCode) await this.checkDepart(db, user, input.orgCode);
    return f;
  }

  /**
   * Applies a move to a file inside `db` (a transaction): the new state and fields, the change-log rows,
   * the transfer record and the linked system user. Returns a message for the answer.
   */
  async applyMove<M extends HyMove>(db: Database, op: Operator, f: HyUser, move: M, raw: HyMoveInput<M>, opts: { today?: string } = {}): Promise<string> {
    const input = raw as HyMoveInput<HyMove> & Row;
    const date = str(input.date) ?? formatDate();
    // a dimission dated after today waits for its date (待离职; docs/hr.md)
    if (move === 'dimission' && date > (opts.today ?? formatDate())) return scheduleDimission(db, this, op, f, input, date);
    const reason = str(input.reason);
    const rule = HY_MOVE_RULES[move];
    const set: Row = {};
    let message = '操作成功';
    if (rule.to) {
      set.status = rule.to;
      set.statusDate = date;
    }
    const depart = async (orgCode: string) => {
      const d = await departByOrgCode(db, orgCode);
      if (!d) throw businessError('部门不存在或不在您的管理范围内');
      return d;
    };
    switch (move) {
      case 'hire': {
        const d = await depart(String(input.orgCode));
        Object.assign(set, {
          orgCode: d.orgCode,
          departName: d.departName,
          post: input.post,
          rank: input.rank ?? f.rank,
          jobTitle: input.jobTitle ?? f.jobTitle,
          employType: input.employType ?? f.employType ?? '1',
          probationMonths: input.probationMonths ?? f.probationMonths ?? 3,
          entryDate: input.entryDate,
          regularDate: null,
          offerDate: date,
          onboarding: JSON.stringify(
            ((input.onboarding as string[] | null) ?? ['签订劳动合同', '提交身份证和学历证明复印件', '办理工牌和门禁', '开通系统账号', '入职培训']).map((name) => ({ name, done: false })),
          ),
          dimissionType: null,
          dimissionDate: null,
          dimissionReason: null,
          handover: null,
        });
        break;
      }
      case 'entry': {
        const entryDate = String(input.entryDate);
        const months = f.probationMonths ?? 3;
        Object.assign(set, {
          entryDate,
          contractNo: input.contractNo ?? f.contractNo,
          contractType: input.contractType ?? f.contractType,
          contractStart: input.contractStart ?? f.contractStart ?? entryDate,
          contractEnd: input.contractEnd ?? f.contractEnd,
          // planned regular date while on probation (the 员工关系 reminder reads it)
          regularDate: addMonths(entryDate, months),
        });
        if (months === 0) set.status = 'regular';
        // Entry never unfreezes an account: an account frozen at dimission stays frozen until an
        // administrator unfreezes it.
        const username = str(input.username);
        if (username) message = await this.linkAccount(db, op, f, username, set);
        else if (f.userId) {
          const own = await db.selectFrom('sysUser').select(['username', 'status']).where('id', '=', f.userId).executeTakeFirst();
          if (own && own.status !== 1) message = frozenMessage(own.username);
        }
        break;
      }
      case 'regular':
        set.regularDate = input.regularDate;
        break;
      case 'transfer': {
        const toOrg = str(input.orgCode) ?? f.orgCode;
        const d = await depart(toOrg);
        Object.assign(set, {
          orgCode: d.orgCode,
          departName: d.departName,
          post: str(input.post) ?? f.post,
          rank: str(input.rank) ?? f.rank,
          jobTitle: str(input.jobTitle) ?? f.jobTitle,
        });
        await db
          .insertInto('hyTransfer')
          .values({
            id: newId(),
            hyUserId: f.id,
            realname: f.realname,
            fromOrgCode: f.orgCode,
            fromDepartName: f.departName,
            toOrgCode: d.orgCode,
            toDepartName: d.departName,
            fromPost: f.post,
            toPost: set.post as string | null,
            fromRank: f.rank,
            toRank: set.rank as string | null,
            effectiveDate: date,
            reason,
            operator: op.username,
            operatorName: op.realname,
            createTime: now(),
          })
          .execute();
        const account = await this.followingAccount(db, f);
        if (account) await this.moveSystemUser(db, account, d.id, d.orgCode);
        break;
      }
      case 'dimission': {
        // The account of someone who left is frozen (status 2), only when it is an account of the file's
        // company and not an administrator's; entry never unfreezes it.
        Object.assign(set, { dimissionType: input.dimissionType, dimissionDate: date, dimissionReason: reason, handover: str(input.handover) });
        const account = await this.followingAccount(db, f);
        if (account) await db.updateTable('sysUser').set({ status: 2 }).where('id', '=', account).execute();
        break;
      }
      case 'blacklist':
        set.blacklistReason = reason;
        break;
      case 'unblacklist':
        set.blacklistReason = null;
        break;
      default:
        break;
    }
    const logs: LogInput[] = [];
    for (const [k, v] of Object.entries(set)) {
      if (k === 'statusDate' || k === 'onboarding') continue;
      const before = str((f as unknown as Row)[k]);
      if (before === str(v)) continue;
      logs.push(this.logRow(op, { ...f, orgCode: (set.orgCode as string) ?? f.orgCode }, move, k, before, v, reason, date));
    }
    // a move that changes no field is still on record, as the move alone (never as 状态 正式 → 正式)
    if (logs.length === 0) logs.push(this.logRow(op, f, move, null, null, null, reason, date));
    Object.assign(set, { pendingMove: null, updateBy: op.username, updateTime: now() });
    await updateFile(db, f.id, set);
    await insertLogs(db, logs);
    return message;
  }

  /** Whether the account holds the administrator role or is the superuser. */
  private async isAdministrator(db: Database, account: { id: string; username: string }): Promise<boolean> {
    if (account.username === 'admin') return true;
    const role = await db
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .select('r.id')
      .where('ur.userId', '=', account.id)
      .where('r.roleCode', '=', 'admin')
      .executeTakeFirst();
    return !!role;
  }

  /**
   * The linked account a move may act on (freeze at dimission, move at transfer): only an account of the
   * file's company that is not an administrator's. A link that breaks this rule is left alone.
   */
  private async followingAccount(db: Database, f: HyUser): Promise<string | null> {
    if (!f.userId) return null;
    const a = await db.selectFrom('sysUser').select(['id', 'username', 'orgCode']).where('id', '=', f.userId).executeTakeFirst();
    if (!a || !a.orgCode || companyOf(a.orgCode) !== companyOf(f.orgCode)) return null;
    if (await this.isAdministrator(db, a)) return null;
    return a.id;
  }

  /**
   * Links (or creates) the system account of a person entering; its department is the file's. An existing
   * account is linked only when it is not deleted, in the operator's company scope and the file's company,
   * not an administrator's, without another file and not frozen (the file's own frozen account stays linked
   * and frozen). Entry never unfreezes an account nor moves it to another company.
   */
  private async linkAccount(db: Database, op: Operator, f: HyUser, username: string, set: Row): Promise<string> {
    const d = await departByOrgCode(db, f.orgCode);
    if (!d) throw businessError('部门不存在或不在您的管理范围内');
    const existing = await db.selectFrom('sysUser').select(['id', 'username', 'orgCode', 'status', 'delFlag']).where('username', '=', username).executeTakeFirst();
    if (existing) {
      if (existing.delFlag !== 0) throw businessError(LINK_REFUSED.deleted);
      if (!existing.orgCode || !inCompanyScope({ company: op.company ?? companyOf(f.orgCode) }, existing.orgCode)) throw businessError(LINK_REFUSED.scope);
      if (companyOf(existing.orgCode) !== companyOf(f.orgCode)) throw businessError(LINK_REFUSED.company);
      if (await this.isAdministrator(db, existing)) throw businessError(LINK_REFUSED.admin);
      const other = await db
        .selectFrom('hyUser')
        .select('id')
        .where((eb) => eb.or([eb('userId', '=', existing.id), eb('username', '=', existing.username)]))
        .where('id', '<>', f.id)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (other) throw businessError(LINK_REFUSED.linked);
      const own = existing.id === f.userId;
      if (existing.status !== 1 && !own) throw businessError(LINK_REFUSED.frozen);
      await this.moveSystemUser(db, existing.id, d.id, d.orgCode);
      Object.assign(set, { userId: existing.id, username });
      return existing.status !== 1 ? frozenMessage(username) : `入职成功，已关联系统账号 ${username}`;
    }
    const id = newId();
    const salt = newSalt();
    const password = randomBytes(6).toString('base64url');
    await db
      .insertInto('sysUser')
      .values({
        id,
        username,
        realname: f.realname,
        password: await hashPassword(password, salt),
        salt,
        avatar: null,
        birthday: f.birthday,
        sex: f.sex ? Number(f.sex) : null,
        email: f.email,
        phone: f.mobile,
        orgCode: d.orgCode,
        status: 1,
        delFlag: 0,
        workNo: null,
        post: f.post,
        telephone: f.telephone,
        userIdentity: 1,
        departIds: d.id,
        relTenantIds: '1',
        createBy: 'hr',
        createTime: now(),
      })
      .execute();
    await db.insertInto('sysUserDepart').values({ id: newId(), userId: id, depId: d.id }).execute();
    const staff = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'staff').executeTakeFirst();
    if (staff) await db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: staff.id }).execute();
    Object.assign(set, { userId: id, username });
    return `入职成功，已创建系统账号 ${username}，初始密码 ${password}`;
  }

  /** The system user follows the file's department: current org code, membership list. */
  private async moveSystemUser(db: Database, userId: string, departId: string, orgCode: string): Promise<void> {
    await db.updateTable('sysUser').set({ orgCode, departIds: departId, updateTime: now() }).where('id', '=', userId).execute();
    await db.deleteFrom('sysUserDepart').where('userId', '=', userId).execute();
    await db.insertInto('sysUserDepart').values({ id: newId(), userId, depId: departId }).execute();
    this.ctx.permissions.invalidate(userId);
  }

  /** Runs a move at once (moves without an active approval process). */
  async moveNow<M extends HyMove>(user: CurrentUser, move: M, input: HyMoveInput<M>): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const f = await this.checkMove(user, move, input as { id: string; orgCode?: string | null }, trx);
      return this.applyMove(trx, user, f, move, input);
    });
  }

  /** Relations (员工关系) reminders. */
  async relationQuery(user: CurrentUser, params: Params, today: Date = new Date()) {
    const kind = typeof params.kind === 'string' ? params.kind : 'contract30';
    const t = formatDate(today);
    const month = t.slice(5, 7);
    const { qb: base, lookup } = await this.filtered(user, { ...params, kind: undefined }, '员工关系');
    let qb = base.where('hyUser.status', 'in', ['probation', 'regular']);
    const m = /^contract(30|60|90)$/.exec(kind);
    if (m) {
      qb = qb.where('hyUser.contractEnd', '>=', t).where('hyUser.contractEnd', '<=', formatDate(today.getTime() + Number(m[1]) * 86_400_000));
      return { qb, sort: 'hyUser.contractEnd', lookup };
    }
    if (kind === 'probation') {
      qb = qb.where('hyUser.status', '=', 'probation').where('hyUser.regularDate', '<=', formatDate(today.getTime() + 30 * 86_400_000));
      return { qb, sort: 'hyUser.regularDate', lookup };
    }
    if (kind === 'birthday') return { qb: qb.where(monthOf('hyUser.birthday'), '=', month), sort: 'hyUser.birthday', lookup };
    if (kind === 'anniversary') {
      return { qb: qb.where(monthOf('hyUser.entryDate'), '=', month).where('hyUser.entryDate', '<', `${t.slice(0, 4)}-01-01`), sort: 'hyUser.entryDate', lookup };
    }
    throw businessError('提醒类型不正确');
  }

  async relations(user: CurrentUser, params: Params) {
    const { qb, sort, lookup } = await this.relationQuery(user, params);
    const pg = await runPage<typeof qb, FileListRow>(
      qb,
      (b) => b.select(LIST_COLUMNS.map((c) => `hyUser.${c}` as const)).orderBy(sql.ref(sort)).orderBy('hyUser.id'),
      paging(params, 1000),
    );
    await this.logLookup(user, lookup, qb);
    return { ...pg, records: await this.present(pg.records) };
  }

  isGroup(user: CurrentUser): boolean {
    return isGroupLevel(user);
  }

  /** Masks a change-log value of a sensitive field. */
  static maskLogValue(field: string | null, v: string | null): string | null {
    return field && isSensitiveField(field) ? maskValue(field, v) : v;
  }
}

/** The answer of an entry whose account stays frozen. */
const frozenMessage = (username: string) => `入职成功，系统账号 ${username} 已冻结，请联系系统管理员解冻`;

/** yyyy-MM-dd plus n months (day clamped to the month's end). */
export function addMonths(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + n;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${ny}-${pad(nm)}-${pad(Math.min(d, last))}`;
}
