/**
 * The HR lists around the file: interview rounds, new hires (hyNew), transfer records, the change log,
 * and the exports (docs/hr.md).
 */
import { hyInterviewSchema } from '@go/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { CurrentUser } from '../../platform/access/access.js';
import { scopeToCompany } from '../../platform/access/scope.js';
import { newId } from '../../platform/db/ids.js';
import { formatDate, now } from '../../platform/db/time.js';
import { ID_HEADER, streamXlsx, type ExportColumn } from '../../platform/excel/excel.js';
import { businessError } from '../../platform/http/errors.js';
import { likePrefix } from '../../platform/query/like.js';
import { withDictText } from '../../platform/query/present.js';
import { applyFilters, applySort, paging, runPage, type Params, type Whitelist } from '../../platform/query/query-builder.js';
import { findFile, insertInterview, insertLogs, interviewsOf, lastInterviewRound, updateFile, type Row } from './hr.repo.js';
import { presentLogs } from './hr-log-present.js';
import { DICT_FIELDS, FILE_WHITELIST, HrService, LIST_COLUMNS, NOT_FOUND, WRONG_STATE, type FileListRow } from './hr.service.js';
import type { HyTransfer, HyUserLog } from './hr.tables.js';

type OnboardingItem = { name: string; done: boolean };

const VERDICT_TEXT: Record<string, string> = { pass: '通过', fail: '不通过', pending: '待定' };

const TRANSFER_WHITELIST: Whitelist = {
  realname: 'realname',
  hyUserId: 'hyUserId',
  fromOrgCode: 'fromOrgCode',
  toOrgCode: 'toOrgCode',
  fromDepartName: 'fromDepartName',
  toDepartName: 'toDepartName',
  effectiveDate: { column: 'effectiveDate', type: 'date' },
  operatorName: 'operatorName',
  createTime: { column: 'createTime', type: 'datetime' },
};

const LOG_WHITELIST: Whitelist = {
  hyUserId: 'hyUserId',
  realname: 'realname',
  action: 'action',
  field: 'field',
  fieldLabel: 'fieldLabel',
  operator: 'operator',
  operatorName: 'operatorName',
  orgCode: 'orgCode',
  effectiveDate: { column: 'effectiveDate', type: 'date' },
  createTime: { column: 'createTime', type: 'datetime' },
};

export const ACTION_TEXT: Record<string, string> = {
  create: '建档',
  import: '导入',
  edit: '修改',
  delete: '删除',
  apply: '再次应聘',
  register: '在线登记',
  mbti: '性格测试',
  interview: '面试记录',
  viewSensitive: '查看敏感信息',
  exportSensitive: '导出敏感信息',
  toTalent: '入人才库',
  toInterview: '安排面试',
  hire: '录用',
  entry: '办理入职',
  regular: '转正',
  transfer: '调动',
  dimission: '离职',
  blacklist: '拉黑',
  unblacklist: '移出黑名单',
  approval: '审批',
};

export const ROSTER_EXPORT: ExportColumn[] = [
  { header: '姓名', key: 'realname' },
  { header: '性别', key: 'sex_dictText', width: 8 },
  { header: '出生日期', key: 'birthday', width: 12 },
  { header: '身份证号', key: 'idCard', width: 22 },
  { header: '手机号', key: 'mobile', width: 14 },
  { header: '邮箱', key: 'email', width: 24 },
  { header: '公司', key: 'company_dictText', width: 20 },
  { header: '部门编码', key: 'orgCode', width: 12 },
  { header: '部门', key: 'departName' },
  { header: '职务', key: 'post_dictText' },
  { header: '职级', key: 'rank_dictText', width: 10 },
  { header: '学历', key: 'degree_dictText', width: 10 },
  { header: '入职日期', key: 'entryDate', width: 12 },
  { header: '合同结束日期', key: 'contractEnd', width: 12 },
  { header: '银行卡号', key: 'bankCard', width: 22 },
  { header: '状态', key: 'status_dictText', width: 10 },
  // the file's id: the roster's own export imports back as updates of its files
  { header: ID_HEADER, key: 'id', width: 22 },
];

/**
 * The file columns the roster export reads: those its columns show (and what `present` derives their texts
 * from) plus the id for the keyset, a third of the list's columns, so each batch reads and shapes a third
 * of the data.
 */
const ROSTER_EXPORT_READ = ['id', 'realname', 'sex', 'birthday', 'idCard', 'mobile', 'email', 'orgCode', 'departName', 'post', 'rank', 'degree', 'entryDate', 'contractEnd', 'bankCard', 'status'] as const;

/** Files read and presented at a time by the roster export (each batch waits for the workbook's compression). */
const EXPORT_BATCH = 250;

const TRANSFER_EXPORT: ExportColumn[] = [
  { header: '姓名', key: 'realname' },
  { header: '调出部门', key: 'fromDepartName' },
  { header: '调出部门编码', key: 'fromOrgCode' },
  { header: '调入部门', key: 'toDepartName' },
  { header: '调入部门编码', key: 'toOrgCode' },
  { header: '原职务', key: 'fromPost_dictText' },
  { header: '新职务', key: 'toPost_dictText' },
  { header: '生效日期', key: 'effectiveDate', width: 12 },
  { header: '调动原因', key: 'reason', width: 30 },
  { header: '经办人', key: 'operatorName', width: 12 },
];

export class HrRecordsService {
  constructor(private readonly hr: HrService) {}

  private get db() {
    return this.hr.db;
  }

  async interviews(user: CurrentUser, hyUserId: string) {
    const f = await findFile(this.db, user, hyUserId);
    if (!f) throw businessError(NOT_FOUND);
    const rows = await interviewsOf(this.db, hyUserId);
    return rows.map((r) => ({ ...r, verdict_dictText: VERDICT_TEXT[r.verdict] ?? r.verdict }));
  }

  /** Records the next interview round of a file in `interview`. */
  async addInterview(user: CurrentUser, input: z.infer<typeof hyInterviewSchema>) {
    return this.db.transaction().execute(async (trx) => {
      const f = await findFile(trx, user, input.hyUserId);
      if (!f) throw businessError(NOT_FOUND);
      if (f.status !== 'interview') throw businessError(WRONG_STATE);
      const round = (await lastInterviewRound(trx, f.id)) + 1;
      await insertInterview(trx, {
        id: newId(),
        hyUserId: f.id,
        orgCode: f.orgCode,
        round,
        interviewDate: input.interviewDate ?? now(),
        interviewers: input.interviewers ?? null,
        score: input.score ?? null,
        verdict: input.verdict,
        comment: input.comment ?? null,
        createBy: user.username,
        createTime: now(),
        updateBy: null,
        updateTime: null,
      });
      const summary = `第${round}轮 ${VERDICT_TEXT[input.verdict]}${input.score !== null && input.score !== undefined ? ` ${input.score}分` : ''}`;
      await insertLogs(trx, [this.hr.logRow(user, f, 'interview', 'interview', null, summary, input.comment ?? null, formatDate())]);
      return round;
    });
  }

  /** 新员工: files waiting to enter, with their offer and onboarding checklist. */
  async newHires(user: CurrentUser, params: Params) {
    const { qb, lookup } = await this.hr.filtered(user, params, '新员工列表');
    const base = qb.where('hyUser.status', '=', 'new');
    const pg = await runPage<typeof base, FileListRow & { onboarding: string | null }>(
      base,
      (qb) =>
        applySort(qb.select([...LIST_COLUMNS.map((c) => `hyUser.${c}` as const), 'hyUser.onboarding']), params, FILE_WHITELIST, { field: 'createTime', order: 'desc' }).orderBy(
          'hyUser.id',
        ),
      paging(params, 1000),
    );
    await this.hr.logLookup(user, lookup, base);
    const records = await this.hr.present(pg.records);
    return {
      ...pg,
      records: records.map((r) => ({ ...r, onboarding: r.onboarding ? (JSON.parse(r.onboarding) as OnboardingItem[]) : [] })),
    };
  }

  /** Ticks the onboarding checklist of a new hire. */
  async saveOnboarding(user: CurrentUser, id: string, items: { name: string; done: boolean }[]) {
    const f = await findFile(this.db, user, id);
    if (!f) throw businessError(NOT_FOUND);
    if (f.status !== 'new') throw businessError(WRONG_STATE);
    await updateFile(this.db, id, { onboarding: JSON.stringify(items), updateBy: user.username, updateTime: now() });
  }

  private transfersQuery(user: CurrentUser, params: Params) {
    let qb = this.db.selectFrom('hyTransfer');
    // A transfer belongs to both companies: the one it left and the one it joined.
    const ofCompany = (c: string) => qb.where((eb) => eb.or([likePrefix('fromOrgCode', c), likePrefix('toOrgCode', c)]));
    if (!this.hr.isGroup(user)) qb = /^A\d{2}$/.test(user.company) ? ofCompany(user.company) : qb.where('id', '=', '__none__');
    const company = typeof params.company === 'string' && /^A\d{2}$/.test(params.company) ? params.company : null;
    if (company) qb = ofCompany(company);
    return applyFilters(qb, params, TRANSFER_WHITELIST);
  }

  /** 原职务 / 新职务 by name (`fromPost_dictText`, `toPost_dictText`): people never read a position code. */
  private async withPostNames<T extends { fromPost?: unknown; toPost?: unknown }>(rows: T[]): Promise<(T & { fromPost_dictText: string; toPost_dictText: string })[]> {
    const codes = [...new Set(rows.flatMap((r) => [r.fromPost, r.toPost]).filter((c): c is string => typeof c === 'string' && c !== ''))];
    const names = codes.length ? new Map((await this.db.selectFrom('sysPosition').select(['code', 'name']).where('code', 'in', codes).execute()).map((p) => [p.code, p.name])) : new Map<string, string>();
    const text = (c: unknown) => (typeof c === 'string' && c ? (names.get(c) ?? '') : '');
    return rows.map((r) => ({ ...r, fromPost_dictText: text(r.fromPost), toPost_dictText: text(r.toPost) }));
  }

  async transfers(user: CurrentUser, params: Params) {
    const base = this.transfersQuery(user, params);
    const pg = await runPage<typeof base, Selectable<HyTransfer>>(
      base,
      (qb) => applySort(qb.selectAll(), params, TRANSFER_WHITELIST, { field: 'createTime', order: 'desc' }).orderBy('id'),
      paging(params, 1000),
    );
    return { ...pg, records: await this.withPostNames(pg.records) };
  }

  transferExport(user: CurrentUser, params: Params) {
    const ordered = applySort(this.transfersQuery(user, params).selectAll(), params, TRANSFER_WHITELIST, { field: 'createTime', order: 'desc' }).orderBy('id');
    const named = (batch: Row[]) => this.withPostNames(batch);
    async function* rows() {
      for (let offset = 0; ; offset += 2000) {
        const batch = (await ordered.limit(2000).offset(offset).execute()) as Row[];
        for (const r of await named(batch)) yield r;
        if (batch.length < 2000) break;
      }
    }
    return streamXlsx({ title: '人员调动记录', subTitle: `导出人:${user.realname}`, columns: TRANSFER_EXPORT, rows: rows() });
  }

  /**
   * The roster export: the filtered files, masked unless `sensitive=1` by a holder of the permission
   * (then one `exportSensitive` log row records the export). Read in keyset pages of 2000.
   */
  async rosterExport(user: CurrentUser, params: Params) {
    const plain = await this.hr.wantsPlain(user, params);
    const hr = this.hr;
    const { qb: base, lookup } = await this.hr.filtered(user, params, '导出花名册');
    const selections = typeof params.selections === 'string' ? params.selections.split(',').filter(Boolean).slice(0, 1000) : [];
    const filtered = selections.length ? base.where('hyUser.id', 'in', selections) : base;
    const selected = filtered.select(ROSTER_EXPORT_READ.map((c) => `hyUser.${c}` as const));
    // Without a chosen sort the export walks the ids (newest first) by keyset, not by OFFSET: every
    // batch is an index range instead of a sort of the whole roster.
    const keyset = !params.column;
    const ordered = keyset ? selected.orderBy('hyUser.id', 'desc') : applySort(selected, params, FILE_WHITELIST, { field: 'createTime', order: 'desc' }).orderBy('hyUser.id');
    await this.hr.logLookup(user, lookup, filtered);
    if (plain) {
      await insertLogs(this.db, [
        {
          hyUserId: null,
          realname: null,
          orgCode: user.orgCode,
          action: 'exportSensitive',
          field: 'idCard,bankCard,mobile',
          fieldLabel: '导出敏感信息',
          oldValue: null,
          newValue: JSON.stringify(Object.fromEntries(Object.entries(params).filter(([k]) => k !== '_t'))).slice(0, 2000),
          reason: null,
          effectiveDate: formatDate(),
          operator: user.username,
          operatorName: user.realname,
        },
      ]);
    }
    // Small batches keep few row objects waiting for the compression (objects that wait long are promoted
    // to the old generation and held there until a full collection).
    async function* rows() {
      let last: string | null = null;
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const page = keyset ? (last === null ? ordered : ordered.where('hyUser.id', '<', last)).limit(EXPORT_BATCH) : ordered.limit(EXPORT_BATCH).offset(offset);
        const batch = (await page.execute()) as Pick<FileListRow, (typeof ROSTER_EXPORT_READ)[number]>[];
        if (batch.length) last = String(batch[batch.length - 1].id);
        for (const r of await hr.present(batch, plain)) yield r;
        if (batch.length < EXPORT_BATCH) break;
      }
    }
    return streamXlsx({ title: '花名册', subTitle: `导出人:${user.realname}`, columns: ROSTER_EXPORT, rows: rows() });
  }

  /** The change log (user logs), newest first; sensitive values always masked. */
  async logs(user: CurrentUser, params: Params) {
    const base = applyFilters(scopeToCompany(this.db.selectFrom('hyUserLog'), user, 'orgCode'), params, LOG_WHITELIST);
    const pg = await runPage<typeof base, Selectable<HyUserLog>>(
      base,
      // rows of one second keep their insertion order (snowflake ids grow)
      (qb) => applySort(qb.selectAll(), params, LOG_WHITELIST, { field: 'createTime', order: 'desc' }).orderBy('id', params.order === 'asc' ? 'asc' : 'desc'),
      paging(params, 1000),
    );
    const masked = pg.records.map((r) => ({
      ...r,
      oldValue: HrService.maskLogValue(r.field, r.oldValue),
      newValue: HrService.maskLogValue(r.field, r.newValue),
      action_dictText: ACTION_TEXT[r.action] ?? r.action,
    }));
    // labels, dictionary texts and names instead of codes (oldText / newText); no line without a change
    const records = await presentLogs(this.db, this.hr.translate, DICT_FIELDS, ACTION_TEXT, masked);
    // status values read as their texts
    const withText = await withDictText(
      records.map((r) => (r.field === 'status' ? { ...r, oldStatus: r.oldValue, newStatus: r.newValue } : r)),
      { oldStatus: 'hy_status', newStatus: 'hy_status' },
      this.hr.translate,
    );
    return { ...pg, records: withText };
  }
}
